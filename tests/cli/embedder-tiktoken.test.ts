// `eval --embedder openai:text-embedding-3-small` counts in the model's own tokens: chunk sizes, the
// per-input limit and the estimate are cl100k_base, checked against js-tiktoken's own encoder (the
// package that ships the ranks); the ranking equals the same vectors computed in-process with the
// same chunks; a rerun makes no call. Another service's model counts with the bundled tokenizer and
// the run says so.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import { runCli } from './helpers.ts';
import { startEmbeddingServer, unitBow, type EmbeddingServer } from '../engine/embedding/providers/server.ts';
import { loadDataset } from '../../src/node/files.ts';
import { runExperiment, type ExperimentConfig } from '../../src/engine/evaluation/experiment.ts';
import { DenseRetriever } from '../../src/engine/retrieval/dense.ts';
import { createTiktokenTokenizer } from '../../src/engine/tokens/tiktoken.ts';
import { serviceTokenCounter } from '../../src/engine/embedding/providers/tokens.ts';

const root = new URL('../../', import.meta.url).pathname;
const SQUAD = join(root, 'tests/fixtures/datasets/squad-mini.json');
const tmp = mkdtempSync(join(tmpdir(), 'chunklab-embedder-tiktoken-'));
const reference = new Tiktoken(cl100k);
const count = (t: string) => reference.encode(t).length;

let server: EmbeddingServer;
beforeAll(async () => {
  server = await startEmbeddingServer({ kind: 'openai' });
});
afterAll(async () => {
  await server?.close();
});

const args = (model: string, cache: string, ...more: string[]) => [
  'eval', '--dataset', SQUAD, '--chunker', 'sentences', '--max-tokens', '20', '--retriever', 'dense',
  '--embedder', `openai:${model}`, '--embed-base-url', server.base, '--cache-dir', cache, ...more,
];

test('an OpenAI model counts chunk sizes and the estimate in cl100k_base; ranking as in-process; a rerun makes no call', async () => {
  const out = join(tmp, 'openai.json');
  const cache = join(tmp, 'cache');
  const r = await runCli(args('text-embedding-3-small', cache, '--yes', '--out', out));
  expect(r.code, r.err).toBe(0);
  const file = JSON.parse(readFileSync(out, 'utf8'));
  expect(file.config.tokenizer).toBe('cl100k_base');
  expect(r.err).toContain("sizes      counted in cl100k_base, openai:text-embedding-3-small's own tokens");

  // Sizes: every chunk's tokens are js-tiktoken's count of its text (offsets are code points).
  const dataset = await loadDataset(SQUAD);
  const textOf = new Map(dataset.documents.map((d) => [d.id, Array.from(d.text)]));
  expect(file.chunks.length).toBeGreaterThan(5);
  for (const c of file.chunks) {
    const text = textOf.get(c.docId)!.slice(c.start, c.end).join('');
    expect(c.tokens, text).toBe(count(text));
    expect(c.tokens).toBeLessThanOrEqual(20);
  }
  // The estimate: the tokens of every distinct text sent (passages and questions), in cl100k_base, exact.
  const est = /about ([\d,]+) tokens \(exact\)/.exec(r.err);
  expect(est, r.err).not.toBeNull();
  const sent = new Set(server.served().flatMap((q) => q.body.input as string[]));
  expect(Number(est![1].replace(/,/g, ''))).toBe([...sent].reduce((s, t) => s + count(t), 0));

  // The ranking: the server's vectors computed here, over chunks cut with the same encoding.
  const tokenizer = await createTiktokenTokenizer('cl100k_base');
  const config: ExperimentConfig = { chunker: 'sentences', params: { maxTokens: 20 }, retriever: { kind: 'dense' }, k: 10 };
  const ref = await runExperiment(dataset, config, { tokenizer, createRetriever: () => new DenseRetriever({ embed: async (texts) => texts.map((t) => unitBow(t)) }) });
  expect(file.chunks.map((c: any) => [c.start, c.end, c.tokens])).toEqual(ref.chunks.map((c) => [c.start, c.end, c.tokens]));
  expect(file.questions.map((q: any) => q.ranked)).toEqual(ref.questions.map((q) => q.ranked));
  expect(file.metrics).toEqual(ref.metrics);

  const calls = server.requests.length;
  const again = await runCli(args('text-embedding-3-small', cache, '--out', join(tmp, 'again.json')));
  expect(again.code, again.err).toBe(0);
  expect(server.requests.length).toBe(calls);
  expect(readFileSync(join(tmp, 'again.json'), 'utf8')).toBe(readFileSync(out, 'utf8'));
});

test("a model that is not OpenAI's counts with the bundled tokenizer and says so", async () => {
  const out = join(tmp, 'local.json');
  const r = await runCli(args('bge-m3', join(tmp, 'cache-local'), '--yes', '--out', out));
  expect(r.code, r.err).toBe(0);
  expect(JSON.parse(readFileSync(out, 'utf8')).config.tokenizer).toBe('all-MiniLM-L6-v2');
  expect(r.err).toContain("sizes      counted with all-MiniLM-L6-v2, the closest known tokenizer: openai:bge-m3's own tokenizer is not available");
  expect(r.err).toMatch(/about [\d,]+ tokens \(counted with all-MiniLM-L6-v2, not the service's tokenizer\)/);
});

test('the counter is exact only for the model’s own encoding', async () => {
  const cl = await createTiktokenTokenizer('cl100k_base');
  expect(serviceTokenCounter('openai', 'text-embedding-3-large', cl).exact).toBe(true);
  expect(serviceTokenCounter('openai', 'openai/text-embedding-ada-002', cl).exact).toBe(true);
  expect(serviceTokenCounter('cohere', 'text-embedding-3-large', cl).exact).toBe(false);
  expect(serviceTokenCounter('openai', 'nomic-embed-text', cl).exact).toBe(false);
  const o200 = await createTiktokenTokenizer('o200k_base');
  expect(serviceTokenCounter('openai', 'text-embedding-3-small', o200).exact).toBe(false);
  expect(serviceTokenCounter('openai', 'text-embedding-3-small', cl).count('Olá, mundo! 👋🏽 código')).toBe(count('Olá, mundo! 👋🏽 código'));
});
