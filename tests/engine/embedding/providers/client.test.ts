// The embedding services' client against a real HTTP server on 127.0.0.1 speaking each protocol:
// request shapes (input types, dimensions, key), vectors equal to the server's own, retrieval equal
// to the same vectors computed in-process, batch limits, retries (429 + Retry-After, 500), timeouts,
// malformed answers, cancel and resume, and the key kept out of every error.
import { afterEach, describe, expect, test } from 'vitest';
import {
  createProviderEmbedder,
  EmbeddingProviderError,
  estimateEmbeddingRun,
  packBatches,
  PROVIDER_KINDS,
  type EmbeddingProviderKind,
} from '../../../../src/engine/embedding/providers/index.ts';
import { MemoryEmbeddingCache } from '../../../../src/engine/embedding/cache.ts';
import { DenseRetriever } from '../../../../src/engine/retrieval/dense.ts';
import { DIMS, startEmbeddingServer, textsOf, unitBow, type EmbeddingServer } from './server.ts';

const KEY = 'sk-embed-TEST-9f8e7dSECRET';
const noWait = { sleep: async () => {}, random: () => 0 };

const PASSAGES = [
  'The lighthouse keeper tended the lamp on the cliff every night.',
  'Trains carried fish to the capital overnight after 1902.',
  'Storms closed the harbour for weeks each winter.',
  'Guest houses opened along the promenade after the war.',
  'The museum keeps the old lamp and the station clock.',
  'Fishermen repaired nets in the old sheds by the harbour.',
  'O farol iluminava o recife durante a noite inteira.',
  'A estação de trem fechou quando a linha foi abandonada.',
];
const QUESTIONS = ['who tended the lamp on the cliff', 'when did trains carry fish', 'what closed the harbour', 'quando a estação fechou'];

let server: EmbeddingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function close(a: Float32Array, b: Float32Array): void {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) expect(a[i]).toBeCloseTo(b[i], 5);
}

describe.each(PROVIDER_KINDS)('%s protocol', (kind: EmbeddingProviderKind) => {
  test('sends the input type and key, and returns the server vectors at unit length', async () => {
    server = await startEmbeddingServer({ kind, key: KEY });
    const e = createProviderEmbedder({ kind, model: 'm-1', baseUrl: server.base, apiKey: KEY });
    const p = await e.embed(PASSAGES, 'passage');
    const q = await e.embed(QUESTIONS, 'query');
    PASSAGES.forEach((t, i) => close(p[i], unitBow(t)));
    QUESTIONS.forEach((t, i) => close(q[i], unitBow(t)));
    expect(server.requests).toHaveLength(2);
    const [a, b] = server.requests.map((r) => r.body);
    expect(a.model).toBe('m-1');
    expect(textsOf(kind, a)).toEqual(PASSAGES);
    const typeField = { openai: null, cohere: 'input_type', voyage: 'input_type', jina: 'task' }[kind];
    const expected = {
      openai: [undefined, undefined],
      cohere: ['search_document', 'search_query'],
      voyage: ['document', 'query'],
      jina: ['retrieval.passage', 'retrieval.query'],
    }[kind];
    if (typeField) expect([a[typeField], b[typeField]]).toEqual(expected);
    if (kind === 'cohere') expect(a.embedding_types).toEqual(['float']);
    for (const r of server.requests) expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(e.record()).toEqual({ provider: kind, model: 'm-1', dimensions: DIMS, baseUrl: server.base });
  });

  test('asks for the dimensions in the field of its API and checks them', async () => {
    server = await startEmbeddingServer({ kind });
    const e = createProviderEmbedder({ kind, model: 'm', baseUrl: server.base, dimensions: 16 });
    const v = await e.embed(PASSAGES.slice(0, 2), 'passage');
    expect(v[0].length).toBe(16);
    const field = { openai: 'dimensions', cohere: 'output_dimension', voyage: 'output_dimension', jina: 'dimensions' }[kind];
    expect(server.requests[0].body[field]).toBe(16);
  });

  test('dense retrieval over the service ranks exactly as the same vectors computed in-process', async () => {
    server = await startEmbeddingServer({ kind, maxInputs: 3 });
    const e = createProviderEmbedder({ kind, model: 'm', baseUrl: server.base, batchSize: 3 });
    const entries = PASSAGES.map((text, i) => ({ id: `d#${i}`, docId: 'd', text }));
    const viaService = new DenseRetriever({ embed: (t, k, o) => e.embed(t, k, o) });
    await viaService.index(entries);
    const local = new DenseRetriever({ embed: async (t) => t.map((x) => unitBow(x)) });
    await local.index(entries);
    for (const q of QUESTIONS) {
      const a = await viaService.search(q, 5);
      const b = await local.search(q, 5);
      expect(a.map((h) => h.id)).toEqual(b.map((h) => h.id));
      a.forEach((h, i) => expect(h.score).toBeCloseTo(b[i].score, 5));
    }
    // 8 passages in batches of at most 3, then one call per question
    expect(server.served().map((r) => textsOf(kind, r.body).length)).toEqual([3, 3, 2, 1, 1, 1, 1]);
  });
});

describe('batching', () => {
  test('packBatches closes a batch at the input count or the token budget; a long text goes alone', () => {
    expect(packBatches([1, 1, 1, 1, 1], 2, 100)).toEqual([[0, 1], [2, 3], [4]]);
    expect(packBatches([40, 40, 40, 10], 10, 90)).toEqual([[0, 1], [2, 3]]);
    expect(packBatches([5, 500, 5], 10, 100)).toEqual([[0], [1], [2]]);
  });

  test("Cohere's native limit of 96 texts per call is kept without being told", async () => {
    server = await startEmbeddingServer({ kind: 'cohere', maxInputs: 96 });
    const texts = Array.from({ length: 250 }, (_, i) => `passage number ${i} about item ${i * 7}`);
    const e = createProviderEmbedder({ kind: 'cohere', model: 'embed-v4.0', baseUrl: server.base });
    const v = await e.embed(texts, 'passage');
    expect(v).toHaveLength(250);
    const sizes = server.served().map((r) => r.body.texts.length);
    expect(sizes.reduce((s, n) => s + n, 0)).toBe(250);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(96);
    expect(server.requests.every((r) => r.body.texts.length <= 96)).toBe(true);
  });

  test('the token budget per call splits batches (counted with the given counter)', async () => {
    server = await startEmbeddingServer({ kind: 'openai' });
    const texts = Array.from({ length: 10 }, (_, i) => `text ${i}`);
    // 40 000 "tokens" each, budget 300 000 × 0.8 = 240 000 → 6 per call
    const e = createProviderEmbedder({ kind: 'openai', model: 'm', baseUrl: server.base }, { countTokens: () => 40_000 });
    await e.embed(texts, 'passage');
    expect(server.served().map((r) => r.body.input.length)).toEqual([6, 4]);
  });

  test("a server's smaller limit answered with 400: the batch is halved until it passes, and the smaller size is kept", async () => {
    server = await startEmbeddingServer({ kind: 'openai', maxInputs: 2 });
    const shrinks: number[] = [];
    const e = createProviderEmbedder({ kind: 'openai', model: 'tei', baseUrl: server.base, apiKey: KEY, batchSize: 8 }, { hooks: noWait, onBatchShrink: (n) => shrinks.push(n) });
    const v = await e.embed(PASSAGES, 'passage');
    expect(v.map((x) => Array.from(x))).toEqual(PASSAGES.map((t) => Array.from(unitBow(t))));
    // 8 refused, 4 refused, then 2 + 2 for the first half and the second half sent at the size learnt.
    expect(server.requests.map((r) => r.body.input.length)).toEqual([8, 4, 2, 2, 2, 2]);
    expect(shrinks).toEqual([4, 2]);
    expect(e.limits.maxInputs).toBe(2);
    // Remembered: the next texts go in twos from the start.
    const before = server.requests.length;
    await e.embed(QUESTIONS, 'query');
    expect(server.requests.slice(before).every((r) => r.body.input.length <= 2)).toBe(true);
  });

  test('a 400 that is not about the size still fails, with the service, the batch and the reason', async () => {
    server = await startEmbeddingServer({ kind: 'openai', fault: () => ({ status: 400, json: { error: { message: 'unknown model tei' } } }) });
    const e = createProviderEmbedder({ kind: 'openai', model: 'tei', baseUrl: server.base, apiKey: KEY, batchSize: 4 }, { hooks: noWait });
    const err = await e.embed(PASSAGES.slice(0, 4), 'passage').catch((x) => x);
    expect(err).toBeInstanceOf(EmbeddingProviderError);
    expect(err.message).toMatch(/^openai:tei at http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings, batch 1 of 1 \(4 texts\): .*HTTP 400.*unknown model tei/);
    expect(err.message).not.toContain(KEY);
    expect(err.code).toBe('provider-bad-request');
    // 4, 2, then 1: the first single text fails and ends the run (a 400 is never retried as such).
    expect(server.requests.map((r) => r.body.input.length)).toEqual([4, 2, 1]);
  });

  test('with no batch size set, calls carry at most the default (64), not the service ceiling', async () => {
    server = await startEmbeddingServer({ kind: 'openai' });
    const texts = Array.from({ length: 150 }, (_, i) => `text number ${i}`);
    const e = createProviderEmbedder({ kind: 'openai', model: 'm', baseUrl: server.base });
    await e.embed(texts, 'passage');
    expect(server.served().map((r) => r.body.input.length)).toEqual([64, 64, 22]);
  });

  test('concurrency is bounded: never more requests open than asked', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let waiting = 0;
    server = await startEmbeddingServer({
      kind: 'openai',
      before: async () => {
        if (++waiting === 2) release();
        await gate;
      },
    });
    const texts = Array.from({ length: 12 }, (_, i) => `t ${i}`);
    const e = createProviderEmbedder({ kind: 'openai', model: 'm', baseUrl: server.base, batchSize: 2, concurrency: 2 });
    const v = await e.embed(texts, 'passage');
    texts.forEach((t, i) => close(v[i], unitBow(t)));
    expect(server.served()).toHaveLength(6);
    expect(server.maxInFlight()).toBe(2);
  });
});

describe('failures', () => {
  test('429 with Retry-After waits the time asked, then succeeds', async () => {
    server = await startEmbeddingServer({
      kind: 'voyage',
      fault: (n) => (n === 1 ? { status: 429, headers: { 'retry-after': '3' }, json: { detail: 'slow down' } } : undefined),
    });
    const waits: number[] = [];
    const e = createProviderEmbedder({ kind: 'voyage', model: 'voyage-3.5', baseUrl: server.base }, { hooks: { sleep: async (ms) => void waits.push(ms) } });
    const v = await e.embed(PASSAGES, 'passage');
    expect(v).toHaveLength(PASSAGES.length);
    expect(waits).toEqual([3000]);
    expect(server.requests).toHaveLength(2);
    expect(e.stats().calls).toBe(1);
  });

  test('500 is retried; a 500 that persists is an error with the service, the batch and the attempts', async () => {
    server = await startEmbeddingServer({ kind: 'jina', fault: (n) => (n <= 2 ? { status: 500, text: 'boom' } : undefined) });
    const e = createProviderEmbedder({ kind: 'jina', model: 'jina-embeddings-v3', baseUrl: server.base, maxAttempts: 3 }, { hooks: noWait });
    expect(await e.embed(['a b c'], 'passage')).toHaveLength(1);
    expect(server.requests).toHaveLength(3);

    server.handle(() => ({ status: 503, json: { error: { message: `down; you sent ${KEY}` } } }));
    const k = createProviderEmbedder({ kind: 'jina', model: 'jina-embeddings-v3', baseUrl: server.base, maxAttempts: 2, apiKey: KEY }, { hooks: noWait });
    const err = await k.embed(['x y'], 'query').catch((x) => x);
    expect(err).toBeInstanceOf(EmbeddingProviderError);
    expect(err.kind).toBe('server');
    expect(err.message).toMatch(/^jina:jina-embeddings-v3 at .*, batch 1 of 1 \(1 texts\): the API failed \(HTTP 503\).*\(2 attempts\)/);
    expect(err.message).not.toContain(KEY);
  });

  test('a server that never answers times out', async () => {
    server = await startEmbeddingServer({ kind: 'openai', fault: () => 'hang' });
    const e = createProviderEmbedder({ kind: 'openai', model: 'm', baseUrl: server.base, timeoutMs: 150, maxAttempts: 2 }, { hooks: noWait });
    const err = await e.embed(['a'], 'passage').catch((x) => x);
    expect(err).toBeInstanceOf(EmbeddingProviderError);
    expect(err.kind).toBe('timeout');
    expect(err.message).toMatch(/no answer .* within 150 ms \(timeout\) \(2 attempts\)/);
    expect(server.requests).toHaveLength(2);
  });

  const bad: [string, (texts: string[]) => unknown, RegExp][] = [
    ['a body that is not JSON', () => 'not json', /is not JSON/],
    ['no data list', () => ({ object: 'list' }), /no "data" list/],
    ['a wrong vector count', (t) => ({ data: t.slice(1).map((_, index) => ({ embedding: [1, 2, 3], index })) }), /the answer has 2 vectors for 3 texts/],
    ['a non-numeric value', (t) => ({ data: t.map((_, index) => ({ embedding: [1, 'x', 3], index })) }), /vector 0 has a non-numeric value at position 1/],
    ['a vector that is not a list', (t) => ({ data: t.map((_, index) => ({ embedding: 'abc', index })) }), /vector 0 is not a list of numbers/],
    ['vectors of different dimensions', (t) => ({ data: t.map((_, index) => ({ embedding: new Array(index + 2).fill(1), index })) }), /vector 1 has 3 dimensions, expected 2/],
    ['repeated indices', (t) => ({ data: t.map(() => ({ embedding: [1], index: 0 })) }), /"index" values are not 0\.\.2/],
  ];
  test.each(bad)('%s is a clear error naming the service and the batch', async (_name, body, pattern) => {
    server = await startEmbeddingServer({
      kind: 'openai',
      fault: (_n, req) => {
        const b = body(req.body.input);
        return typeof b === 'string' ? { text: b } : { json: b };
      },
    });
    const e = createProviderEmbedder({ kind: 'openai', model: 'm', baseUrl: server.base, apiKey: KEY }, { hooks: noWait });
    const err = await e.embed(['one', 'two', 'three'], 'passage').catch((x) => x);
    expect(err).toBeInstanceOf(EmbeddingProviderError);
    expect(err.message).toMatch(/^openai:m at http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings, batch 1 of 1 \(3 texts\): /);
    expect(err.message).toMatch(pattern);
    expect(err.message).not.toContain(KEY);
  });

  test('dimensions other than asked are refused', async () => {
    server = await startEmbeddingServer({ kind: 'openai', fault: (_n, req) => ({ json: { data: req.body.input.map((_: string, index: number) => ({ embedding: [1, 2, 3], index })) } }) });
    const e = createProviderEmbedder({ kind: 'openai', model: 'm', baseUrl: server.base, dimensions: 8 });
    await expect(e.embed(['a'], 'passage')).rejects.toThrow(/vector 0 has 3 dimensions, expected 8 \(as asked with dimensions\)/);
  });

  test('a wrong key: the 401 names the problem, never the key (even when the server echoes it)', async () => {
    server = await startEmbeddingServer({ kind: 'cohere', key: 'the-right-one' });
    const e = createProviderEmbedder({ kind: 'cohere', model: 'embed-v4.0', baseUrl: server.base, apiKey: KEY }, { hooks: noWait });
    const err = await e.embed(['a'], 'passage').catch((x) => x);
    expect(err.kind).toBe('auth');
    expect(err.message).toMatch(/refused the key \(HTTP 401\)/);
    expect(err.message).toContain('***'); // the echoed key, scrubbed
    expect(err.message).not.toContain(KEY);
    expect(JSON.stringify(e.record())).not.toContain(KEY);
    expect(Object.values(e).map(String).join(' ')).not.toContain(KEY);
  });
});

describe('cache, cancel and resume', () => {
  test('a run cancelled halfway keeps its finished batches; the resumed run makes only the missing calls; a rerun makes none', async () => {
    server = await startEmbeddingServer({ kind: 'openai' });
    const cache = new MemoryEmbeddingCache();
    const texts = Array.from({ length: 20 }, (_, i) => `passage ${i} of the corpus`);
    const config = { kind: 'openai' as const, model: 'm', baseUrl: server.base, batchSize: 4, concurrency: 1 };
    const ctrl = new AbortController();
    const first = createProviderEmbedder(config, { cache });
    const err = await first
      .embed(texts, 'passage', { signal: ctrl.signal, onProgress: (_f, done) => void (done >= 8 && ctrl.abort()) })
      .catch((x) => x);
    expect(err.name).toBe('AbortError');
    expect(server.requests).toHaveLength(2);
    expect(cache.size).toBe(8);

    const second = createProviderEmbedder(config, { cache });
    const v = await second.embed(texts, 'passage');
    expect(server.requests).toHaveLength(5); // 2 + the 3 missing batches
    expect(v.cacheHits).toBe(8);
    expect(server.requests.slice(2).flatMap((r) => r.body.input)).toEqual(texts.slice(8));
    texts.forEach((t, i) => close(v[i], unitBow(t)));

    const third = createProviderEmbedder(config, { cache });
    const again = await third.embed(texts, 'passage');
    expect(server.requests).toHaveLength(5);
    expect(again.cacheHits).toBe(20);
    expect(third.stats().calls).toBe(0);
  });

  test('the cache keys on service, model, base URL, dimensions and input type, never the key', async () => {
    server = await startEmbeddingServer({ kind: 'cohere' });
    const cache = new MemoryEmbeddingCache();
    const mk = (o: object) => createProviderEmbedder({ kind: 'cohere', model: 'embed-v4.0', baseUrl: server!.base, apiKey: KEY, ...o }, { cache });
    await mk({}).embed(['same text'], 'passage');
    await mk({}).embed(['same text'], 'passage'); // hit
    await mk({}).embed(['same text'], 'query'); // other input type
    await mk({ dimensions: 8 }).embed(['same text'], 'passage'); // other dimensions
    await mk({ model: 'embed-v3' }).embed(['same text'], 'passage'); // other model
    expect(server.requests).toHaveLength(4);
    expect(cache.keys().join('\n')).not.toContain(KEY);
    expect(cache.keys().every((k) => k.includes(`cohere:`) && k.includes(server!.base))).toBe(true);
  });

  test('duplicates are sent once; an empty text is sent as a space', async () => {
    server = await startEmbeddingServer({ kind: 'openai' });
    const e = createProviderEmbedder({ kind: 'openai', model: 'm', baseUrl: server.base });
    const v = await e.embed(['a b', '', 'a b'], 'passage');
    expect(server.requests[0].body.input).toEqual(['a b', ' ']);
    close(v[0], v[2]);
    expect(v[0]).not.toBe(v[2]);
  });
});

describe('estimate', () => {
  test('calls are the calls the client then makes; price from the table only at the service itself', async () => {
    server = await startEmbeddingServer({ kind: 'openai' });
    const texts = Array.from({ length: 23 }, (_, i) => `t ${i} and some words`);
    const config = { kind: 'openai' as const, model: 'text-embedding-3-small', baseUrl: server.base, batchSize: 5 };
    const e = createProviderEmbedder(config);
    const count = (t: string) => t.length;
    const est = estimateEmbeddingRun({ config, groups: [texts, ['q1', 'q2']], countTokens: count, plan: e.plan, maxTokensPerInput: 8191, concurrency: e.concurrency });
    await e.embed(texts, 'passage');
    await e.embed(['q1', 'q2'], 'query');
    expect(est.calls).toBe(server.requests.length);
    expect(est.calls).toBe(6);
    expect(est.tokens).toBe(texts.reduce((s, t) => s + t.length, 0) + 4);
    expect(est.costUSD).toBeNull();
    expect(est.priceNote).toMatch(/your own server/);

    const official = estimateEmbeddingRun({ config: { kind: 'openai', model: 'text-embedding-3-small' }, groups: [texts], countTokens: count, plan: e.plan, maxTokensPerInput: 8191, concurrency: 4 });
    expect(official.costUSD).toBeCloseTo((official.tokens * 0.02) / 1e6, 12);
    // 5 calls at the table's 3,000 requests per minute: 0.1 s; latency 0.5 s × 5 / 4 is slower
    expect(official.seconds).toBeCloseTo((5 * 0.5) / 4, 9);
    const unknown = estimateEmbeddingRun({ config: { kind: 'voyage', model: 'voyage-unknown' }, groups: [texts], countTokens: count, plan: e.plan, maxTokensPerInput: 10, concurrency: 1 });
    expect(unknown.costUSD).toBeNull();
    expect(unknown.priceNote).toMatch(/no price for voyage:voyage-unknown/);
    expect(unknown.overLimit).toBe(texts.filter((t) => t.length > 10).length);
  });
});

describe('config', () => {
  test('specs, and base URLs recorded without credentials, query or fragment', async () => {
    const { parseEmbedderSpec, embeddingRecord, publicBaseUrl } = await import('../../../../src/engine/embedding/providers/index.ts');
    expect(parseEmbedderSpec('voyage:voyage-3.5')).toEqual({ kind: 'voyage', model: 'voyage-3.5' });
    expect(parseEmbedderSpec('openai:org/model:latest')).toEqual({ kind: 'openai', model: 'org/model:latest' });
    expect(() => parseEmbedderSpec('anthropic:x')).toThrow(/not an embedding service spec \(expected openai:<model>, cohere:<model>, voyage:<model>, jina:<model>\)/);
    expect(() => parseEmbedderSpec('openai:')).toThrow(/not an embedding service spec/);
    expect(publicBaseUrl('https://user:pa55@gw.example.com/v1/?api_key=abc#x')).toBe('https://gw.example.com/v1');
    const r = embeddingRecord({ kind: 'openai', model: 'm', baseUrl: 'http://u:secret@10.0.0.5:8080/v1?token=t', apiKey: KEY });
    expect(r).toEqual({ provider: 'openai', model: 'm', baseUrl: 'http://10.0.0.5:8080/v1' });
    expect(embeddingRecord({ kind: 'jina', model: 'jina-embeddings-v3', dimensions: 256 })).toEqual({ provider: 'jina', model: 'jina-embeddings-v3', dimensions: 256, baseUrl: 'https://api.jina.ai/v1' });
    expect(() => createProviderEmbedder({ kind: 'openai', model: 'm', baseUrl: 'ftp://x' })).toThrow(/http:\/\/ or https:\/\//);
    expect(() => createProviderEmbedder({ kind: 'openai', model: 'm', dimensions: 0 })).toThrow(/dimensions must be a whole number >= 1/);
  });
});
