// Session numbers that never move, and run pickers that tell runs apart (issue 33): three sessions
// given the same name read "Turma", "Turma (2)", "Turma (3)"; renaming the second or clearing the
// first leaves "Turma (3)" as it was, across a reload. The same configuration run in the three
// sessions is listed three times in the run pickers (share, boundary editor), each choice distinct and
// naming its session.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, openApp, openGrid, savedResults, useBrowser, waitSaved } from './helpers';

const s = useBrowser({ viewport: { width: 1366, height: 900 } });

const sessions = (page: Page) => page.getByTestId('res-session');
const names = (page: Page) => sessions(page).locator('.name').allTextContents();

async function rename(page: Page, index: number, name: string): Promise<void> {
  await sessions(page).nth(index).click();
  await page.getByTestId('res-session-rename').click();
  await page.getByTestId('res-session-input').fill(name);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('res-session-title').textContent()).toContain(name);
  await waitSaved(page);
}

test('numbers given to sessions stay put when another is renamed or cleared; pickers name each run by its session', async () => {
  const { page } = s;
  await openApp(page);
  await openGrid(page);
  await page.locator('input[data-chunker="fixed"]').uncheck();
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('1');
  for (let i = 0; i < 3; i++) {
    await page.getByTestId('exp-run').click();
    await expect.poll(async () => (await savedResults(page)).length, { timeout: 120_000, interval: 500 }).toBe(i + 1);
    await page.getByTestId('exp-finished').waitFor({ timeout: 120_000 });
    await waitSaved(page);
  }
  await page.goto(appUrl('#/results'));
  await page.getByTestId('res-table').waitFor();
  await expect.poll(() => sessions(page).count()).toBe(3);
  // Newest first: name them oldest "Turma", then the two others the same.
  await rename(page, 2, 'Turma');
  await rename(page, 1, 'Turma');
  await rename(page, 0, 'Turma');
  expect(await names(page)).toEqual(['Turma (3)', 'Turma (2)', 'Turma']);

  // The pickers: three runs of one configuration, three distinct choices naming their sessions.
  await page.goto(appUrl('#/lessons'));
  const share = page.getByTestId('share-run-select');
  await share.waitFor({ timeout: 30_000 });
  const choices = await share.locator('option').allTextContents();
  expect(choices).toHaveLength(3);
  expect(new Set(choices).size).toBe(3);
  for (const c of choices) expect(c).toMatch(/^estrutura · 128 · bm25 — Turma/);
  await page.goto(appUrl('#/inspector'));
  await page.locator('[data-testid="edit-controls"] summary').click();
  const edit = await page.locator('[data-testid="edit-run"] option').allTextContents();
  expect(new Set(edit).size).toBe(3);
  expect(edit.sort()).toEqual([...choices].sort());

  // Renaming the second leaves the third "(3)".
  await page.goto(appUrl('#/results'));
  await page.getByTestId('res-table').waitFor();
  await rename(page, 1, 'Outra');
  expect(await names(page)).toEqual(['Turma (3)', 'Outra', 'Turma']);
  // Clearing the first ("Turma") leaves it too.
  await sessions(page).nth(2).click();
  await page.getByTestId('res-clear-group').click();
  await page.getByTestId('res-confirm-yes').click();
  await expect.poll(() => sessions(page).count()).toBe(2);
  expect(await names(page)).toEqual(['Turma (3)', 'Outra']);
  await waitSaved(page);
  await page.reload();
  await page.getByTestId('res-table').waitFor();
  await expect.poll(() => names(page)).toEqual(['Turma (3)', 'Outra']);
  expect(s.errors).toEqual([]);
}, 400_000);
