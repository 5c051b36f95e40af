// The Experiments and Results views in a real browser, on the Portuguese sample: a small grid (fixed
// vs structure at 128 tokens, BM25) runs in the worker with visible progress, every table number
// equals the engine's runExperiment run here in Node on the same sample and config, sorting reorders
// rows, the chart has one point per run with the Pareto front computed independently here, two
// selected rows show the engine's McNemar p-values, the per-question view shows the engine's miss
// reasons, and cancelling a longer grid stops it while the finished runs stay saved.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openBrowser, type Session } from './browser';
import { openApp, runGrid, waitSaved } from './helpers';
import { loadDefaultTokenizer } from '../../src/node/tokenizer-folder.ts';
import { loadDataset } from '../../src/node/files.ts';
import { runExperiment, type ExperimentConfig } from '../../src/engine/evaluation/experiment.ts';
import { compareResults } from '../../src/engine/evaluation/compare.ts';
import type { ResultsFile } from '../../src/engine/evaluation/types.ts';

/** The page's bundled tokenizer and the Portuguese sample, read as the CLI reads them. */
const tokenizer = await loadDefaultTokenizer();
const sample = () => loadDataset('public/samples/pt-BR');

const config = (chunker: 'fixed' | 'structure'): ExperimentConfig => ({ chunker, params: { maxTokens: 128, overlap: 0 }, header: false, retriever: { kind: 'bm25' }, k: 10 });
/** The labels the grid gives these runs (src/app/experiments/model.ts runLabel). */
const LABEL = { fixed: 'fixed · 128 · bm25', structure: 'structure · 128 · bm25' };
/** The same labels as the Portuguese page shows them (src/app/results/label.ts). */
const SHOWN = { fixed: 'fixo · 128 · bm25', structure: 'estrutura · 128 · bm25' };
const COLS = ['hit@1', 'hit@3', 'hit@5', 'mrr', 'coverage', 'ctx3', 'iou@5', 'chunks', 'meanTokens'] as const;

let s: Session;
let ref: Record<'fixed' | 'structure', ResultsFile>;
beforeAll(async () => {
  const ds = await sample();
  ref = {
    fixed: await runExperiment(ds, config('fixed'), { tokenizer }),
    structure: await runExperiment(ds, config('structure'), { tokenizer }),
  };
  s = await openBrowser();
});
afterAll(async () => {
  await s?.close();
});

/** The results row of a run, by its stored label (the page shows it translated). */
const row = (label: string) => s.page.locator('[data-testid="res-table"] tbody tr[data-id]', { has: s.page.locator(`td.name[data-label="${label}"]`) });
const colValues = (col: string) => s.page.locator(`[data-testid="res-table"] tbody td[data-col="${col}"]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-value') ?? e.textContent ?? ''));

test('a small grid runs with progress and the results view matches the engine in Node', async () => {
  const { page } = s;
  await openApp(page);
  await page.goto(page.url().replace(/#.*$/, '') + '#/experiments');
  await page.locator('input[data-chunker="structure"]').waitFor({ timeout: 60_000 });
  // The default grid is fixed vs structure at 128 tokens, overlap 0, no header, BM25: 2 runs.
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('2');
  expect(await page.locator('input[data-chunker="fixed"]').isChecked()).toBe(true);
  expect(await page.locator('input[data-retriever="bm25"]').isChecked()).toBe(true);
  // Dense needs a model: ticking it adds no runs and says why.
  await page.locator('input[data-retriever="dense"]').check();
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('2');
  await page.getByTestId('exp-need-model').waitFor();
  await page.locator('input[data-retriever="dense"]').uncheck();

  await page.getByTestId('exp-run').click();
  // Visible progress: the overall bar and one line per run.
  await page.getByTestId('exp-overall').waitFor();
  await expect.poll(() => page.locator('[data-testid="exp-runs"] li').count()).toBe(2);
  await page.getByTestId('exp-finished').waitFor({ timeout: 120_000 });
  expect(await page.locator('[data-testid="exp-runs"] li[data-status="done"]').count()).toBe(2);
  expect(await page.getByTestId('exp-overall-text').textContent()).toContain('2');
  await waitSaved(page);

  await page.goto(page.url().replace(/#.*$/, '') + '#/results');
  await page.getByTestId('res-table').waitFor();
  expect(await page.locator('[data-testid="res-table"] tbody tr[data-id]').count()).toBe(2);
  for (const chunker of ['fixed', 'structure'] as const) {
    const r = row(LABEL[chunker]);
    for (const c of COLS) {
      const shown = Number(await r.locator(`td[data-col="${c}"]`).getAttribute('data-value'));
      expect(Math.abs(shown - ref[chunker].metrics[c]), `${chunker} ${c}`).toBeLessThan(1e-9);
    }
    // The compact rate shows the engine's Wilson interval, with the page's decimal comma (pt-BR).
    const iv = ref[chunker].intervals!['hit@5']!;
    const pt = (x: number) => x.toFixed(2).replace('.', ',');
    expect(await r.locator('td[data-col="hit@5"]').textContent()).toBe(`${pt(ref[chunker].metrics['hit@5'])} [${pt(iv[0])}–${pt(iv[1])}]`);
  }

  // The sentence names the best run on hit@5 (here structure, by the engine's numbers).
  const best = ref.structure.metrics['hit@5'] > ref.fixed.metrics['hit@5'] ? 'structure' : 'fixed';
  expect(await page.getByTestId('res-verdict').textContent()).toContain(SHOWN[best]);
});

test('sorting reorders the rows by the clicked column, both ways', async () => {
  const { page } = s;
  await page.locator('button[data-sort="hit@1"]').click();
  let v = (await colValues('hit@1')).map(Number);
  // hit@5 was the default sort; a click on another column sorts it descending first.
  expect(v).toEqual([...v].sort((a, b) => b - a));
  expect(v[0]).toBeGreaterThan(v[1]);
  await page.locator('button[data-sort="hit@1"]').click();
  v = (await colValues('hit@1')).map(Number);
  expect(v[0]).toBeLessThan(v[1]);
  expect(await page.locator('th[aria-sort="ascending"] button[data-sort="hit@1"]').count()).toBe(1);
  await page.locator('button[data-sort="ctx3"]').click();
  const ctx = (await colValues('ctx3')).map(Number);
  expect(ctx).toEqual([...ctx].sort((a, b) => a - b));
});

test('the chart has one point per run and marks the Pareto front', async () => {
  const { page } = s;
  const points = page.getByTestId('chart-point');
  expect(await points.count()).toBe(await page.locator('[data-testid="res-table"] tbody tr[data-id]').count());
  // Independent front: structure has more hit@1 with fewer ctx3 tokens here, so only it is on it.
  const dominates = (a: ResultsFile, b: ResultsFile) => a.metrics.ctx3 <= b.metrics.ctx3 && a.metrics['hit@1'] >= b.metrics['hit@1'];
  const expected = { fixed: !dominates(ref.structure, ref.fixed), structure: !dominates(ref.fixed, ref.structure) };
  const flags = await points.evaluateAll((els) => els.map((e) => ({ label: e.getAttribute('aria-label') ?? '', pareto: e.getAttribute('data-pareto') })));
  for (const chunker of ['fixed', 'structure'] as const) {
    const p = flags.find((f) => f.label.startsWith(SHOWN[chunker]));
    expect(p?.pareto).toBe(String(expected[chunker]));
  }
  expect(await points.first().getAttribute('tabindex')).toBe('0');
});

test('two selected rows show the engine McNemar p-values and the questions that flip', async () => {
  const { page } = s;
  await row(LABEL.fixed).getByTestId('res-select').check();
  await row(LABEL.structure).getByTestId('res-select').check();
  const ps = page.getByTestId('res-p');
  await expect.poll(() => ps.count(), { timeout: 30_000 }).toBe(3);
  const cmp = compareResults(ref.fixed, ref.structure);
  const shown = (await ps.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-p')))));
  cmp.tests.forEach((t, i) => expect(Math.abs(shown[i] - t.p)).toBeLessThan(1e-9));
  const hit5 = cmp.tests.find((t) => t.metric === 'hit@5')!;
  const flips = page.locator('details[data-flips="hit@5"]');
  if (hit5.onlyB.length) expect(await flips.getByTestId('flip-b').locator('li').count()).toBe(hit5.onlyB.length);
  if (hit5.onlyA.length) expect(await flips.getByTestId('flip-a').locator('li').count()).toBe(hit5.onlyA.length);
  expect(hit5.onlyA.length + hit5.onlyB.length).toBeGreaterThan(0);
});

test('the per-question view shows the engine miss reasons and opens the inspector', async () => {
  const { page } = s;
  await row(LABEL.fixed).getByTestId('res-details').click();
  const panel = page.getByTestId('res-questions');
  await panel.waitFor();
  const rows = await panel.locator('tbody tr').evaluateAll((els) => els.map((e) => [e.getAttribute('data-qid'), e.getAttribute('data-miss')]));
  expect(rows.length).toBe(ref.fixed.questions.length);
  for (const [id, miss] of rows) expect(miss).toBe(ref.fixed.questions.find((q) => q.id === id)?.miss ?? '');
  const split = ref.fixed.questions.find((q) => q.miss === 'split')!;
  const line = panel.locator(`tr[data-qid="${split.id}"]`);
  expect(await line.getByTestId('miss-reason').textContent()).toMatch(/dividida/);
  // Twin (look-alike) questions carry their outcome.
  if (ref.fixed.twins?.questions) await panel.getByTestId('res-twins').waitFor();
  await line.getByTestId('open-inspector').click();
  await page.waitForURL(/#\/inspector/);
  await expect.poll(() => page.getByTestId('insp-chunker').inputValue()).toBe('fixed');
  await expect.poll(() => page.locator('[data-param="maxTokens"]').inputValue()).toBe('128');
});

test('cancel during a longer grid stops it and keeps the finished runs', async () => {
  const { page } = s;
  await page.goto(page.url().replace(/#.*$/, '') + '#/experiments');
  await page.getByTestId('exp-sizes').fill('64, 96, 160, 192, 224, 256, 320');
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('14');
  await page.getByTestId('exp-run').click();
  await page.locator('[data-testid="exp-runs"] li[data-status="done"]').first().waitFor({ timeout: 120_000 });
  await page.getByTestId('exp-cancel').click();
  await page.getByTestId('exp-cancelled').waitFor();
  const statuses = await page.locator('[data-testid="exp-runs"] li').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
  const done = statuses.filter((x) => x === 'done').length;
  expect(done).toBeGreaterThanOrEqual(1);
  expect(done).toBeLessThan(14);
  expect(statuses.filter((x) => x === 'running' || x === 'queued')).toEqual([]);
  await waitSaved(page);
  // The finished runs are in the results (2 from the first grid + those), nothing half-written.
  await page.goto(page.url().replace(/#.*$/, '') + '#/results');
  await page.getByTestId('res-table').waitFor();
  // The session just run (the cancelled grid) is shown first; all sessions are one click away.
  expect(await page.locator('[data-testid="res-table"] tbody tr[data-id]').count()).toBe(done);
  await page.getByTestId('res-session-all').click();
  expect(await page.locator('[data-testid="res-table"] tbody tr[data-id]').count()).toBe(2 + done);
  // The engine worker still serves the next grid after the cancel.
  await page.goto(page.url().replace(/#.*$/, '') + '#/experiments');
  await page.getByTestId('exp-sizes').fill('512');
  await page.locator('input[data-chunker="fixed"]').uncheck();
  await runGrid(page, { runs: 1 });
  expect(s.errors.filter((e) => !/Cancel/i.test(e))).toEqual([]);
});
