// The page runs a dense grid against an embedding service: a real OpenAI-compatible server on
// 127.0.0.1 started here (tests/engine/embedding/providers/server.ts: deterministic vectors from the
// text, at most 16 texts per call, a key required), chosen in the models dialog's "Embedding service".
// The page counts sizes in the model's tiktoken encoding (cl100k_base, checked against js-tiktoken's
// own encoder), shows the estimate before any call (its call count is the one made), and the grid's
// dense and hybrid rankings equal the same vectors computed here in Node. After a reload, rerunning
// makes no call (the vectors are in IndexedDB). The CLI's `eval --embedder` against the same server
// gives the page's ranking. The key is in no exported workspace or results file,
// no console message and not in localStorage (not remembered).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../cli/helpers.ts';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import { openApp, openGrid, pasteDocument, runGrid, savedResults, useBrowser, useEmbeddingService, waitSaved } from './helpers';
import { startEmbeddingServer, unitBow, DIMS, type EmbeddingServer } from '../engine/embedding/providers/server.ts';
import { loadDataset } from '../../src/node/files.ts';
import { runExperiment, type ExperimentConfig } from '../../src/engine/evaluation/experiment.ts';
import type { ResultsFile } from '../../src/engine/evaluation/types.ts';
import { DenseRetriever } from '../../src/engine/retrieval/dense.ts';
import { HybridRetriever } from '../../src/engine/retrieval/hybrid.ts';
import { Bm25Retriever } from '../../src/engine/retrieval/bm25.ts';
import { createTiktokenTokenizer } from '../../src/engine/tokens/tiktoken.ts';

const KEY = 'sk-page-service-Z9x8SECRETvalue';
const MODEL = 'text-embedding-3-small';
type Kind = 'dense' | 'hybrid';
const KINDS: Kind[] = ['dense', 'hybrid'];
const LABEL = { dense: `structure · 128 · dense openai:${MODEL}`, hybrid: `structure · 128 · hybrid openai:${MODEL}` };
const reference = new Tiktoken(cl100k);

const s = useBrowser();
let server: EmbeddingServer;
/** Requests from this number on wait for `held` (the cancel test). */
let holdFrom = 0;
let release: () => void = () => undefined;
let held: Promise<void> = Promise.resolve();
const consoleText: string[] = [];
const ref = {} as Record<Kind, ResultsFile>;

beforeAll(async () => {
  server = await startEmbeddingServer({ kind: 'openai', key: KEY, maxInputs: 16, before: (n) => (holdFrom && n >= holdFrom ? held : Promise.resolve()) });
  const tokenizer = await createTiktokenTokenizer('cl100k_base');
  const dense = () => new DenseRetriever({ embed: async (texts) => texts.map((t) => unitBow(t)) });
  for (const kind of KINDS) {
    const config: ExperimentConfig = { chunker: 'structure', params: { maxTokens: 128, overlap: 0 }, header: false, retriever: { kind }, k: 10 };
    ref[kind] = await runExperiment(await loadDataset('public/samples/pt-BR'), config, {
      tokenizer,
      createRetriever: () => (kind === 'dense' ? dense() : new HybridRetriever(new Bm25Retriever({ k1: 1.2, b: 0.75, stopwords: 'pt' }), dense(), { k: 60 })),
    });
  }
  s.page.on('console', (m) => consoleText.push(m.text()));
  s.page.on('worker', (w) => w.on('console', (m) => consoleText.push(m.text())));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

test('a dense and hybrid grid against a local OpenAI-compatible server ranks as the same vectors in Node, counted in cl100k_base', async () => {
  const { page } = s;
  await openApp(page);

  const status = await useEmbeddingService(page, { base: server.base, model: MODEL, key: KEY, batch: 16, close: false });
  expect(await status.getAttribute('data-exact')).toBe('true');
  expect(await status.getAttribute('data-tokenizer')).toBe('cl100k_base');
  // The engine counts in the service model's tokens, as it follows a loaded in-page model.
  const line = page.getByTestId('service-counts');
  await expect.poll(() => line.getAttribute('data-engine'), { timeout: 30_000 }).toBe('cl100k_base');
  await page.keyboard.press('Escape');
  expect(server.requests).toHaveLength(0);

  await openGrid(s.page);
  await page.locator('input[data-chunker="fixed"]').uncheck();
  await page.locator('input[data-retriever="bm25"]').uncheck();
  await page.locator('input[data-retriever="dense"]').check();
  await page.locator('input[data-retriever="hybrid"]').check();
  expect(await page.getByTestId('exp-model').getAttribute('data-model')).toBe(`openai:${MODEL}`);
  await page.getByTestId('exp-late-service').waitFor();
  expect(await page.getByTestId('exp-late').count()).toBe(0);
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('2');

  await page.getByTestId('exp-run').click();
  // The estimate before any call: every passage and question once, in calls of at most 16.
  const est = page.getByTestId('service-estimate');
  await est.waitFor({ timeout: 60_000 });
  expect(server.requests).toHaveLength(0);
  const texts = Number(await est.getAttribute('data-texts'));
  const calls = Number(await est.getAttribute('data-calls'));
  const tokens = Number(await est.getAttribute('data-tokens'));
  expect(await est.getAttribute('data-exact')).toBe('true');
  const distinctPassages = new Set(ref.dense.chunks.map((c) => c.id)).size;
  expect(texts).toBeGreaterThan(ref.dense.questions.length);
  expect(texts).toBeLessThanOrEqual(distinctPassages + ref.dense.questions.length);
  expect(calls).toBeGreaterThanOrEqual(Math.ceil(texts / 16));
  await page.getByTestId('service-send').click();
  await page.getByTestId('exp-finished').waitFor({ timeout: 120_000 });
  expect(await page.locator('[data-testid="exp-runs"] li[data-status="done"]').count()).toBe(2);
  await waitSaved(page);
  // The calls announced were the calls made (the hybrid run found every vector cached); the key went to the server.
  expect(server.served()).toHaveLength(calls);
  expect(server.requests).toHaveLength(calls);
  expect(server.served().flatMap((r) => r.body.input)).toHaveLength(texts);
  expect(server.requests.every((r) => r.headers.authorization === `Bearer ${KEY}` && r.body.input.length <= 16)).toBe(true);
  const sent = server.served().flatMap((r) => r.body.input as string[]);
  expect(tokens).toBe(sent.reduce((n, t) => n + reference.encode(t).length, 0));

  const saved = await savedResults(s.page);
  const sample = await loadDataset('public/samples/pt-BR');
  const textOf = new Map(sample.documents.map((d) => [d.id, Array.from(d.text)]));
  for (const kind of KINDS) {
    const file = saved.find((x) => x.name === LABEL[kind])?.results;
    expect(file, LABEL[kind]).toBeDefined();
    expect(file!.config.tokenizer).toBe('cl100k_base');
    expect(file!.chunks.map((c) => [c.docId, c.start, c.end, c.tokens])).toEqual(ref[kind].chunks.map((c) => [c.docId, c.start, c.end, c.tokens]));
    for (const c of file!.chunks.slice(0, 40)) expect(c.tokens).toBe(reference.encode(textOf.get(c.docId)!.slice(c.start, c.end).join('')).length);
    expect(file!.questions.map((q) => q.ranked)).toEqual(ref[kind].questions.map((q) => q.ranked));
    expect(file!.metrics).toEqual(ref[kind].metrics);
    expect(file!.config.retriever).toMatchObject({ kind, provider: 'openai', model: MODEL, dimensions: DIMS, baseUrl: server.base });
    expect(JSON.stringify(file)).not.toContain(KEY);
  }

  // The CLI's run of the same grid cell against the same server ranks exactly as the page did.
  const dir = mkdtempSync(join(tmpdir(), 'chunklab-page-cli-'));
  try {
    const out = join(dir, 'cli.json');
    const r = await runCli(
      ['eval', '--dataset', 'public/samples/pt-BR', '--chunker', 'structure', '--max-tokens', '128', '--retriever', 'dense', '--embedder', `openai:${MODEL}`,
        '--embed-base-url', server.base, '--embed-batch', '16', '--cache-dir', join(dir, 'cache'), '--yes', '--out', out],
      { OPENAI_API_KEY: KEY },
    );
    expect(r.code, r.err).toBe(0);
    const cli = JSON.parse(readFileSync(out, 'utf8')) as ResultsFile;
    const page = saved.find((x) => x.name === LABEL.dense)!.results;
    expect(cli.config.tokenizer).toBe('cl100k_base');
    expect(cli.chunks).toEqual(page.chunks);
    expect(cli.questions.map((q) => q.ranked)).toEqual(page.questions.map((q) => q.ranked));
    expect(cli.metrics).toEqual(page.metrics);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 240_000);

test('after a reload, rerunning the grid makes no call; the key is in no export, console message or storage', async () => {
  const { page } = s;
  const before = server.requests.length;
  await page.reload();
  await waitSaved(page);
  await openGrid(s.page);
  await page.locator('input[data-chunker="fixed"]').uncheck();
  await page.locator('input[data-retriever="bm25"]').uncheck();
  await page.locator('input[data-retriever="hybrid"]').uncheck();
  await page.locator('input[data-retriever="dense"]').check();
  await runGrid(page, { runs: 1 });
  expect(await page.locator('[data-testid="exp-runs"] li[data-status="done"]').count()).toBe(1);
  expect(await page.getByTestId('service-estimate').count()).toBe(0);
  expect(server.requests.length).toBe(before);
  await waitSaved(page);

  // The workspace export.
  await page.goto(page.url().replace(/#.*$/, '') + '#/workspace');
  const [ws] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar espaço de trabalho' }).click()]);
  const wsText = readFileSync((await ws.path())!, 'utf8');
  expect(JSON.parse(wsText).format).toBe('chunklab-workspace');
  expect(wsText).not.toContain(KEY);
  // A results file saved for sharing.
  await page.goto(page.url().replace(/#.*$/, '') + '#/lessons');
  const select = page.getByTestId('share-run-select');
  await select.waitFor({ timeout: 30_000 });
  // Listed in the page's language (the stored label is the English one).
  const value = await select.locator('option', { hasText: `estrutura · 128 · denso openai:${MODEL}` }).first().getAttribute('value');
  await select.selectOption(value!);
  const [rf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-save').click()]);
  const rfText = readFileSync((await rf.path())!, 'utf8');
  expect(JSON.parse(rfText).config.retriever).toMatchObject({ provider: 'openai', model: MODEL, baseUrl: server.base });
  expect(rfText).not.toContain(KEY);
  // Console messages (page and workers) and the page's storage.
  expect(consoleText.join('\n')).not.toContain(KEY);
  const stored = await page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
  expect(stored).toContain(MODEL);
  expect(stored).not.toContain(KEY);
}, 180_000);

test('the semantic chunker takes its sentence vectors from the service (estimate first), cutting as the same vectors in Node', async () => {
  const { page } = s;
  const tokenizer = await createTiktokenTokenizer('cl100k_base');
  const config: ExperimentConfig = { chunker: 'semantic', params: { maxTokens: 128, overlap: 0 }, header: false, retriever: { kind: 'bm25' }, k: 10, semanticEmbedder: `openai:${MODEL}` };
  const want = await runExperiment(await loadDataset('public/samples/pt-BR'), config, { tokenizer, embed: async (texts) => texts.map((t) => unitBow(t)) });
  await openGrid(s.page);
  await page.locator('input[data-chunker="structure"]').uncheck();
  await page.locator('input[data-chunker="semantic"]').check();
  await page.locator('input[data-retriever="dense"]').uncheck();
  await page.locator('input[data-retriever="bm25"]').check();
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('1');
  const before = server.requests.length;
  const servedBefore = server.served().length;
  // The key was not remembered: after the reload the header names the service and says its key is
  // missing, the dialog says why, and a run sends nothing (no estimate, no call without the key).
  expect(await page.getByTestId('model-button').textContent()).toContain(`openai:${MODEL}`);
  await page.getByTestId('service-needs-key').waitFor();
  await page.getByTestId('model-button').click();
  expect(await page.getByTestId('service-key-missing').textContent()).toContain('se perdeu ao recarregar');
  await page.keyboard.press('Escape');
  await page.getByTestId('exp-run').click();
  const failed = page.locator('[data-testid="exp-runs"] li[data-status="error"]');
  await failed.waitFor({ timeout: 60_000 });
  expect(await failed.innerText()).toMatch(/chave de API/);
  expect(await failed.innerText()).not.toContain(KEY);
  expect(await page.getByTestId('service-estimate').count()).toBe(0);
  expect(server.requests.length).toBe(before);

  // The key again (and 4 texts per call from now on), then the run.
  await page.getByTestId('model-button').click();
  await page.getByTestId('service-key').fill(KEY);
  await page.getByTestId('service-batch').fill('4');
  await page.getByTestId('service-use').click();
  await page.getByTestId('service-status').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('exp-run').click();
  await page.getByTestId('service-estimate').waitFor({ timeout: 60_000 });
  await page.getByTestId('service-send').click();
  await page.getByTestId('exp-finished').waitFor({ timeout: 120_000 });
  expect(await page.locator('[data-testid="exp-runs"] li[data-status="done"]').count()).toBe(1);
  expect(server.served().length).toBeGreaterThan(servedBefore);
  await waitSaved(page);
  const file = (await savedResults(s.page)).find((x) => x.name.startsWith('semantic · 128'))?.results;
  expect(file).toBeDefined();
  expect(file!.config.semanticEmbedder).toBe(`openai:${MODEL}`);
  expect(file!.chunks.map((c) => [c.docId, c.start, c.end, c.tokens])).toEqual(want.chunks.map((c) => [c.docId, c.start, c.end, c.tokens]));
  expect(file!.metrics).toEqual(want.metrics);
  await page.locator('input[data-chunker="semantic"]').uncheck();
  await page.locator('input[data-chunker="structure"]').check();
}, 180_000);

test('personal data is warned about before sending; a run cancelled while calls are in flight keeps its finished batches: the rerun estimates and sends only the missing texts', async () => {
  const { page } = s;
  // A document with an e-mail address and a phone number: the estimate warns before sending.
  await page.goto(page.url().replace(/#.*$/, '') + '#/workspace');
  await pasteDocument(page, 'Contato', '# Contato\n\nEscreva para maria.silva@example.com ou ligue para +55 11 91234-5678 para falar do reembolso.');
  await openGrid(s.page);
  await page.getByTestId('exp-sizes').fill('96');
  await page.locator('input[data-retriever="bm25"]').uncheck();
  await page.locator('input[data-retriever="dense"]').check();
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('1');
  holdFrom = server.requests.length + 4;
  held = new Promise((r) => (release = r));
  await page.getByTestId('exp-run').click();
  const est = page.getByTestId('service-estimate');
  await est.waitFor({ timeout: 60_000 });
  const texts = Number(await est.getAttribute('data-texts'));
  const calls = Number(await est.getAttribute('data-calls'));
  const cached = Number(await est.getAttribute('data-cached'));
  expect(Number(await page.getByTestId('service-pii').getAttribute('data-total'))).toBeGreaterThanOrEqual(2);
  expect(calls).toBeGreaterThan(6);
  await page.getByTestId('service-send').click();
  await expect.poll(() => server.requests.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(holdFrom);
  await page.getByTestId('exp-cancel').click();
  await page.getByTestId('exp-cancelled').waitFor({ timeout: 30_000 });
  holdFrom = 0;
  release();

  const before = server.requests.length;
  await page.getByTestId('exp-run').click();
  await est.waitFor({ timeout: 60_000 });
  const texts2 = Number(await est.getAttribute('data-texts'));
  const calls2 = Number(await est.getAttribute('data-calls'));
  // The same texts (chunked alike: the fresh engine worker counts in cl100k_base too), some now cached.
  expect(texts2 + Number(await est.getAttribute('data-cached'))).toBe(texts + cached);
  expect(texts2).toBeLessThan(texts);
  expect(texts2).toBeGreaterThan(0);
  expect(calls2).toBeLessThan(calls);
  await page.getByTestId('service-send').click();
  await page.getByTestId('exp-finished').waitFor({ timeout: 120_000 });
  expect(await page.locator('[data-testid="exp-runs"] li[data-status="done"]').count()).toBe(1);
  expect(server.requests.length - before).toBe(calls2);
  expect(server.requests.slice(before).flatMap((r) => r.body.input)).toHaveLength(texts2);
}, 180_000);
