// Reciprocal rank fusion against hand-computed scores, and the hybrid retriever over two stand-in
// rankings (the real BM25 is tested by its author).
import { describe, expect, it } from 'vitest';
import { HybridRetriever, reciprocalRankFusion } from '../../../src/engine/retrieval/hybrid.ts';
import type { Hit, IndexEntry, Retriever, SearchOptions } from '../../../src/engine/types.ts';

const hits = (...ids: string[]): Hit[] => ids.map((id, i) => ({ id, score: 100 - i }));

describe('reciprocalRankFusion', () => {
  it('matches a hand computation (k = 60, equal weights)', () => {
    const fused = reciprocalRankFusion([{ hits: hits('a', 'b', 'c'), weight: 1 }, { hits: hits('c', 'd', 'a'), weight: 1 }], 60);
    // a: 1/61 + 1/63, c: 1/63 + 1/61 (tie), b: 1/62, d: 1/62 (tie)
    const order = new Map([['a', 0], ['b', 1], ['c', 2], ['d', 3]]);
    const withOrder = reciprocalRankFusion([{ hits: hits('a', 'b', 'c'), weight: 1 }, { hits: hits('c', 'd', 'a'), weight: 1 }], 60, order);
    expect(withOrder.map((h) => h.id)).toEqual(['a', 'c', 'b', 'd']);
    expect(withOrder[0].score).toBeCloseTo(1 / 61 + 1 / 63, 12);
    expect(withOrder[2].score).toBeCloseTo(1 / 62, 12);
    // without an indexing order, ties fall back to id order
    expect(fused.map((h) => h.id)).toEqual(['a', 'c', 'b', 'd']);
    // indexing order wins over id order
    const rev = new Map([['d', 0], ['c', 1], ['b', 2], ['a', 3]]);
    expect(
      reciprocalRankFusion([{ hits: hits('a', 'b', 'c'), weight: 1 }, { hits: hits('c', 'd', 'a'), weight: 1 }], 60, rev).map((h) => h.id),
    ).toEqual(['c', 'a', 'd', 'b']);
  });

  it('weights and k change the fusion as the formula says', () => {
    const fused = reciprocalRankFusion([{ hits: hits('x', 'y'), weight: 1 }, { hits: hits('y', 'x'), weight: 3 }], 0);
    // x: 1/1 + 3/2 = 2.5, y: 1/2 + 3/1 = 3.5
    expect(fused).toEqual([{ id: 'y', score: 3.5 }, { id: 'x', score: 2.5 }]);
    const zero = reciprocalRankFusion([{ hits: hits('x', 'y'), weight: 1 }, { hits: hits('y', 'x'), weight: 0 }], 60);
    expect(zero.map((h) => h.id)).toEqual(['x', 'y']);
  });

  it('rejects a negative weight', () => {
    expect(() => reciprocalRankFusion([{ hits: hits('x'), weight: -1 }])).toThrow(/weight/);
  });
});

class FixedRetriever implements Retriever {
  readonly kind: 'bm25' | 'dense';
  indexed: string[] = [];
  depths: number[] = [];
  constructor(kind: 'bm25' | 'dense', private readonly ranking: string[]) {
    this.kind = kind;
  }
  async index(entries: IndexEntry[]): Promise<void> {
    this.indexed = entries.map((e) => e.id);
  }
  async search(_q: string, k: number, opts?: SearchOptions): Promise<Hit[]> {
    this.depths.push(k);
    return hits(...this.ranking.filter((id) => !opts?.accept || opts.accept(id))).slice(0, k);
  }
}

describe('HybridRetriever', () => {
  it('indexes both, reads each ranking deep, fuses and cuts to k', async () => {
    const bm25 = new FixedRetriever('bm25', ['1', '2', '3', '4']);
    const dense = new FixedRetriever('dense', ['4', '3', '1']);
    const h = new HybridRetriever(bm25, dense, { weights: { bm25: 1, dense: 2 } });
    const entries = ['1', '2', '3', '4'].map((id) => ({ id, docId: 'd', text: id }));
    await h.index(entries);
    expect(bm25.indexed).toEqual(['1', '2', '3', '4']);
    expect(dense.indexed).toEqual(['1', '2', '3', '4']);
    const res = await h.search('q', 3);
    expect(bm25.depths).toEqual([100]);
    // 1: 1/61 + 2/63; 2: 1/62; 3: 1/63 + 2/62; 4: 1/64 + 2/61
    // 4: 0.04841, 1: 0.048139, 3: 0.048131 (close, but 1 is ahead), 2: 0.01613
    const expected = [
      { id: '4', score: 1 / 64 + 2 / 61 },
      { id: '1', score: 1 / 61 + 2 / 63 },
      { id: '3', score: 1 / 63 + 2 / 62 },
    ];
    expect(res.map((r) => r.id)).toEqual(expected.map((e) => e.id));
    res.forEach((r, i) => expect(r.score).toBeCloseTo(expected[i].score, 12));
    const filtered = await h.search('q', 10, { accept: (id) => id !== '4' });
    // re-ranked without 4: bm25 1,2,3 and dense 3,1 → 3: 1/63 + 2/61 = 0.04866, 1: 1/61 + 2/62 = 0.04865
    expect(filtered.map((r) => r.id)).toEqual(['3', '1', '2']);
  });
});
