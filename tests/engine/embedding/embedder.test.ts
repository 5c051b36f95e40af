// The embedder over the ONNX test model: reference vectors, batching = one-by-one, caching,
// duplicates, prefixes, truncation reports, progress and cancellation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModelDir, type LoadedModel } from '../../../src/node/model.ts';
import { MemoryEmbeddingCache } from '../../../src/engine/embedding/cache.ts';
import type { EmbedderOptions } from '../../../src/engine/embedding/embedder.ts';
import { InputError } from '../../../src/engine/types.ts';
import { MODEL_DIR, maxAbsDiff, norm, reference, standInTokenizer, testEmbedder } from './helpers.ts';

let model: LoadedModel;
beforeAll(async () => {
  model = await loadModelDir(MODEL_DIR, { loadTokenizer: async () => standInTokenizer() });
});
afterAll(async () => {
  await model?.runner.dispose?.();
});

const make = (extra: Partial<EmbedderOptions> = {}) => testEmbedder(model, extra);

const TEXTS = [
  'the quick brown fox jumps over the lazy dog',
  'retrieval is a test',
  'a',
  'Chunking splits documents; embeddings map each chunk to a vector.',
  'short one',
  'O prazo de entrega é de trinta dias úteis após a confirmação do pedido.',
  'a late chunk of a long document keeps the context of every part',
  'one two three four five six seven eight nine ten eleven twelve',
  'x',
  'the end',
];

describe('embedder', () => {
  it('mean and CLS pooling match the numpy reference vectors to 1e-4', async () => {
    const texts = reference.singles.map((s) => s.text);
    const mean = await make().embedder.embed(texts, 'passage');
    const cls = await make({ pooling: 'cls' }).embedder.embed(texts, 'passage');
    reference.singles.forEach((s, i) => {
      expect(maxAbsDiff(mean[i], s.meanPooled)).toBeLessThan(1e-4);
      expect(maxAbsDiff(cls[i], s.cls)).toBeLessThan(1e-4);
      expect(norm(mean[i])).toBeCloseTo(1, 5);
    });
  });

  it('batched (sorted by length, padded) equals one-by-one to 1e-5', async () => {
    const batched = make({ batchSize: 4 });
    const single = make({ batchSize: 1 });
    const a = await batched.embedder.embed(TEXTS, 'passage');
    const b = await single.embedder.embed(TEXTS, 'passage');
    expect(batched.runner.calls).toBe(3);
    expect(single.runner.calls).toBe(TEXTS.length);
    // padding really happened: some batch had rows of different real length
    expect(batched.runner.batches.some((bt) => bt.attentionMask.some((r) => r.includes(0)))).toBe(true);
    for (let i = 0; i < TEXTS.length; i++) expect(maxAbsDiff(a[i], b[i])).toBeLessThan(1e-5);
    // batches go longest first
    const lens = batched.runner.batches.map((bt) => bt.inputIds[0].length);
    expect([...lens].sort((x, y) => y - x)).toEqual(lens);
  });

  it('maxBatchTokens limits rows × longest', async () => {
    const { runner, embedder } = make({ batchSize: 10, maxBatchTokens: 40 });
    await embedder.embed(TEXTS, 'passage');
    expect(runner.calls).toBeGreaterThan(3); // batchSize alone would make one call
    for (const b of runner.batches) {
      expect(b.inputIds.length * b.inputIds[0].length <= 40 || b.inputIds.length === 1).toBe(true);
    }
  });

  it('cache hits skip the runner; only misses are computed', async () => {
    const cache = new MemoryEmbeddingCache();
    const first = make({ cache, batchSize: 4 });
    const a = await first.embedder.embed(TEXTS.slice(0, 6), 'passage');
    expect(first.runner.rows).toBe(6);
    expect(cache.size).toBe(6);

    const second = make({ cache, batchSize: 4 });
    const b = await second.embedder.embed(TEXTS, 'passage');
    expect(second.runner.rows).toBe(4); // the 4 new texts only
    expect(b.cacheHits).toBe(6);
    for (let i = 0; i < 6; i++) expect(maxAbsDiff(a[i], b[i])).toBe(0);

    const third = make({ cache });
    await third.embedder.embed(TEXTS, 'passage');
    expect(third.runner.calls).toBe(0);

    // a different kind (query) or model id is a different key
    const fourth = make({ cache });
    await fourth.embedder.embed(TEXTS.slice(0, 2), 'query');
    expect(fourth.runner.rows).toBe(2);
    const fifth = make({ cache, modelId: 'other-model' });
    await fifth.embedder.embed(TEXTS.slice(0, 1), 'passage');
    expect(fifth.runner.rows).toBe(1);
  });

  it('duplicate texts are computed once and each gets its own array', async () => {
    const { runner, embedder } = make();
    const r = await embedder.embed(['retrieval is a test', 'x', 'retrieval is a test'], 'passage');
    expect(runner.rows).toBe(2);
    expect(maxAbsDiff(r[0], r[2])).toBe(0);
    expect(r[0]).not.toBe(r[2]);
  });

  it('prefixes go before the text, per kind', async () => {
    const { embedder } = make({ prefixes: { query: 'query: ', passage: 'passage: ' } });
    expect(embedder.inputText('abc', 'query')).toBe('query: abc');
    const [q] = await embedder.embed(['retrieval is a test'], 'query');
    const [p] = await embedder.embed(['retrieval is a test'], 'passage');
    const [plain] = await make().embedder.embed(['query: retrieval is a test'], 'passage');
    expect(maxAbsDiff(q, plain)).toBeLessThan(1e-6);
    expect(maxAbsDiff(q, p)).toBeGreaterThan(1e-3);
  });

  it('inputs over the limit are cut and reported, never silently', async () => {
    const { embedder } = make({ maxTokens: 6 });
    const long = 'one two three four five six seven';
    const r = await embedder.embed(['short one', long, 'a'], 'passage');
    expect(r.truncated).toEqual([1]);
    expect(r.tokenCounts).toEqual([4, 9, 3]);
    const [cut] = await make().embedder.embed(['one two three four'], 'passage');
    expect(maxAbsDiff(r[1], cut)).toBeLessThan(1e-5);
    await expect(make({ maxTokens: 6, overLimit: 'error' }).embedder.embed([long], 'passage')).rejects.toThrow(
      /text 0 has 9 tokens, over the model's limit of 6/,
    );
    await expect(make({ maxTokens: 6, overLimit: 'error' }).embedder.embed([long], 'passage')).rejects.toBeInstanceOf(InputError);
  });

  it('reports progress up to 1 and handles an empty list', async () => {
    const { embedder } = make({ batchSize: 3 });
    const seen: number[] = [];
    await embedder.embed(TEXTS, 'passage', { onProgress: (f) => seen.push(f) });
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    const empty = await embedder.embed([], 'passage');
    expect(empty.length).toBe(0);
  });

  it('cancel mid-way rejects and leaves only complete batches in the cache', async () => {
    const full = await make().embedder.embed(TEXTS, 'passage');
    const cache = new MemoryEmbeddingCache();
    const { runner, embedder } = make({ cache, batchSize: 3 });
    const ac = new AbortController();
    let batches = 0;
    const p = embedder.embed(TEXTS, 'passage', {
      signal: ac.signal,
      onProgress: (_f, done) => {
        if (done > 0 && ++batches === 1) ac.abort();
      },
    });
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(runner.calls).toBe(1);
    expect(cache.size).toBe(3);
    // the cached vectors are whole and right: a rerun reads them and computes only the rest
    const again = make({ cache, batchSize: 3 });
    const r = await again.embedder.embed(TEXTS, 'passage');
    expect(r.cacheHits).toBe(3);
    expect(again.runner.rows).toBe(TEXTS.length - 3);
    for (let i = 0; i < TEXTS.length; i++) expect(maxAbsDiff(r[i], full[i])).toBeLessThan(1e-6);
  });

  it('an already-aborted signal does no model work', async () => {
    const { runner, embedder } = make();
    const ac = new AbortController();
    ac.abort();
    await expect(embedder.embed(TEXTS, 'passage', { signal: ac.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(runner.calls).toBe(0);
  });
});
