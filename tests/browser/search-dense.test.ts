// Dense and hybrid search in the search view, in a real browser: without a model the view says so and
// offers the models panel; the random-weight test model is loaded from disk there; a dense and a
// hybrid search return what the engine computes here in Node with the same model through the CLI's
// loader (onnxruntime-node; scores to 1e-4, order equal except between near ties), so do a search
// reranked by the test cross-encoder (CLI's cross-encoder here) and one inside a document; a second query
// embeds only itself (counted at the page's embed hook and in the worker); Cancel during the first
// embedding of another chunking leaves the view usable. Random weights: plumbing, not quality.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resolve } from 'node:path';
import { openBrowser, type Session } from './browser';
import { appUrl, loadRerankerFolder, openApp } from './helpers';
import { loadDefaultTokenizer } from '../../src/node/tokenizer-folder.ts';
import { loadDataset } from '../../src/node/files.ts';
import { loadModelDeps, type ModelDeps } from '../../src/cli/retrievers.ts';
import { loadCrossEncoder } from '../../src/node/cross-encoder.ts';
import { parseDocument } from '../../src/engine/documents/index.ts';
import { chunkAll, indexText } from '../../src/engine/evaluation/experiment.ts';
import type { Chunk, Doc } from '../../src/engine/types.ts';

const MODEL = resolve('tests/fixtures/models/chunklab-test-bert');
const CROSS = resolve('tests/fixtures/models/chunklab-test-cross-encoder');
const tokenizer = await loadDefaultTokenizer();
const ds = await loadDataset('public/samples/pt-BR');
const docs = new Map<string, Doc>(ds.documents.map((d) => [d.id, parseDocument({ id: d.id, text: d.text, format: d.format, name: d.name, meta: d.meta })]));
const Q1 = ds.questions[0].text;
const Q2 = ds.questions[3].text;

let s: Session;
let model: ModelDeps;
let chunks: Chunk[];
beforeAll(async () => {
  model = await loadModelDeps(MODEL, { cacheDir: null });
  // The search view's default structure chunking, as the engine chunks it here.
  chunks = await chunkAll([...docs.values()], 'structure', {}, { tokenizer }, () => {});
  s = await openBrowser();
}, 120_000);
afterAll(async () => {
  await model?.dispose();
  await s?.close();
});

/** The Node reference: every chunk's score for `query` with the dense or hybrid retriever over the model. */
async function reference(kind: 'dense' | 'hybrid', query: string): Promise<{ key: string; score: number; text: string }[]> {
  const r = await model.createRetriever({ kind, model: 'chunklab-test-bert' }, { docs, chunks, language: 'pt' });
  await r.index(chunks.map((c) => ({ id: c.id, docId: c.docId, text: indexText(c, docs.get(c.docId)!) })));
  const byId = new Map(chunks.map((c) => [c.id, c]));
  const hits = await r.search(query, chunks.length);
  return hits.map((h) => {
    const c = byId.get(h.id)!;
    return { key: `${c.docId}:${c.start}:${c.end}`, score: h.score, text: indexText(c, docs.get(c.docId)!) };
  });
}

type Shown = { key: string; score: number };
async function shown(): Promise<Shown[]> {
  return s.page.getByTestId('search-result').evaluateAll((els) =>
    els.map((e) => ({ key: `${e.dataset.docId}:${e.dataset.start}:${e.dataset.end}`, score: Number(e.dataset.score) })),
  );
}

/** The page's top-k equals the reference's, scores to 1e-4, order swapped only between near ties. */
function sameTop(got: Shown[], want: Shown[], k: number): void {
  expect(got.length).toBe(k);
  const wantScore = new Map(want.map((w) => [w.key, w.score]));
  got.forEach((g, i) => {
    expect(wantScore.has(g.key), g.key).toBe(true);
    expect(Math.abs(g.score - wantScore.get(g.key)!), `#${i + 1} ${g.key}`).toBeLessThan(1e-4);
    if (i > 0) expect(g.score).toBeLessThanOrEqual(got[i - 1].score + 1e-6);
  });
  // A unit outside the reference's top k may only appear if it ties (1e-4) with the k-th.
  const topKeys = new Set(want.slice(0, k).map((w) => w.key));
  for (const g of got) if (!topKeys.has(g.key)) expect(Math.abs(g.score - want[k - 1].score)).toBeLessThan(1e-4);
}

/** Waits until the view shows a finished answer to its current query and settings. */
async function settled(): Promise<void> {
  const status = s.page.getByTestId('search-status');
  await expect.poll(async () => `${await status.getAttribute('data-run')}/${await status.getAttribute('data-stale')}`, { timeout: 120_000 }).toBe('done/no');
}

test('dense, hybrid, reranked and one-document search with the test models equal the engine in Node; later queries embed only themselves; Cancel leaves the view usable', async () => {
  const { page } = s;
  await openApp(page);
  await page.goto(appUrl('#/search'));
  await page.getByTestId('search-chunker').locator('option[value="structure"]').waitFor({ state: 'attached' });
  await page.getByTestId('search-chunker').selectOption('structure');
  const k = Number(await page.getByTestId('search-k').inputValue());

  // No model yet: a BM25 answer first; then dense says what is missing, shows no results (the BM25
  // ones are not this search's) and opens the models panel.
  await page.getByTestId('search-retriever').selectOption('bm25');
  await page.getByTestId('search-query').fill(Q1);
  await settled();
  expect((await shown()).length).toBeGreaterThan(0);
  await page.getByTestId('search-retriever').selectOption('dense');
  await page.getByTestId('search-need-model').waitFor();
  await page.getByTestId('search-status-need-model').waitFor();
  await expect.poll(async () => (await shown()).length).toBe(0);
  await page.getByTestId('search-open-models').click();
  await page.getByTestId('source-files').waitFor();
  await page.keyboard.press('Escape');

  // A chosen model that cannot load (the hub answers 404): a clear message, a way to the models
  // panel, and the view stays usable (the same panel then loads the test model).
  await page.route('**/nobody/no-such-model/**', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await page.evaluate(() => localStorage.setItem('chunklab.model', JSON.stringify({ kind: 'hub', id: 'nobody/no-such-model', dtype: 'q8', device: 'wasm' })));
  await page.reload();
  await page.getByTestId('search-model').waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('search-retriever').inputValue()).toBe('dense');
  await page.getByTestId('search-query').fill(Q1);
  await expect.poll(() => page.getByTestId('search-status').getAttribute('data-run'), { timeout: 60_000 }).toBe('error');
  expect(await page.locator('[data-testid="search-status"] [role="alert"]').textContent()).toMatch(/(não pôde ser carregado|could not be loaded).*nobody\/no-such-model/s);
  // The deliberate 404s are logged by the browser; nothing else may be.
  await expect.poll(() => s.errors.filter((e) => !/404|Not Found|no-such-model/i.test(e)).length).toBe(0);
  s.errors.length = 0;
  await page.getByTestId('search-error-models').click();
  await page.getByTestId('source-files').check();
  await page.getByTestId('model-folder').setInputFiles(MODEL);
  await page.getByTestId('folder-picked').waitFor();
  await page.getByTestId('model-load').click();
  await page.locator('[data-testid="model-status"][data-phase="ready"]').waitFor({ timeout: 60_000 });
  await page.keyboard.press('Escape');
  expect(await page.getByTestId('search-model').getAttribute('data-model')).toBe('chunklab-test-bert');

  // Dense: the first search embeds every distinct passage of the corpus once, and the query.
  await settled();
  const passages = new Set(chunks.map((c) => indexText(c, docs.get(c.docId)!))).size;
  const first = page.getByTestId('search-embedded');
  expect(Number(await first.getAttribute('data-passages'))).toBe(passages);
  expect(Number(await first.getAttribute('data-engine-passages'))).toBe(passages);
  expect(Number(await first.getAttribute('data-queries'))).toBe(1);
  sameTop(await shown(), await reference('dense', Q1), k);

  // A second query: only the query is embedded.
  await page.getByTestId('search-query').fill(Q2);
  await settled();
  const second = page.getByTestId('search-embedded');
  expect(Number(await second.getAttribute('data-passages'))).toBe(0);
  expect(Number(await second.getAttribute('data-engine-passages'))).toBe(0);
  expect(Number(await second.getAttribute('data-queries'))).toBe(1);
  sameTop(await shown(), await reference('dense', Q2), k);

  // Hybrid on the same model and chunks: the vectors are reused.
  await page.getByTestId('search-retriever').selectOption('hybrid');
  await settled();
  expect(await page.getByTestId('search-results').getAttribute('data-retriever')).toBe('hybrid');
  expect(Number(await page.getByTestId('search-embedded').getAttribute('data-passages'))).toBe(0);
  sameTop(await shown(), await reference('hybrid', Q2), k);

  // Reranked: the dense ranking's first 10 re-sorted by the test cross-encoder's scores (computed
  // here with the CLI's cross-encoder), picked from disk in the search view's reranker picker.
  await page.getByTestId('search-retriever').selectOption('dense');
  await settled();
  await page.locator('[data-testid="search-rerank"] summary').click();
  await loadRerankerFolder(page, CROSS);
  await page.getByTestId('search-rerank-on').check();
  await page.getByTestId('search-rerank-top').fill('10');
  await page.getByTestId('search-rerank-top').press('Tab');
  await settled();
  await page.getByTestId('search-reranked').waitFor();
  expect(await page.getByTestId('search-reranked').textContent()).toContain('10');
  const dense = await reference('dense', Q2);
  const ce = await loadCrossEncoder(CROSS, { cacheDir: null });
  let ceScores: ArrayLike<number>;
  try {
    ceScores = await ce.encoder.score(Q2, dense.slice(0, 10).map((d) => d.text));
  } finally {
    await ce.dispose();
  }
  const reranked = dense
    .slice(0, 10)
    .map((d, i) => ({ ...d, score: ceScores[i], i }))
    .sort((a, b) => b.score - a.score || a.i - b.i);
  expect(Number(await page.getByTestId('search-embedded').getAttribute('data-passages'))).toBe(0);
  sameTop(await shown(), reranked, k);
  await page.getByTestId('search-rerank-on').uncheck();
  await settled();

  // One document: only its chunks compete.
  const docId = ds.questions[0].gold[0].docId;
  await page.getByTestId('search-scope').selectOption(docId);
  await settled();
  const inDoc = await shown();
  expect(inDoc.every((u) => u.key.startsWith(`${docId}:`))).toBe(true);
  sameTop(inDoc, dense.filter((d) => d.key.startsWith(`${docId}:`)), Math.min(k, dense.filter((d) => d.key.startsWith(`${docId}:`)).length));
  await page.getByTestId('search-scope').selectOption('');
  await settled();

  // Another chunking (small fixed windows: many passages) must embed its passages: Cancel while it
  // does, then the view still searches.
  await page.getByTestId('search-retriever').selectOption('bm25');
  await page.getByTestId('search-chunker').selectOption('fixed');
  const size = page.locator('input[data-param="maxTokens"]');
  await size.fill(String(Math.max(16, Number((await size.getAttribute('min')) ?? 0))));
  await size.press('Tab');
  await settled();
  expect(await page.getByTestId('search-results').getAttribute('data-retriever')).toBe('bm25');
  await page.getByTestId('search-retriever').selectOption('dense');
  await page.getByTestId('search-embedding').waitFor({ timeout: 60_000 });
  await page.getByTestId('search-cancel').click();
  await expect.poll(() => page.getByTestId('search-status').getAttribute('data-run')).toBe('cancelled');
  expect(await page.getByTestId('search-embedding').count()).toBe(0);
  await page.getByTestId('search-chunker').selectOption('structure');
  await page.getByTestId('search-query').fill(Q1);
  await settled();
  expect(await page.getByTestId('search-results').getAttribute('data-retriever')).toBe('dense');
  sameTop(await shown(), await reference('dense', Q1), k);
  expect(s.errors).toEqual([]);
});
