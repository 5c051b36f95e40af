// Sessions named right in one profile (issue 33): a lesson's grid is named after the lesson, a pack's
// grid after the pack, and a grid the user changed afterwards after what it varies — never after the
// lesson or pack loaded before it. The "Grid loaded: …" banner goes as soon as the form is no longer
// that grid, and a reload never brings it back.
import { expect, test } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { appUrl, distDir, openApp, openGrid, useBrowser, waitSaved } from './helpers';

const s = useBrowser({ viewport: { width: 1366, height: 900 } });

const LESSON = 'Cabeçalho de contexto ligado e desligado';
const PACK = 'Aula 9: só estrutura';

async function runForm(page: Page, runs: number): Promise<void> {
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe(String(runs));
  await page.getByTestId('exp-run').click();
  await page.getByTestId('exp-finished').waitFor({ timeout: 240_000 });
  expect(await page.locator('[data-testid="exp-runs"] li[data-status="done"]').count()).toBe(runs);
  await waitSaved(page);
}

/** Every session's name in Results, over every dataset offered (newest first within one). */
async function allSessionNames(page: Page): Promise<string[]> {
  await page.goto(appUrl('#/results'));
  await page.getByTestId('res-table').waitFor();
  const datasets = await page.locator('[data-testid="res-dataset"] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const names: string[] = [];
  for (const d of datasets) {
    await page.getByTestId('res-dataset').selectOption(d);
    await page.getByTestId('res-session').first().waitFor();
    names.push(...(await page.getByTestId('res-session').locator('.name').allTextContents()));
  }
  return names;
}

test('a lesson, a pack and a hand-made grid in one profile: each session named right, the banner gone once the form changes', async () => {
  const { page } = s;
  await openApp(page);
  // A pack made here (the grid: structure only), published beside the page.
  await openGrid(page);
  await page.locator('input[data-chunker="fixed"]').uncheck();
  await page.goto(appUrl('#/workspace'));
  await page.getByTestId('pack-export').click();
  await page.getByTestId('pack-title').fill(PACK);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pack-export-save').click()]);
  mkdirSync(join(distDir(), 'packs'), { recursive: true });
  const packPath = `packs/names-${Date.now()}.json`;
  writeFileSync(join(distDir(), packPath), readFileSync((await download.path())!, 'utf8'));

  // 1. The lesson: its grid, run as loaded, named after the lesson.
  await page.goto(appUrl('#/lessons'));
  await page.locator('[data-lesson="header"]').getByTestId('lesson-open').click();
  await page.waitForURL(/#\/experiments$/);
  expect(await page.getByTestId('exp-preset').textContent()).toContain(LESSON);
  await runForm(page, 4);
  // Run as loaded, the form is still the lesson's grid.
  expect(await page.getByTestId('exp-preset').textContent()).toContain(LESSON);

  // 2. The user changes the size: the grid is theirs now, the banner goes, the session is a "Grade".
  await page.getByTestId('exp-sizes').fill('96');
  await page.getByTestId('exp-sizes').blur();
  await expect.poll(() => page.getByTestId('exp-preset').count()).toBe(0);
  await runForm(page, 4);

  // 3. The pack: its grid on its own corpus, named after the pack.
  page.on('dialog', (d) => void d.accept());
  await page.goto(appUrl(`?pack=${packPath}#/workspace`));
  await page.getByTestId('pack-message').waitFor({ timeout: 60_000 });
  await waitSaved(page);
  await openGrid(page);
  expect(await page.getByTestId('exp-preset').textContent()).toContain(PACK);
  await runForm(page, 1);

  // 4. A reload: the form keeps its grid, but not the pack's name (no banner); a run of it is a "Grade".
  await page.reload();
  await page.getByTestId('exp-sizes').waitFor();
  expect(await page.locator('input[data-chunker="structure"]').isChecked()).toBe(true);
  expect(await page.getByTestId('exp-preset').count()).toBe(0);
  await page.locator('input[data-chunker="fixed"]').check();
  await runForm(page, 2);

  const names = await allSessionNames(page);
  expect(names).toHaveLength(4);
  expect(names.filter((n) => n.startsWith(`${LESSON} · `))).toHaveLength(1);
  expect(names.filter((n) => n.startsWith(`${PACK} · `))).toHaveLength(1);
  // The two hand-made grids: named after what they varied, never after the lesson or the pack.
  const own = names.filter((n) => n.startsWith('Grade: '));
  expect(own).toHaveLength(2);
  for (const n of own) expect(n).not.toMatch(new RegExp(`${LESSON}|${PACK}`));
  expect(s.errors).toEqual([]);
}, 900_000);
