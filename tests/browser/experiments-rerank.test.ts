// A grid with a reranker in the page: the random-weight test cross-encoder picked as a folder from
// disk in the grid's reranker picker, structure 128 × BM25 × {no reranker, reranker top 20} in
// document scope on the Portuguese sample. The engine worker ranks, the page's embedding worker
// scores pairs through the experiment hook. The saved results equal what the engine computes in
// Node with the CLI's cross-encoder (onnxruntime-node): metrics (budget ones included) and rankings.
// Then the Results view: the budget columns and the hit-rate-by-budget chart, one line per run,
// whose points equal hitRateAtBudgets over the same files. Random weights: no quality claim here.
import { beforeAll, expect, test } from 'vitest';
import { resolve } from 'node:path';
import { loadRerankerFolder, openApp, openGrid, savedResults, useBrowser, waitSaved } from './helpers';
import { loadDefaultTokenizer } from '../../src/node/tokenizer-folder.ts';
import { loadDataset } from '../../src/node/files.ts';
import { loadCrossEncoder } from '../../src/node/cross-encoder.ts';
import { runExperiment, type ExperimentConfig } from '../../src/engine/evaluation/experiment.ts';
import { hitRateAtBudgets } from '../../src/engine/evaluation/metrics.ts';
import type { ResultsFile } from '../../src/engine/evaluation/types.ts';

const MODEL = resolve('tests/fixtures/models/chunklab-test-cross-encoder');
const LABEL = {
  plain: 'structure · 128 · bm25 · doc scope',
  rerank: 'structure · 128 · bm25 · rerank chunklab-test-cross-encoder top 20 · doc scope',
};
const COLS = ['hit@1', 'hit@3', 'hit@5', 'mrr', 'coverage', 'hit@budget', 'recall@budget', 'ctx3', 'chunks'] as const;

const s = useBrowser();
const ref = {} as Record<'plain' | 'rerank', ResultsFile>;
/** Scoring calls the engine made in Node (one per search that had hits to rerank). */
let nodeCalls = 0;
beforeAll(async () => {
  const tokenizer = await loadDefaultTokenizer();
  const ds = await loadDataset('public/samples/pt-BR');
  const base: ExperimentConfig = { chunker: 'structure', params: { maxTokens: 128, overlap: 0 }, header: false, retriever: { kind: 'bm25' }, k: 10, scope: 'document' };
  ref.plain = await runExperiment(ds, base, { tokenizer });
  const ce = await loadCrossEncoder(MODEL, { cacheDir: null });
  try {
    ref.rerank = await runExperiment(ds, { ...base, rerank: { model: 'chunklab-test-cross-encoder', top: 20 } }, { tokenizer, rerankScore: (q, p) => (nodeCalls++, ce.encoder.score(q, p)) });
  } finally {
    await ce.dispose();
  }
}, 120_000);

test('a grid with a reranker from disk in document scope matches the engine in Node; the budget chart draws one line per run', async () => {
  const { page } = s;
  await openApp(page);
  await openGrid(page);
  await page.locator('input[data-chunker="fixed"]').uncheck();

  // The reranker picker: a folder from disk, on WASM.
  await page.locator('[data-testid="exp-rerank"] summary').click();
  const status = await loadRerankerFolder(page, MODEL);
  expect(await status.getAttribute('data-device')).toBe('wasm');

  await page.getByTestId('exp-rerank-model').check();
  await page.getByTestId('exp-rerank-top').fill('20');
  await page.getByTestId('exp-rerank-top').dispatchEvent('change');
  await page.locator('input[data-scope="document"]').check();
  await page.locator('input[data-scope="corpus"]').uncheck();
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('2');

  await page.getByTestId('exp-run').click();
  await page.getByTestId('exp-finished').waitFor({ timeout: 180_000 });
  expect(await page.locator('[data-testid="exp-runs"] li[data-status="done"]').count()).toBe(2);
  // Time per query, reported with the reranked run (the same scoring calls as in Node).
  const time = page.getByTestId('exp-rerank-time');
  expect(await time.count()).toBe(1);
  expect(Number(await time.getAttribute('data-queries'))).toBe(nodeCalls);
  expect(nodeCalls).toBeGreaterThan(ref.rerank.questions.length / 2);
  expect(Number(await time.getAttribute('data-ms-per-query'))).toBeGreaterThan(0);
  await waitSaved(page);

  const saved = await savedResults(s.page);
  for (const kind of ['plain', 'rerank'] as const) {
    const file = saved.find((x) => x.name === LABEL[kind])?.results;
    expect(file, LABEL[kind]).toBeDefined();
    expect(file!.config.scope).toBe('document');
    for (const c of COLS) expect(Math.abs(file!.metrics[c] - ref[kind].metrics[c]), `${kind} ${c}`).toBeLessThan(1e-9);
    let same = 0;
    let total = 0;
    file!.questions.forEach((q, i) => {
      expect(q.id).toBe(ref[kind].questions[i].id);
      ref[kind].questions[i].ranked.forEach((id, j) => {
        total++;
        if (q.ranked[j] === id) same++;
      });
    });
    console.log(`${kind}: ${same} of ${total} ranked positions equal to Node's`);
    expect(same / total).toBeGreaterThanOrEqual(kind === 'plain' ? 1 : 0.97);
  }
  const rr = saved.find((x) => x.name === LABEL.rerank)!.results.config.rerank as Record<string, unknown>;
  expect(rr).toMatchObject({ model: 'chunklab-test-cross-encoder', top: 20, modelId: 'file:chunklab-test-cross-encoder', dtype: 'fp32', device: 'wasm', maxTokens: 512 });

  // Results: the budget columns and the chart.
  await page.goto(page.url().replace(/#.*$/, '') + '#/results');
  await page.getByTestId('res-table').waitFor();
  expect(await page.getByTestId('res-budget').textContent()).toContain('1024');
  for (const kind of ['plain', 'rerank'] as const) {
    const row = page.locator('[data-testid="res-table"] tbody tr', { has: page.locator(`td.name[data-label="${LABEL[kind]}"]`) });
    const shown = Number(await row.locator('td[data-col="hit@budget"]').getAttribute('data-value'));
    expect(Math.abs(shown - ref[kind].metrics['hit@budget'])).toBeLessThan(1e-9);
  }
  const lines = page.locator('[data-testid="budget-chart"] [data-testid="budget-line"]');
  expect(await lines.count()).toBe(2);
  const budgets = [256, 512, 1024, 2048, 4096];
  const drawn = (await lines.evaluateAll((ls) => ls.map((l) => l.getAttribute('data-hits')!))).map((h) => h.split(',').map(Number));
  const want = saved.filter((x) => Object.values(LABEL).includes(x.name)).map((x) => hitRateAtBudgets(x.results, budgets).map((p) => p.hit));
  expect(drawn.map((d) => d.join(',')).sort()).toEqual(want.map((w) => w.join(',')).sort());
  // Hit rate never falls as the budget grows (more units are taken).
  for (const d of drawn) for (let i = 1; i < d.length; i++) expect(d[i]).toBeGreaterThanOrEqual(d[i - 1]);
  expect(s.errors).toEqual([]);
}, 300_000);
