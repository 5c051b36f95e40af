// One language at a time in the side places (issue 33): on the Portuguese page the share select, the
// leaderboard's configuration column and Results' strategy filter name strategies in Portuguese, and
// every decimal is written with a comma; small-to-big has one Portuguese name. A browser that asks
// for English gets the English page and the English sample on its first visit, and the guide speaks
// of the one sample there is.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { openBrowser, type Session } from './browser';
import { appUrl, openApp, openGrid, waitSaved } from './helpers';

let pt: Session;
let en: Session;
beforeAll(async () => {
  pt = await openBrowser();
  en = await openBrowser({ locale: 'en-US' });
}, 60_000);
afterAll(async () => {
  await pt?.close();
  await en?.close();
});

const ENGLISH_NAMES = /\b(fixed|structure|sentences|recursive|small-to-big|dense|hybrid)\b/;

test('Portuguese page: share select, strategy filter and leaderboard in Portuguese; decimals with a comma', async () => {
  const { page } = pt;
  await openApp(page);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
  await openGrid(page);
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('2');
  await page.getByTestId('exp-run').click();
  await page.getByTestId('exp-finished').waitFor({ timeout: 120_000 });
  await waitSaved(page);

  await page.goto(appUrl('#/results'));
  await page.getByTestId('res-table').waitFor();
  const strategies = await page.locator('[data-testid="res-filter-strategy"] option').allTextContents();
  expect(strategies).toEqual(expect.arrayContaining(['estrutura', 'fixo']));
  expect(strategies.join(' ')).not.toMatch(ENGLISH_NAMES);
  // Rates, MRR and intervals: "0,49 [0,39–0,60]", never "0.49".
  const cells = await page.locator('[data-testid="res-table"] tbody tr[data-id] td.num').allTextContents();
  expect(cells.some((c) => /\d,\d\d/.test(c))).toBe(true);
  for (const c of cells) expect(c).not.toMatch(/\d\.\d/);
  expect(await page.getByTestId('res-verdict').textContent()).not.toMatch(/\d\.\d/);

  await page.goto(appUrl('#/lessons'));
  const select = page.getByTestId('share-run-select');
  await select.waitFor({ timeout: 30_000 });
  const options = await select.locator('option').allTextContents();
  expect(options).toEqual(expect.arrayContaining(['estrutura · 128 · bm25', 'fixo · 128 · bm25']));
  expect(options.join(' ')).not.toMatch(ENGLISH_NAMES);
  // The leaderboard: a results file saved here, opened again; its configuration in Portuguese.
  await select.selectOption({ label: 'estrutura · 128 · bm25' });
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-save').click()]);
  await page.getByTestId('lb-input').setInputFiles({ name: 'run.json', mimeType: 'application/json', buffer: readFileSync((await file.path())!) });
  const config = page.getByTestId('lb-config-label');
  await config.waitFor();
  expect(await config.textContent()).toContain('estrutura · 128 · bm25');
  expect(await config.textContent()).not.toMatch(ENGLISH_NAMES);

  // Small-to-big has one Portuguese name wherever the page names it.
  await page.getByTestId('lesson-card').first().waitFor();
  const lessons = (await page.locator('[data-testid="lesson-card"]').allTextContents()).join(' ');
  expect(lessons).toContain('Pequeno para grande');
  expect(lessons).not.toMatch(/small-to-big|pequeno-a-grande/i);
  expect(pt.errors).toEqual([]);
}, 240_000);

test('an English browser gets the English page and sample on its first visit; the guide speaks of one sample', async () => {
  const { page } = en;
  await openApp(page);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  expect(await page.getByTestId('lang-switch').inputValue()).toBe('en');
  const sample = JSON.parse(readFileSync('public/samples/en/documents.json', 'utf8')) as { documents: unknown[] };
  await expect.poll(() => page.locator('[data-testid="doc-list"] li').count()).toBe(sample.documents.length);
  expect(await page.locator('[data-testid="corpus-list"] li').count()).toBe(1);
  const guide = page.getByTestId('guide');
  if (await guide.count()) {
    expect(await guide.textContent()).toContain('A sample corpus, with its questions, is already in the workspace.');
    expect(await guide.textContent()).not.toContain('The samples are');
  }
  // A choice made on the page wins over the browser's language from then on.
  await page.getByTestId('lang-switch').selectOption('pt-BR');
  await page.reload();
  await waitSaved(page);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
  expect(en.errors).toEqual([]);
}, 120_000);
