// Dense retrieval: top-k by bounded heap equals a brute-force full sort (ties by index), vectors
// are normalised, filters apply before ranking, and bad input is an InputError.
import { describe, expect, it } from 'vitest';
import { DenseRetriever, topK, type EmbedFn } from '../../../src/engine/retrieval/dense.ts';
import { InputError } from '../../../src/engine/types.ts';
import { rng } from '../../../src/engine/util/random.ts';

function bruteTopK(scores: ArrayLike<number>, k: number, accept?: (i: number) => boolean) {
  const all = Array.from(scores, (score, index) => ({ index, score: Number.isNaN(score) ? -Infinity : score }));
  return all
    .filter((x) => !accept || accept(x.index))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, Math.max(0, k));
}

describe('topK', () => {
  it('equals a full sort, with ties broken by index, for many sizes and k', () => {
    const r = rng(7);
    for (const n of [0, 1, 2, 5, 17, 100, 1000]) {
      // few distinct values → many ties
      const scores = Float32Array.from({ length: n }, () => Math.round(r() * 10) / 10);
      for (const k of [0, 1, 3, 10, 50, n, n + 5]) {
        expect(topK(scores, k)).toEqual(bruteTopK(scores, k));
        const accept = (i: number) => i % 3 !== 1;
        expect(topK(scores, k, accept)).toEqual(bruteTopK(scores, k, accept));
      }
    }
  });

  it('treats NaN as the lowest score', () => {
    expect(topK([NaN, 0.5, -1], 3).map((h) => h.index)).toEqual([1, 2, 0]);
  });
});

describe('DenseRetriever', () => {
  it('ranks 100,000 vectors exactly as a brute-force sort of dot products', () => {
    const r = rng(42);
    const n = 100_000;
    const d = 16;
    const vectors = Array.from({ length: n }, () => Float32Array.from({ length: d }, () => r() - 0.5));
    const entries = vectors.map((_, i) => ({ id: `c${i}`, docId: `d${i % 7}` }));
    const dense = new DenseRetriever();
    dense.indexVectors(entries, vectors);
    const q = Float32Array.from({ length: d }, () => r() - 0.5);
    const hits = dense.searchVector(q, 10);
    // independent: normalise in float64, score, full sort
    const unit = (v: ArrayLike<number>) => {
      const s = Math.sqrt(Array.from(v).reduce((a, x) => a + x * x, 0));
      return Array.from(v, (x) => x / s);
    };
    const qu = unit(q);
    const scores = vectors.map((v) => unit(v).reduce((a, x, j) => a + x * qu[j], 0));
    const expected = bruteTopK(scores, 10);
    expect(hits.map((h) => h.id)).toEqual(expected.map((e) => `c${e.index}`));
    hits.forEach((h, i) => expect(h.score).toBeCloseTo(expected[i].score, 5));
  });

  it('filters before ranking and breaks exact ties by indexing order', () => {
    const dense = new DenseRetriever();
    const v = (x: number, y: number) => Float32Array.from([x, y]);
    dense.indexVectors(
      [{ id: 'b', docId: 'd1' }, { id: 'a', docId: 'd2' }, { id: 'c', docId: 'd1' }, { id: 'z', docId: 'd2' }],
      [v(1, 0), v(2, 0), v(0, 1), v(1, 1)], // b and a are the same direction after normalisation
    );
    const hits = dense.searchVector(v(1, 0), 4);
    expect(hits.map((h) => h.id)).toEqual(['b', 'a', 'z', 'c']);
    expect(hits[0].score).toBeCloseTo(1, 6);
    expect(hits[2].score).toBeCloseTo(Math.SQRT1_2, 6);
    expect(dense.searchVector(v(1, 0), 2, { accept: (id) => id !== 'b' }).map((h) => h.id)).toEqual(['a', 'z']);
    expect(dense.docIdOf('z')).toBe('d2');
  });

  it('index() embeds passages, search() embeds the query', async () => {
    const calls: string[] = [];
    // a fake embedder: vector = letter counts of a, b, c
    const embed: EmbedFn = async (texts, kind) => {
      calls.push(`${kind}:${texts.length}`);
      return texts.map((t) => Float32Array.from(['a', 'b', 'c'].map((ch) => t.split(ch).length - 1 + 1e-3)));
    };
    const dense = new DenseRetriever({ embed });
    await dense.index([
      { id: '1', docId: 'd', text: 'aaa' },
      { id: '2', docId: 'd', text: 'bbb' },
      { id: '3', docId: 'd', text: 'abc' },
    ]);
    const hits = await dense.search('bb', 3);
    expect(calls).toEqual(['passage:3', 'query:1']);
    expect(hits.map((h) => h.id)).toEqual(['2', '3', '1']);
  });

  it('rejects mismatched vectors and duplicate ids', () => {
    const dense = new DenseRetriever();
    expect(() => dense.indexVectors([{ id: 'a', docId: 'd' }, { id: 'b', docId: 'd' }], [new Float32Array(3), new Float32Array(4)])).toThrow(
      /vector 1 \(b\) has 4 dimensions, expected 3/,
    );
    expect(() => dense.indexVectors([{ id: 'a', docId: 'd' }, { id: 'a', docId: 'd' }], [new Float32Array(2), new Float32Array(2)])).toThrow(InputError);
    dense.indexVectors([{ id: 'a', docId: 'd' }], [Float32Array.from([1, 0])]);
    expect(() => dense.searchVector(new Float32Array(3), 1)).toThrow(/query vector has 3 dimensions, the index 2/);
  });
});
