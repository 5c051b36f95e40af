// lateChunkCorpus: per-document late chunking equals lateChunk on each document alone, the 'late'
// cache makes a rerun free of model calls, and the window counts do not depend on the cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModelDir, type LoadedModel } from '../../../src/node/model.ts';
import { lateChunk } from '../../../src/engine/embedding/late.ts';
import { lateChunkCorpus, type LateCorpusOptions } from '../../../src/engine/embedding/late-corpus.ts';
import { MemoryEmbeddingCache } from '../../../src/engine/embedding/cache.ts';
import { InputError } from '../../../src/engine/types.ts';
import { MODEL_DIR, countingRunner, maxAbsDiff, standInTokenizer } from './helpers.ts';

let model: LoadedModel;
beforeAll(async () => {
  model = await loadModelDir(MODEL_DIR, { loadTokenizer: async () => standInTokenizer() });
});
afterAll(async () => {
  await model?.runner.dispose?.();
});

const docs = new Map([
  ['a', 'The first document talks about rivers. Rivers flow to the sea, and the sea is salty.'],
  ['b', 'A second, shorter one.   '],
]);
const spans = [
  { id: 'a#0', docId: 'a', start: 0, end: 38 },
  { id: 'b#0', docId: 'b', start: 0, end: 22 },
  { id: 'a#1', docId: 'a', start: 39, end: 84 },
  { id: 'b#1', docId: 'b', start: 22, end: 25 }, // whitespace only: owns no token
];

describe('lateChunkCorpus', () => {
  it('equals lateChunk per document; a rerun on the cache makes no model call', async () => {
    const runner = countingRunner(model.runner);
    const cache = new MemoryEmbeddingCache();
    const o: LateCorpusOptions = { runner, tokenizer: model.tokenizer, clsId: model.clsId, sepId: model.sepId, maxTokens: 12, windowOverlap: 2, cache, modelId: 'm', dtype: 'fp32' };
    const r1 = await lateChunkCorpus(docs, spans, o);
    expect(runner.calls).toBeGreaterThan(0);
    for (const docId of ['a', 'b']) {
      const idx = spans.flatMap((s, i) => (s.docId === docId ? [i] : []));
      const alone = await lateChunk(docs.get(docId)!, idx.map((i) => spans[i]), { ...o, runner: model.runner });
      idx.forEach((i, j) => expect(maxAbsDiff(r1.vectors[i], alone.vectors[j])).toBeLessThan(1e-6));
    }
    expect(r1.empty).toEqual(['b#1']);
    expect(r1.documentsSplit).toBe(1); // "a" has more than 10 tokens
    expect(r1.cacheHits).toBe(0);
    expect(cache.keys().every((k) => k.includes('\u0000late\u0000'))).toBe(true);

    const calls = runner.calls;
    const r2 = await lateChunkCorpus(docs, spans, o);
    expect(runner.calls).toBe(calls);
    expect(r2.cacheHits).toBe(spans.length);
    expect({ ...r2, cacheHits: 0 }).toEqual(r1);
  });

  it('another window size is another cache key; unknown documents are InputErrors', async () => {
    const cache = new MemoryEmbeddingCache();
    const base = { runner: model.runner, tokenizer: model.tokenizer, clsId: model.clsId, sepId: model.sepId, cache, modelId: 'm', dtype: 'fp32' };
    await lateChunkCorpus(docs, spans, { ...base, maxTokens: 12 });
    const r = await lateChunkCorpus(docs, spans, { ...base, maxTokens: 512 });
    expect(r.cacheHits).toBe(0);
    expect(r.documentsSplit).toBe(0);
    await expect(lateChunkCorpus(docs, [{ id: 'x', docId: 'nope', start: 0, end: 1 }], { ...base, maxTokens: 12 })).rejects.toBeInstanceOf(InputError);
  });
});
