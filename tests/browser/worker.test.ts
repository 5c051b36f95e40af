// The built engine worker, driven over Comlink's wire protocol from a real page: it answers with
// exactly what the engine computes in Node for the same input (chunks + lints, a BM25 experiment
// on the Portuguese sample), and bad input comes back as an error naming the problem.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openBrowser, type Session } from './browser';
import { appUrl, driveEngineWorker } from './helpers';
import { loadDefaultTokenizer } from '../../src/node/tokenizer-folder.ts';
import { loadDataset } from '../../src/node/files.ts';
import { runExperiment } from '../../src/engine/evaluation/experiment.ts';
import { CHUNKERS, chunkCorpus, chunkDocument } from '../../src/engine/chunkers/index.ts';
import { lintChunks } from '../../src/engine/lints/index.ts';
import { parseDocument } from '../../src/engine/documents/index.ts';

// The bundled tokenizer and the Portuguese sample, read as the CLI reads them.
const tokenizer = await loadDefaultTokenizer();
const dataset = await loadDataset('public/samples/pt-BR');

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
  await s.page.goto(appUrl());
  callEngine = await driveEngineWorker(s.page);
});
afterAll(async () => {
  await s?.close();
});

/** Numbers to 12 significant digits, everything else unchanged. */
function rounded(v: unknown): unknown {
  if (typeof v === 'number') return Number.isInteger(v) ? v : Number(v.toPrecision(12));
  if (Array.isArray(v)) return v.map(rounded);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rounded(x)]));
  return v;
}

let callEngine: Awaited<ReturnType<typeof driveEngineWorker>>;

test('the worker bundle exists and lists the registry without functions', async () => {
  const list = await callEngine<{ id: string; params: { name: string }[] }[]>('chunkers');
  expect(list.map((c) => c.id)).toEqual(Object.keys(CHUNKERS));
  expect(list.map((c) => c.id)).toContain('recursive');
  expect(list.every((c) => c.params.some((p) => p.name === 'maxTokens'))).toBe(true);
});

test('inspect returns the chunks and lints the engine computes in Node', async () => {
  const d = dataset.documents[0];
  const params = { maxTokens: 96, overlap: 0, header: true };
  const r = await callEngine<{ chunks: unknown[]; lint: unknown; tokenizer: string }>('inspect', d, 'structure', params, { modelMaxTokens: 256, minTokens: 16 });
  const doc = parseDocument(d);
  const chunks = await chunkDocument(doc, 'structure', params, { tokenizer });
  const lint = lintChunks(doc, chunks, { modelMaxTokens: 256, minTokens: 16 });
  expect(r.tokenizer).toBe('all-MiniLM-L6-v2');
  expect(r.chunks).toEqual(JSON.parse(JSON.stringify(chunks)));
  expect(r.lint).toEqual(JSON.parse(JSON.stringify(lint)));
});

test('chunkCorpus returns every document\'s chunks and a lint report per document, as in Node', async () => {
  const params = { maxTokens: 200, overlap: 20 };
  const r = await callEngine<{ chunks: { docId: string }[]; lint: Record<string, { chunks: number }> }>('chunkCorpus', dataset.documents, 'recursive', params, { modelMaxTokens: 256, minTokens: 16 });
  const docs = dataset.documents.map((d) => parseDocument(d));
  const chunks = await chunkCorpus(docs, 'recursive', params, { tokenizer });
  expect(r.chunks.length).toBe(chunks.length);
  expect(Object.keys(r.lint)).toEqual(dataset.documents.map((d) => d.id));
  for (const d of docs) {
    const own = chunks.filter((c) => c.docId === d.id);
    expect(r.lint[d.id]).toEqual(JSON.parse(JSON.stringify(lintChunks(d, own, { modelMaxTokens: 256, minTokens: 16 }))));
  }
  expect(r.chunks).toEqual(JSON.parse(JSON.stringify(chunks)));
});

test('a BM25 experiment on the Portuguese sample gives the results file the engine gives in Node', async () => {
  const config = { chunker: 'recursive', params: { maxTokens: 128, overlap: 0 }, retriever: { kind: 'bm25' } } as const;
  const inWorker = await callEngine<{ format: string; metrics: Record<string, number>; questions: unknown[] }>('experiment', dataset, config);
  const inNode = await runExperiment(dataset, config, { tokenizer });
  expect(inWorker.format).toBe('chunklab-results');
  // Same ranking, metrics and spans; BM25 scores may differ in the last bit between V8 builds (Math.log).
  expect(rounded(inWorker)).toEqual(rounded(JSON.parse(JSON.stringify(inNode))));
  expect(inWorker.questions.length).toBeGreaterThan(0);
  expect(inWorker.metrics['hit@5']).toBeGreaterThan(0);
});

test('bad input comes back as an error that names the problem', async () => {
  await expect(callEngine('inspect', dataset.documents[0], 'no-such-chunker', {}, {})).rejects.toThrow(/unknown chunker "no-such-chunker"/);
  await expect(callEngine('readUpload', [{ name: 'x.json', text: '{"format": "chunklab-workspace", "version": 9}' }])).rejects.toThrow(/version/);
});
