// Reading many results in a real browser, on the English sample with BM25: a reload in the middle of a
// grid loses no finished run (counted before and after), the grid is recognised as interrupted and
// resuming runs only the missing runs; after a second, overlapping grid the Results view groups runs by
// grid and shows each configuration once with its repeats counted; clearing asks first and can be
// undone; results files are saved and opened from Results and the leaderboard survives a reload; at
// 1366×768 neither the table with the paired test beside it nor the leaderboard needs a sideways scroll.
import { expect, test } from 'vitest';
import { readFileSync, mkdirSync } from 'node:fs';
import { openApp, runGrid, useBrowser, waitSaved } from './helpers';
import type { ResultsFile } from '../../src/engine/evaluation/types.ts';

const s = useBrowser({ viewport: { width: 1366, height: 768 } });

const base = () => s.page.url().replace(/#.*$/, '');
const goto = (hash: string) => s.page.goto(base() + hash);
const dataRows = () => s.page.locator('[data-testid="res-table"] tbody tr[data-id]');
const doneRuns = () => s.page.locator('[data-testid="exp-runs"] li[data-status="done"]');

/** The first grid: three strategies × four sizes, BM25 on the English sample. */
const SIZES = '96, 128, 160, 192';
const TOTAL = 12;
let groupRuns = 0;

test('a reload in the middle of a grid loses no finished run, and resume runs only the missing ones', async () => {
  const { page } = s;
  await openApp(page);
  await page.getByTestId('lang-switch').selectOption('en');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Restore samples' }).click();
  await page.locator('[data-testid="corpus-list"] button', { hasText: 'Sample in English (en)' }).first().waitFor();
  await waitSaved(page);

  await goto('#/experiments');
  await page.locator('input[data-chunker="recursive"]').waitFor({ timeout: 60_000 });
  const english = await page.getByTestId('exp-corpus').locator('option', { hasText: 'Sample in English (en)' }).getAttribute('value');
  await page.getByTestId('exp-corpus').selectOption(english!);
  await page.locator('input[data-chunker="recursive"]').check();
  await page.getByTestId('exp-sizes').fill(SIZES);
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe(String(TOTAL));
  await page.getByTestId('exp-run').click();
  await expect.poll(() => doneRuns().count(), { timeout: 180_000 }).toBeGreaterThanOrEqual(3);
  // Counted at the moment of the reload: every run shown as finished must survive it.
  const before = await doneRuns().count();
  expect(before).toBeLessThan(TOTAL);
  await page.reload();
  await waitSaved(page);

  const banner = page.getByTestId('exp-interrupted');
  await banner.waitFor({ timeout: 30_000 });
  const saved = Number(await banner.getAttribute('data-saved'));
  const at = Number(await banner.getAttribute('data-at'));
  expect(saved).toBeGreaterThanOrEqual(before);
  expect(at).toBeGreaterThanOrEqual(before);
  expect(saved).toBeLessThan(TOTAL);
  expect(await banner.getAttribute('data-total')).toBe(String(TOTAL));
  expect(await banner.textContent()).toContain(`Grid interrupted at ${at} of ${TOTAL} runs; ${saved} saved.`);
  // The grid form kept its settings across the reload.
  expect(await page.getByTestId('exp-sizes').inputValue()).toBe(SIZES);
  expect(await page.locator('input[data-chunker="recursive"]').isChecked()).toBe(true);
  expect(await page.getByTestId('exp-corpus').inputValue()).toBe(english);
  // Same message in Portuguese.
  await page.getByTestId('lang-switch').selectOption('pt-BR');
  expect(await banner.textContent()).toContain(`Grade interrompida em ${at} de ${TOTAL} execuções; ${saved} salvas.`);
  await page.getByTestId('lang-switch').selectOption('en');

  // The stored runs, counted in Results: exactly the saved ones.
  await goto('#/results');
  await page.getByTestId('res-table').waitFor();
  await expect.poll(() => dataRows().count()).toBe(saved);

  await goto('#/experiments');
  const resume = page.getByTestId('exp-resume');
  expect(await resume.getAttribute('data-missing')).toBe(String(TOTAL - saved));
  await resume.click();
  // Only the missing runs are queued: the saved ones start as done.
  const statuses = await page.locator('[data-testid="exp-runs"] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
  expect(statuses.length).toBe(TOTAL);
  expect(statuses.filter((x) => x === 'done').length).toBeGreaterThanOrEqual(saved);
  await page.getByTestId('exp-finished').waitFor({ timeout: 300_000 });
  expect(await doneRuns().count()).toBe(TOTAL);
  await waitSaved(page);
  expect(await page.getByTestId('exp-interrupted').count()).toBe(0);

  // One group with each run once: nothing ran twice.
  await goto('#/results');
  await page.getByTestId('res-table').waitFor();
  const groups = page.getByTestId('res-group');
  expect(await groups.count()).toBe(1);
  expect(await groups.first().getAttribute('data-runs')).toBe(String(TOTAL));
  expect(await dataRows().count()).toBe(TOTAL);
  expect(await page.getByTestId('res-repeats').count()).toBe(0);
  groupRuns = TOTAL;
  // A reload finds the same runs, and no interrupted grid.
  await page.reload();
  await page.getByTestId('res-table').waitFor();
  expect(await dataRows().count()).toBe(TOTAL);
  await goto('#/experiments');
  await page.locator('input[data-chunker="recursive"]').waitFor();
  expect(await page.getByTestId('exp-interrupted').count()).toBe(0);
});

test('after a second, overlapping grid the runs are grouped and each configuration shows once', async () => {
  const { page } = s;
  expect(groupRuns).toBe(TOTAL);
  await page.getByTestId('exp-sizes').fill('128');
  await runGrid(page, { runs: 3 });

  await goto('#/results');
  await page.getByTestId('res-table').waitFor();
  // The session just run is shown first (its 3 runs); every session is one click away.
  await expect.poll(() => dataRows().count()).toBe(3);
  await page.getByTestId('res-session-all').click();
  const groups = page.getByTestId('res-group');
  await expect.poll(() => groups.count()).toBe(2);
  // Newest first: the 3-run grid, whose rows repeat runs of the first grid.
  expect(await groups.nth(0).getAttribute('data-runs')).toBe('3');
  expect(await groups.nth(0).getAttribute('data-shown')).toBe('3');
  expect(await groups.nth(1).getAttribute('data-runs')).toBe(String(TOTAL));
  expect(await groups.nth(1).getAttribute('data-shown')).toBe(String(TOTAL - 3));
  // 15 runs, 12 configurations: each shown once, the three repeated ones counted.
  expect(await dataRows().count()).toBe(TOTAL);
  const repeats = page.getByTestId('res-repeats');
  expect(await repeats.count()).toBe(3);
  expect(await repeats.evaluateAll((els) => els.map((e) => e.getAttribute('data-n')))).toEqual(['2', '2', '2']);
  const names = await dataRows().locator('td.name').evaluateAll((els) => els.map((e) => e.firstChild?.textContent?.trim() ?? ''));
  expect(new Set(names).size).toBe(names.length);
  // The banner compares two different configurations.
  const verdict = (await page.getByTestId('res-verdict').textContent()) ?? '';
  const mentioned = names.filter((n) => verdict.includes(n));
  expect(mentioned.length).toBeGreaterThanOrEqual(1);
  for (const n of mentioned) expect(verdict.split(n).length - 1).toBe(1);

  // Collapsing the older group hides its rows.
  await page.getByTestId('res-group-toggle').nth(1).click();
  expect(await dataRows().count()).toBe(3);
  expect(await page.getByTestId('res-group-toggle').nth(1).getAttribute('aria-expanded')).toBe('false');
  await page.getByTestId('res-group-toggle').nth(1).click();
  expect(await dataRows().count()).toBe(TOTAL);

  // Filters: by strategy, and by session (a session alone shows its own runs, repeats included).
  await page.getByTestId('res-filter-strategy').selectOption('fixed');
  const fixed = await dataRows().locator('td.name').evaluateAll((els) => els.map((e) => [e.getAttribute('data-label') ?? '', e.firstChild?.textContent?.trim() ?? '']));
  expect(fixed.length).toBe(4);
  // The page is in English here: the label shown is the stored one.
  for (const [stored, shown] of fixed) {
    expect(stored.startsWith('fixed ·')).toBe(true);
    expect(shown).toBe(stored);
  }
  await page.getByTestId('res-filter-strategy').selectOption('');
  await page.getByTestId('res-session').nth(1).click();
  expect(await dataRows().count()).toBe(TOTAL);
  expect(await page.getByTestId('res-repeats').count()).toBe(0);
  await page.getByTestId('res-session-all').click();
  expect(await dataRows().count()).toBe(TOTAL);
});

test('a delete can be undone; clearing a group or everything asks first and can be undone', async () => {
  const { page } = s;
  const count = () => dataRows().count();
  // A single row: the row goes with its repeat; Undo brings both back.
  const repeated = dataRows().filter({ has: page.getByTestId('res-repeats') }).first();
  const name = (await repeated.locator('td.name').evaluate((e) => e.firstChild?.textContent?.trim())) ?? '';
  await repeated.getByTestId('res-delete').click();
  await expect.poll(count).toBe(TOTAL - 1);
  await page.getByTestId('res-toast').filter({ hasText: name }).waitFor();
  await page.getByTestId('res-undo').click();
  await expect.poll(count).toBe(TOTAL);
  expect(await page.getByTestId('res-repeats').count()).toBe(3);

  // Clear group: cancelled, nothing goes; confirmed, the group goes; undone, it is back.
  await page.getByTestId('res-clear-group').first().click();
  await page.getByTestId('res-confirm').filter({ hasText: '3 runs' }).waitFor();
  await page.getByTestId('res-confirm-no').click();
  expect(await page.getByTestId('res-group').count()).toBe(2);
  await page.getByTestId('res-clear-group').first().click();
  await page.getByTestId('res-confirm-yes').click();
  await expect.poll(() => page.getByTestId('res-group').count()).toBe(1);
  expect(await page.getByTestId('res-repeats').count()).toBe(0);
  expect(await count()).toBe(TOTAL);
  await page.getByTestId('res-undo').click();
  await expect.poll(() => page.getByTestId('res-group').count()).toBe(2);

  // Clear all, then undo; the undone state is what storage holds after a reload.
  await page.getByTestId('res-clear-all').click();
  await page.getByTestId('res-confirm').filter({ hasText: `${TOTAL + 3}` }).waitFor();
  await page.getByTestId('res-confirm-yes').click();
  await page.getByTestId('res-empty').waitFor();
  await page.getByTestId('res-undo').click();
  await expect.poll(count).toBe(TOTAL);
  await waitSaved(page);
  await page.reload();
  await page.getByTestId('res-table').waitFor();
  await page.getByTestId('res-session-all').click();
  await expect.poll(count).toBe(TOTAL);
  expect(await page.getByTestId('res-group').count()).toBe(2);
  expect(s.errors).toEqual([]);
});

let savedFile: { name: string; text: string };

test('a results file is saved and opened from Results; the leaderboard survives a reload', async () => {
  const { page } = s;
  await page.getByTestId('res-share').waitFor();
  await page.getByTestId('res-share-author').fill('Dana');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('res-share-save').click()]);
  savedFile = { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
  expect(savedFile.name).toMatch(/^chunklab-results_dana_.*_bm25\.json$/);
  const file = JSON.parse(savedFile.text) as ResultsFile;
  expect(file.format).toBe('chunklab-results');
  expect(file.config.author).toBe('Dana');
  await page.locator('[data-testid="res-share-message"][data-kind="ok"]').waitFor();

  await page.getByTestId('res-share-open').setInputFiles([{ name: savedFile.name, mimeType: 'application/json', buffer: Buffer.from(savedFile.text) }]);
  const board = page.getByTestId('res-leaderboard');
  await board.locator('[data-testid="lb-row"]').waitFor({ timeout: 60_000 });
  expect(await board.getAttribute('open')).not.toBeNull();
  expect(await board.getByTestId('lb-author').textContent()).toBe('Dana');
  expect(await board.getByTestId('lb-file').textContent()).toBe(savedFile.name);
  const en3 = (x: number) => new Intl.NumberFormat('en', { maximumFractionDigits: 3 }).format(x);
  expect(await board.getByTestId('lb-hit5').textContent()).toBe(en3(file.metrics['hit@5']));

  // Kept in IndexedDB: a reload shows the same file, rescored again by the engine.
  await page.reload();
  await board.locator('[data-testid="lb-row"]').waitFor({ timeout: 60_000 });
  expect(await board.getByTestId('lb-row').count()).toBe(1);
  expect(await board.getByTestId('lb-hit5').textContent()).toBe(en3(file.metrics['hit@5']));
  // The Lessons view shows the same leaderboard.
  await goto('#/lessons');
  await page.getByTestId('leaderboard-panel').getByTestId('lb-row').waitFor({ timeout: 60_000 });
});

test('a results file imported in the Workspace opens in the leaderboard and the message says so in the interface language', async () => {
  const { page } = s;
  await goto('#/workspace');
  await page.getByTestId('corpus-title').waitFor();
  const msg = page.getByTestId('ws-message');
  // The very file already in the leaderboard: routed there all the same, and counted once.
  await page.getByTestId('import-input').setInputFiles([{ name: 'copy.json', mimeType: 'application/json', buffer: Buffer.from(savedFile.text) }]);
  await msg.filter({ hasText: 'leaderboard, in Results' }).waitFor({ timeout: 60_000 });
  // Another file (the same results written out again, so not the same text): a second row.
  await page.getByTestId('import-input').setInputFiles([{ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(JSON.parse(savedFile.text))) }]);
  await msg.filter({ hasText: 'leaderboard, in Results' }).waitFor({ timeout: 60_000 });
  await page.getByTestId('ws-message-link').click();
  await page.waitForURL(/#\/results/);
  await expect.poll(() => page.getByTestId('res-leaderboard').getByTestId('lb-row').count(), { timeout: 60_000 }).toBe(2);
});

test('at 1366×768 the table with the paired test beside it and the leaderboard need no sideways scroll', async () => {
  const { page } = s;
  await goto('#/results');
  await page.getByTestId('res-table').waitFor();
  await dataRows().nth(0).getByTestId('res-select').check();
  await dataRows().nth(1).getByTestId('res-select').check();
  const cmp = page.getByTestId('res-compare');
  await expect.poll(() => cmp.getByTestId('res-p').count(), { timeout: 30_000 }).toBe(3);
  mkdirSync('.cache/screens', { recursive: true });
  await page.screenshot({ path: '.cache/screens/results-1366.png' });
  // Beside the table, not below it.
  const tb = (await page.getByTestId('res-table').boundingBox())!;
  const cb = (await cmp.boundingBox())!;
  expect(cb.x).toBeGreaterThan(tb.x + tb.width - 1);
  expect(cb.y).toBeLessThan(tb.y + tb.height);
  const wrap = await page.locator('.table-wrap').evaluate((e) => [e.scrollWidth, e.clientWidth]);
  expect(wrap[0]).toBeLessThanOrEqual(wrap[1] + 1);

  const board = page.getByTestId('res-leaderboard');
  await board.getByTestId('lb-table').scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.cache/screens/leaderboard-1366.png', fullPage: true });
  const scroll = await board.locator('.scroll').evaluate((e) => [e.scrollWidth, e.clientWidth]);
  expect(scroll[0]).toBeLessThanOrEqual(scroll[1] + 1);
  // File names wrap at their separators, in a column wide enough for words (not one character per line).
  const cellWidth = (els: Element[]) => els.map((e) => e.closest('td')!.getBoundingClientRect().width);
  const fileBoxes = await board.getByTestId('lb-file').evaluateAll(cellWidth);
  for (const w of fileBoxes) expect(w).toBeGreaterThan(100);
  await goto('#/lessons');
  const lessonsBoard = page.getByTestId('leaderboard-panel');
  await lessonsBoard.getByTestId('lb-row').first().waitFor({ timeout: 60_000 });
  await lessonsBoard.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.cache/screens/lessons-leaderboard-1366.png', fullPage: true });
  const ls = await lessonsBoard.locator('.scroll').evaluate((e) => [e.scrollWidth, e.clientWidth]);
  expect(ls[0]).toBeLessThanOrEqual(ls[1] + 1);
  const lw = await lessonsBoard.getByTestId('lb-file').evaluateAll(cellWidth);
  for (const w of lw) expect(w).toBeGreaterThan(100);
  // The page itself does not scroll sideways either.
  const [pageWidth, viewWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(pageWidth).toBeLessThanOrEqual(viewWidth);
  expect(s.errors).toEqual([]);
});
