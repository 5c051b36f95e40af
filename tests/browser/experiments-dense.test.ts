// Dense and hybrid experiments in the page: the random-weight test model is loaded from a folder on
// disk through the models dialog, a grid of structure 128 × {dense, hybrid} runs on the Portuguese
// sample (the engine worker ranks, the page's embedding worker embeds through the experiment hooks),
// and the results table and every question's ranking equal what the engine computes here in Node
// with the same model through the CLI's loader (src/cli/retrievers.ts, onnxruntime-node).
// onnxruntime-web (WASM) and onnxruntime-node may differ in the last float bits, so metrics are
// compared to 1e-9 and rankings must agree on at least 97% of the (question, rank) positions; in
// practice they agree exactly (the test reports it). The weights are random: no quality claim here.
import { beforeAll, expect, test } from 'vitest';
import { resolve } from 'node:path';
import { loadModelFolder, openApp, openGrid, runGrid, savedResults, useBrowser, waitSaved } from './helpers';
import { loadDefaultTokenizer } from '../../src/node/tokenizer-folder.ts';
import { loadDataset } from '../../src/node/files.ts';
import { runExperiment, type ExperimentConfig } from '../../src/engine/evaluation/experiment.ts';
import type { ResultsFile } from '../../src/engine/evaluation/types.ts';
import { loadModelDeps } from '../../src/cli/retrievers.ts';

const MODEL = resolve('tests/fixtures/models/chunklab-test-bert');
/** The page's bundled tokenizer and the Portuguese sample, read as the CLI reads them. The page
 * chunks with its bundled tokenizer (the test model carries the same WordPiece vocabulary). */
const tokenizer = await loadDefaultTokenizer();
const sample = () => loadDataset('public/samples/pt-BR');

type Kind = 'dense' | 'hybrid';
const KINDS: Kind[] = ['dense', 'hybrid'];
/** The labels the grid gives these runs (src/app/experiments/model.ts runLabel). */
const LABEL = { dense: 'structure · 128 · dense chunklab-test-bert', hybrid: 'structure · 128 · hybrid chunklab-test-bert' };
const COLS = ['hit@1', 'hit@3', 'hit@5', 'mrr', 'coverage', 'ctx3', 'iou@5', 'chunks', 'meanTokens'] as const;

const s = useBrowser();
/** What the CLI records about the model with --late (src/cli/retrievers.ts ModelConfig). */
let lateModelConfig: Record<string, unknown>;
const ref = {} as Record<Kind | 'late', ResultsFile>;
beforeAll(async () => {
  const ds = await sample();
  const model = await loadModelDeps(MODEL, { cacheDir: null });
  try {
    for (const kind of KINDS) {
      const config: ExperimentConfig = { chunker: 'structure', params: { maxTokens: 128, overlap: 0 }, header: false, retriever: { kind, model: 'chunklab-test-bert' }, k: 10 };
      ref[kind] = await runExperiment(ds, config, { tokenizer, createRetriever: model.createRetriever });
    }
  } finally {
    await model.dispose();
  }
  const late = await loadModelDeps(MODEL, { cacheDir: null, late: true });
  try {
    const config: ExperimentConfig = { chunker: 'structure', params: { maxTokens: 128, overlap: 0 }, header: false, retriever: { kind: 'dense', model: 'chunklab-test-bert', late: true }, k: 10 };
    ref.late = await runExperiment(await sample(), config, { tokenizer, createRetriever: late.createRetriever });
    lateModelConfig = { ...late.config };
  } finally {
    await late.dispose();
  }
}, 120_000);

/** Rankings position by position (≥ 97% equal), and the scores where they agree (to 1e-5). */
function sameRanking(what: string, got: ResultsFile, want: ResultsFile): void {
  expect(got.questions.map((q) => q.id)).toEqual(want.questions.map((q) => q.id));
  let same = 0;
  let total = 0;
  got.questions.forEach((q, i) => {
    want.questions[i].ranked.forEach((id, j) => {
      total++;
      if (q.ranked[j] !== id) return;
      same++;
      expect(Math.abs(q.scores![j] - want.questions[i].scores![j]), `${what} ${q.id} #${j}`).toBeLessThan(1e-5);
    });
  });
  console.log(`${what}: ${same} of ${total} ranked positions equal to Node's`);
  expect(total).toBeGreaterThan(100);
  expect(same / total).toBeGreaterThanOrEqual(0.97);
}

/** The results row of a run, by its stored label (the page shows it translated). */
const row = (label: string) => s.page.locator('[data-testid="res-table"] tbody tr[data-id]', { has: s.page.locator(`td.name[data-label="${label}"]`) });

test('dense and hybrid runs with a model picked from disk match the engine in Node', async () => {
  const { page } = s;
  await openApp(page);

  // The models dialog: a folder from disk.
  await loadModelFolder(page, MODEL);

  await openGrid(page);
  await page.locator('input[data-chunker="fixed"]').uncheck();
  await page.locator('input[data-retriever="bm25"]').uncheck();
  await page.locator('input[data-retriever="dense"]').check();
  await page.locator('input[data-retriever="hybrid"]').check();
  expect(await page.getByTestId('exp-model').getAttribute('data-model')).toBe('chunklab-test-bert');
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('2');

  // The context dimension shows where its cost is seen before anything runs.
  await page.locator('input[data-context="on"]').check();
  await page.getByTestId('exp-context-note').waitFor();
  expect(await page.getByTestId('exp-context-no-estimate').count()).toBe(1);
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('4');
  await page.locator('input[data-context="on"]').uncheck();
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('2');

  await page.getByTestId('exp-run').click();
  await page.getByTestId('exp-finished').waitFor({ timeout: 120_000 });
  expect(await page.locator('[data-testid="exp-runs"] li[data-status="done"]').count()).toBe(2);
  await waitSaved(page);

  await page.goto(page.url().replace(/#.*$/, '') + '#/results');
  await page.getByTestId('res-table').waitFor();
  for (const kind of KINDS) {
    const r = row(LABEL[kind]);
    expect(await r.count(), LABEL[kind]).toBe(1);
    for (const c of COLS) {
      const shown = Number(await r.locator(`td[data-col="${c}"]`).getAttribute('data-value'));
      expect(Math.abs(shown - ref[kind].metrics[c]), `${kind} ${c}`).toBeLessThan(1e-9);
    }
  }

  // Rankings, question by question, and what the results file records about the model.
  const saved = await savedResults(s.page);
  for (const kind of KINDS) {
    const file = saved.find((x) => x.name === LABEL[kind])?.results;
    expect(file, LABEL[kind]).toBeDefined();
    const want = ref[kind].questions;
    expect(file!.questions.map((q) => q.id)).toEqual(want.map((q) => q.id));
    sameRanking(kind, file!, ref[kind]);
    const rc = file!.config.retriever as Record<string, unknown>;
    expect(rc).toMatchObject({ kind, model: 'chunklab-test-bert', modelId: 'chunklab-test-bert', dtype: 'fp32', pooling: 'mean', maxTokens: 512, dimensions: 32, late: false });
    if (kind === 'hybrid') expect(rc).toMatchObject({ k1: 1.2, b: 0.75, stopwords: 'pt', fusion: 'rrf', rrfK: 60 });
  }
}, 180_000);

test("late chunking uses the page model's document passes and matches Node", async () => {
  const { page } = s;
  await page.goto(page.url().replace(/#.*$/, '') + '#/experiments');
  await page.locator('input[data-retriever="hybrid"]').uncheck();
  await page.getByTestId('exp-late').check();
  await runGrid(page, { runs: 1 });
  const label = 'structure · 128 · dense chunklab-test-bert late';
  const file = (await savedResults(s.page)).find((x) => x.name === label)?.results;
  expect(file, label).toBeDefined();
  for (const c of COLS) expect(Math.abs(file!.metrics[c] - ref.late.metrics[c]), `late ${c}`).toBeLessThan(1e-9);
  sameRanking('late', file!, ref.late);
  const { late, latePrefix, lateWindowOverlap, pooling, maxTokens, dimensions, prefixes, dtype, modelId } = lateModelConfig;
  expect(file!.config.retriever).toMatchObject({ late, latePrefix, lateWindowOverlap, pooling, maxTokens, dimensions, prefixes, dtype, modelId });
}, 120_000);

test('generated context reads only cached sentences: with none cached the grid says where to make them and does not run', async () => {
  const { page } = s;
  await page.getByTestId('exp-late').uncheck();
  await page.locator('input[data-retriever="dense"]').uncheck();
  await page.locator('input[data-retriever="bm25"]').check();
  await page.locator('input[data-context="on"]').check();
  // bm25 × {header-only arm at the reduced cap, context}: 2 runs planned.
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('2');
  // The context panel's cache is empty in this fresh profile: nothing may start, and the page says why.
  const blocked = page.getByTestId('exp-context-blocked');
  await blocked.waitFor();
  expect(await blocked.textContent()).toMatch(/painel de contexto|context panel/);
  expect(await page.getByTestId('exp-run').isDisabled()).toBe(true);
  // Its button takes the user to the panel where the sentences are made.
  await blocked.getByRole('button').click();
  await expect.poll(() => page.getByTestId('context-panel').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top < innerHeight && r.bottom > 0;
  })).toBe(true);
  // Without the context arm the grid is runnable again.
  await page.locator('input[data-context="on"]').uncheck();
  await expect.poll(() => page.getByTestId('exp-run').isDisabled()).toBe(false);
}, 120_000);
