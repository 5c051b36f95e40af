// `eval --retriever dense|hybrid --embedder kind:model --embed-base-url <local server>` against a real
// HTTP server on 127.0.0.1 speaking the service's protocol (tests/engine/embedding/providers/server.ts):
// the ranking equals the one computed in-process from the same vectors, the estimate comes before any
// call and its call count is the one made, a rerun makes no call, a failed run resumes with only the
// missing calls, nothing is sent without --yes off a terminal, and the key is in no file or output.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, expectOneLineError } from './helpers.ts';
import { startEmbeddingServer, unitBow, DIMS, type EmbeddingServer } from '../engine/embedding/providers/server.ts';
import { loadDataset } from '../../src/node/files.ts';
import { loadDefaultTokenizer } from '../../src/node/tokenizer-folder.ts';
import { runExperiment, type ExperimentConfig } from '../../src/engine/evaluation/experiment.ts';
import { DenseRetriever } from '../../src/engine/retrieval/dense.ts';
import { HybridRetriever } from '../../src/engine/retrieval/hybrid.ts';
import { Bm25Retriever } from '../../src/engine/retrieval/bm25.ts';
import { serviceDeps } from '../../src/cli/embedder.ts';

const root = new URL('../../', import.meta.url).pathname;
const SQUAD = join(root, 'tests/fixtures/datasets/squad-mini.json');
const tmp = mkdtempSync(join(tmpdir(), 'chunklab-embedder-cli-'));
const KEY = 'sk-embed-cli-Q7w9SECRETvalue';
const CHUNKING = ['--dataset', SQUAD, '--chunker', 'sentences', '--max-tokens', '24'];

let openai: EmbeddingServer;
let cohere: EmbeddingServer;
beforeAll(async () => {
  openai = await startEmbeddingServer({ kind: 'openai', key: KEY, maxInputs: 4 });
  cohere = await startEmbeddingServer({ kind: 'cohere', key: KEY });
});
afterAll(async () => {
  await openai?.close();
  await cohere?.close();
});

const env = { OPENAI_API_KEY: KEY, COHERE_API_KEY: KEY };
const withOpenai = (cache: string, ...more: string[]) => [
  'eval', ...CHUNKING, '--retriever', 'dense', '--embedder', 'openai:test-embed', '--embed-base-url', openai.base,
  '--embed-batch', '4', '--cache-dir', cache, ...more,
];

/** The same experiment with the server's vectors computed in this process. */
async function inProcess(kind: 'dense' | 'hybrid') {
  const dataset = await loadDataset(SQUAD);
  const tokenizer = await loadDefaultTokenizer();
  const config: ExperimentConfig = { chunker: 'sentences', params: { maxTokens: 24 }, retriever: { kind }, k: 10 };
  const dense = () => new DenseRetriever({ embed: async (texts) => texts.map((t) => unitBow(t)) });
  return runExperiment(dataset, config, {
    tokenizer,
    createRetriever: () => (kind === 'dense' ? dense() : new HybridRetriever(new Bm25Retriever({ k1: 1.2, b: 0.75, stopwords: 'en' }), dense(), { k: 60 })),
  });
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe('eval --embedder', () => {
  const cache = join(tmp, 'cache-openai');
  const out = join(tmp, 'dense.json');

  test('dense retrieval through an OpenAI-compatible server ranks as the same vectors in-process; the estimate comes first', async () => {
    const r = await runCli(withOpenai(cache, '--yes', '--out', out), env);
    expect(r.code, r.err).toBe(0);
    const file = JSON.parse(readFileSync(out, 'utf8'));
    const ref = await inProcess('dense');
    expect(file.chunks.map((c: any) => [c.start, c.end])).toEqual(ref.chunks.map((c) => [c.start, c.end]));
    expect(file.questions.map((q: any) => q.ranked)).toEqual(ref.questions.map((q) => q.ranked));
    expect(file.metrics).toEqual(ref.metrics);
    // provider, model, dimensions and base URL recorded; no key
    expect(file.config.retriever).toMatchObject({ kind: 'dense', provider: 'openai', model: 'test-embed', dimensions: DIMS, baseUrl: openai.base });
    expect(file.embedding).toMatchObject({ passages: file.chunks.length, queries: file.questions.length });
    // the estimate line, then the calls it announced; batches within the server's limit of 4
    const est = /embedder {3}openai:test-embed: (\d+) texts to embed, 0 in the cache; (\d+) calls/.exec(r.err);
    expect(est, r.err).not.toBeNull();
    expect(Number(est![2])).toBe(openai.requests.length);
    expect(openai.requests.every((q) => q.body.input.length <= 4 && q.path === '/v1/embeddings')).toBe(true);
    expect(openai.requests.flatMap((q) => q.body.input).length).toBe(Number(est![1]));
    expect(r.out).toMatch(/embedder {3}openai:test-embed at http:\/\/127\.0\.0\.1:\d+\/v1 \(48 dimensions\): \d+ passages, 11 queries; \d+ calls/);
    // the key: sent to the server, and nowhere else
    expect(openai.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
    for (const f of [out, ...filesUnder(cache)]) expect(readFileSync(f).toString('latin1')).not.toContain(KEY);
    expect(r.out + r.err).not.toContain(KEY);
  });

  test('a rerun makes no call and gives the same file', async () => {
    const before = openai.requests.length;
    const again = join(tmp, 'dense-again.json');
    const r = await runCli(withOpenai(cache, '--out', again), env); // no --yes needed: nothing to send
    expect(r.code, r.err).toBe(0);
    expect(openai.requests.length).toBe(before);
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(out, 'utf8'));
    expect(r.out).toMatch(/; 0 calls \(0 texts sent\)/);
  });

  test('off a terminal and without --yes nothing is sent: one line says to pass --yes', async () => {
    const before = openai.requests.length;
    const target = join(tmp, 'refused.json');
    const r = await runCli(withOpenai(join(tmp, 'cache-fresh'), '--out', target), env);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n').pop()).toMatch(/^error: .*calls to openai:test-embed need confirmation and there is no terminal to ask on: pass --yes$/);
    expect(openai.requests.length).toBe(before);
    expect(existsSync(target)).toBe(false);
  });

  test('a run that fails halfway keeps its batches; the rerun makes only the missing calls', async () => {
    let failing = true;
    const server = await startEmbeddingServer({ kind: 'openai', fault: (n) => (failing && n > 3 ? { status: 400, json: { error: { message: 'quota' } } } : undefined) });
    try {
      const args = ['eval', ...CHUNKING, '--retriever', 'dense', '--embedder', 'openai:m', '--embed-base-url', server.base, '--embed-batch', '3', '--embed-concurrency', '1', '--cache-dir', join(tmp, 'cache-resume'), '--yes'];
      const first = await runCli(args, {});
      expect(first.code).toBe(2);
      expect(first.err.trim().split('\n').pop()).toMatch(/^error: openai:m at .*, batch 4 of \d+ \(\d+ texts\): the API rejected the request \(HTTP 400\) — quota.*rerun to resume\)$/);
      expect(server.served()).toHaveLength(3);
      expect(server.requests).toHaveLength(4);
      const total = Number(/(\d+) calls/.exec(first.err)![1]);
      failing = false;
      const second = await runCli(args, {});
      expect(second.code, second.err).toBe(0);
      expect(server.requests).toHaveLength(4 + total - 3);
      expect(second.err).toMatch(new RegExp(`in the cache; ${total - 3} calls`));
      expect(second.out).toMatch(new RegExp(`; ${total - 3} calls`));
    } finally {
      await server.close();
    }
  });

  test('hybrid over Cohere: document and query input types, and the ranking of the same vectors in-process', async () => {
    const target = join(tmp, 'hybrid.json');
    const r = await runCli(['eval', ...CHUNKING, '--retriever', 'hybrid', '--embedder', 'cohere:embed-v4.0', '--embed-base-url', cohere.base, '--cache-dir', join(tmp, 'cache-cohere'), '--yes', '--out', target], env);
    expect(r.code, r.err).toBe(0);
    const file = JSON.parse(readFileSync(target, 'utf8'));
    const ref = await inProcess('hybrid');
    expect(file.questions.map((q: any) => q.ranked)).toEqual(ref.questions.map((q) => q.ranked));
    expect(file.config.retriever).toMatchObject({ kind: 'hybrid', provider: 'cohere', model: 'embed-v4.0', baseUrl: cohere.base, stopwords: 'en', fusion: 'rrf' });
    expect(cohere.requests.map((q) => q.body.input_type)).toEqual(['search_document', 'search_query']);
    // a custom base URL is never priced from the table
    expect(r.err).toMatch(/no price: your own server/);
  });

  test('bad combinations are one-line errors before anything runs', async () => {
    expectOneLineError(await runCli(['eval', ...CHUNKING, '--retriever', 'dense', '--embedder', 'openai:m', '--late']), /--late needs a local model/);
    expectOneLineError(await runCli(['eval', ...CHUNKING, '--retriever', 'dense', '--embedder', 'gemini:m']), /not an embedding service spec/);
    expectOneLineError(await runCli(['eval', ...CHUNKING, '--embed-base-url', 'http://x/v1']), /--embed-base-url needs --embedder/);
    expectOneLineError(await runCli(['eval', ...CHUNKING, '--embedder', 'openai:m']), /--embedder needs --retriever dense or hybrid/);
    expectOneLineError(await runCli(['eval', ...CHUNKING, '--retriever', 'dense', '--embedder', 'openai:m', '--dimensions', '0']), /--dimensions must be a whole number >= 1/);
    expectOneLineError(await runCli(['eval', ...CHUNKING, '--retriever', 'dense']), /needs --model <id-or-dir> or --embedder/);
  });

  test("the service's own endpoint without a key: the estimate, then a line naming the variable; nothing sent", async () => {
    const r = await runCli(['eval', ...CHUNKING, '--retriever', 'dense', '--embedder', 'voyage:voyage-3.5', '--cache-dir', join(tmp, 'cache-nokey'), '--yes'], { VOYAGE_API_KEY: undefined });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/embedder {3}voyage:voyage-3\.5: \d+ texts to embed.*about \$\d/);
    expect(r.err.trim().split('\n').pop()).toMatch(/^error: voyage:voyage-3\.5: no API key: set VOYAGE_API_KEY in the environment/);
  });

  test('on a terminal the estimate is confirmed before any call; "no" sends nothing', async () => {
    const tokenizer = await loadDefaultTokenizer();
    const asked: string[] = [];
    const deps = serviceDeps({
      spec: 'openai:m', baseUrl: openai.base, cacheDir: null, queries: ['q one'], tokenizer, env, log: () => {},
      interactive: true, confirm: async (q) => (asked.push(q), false),
    });
    const retriever = await deps.createRetriever({ kind: 'dense' }, { docs: new Map(), chunks: [] });
    const before = openai.requests.length;
    await expect(retriever.index([{ id: 'a', docId: 'd', text: 'some passage' }])).rejects.toThrow(/not confirmed: nothing was sent/);
    expect(asked).toEqual(['Send these texts to the service? [y/N] ']);
    expect(openai.requests.length).toBe(before);
  });

  test('texts that look like personal data are counted in a warning before the question', async () => {
    const tokenizer = await loadDefaultTokenizer();
    const lines: string[] = [];
    const deps = serviceDeps({
      spec: 'openai:m', baseUrl: openai.base, cacheDir: null, queries: [], tokenizer, env, log: (l) => lines.push(l),
      interactive: true, confirm: async () => false,
    });
    const retriever = await deps.createRetriever({ kind: 'dense' }, { docs: new Map(), chunks: [] });
    const before = openai.requests.length;
    await expect(retriever.index([{ id: 'a', docId: 'd', text: 'Write to maria.silva@example.com or call +55 11 91234-5678.' }])).rejects.toThrow(/not confirmed/);
    expect(lines[1]).toMatch(/^embedder {3}the texts to send look like they hold personal data \(1 email, 1 phone\)/);
    expect(openai.requests.length).toBe(before);
  });
});
