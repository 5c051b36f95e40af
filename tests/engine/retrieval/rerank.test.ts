// The reranking stage: the first N hits re-sorted by the scorer, the rest unchanged after them,
// over a real BM25 retriever and over the generated cross-encoder.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Bm25Retriever } from '../../../src/engine/retrieval/bm25.ts';
import { RerankingRetriever, rerankHits } from '../../../src/engine/retrieval/rerank.ts';
import { loadCrossEncoder } from '../../../src/node/cross-encoder.ts';
import type { Hit } from '../../../src/engine/types.ts';

const hits = (n: number): Hit[] => Array.from({ length: n }, (_, i) => ({ id: `c${i}`, score: 100 - i }));

describe('rerankHits', () => {
  it('re-sorts the first N by score, keeps ties and the tail in retriever order', () => {
    const h = hits(6);
    const out = rerankHits(h, 4, [0.1, 0.9, 0.1, 0.5]);
    expect(out.map((x) => x.id)).toEqual(['c1', 'c3', 'c0', 'c2', 'c4', 'c5']);
    expect(out.slice(0, 4).map((x) => x.score)).toEqual([0.9, 0.5, 0.1, 0.1]);
    expect(out.slice(4)).toEqual(h.slice(4));
  });

  it('fewer hits than N, NaN last, and a wrong score count throws', () => {
    expect(rerankHits(hits(2), 50, [NaN, -3]).map((x) => x.id)).toEqual(['c1', 'c0']);
    expect(() => rerankHits(hits(3), 2, [1])).toThrow(/2 scores/);
  });
});

const ENTRIES = [
  'the quick brown fox jumps over the lazy dog',
  'a fox is a small animal of the dog family',
  'retrieval is a test of finding the right passage',
  'the dog sleeps while the fox runs',
  'late chunking keeps the context of a long document',
  'brown bears and brown foxes',
  'nothing about animals here at all',
].map((text, i) => ({ id: `e${i}`, docId: i < 4 ? 'a' : 'b', text }));

describe('RerankingRetriever', () => {
  it('over BM25 and the test cross-encoder: first N by model score, the rest in BM25 order', async () => {
    const ce = await loadCrossEncoder(path.resolve('tests/fixtures/models/chunklab-test-cross-encoder'), { cacheDir: null });
    try {
      const base = new Bm25Retriever({ stopwords: 'none' });
      await base.index(ENTRIES);
      const wrapped = new RerankingRetriever(new Bm25Retriever({ stopwords: 'none' }), { score: ce.encoder.score, top: 3 });
      await wrapped.index(ENTRIES);
      const q = 'the brown fox and the dog';
      const baseHits = await base.search(q, 10);
      expect(baseHits.length).toBeGreaterThan(4);
      const got = await wrapped.search(q, 10);
      // Independent: score the first 3 one at a time, sort by hand.
      const text = (id: string) => ENTRIES.find((e) => e.id === id)!.text;
      const scored = [];
      for (const [i, h] of baseHits.slice(0, 3).entries()) scored.push({ id: h.id, s: (await ce.encoder.score(q, [text(h.id)]))[0], i });
      scored.sort((a, b) => b.s - a.s || a.i - b.i);
      expect(got.map((h) => h.id)).toEqual([...scored.map((x) => x.id), ...baseHits.slice(3).map((h) => h.id)]);
      expect(new Set(scored.map((x) => x.s)).size).toBe(3); // distinct scores: the order is the model's
      expect(scored.map((x) => x.id)).not.toEqual(baseHits.slice(0, 3).map((h) => h.id)); // reranking moved something
      // k below N: the head is still sorted over all N.
      expect((await wrapped.search(q, 2)).map((h) => h.id)).toEqual(scored.slice(0, 2).map((x) => x.id));
      // The accept filter (scope, metadata) still applies before ranking.
      const onlyB = await wrapped.search(q, 10, { accept: (id) => ENTRIES.find((e) => e.id === id)!.docId === 'b' });
      expect(onlyB.every((h) => Number(h.id.slice(1)) >= 4)).toBe(true);
      const r = wrapped.report();
      expect(r.queries).toBe(3);
      expect(r.pairs).toBe(3 + 3 + Math.min(3, onlyB.length));
    } finally {
      await ce.dispose();
    }
  });

  it('refuses a top that is not a whole number >= 1', () => {
    expect(() => new RerankingRetriever(new Bm25Retriever(), { score: async () => [], top: 0 })).toThrow(/whole number/);
  });
});
