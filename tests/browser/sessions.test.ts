// Results per session, in the Portuguese page on the Portuguese sample with BM25: after the same small
// grid twice and then a 48-run grid, Results describe the 48-run grid (headline, verdict, table,
// charts) and the earlier sessions are one click away with distinct names; the charts stay readable
// with 48 runs (a legend by strategy, a filter by strategy and size, labels that overlap nothing, at
// most 8 coloured budget lines); a session renamed keeps its name across a reload; "clear old runs"
// says how many runs go, and Undo, offered still after the view is drawn again, puts back exactly the
// records that went (compared with what IndexedDB held before); cleared for real, a reload finds only
// the kept session.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, openGrid, storedRecords, useBrowser, waitSaved } from './helpers';

const s = useBrowser({ viewport: { width: 1366, height: 900 } });

const base = () => s.page.url().replace(/#.*$/, '');
const goto = (hash: string) => s.page.goto(base() + hash);
const dataRows = () => s.page.locator('[data-testid="res-table"] tbody tr[data-id]');
const sessions = () => s.page.getByTestId('res-session');
const CHUNKERS = ['fixed', 'recursive', 'sentences', 'structure'];
const SIZES = '64, 80, 96, 112, 128, 144, 160, 192, 224, 256, 320, 384';

/** Every saved run as IndexedDB holds it (the whole record), by key. */
const storedRuns = (page: Page) => storedRecords<{ id: string; name: string; createdAt: number; group?: { id: string }; results: unknown }>(page, 'results:');

/** Runs the grid in the form (`runs` runs) and waits until storage holds `total` runs in all. */
async function runGrid(page: Page, runs: number, total: number) {
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe(String(runs));
  await page.getByTestId('exp-run').click();
  await expect.poll(async () => Object.keys(await storedRuns(page)).length, { timeout: 400_000, interval: 1000 }).toBe(total);
  await page.getByTestId('exp-finished').waitFor({ timeout: 60_000 });
  expect(await page.locator('[data-testid="exp-runs"] li[data-status="done"]').count()).toBe(runs);
  await waitSaved(page);
}

/** The metric values of the table's rows (data-value of each column). */
async function tableValues(page: Page): Promise<{ name: string; hit5: number; mrr: number; ctx3: number }[]> {
  return dataRows().evaluateAll((trs) =>
    trs.map((tr) => {
      const v = (c: string) => Number(tr.querySelector(`td[data-col="${c}"]`)!.getAttribute('data-value'));
      return { name: tr.querySelector('td.name')!.firstChild!.textContent!.trim(), hit5: v('hit@5'), mrr: v('mrr'), ctx3: v('ctx3') };
    }),
  );
}

test('after two grids the headline, verdict, table and charts describe the second; the first is one click away', async () => {
  const { page } = s;
  await openApp(page);
  await openGrid(page);
  // The small grid (fixed and structure at 128), twice: two sessions of the same grid.
  await runGrid(page, 2, 2);
  await runGrid(page, 2, 4);
  for (const c of CHUNKERS) await page.locator(`input[data-chunker="${c}"]`).check();
  await page.getByTestId('exp-sizes').fill(SIZES);
  await runGrid(page, 48, 52);

  await goto('#/results');
  await page.getByTestId('res-table').waitFor();
  await expect.poll(() => sessions().count()).toBe(3);
  const names = await sessions().locator('.name').allTextContents();
  // Newest first, each distinct, named after what the grid varied.
  expect(new Set(names).size).toBe(3);
  expect(names[0]).toMatch(/^Grade: estratégias × tamanhos · /);
  expect(names[1]).toMatch(/^Grade: estratégias · /);
  expect(names[2]).toMatch(/^Grade: estratégias · /);
  expect(await sessions().nth(0).getAttribute('aria-pressed')).toBe('true');
  expect(await sessions().evaluateAll((els) => els.map((e) => e.getAttribute('data-runs')))).toEqual(['48', '2', '2']);
  expect(await page.getByTestId('res-session-title').textContent()).toContain(names[0]);

  // Table and verdict: the 48 runs of the second grid only; the verdict names the best of them by
  // hit@5 (then MRR, then fewer ctx3 tokens), computed here from the table's own values.
  expect(await dataRows().count()).toBe(48);
  const vals = await tableValues(page);
  const best = [...vals].sort((a, b) => b.hit5 - a.hit5 || b.mrr - a.mrr || a.ctx3 - b.ctx3)[0];
  const verdict = (await page.getByTestId('res-verdict').textContent()) ?? '';
  expect(verdict).toContain(best.name);
  expect(await page.getByTestId('chart-point').count()).toBe(48);
  expect(await page.locator('[data-testid="budget-chart"] [data-testid="budget-line"]').count()).toBe(48);

  // One click shows the first grid: its two runs, in the headline, verdict and chart.
  await sessions().nth(2).click();
  expect(await sessions().nth(2).getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => dataRows().count()).toBe(2);
  expect(await page.getByTestId('res-session-title').textContent()).toContain(names[2]);
  const small = await tableValues(page);
  expect(small.map((r) => r.name).sort()).toEqual(['estrutura · 128 · bm25', 'fixo · 128 · bm25']);
  const verdict1 = (await page.getByTestId('res-verdict').textContent()) ?? '';
  expect(small.some((r) => verdict1.includes(r.name))).toBe(true);
  expect(await page.getByTestId('chart-point').count()).toBe(2);
  // And all of them together, one click more.
  await page.getByTestId('res-session-all').click();
  expect(await page.getByTestId('res-group').count()).toBe(3);
  await sessions().nth(0).click();
  await expect.poll(() => dataRows().count()).toBe(48);
  expect(s.errors).toEqual([]);
}, 600_000);

test('with 48 runs the charts stay readable: legend, filter by strategy and size, labels that overlap nothing', async () => {
  const { page } = s;
  const legend = page.getByTestId('chart-legend').locator('li[data-chunker]');
  expect((await legend.evaluateAll((els) => els.map((e) => e.getAttribute('data-chunker')))).sort()).toEqual([...CHUNKERS].sort());
  // Labels: at least the front's best, none overlapping another label or another point.
  const labels = page.getByTestId('chart-label');
  expect(await labels.count()).toBeGreaterThan(0);
  const boxes = await labels.evaluateAll((els) => els.map((e) => ({ id: e.getAttribute('data-id')!, ...JSON.parse(JSON.stringify(e.getBoundingClientRect())) as DOMRect })));
  const points = await page.getByTestId('chart-point').evaluateAll((els) => els.map((e) => ({ id: e.getAttribute('data-id')!, ...JSON.parse(JSON.stringify(e.getBoundingClientRect())) as DOMRect })));
  const apart = (a: DOMRect, b: DOMRect) => a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) expect(apart(boxes[i], boxes[j]), `${boxes[i].id} / ${boxes[j].id}`).toBe(true);
    for (const p of points) if (p.id !== boxes[i].id) expect(apart(boxes[i], p), `label ${boxes[i].id} over point ${p.id}`).toBe(true);
  }
  // Budget lines: the best 8 in colour with a legend, the other 40 grey and counted.
  const lines = page.locator('[data-testid="budget-chart"] [data-testid="budget-line"]');
  expect(await lines.and(page.locator('[data-strong="true"]')).count()).toBe(8);
  expect(await page.getByTestId('budget-legend').count()).toBe(8);
  expect(await page.getByTestId('budget-grey').getAttribute('data-n')).toBe('40');
  // The 8 coloured lines are those with the highest mean hit rate over the budgets (from data-hits).
  const drawn = await lines.evaluateAll((ls) => ls.map((l) => ({ strong: l.getAttribute('data-strong') === 'true', mean: l.getAttribute('data-hits')!.split(',').map(Number).reduce((a, b, _, xs) => a + b / xs.length, 0) })));
  const minStrong = Math.min(...drawn.filter((d) => d.strong).map((d) => d.mean));
  const maxGrey = Math.max(...drawn.filter((d) => !d.strong).map((d) => d.mean));
  expect(minStrong).toBeGreaterThanOrEqual(maxGrey);

  // Filter: one strategy, then one size too; both charts follow, the table does not.
  await page.locator('[data-testid="chart-filter-chunker"][data-value="structure"]').click();
  await expect.poll(() => page.getByTestId('chart-point').count()).toBe(12);
  expect(await lines.count()).toBe(12);
  expect(await page.getByTestId('budget-grey').getAttribute('data-n')).toBe('4');
  await page.locator('[data-testid="chart-filter-size"][data-value="128"]').click();
  await expect.poll(() => page.getByTestId('chart-point').count()).toBe(1);
  expect(await page.getByTestId('chart-shown').getAttribute('data-shown')).toBe('1');
  expect(await page.getByTestId('chart-point').getAttribute('aria-label')).toContain('estrutura · 128 · bm25');
  expect(await dataRows().count()).toBe(48);
  await page.getByTestId('chart-filter-chunker-all').click();
  await expect.poll(() => page.getByTestId('chart-point').count()).toBe(4);
  await page.getByTestId('chart-filter-size-all').click();
  await expect.poll(() => page.getByTestId('chart-point').count()).toBe(48);
  await page.screenshot({ path: '.cache/screens/results-48-runs.png', fullPage: true }).catch(() => undefined);
});

test('a session renamed keeps its name after a reload; Escape cancels a rename', async () => {
  const { page } = s;
  const title = page.getByTestId('res-session-title');
  const before = (await title.textContent())!;
  await page.getByTestId('res-session-rename').click();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('res-session-input');
  await page.keyboard.type('não fica');
  await page.keyboard.press('Escape');
  await expect.poll(() => title.textContent()).toBe(before);
  await page.getByTestId('res-session-rename').click();
  await page.getByTestId('res-session-input').fill('Turma A: tamanhos');
  await page.keyboard.press('Enter');
  await expect.poll(() => title.textContent()).toBe('Sessão: Turma A: tamanhos');
  expect(await sessions().nth(0).locator('.name').textContent()).toBe('Turma A: tamanhos');
  await page.reload();
  await page.getByTestId('res-table').waitFor();
  await expect.poll(() => title.textContent()).toBe('Sessão: Turma A: tamanhos');
  expect(await sessions().nth(0).locator('.name').textContent()).toBe('Turma A: tamanhos');
  // The other sessions keep their generated names.
  expect(await sessions().nth(1).locator('.name').textContent()).toMatch(/^Grade: estratégias · /);
});

test('clear old runs says how many go; Undo after the view is drawn again puts back exactly what went; then cleared for real', async () => {
  const { page } = s;
  await waitSaved(page);
  const before = await storedRuns(page);
  expect(Object.keys(before).length).toBe(52);
  const clear = page.getByTestId('res-clear-old');
  expect(await clear.getAttribute('data-n')).toBe('4');
  await clear.click();
  const confirm = page.getByTestId('res-confirm');
  expect(await confirm.locator('#res-confirm-text').textContent()).toBe('Apagar 4 execuções antigas (2 sessões)? Ficam 48 execuções: as de "Turma A: tamanhos". Dá para desfazer logo depois.');
  // Cancel: nothing goes.
  await page.getByTestId('res-confirm-no').click();
  expect(await sessions().count()).toBe(3);
  await clear.click();
  await page.getByTestId('res-confirm-yes').click();
  await expect.poll(() => sessions().count()).toBe(1);
  expect(await dataRows().count()).toBe(48);
  await page.getByTestId('res-toast').filter({ hasText: '4 execuções antigas apagadas.' }).waitFor();
  expect(await clear.isDisabled()).toBe(true);

  // Another section, then Results again: the offer is still there (the removal itself is already
  // written), and Undo restores every record.
  await goto('#/experiments');
  await page.getByTestId('exp-sizes').waitFor();
  await goto('#/results');
  await page.getByTestId('res-toast').filter({ hasText: '4 execuções antigas apagadas.' }).waitFor();
  await waitSaved(page);
  expect(Object.keys(await storedRuns(page)).length).toBe(48);
  await page.getByTestId('res-undo').click();
  await expect.poll(() => sessions().count()).toBe(3);
  expect(await page.getByTestId('res-toast').count()).toBe(0);
  await waitSaved(page);
  const after = await storedRuns(page);
  expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
  for (const k of Object.keys(before)) expect(after[k], k).toEqual(before[k]);

  // For real: cleared, and a reload (leaving the page ends the offer) finds the kept session only.
  await clear.click();
  await page.getByTestId('res-confirm-yes').click();
  await expect.poll(() => sessions().count()).toBe(1);
  await waitSaved(page);
  await page.reload();
  await page.getByTestId('res-table').waitFor();
  expect(await page.getByTestId('res-toast').count()).toBe(0);
  expect(await sessions().count()).toBe(1);
  expect(await dataRows().count()).toBe(48);
  expect(await page.getByTestId('res-session-title').textContent()).toBe('Sessão: Turma A: tamanhos');
  const left = await storedRuns(page);
  expect(Object.keys(left).length).toBe(48);
  for (const k of Object.keys(left)) expect(left[k]).toEqual(before[k]);
  expect(s.errors).toEqual([]);
});
