// The review sample: deterministic per seed, without repeats, in document order, and uniform.
import { describe, expect, it } from 'vitest';
import { sampleForReview, seededRandom } from '../../../src/engine/context/sample.ts';
import { InputError, type Chunk } from '../../../src/engine/types.ts';

const chunks: Chunk[] = Array.from({ length: 10 }, (_, i) => ({
  id: `d#${i}`,
  docId: 'd',
  index: i,
  start: i * 10,
  end: i * 10 + 10,
  prefix: i % 2 ? `Frase ${i}.\n` : '',
  tokens: 5,
  headingPath: [],
  flags: [],
  ...(i % 2 ? { context: `Frase ${i}.` } : {}),
}));

describe('sampleForReview', () => {
  it('is deterministic per seed, without repeats, in original order, with the sentences', () => {
    const a = sampleForReview(chunks, 4, 42);
    const b = sampleForReview(chunks, 4, 42);
    expect(a).toEqual(b);
    expect(a).toHaveLength(4);
    const idx = a.map((x) => x.chunk.index);
    expect(new Set(idx).size).toBe(4);
    expect(idx).toEqual([...idx].sort((x, y) => x - y));
    for (const x of a) expect(x.sentence).toBe(x.chunk.context ?? '');
    expect(sampleForReview(chunks, 4, 'workshop')).toEqual(sampleForReview(chunks, 4, 'workshop'));
  });

  it('different seeds give different samples; n ≥ length gives all', () => {
    const seen = new Set<string>();
    for (let s = 0; s < 20; s++) seen.add(sampleForReview(chunks, 3, s).map((x) => x.chunk.id).join());
    expect(seen.size).toBeGreaterThan(10);
    expect(sampleForReview(chunks, 50, 1).map((x) => x.chunk.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sampleForReview([], 3, 1)).toEqual([]);
    expect(() => sampleForReview(chunks, -1, 1)).toThrow(InputError);
  });

  it('every chunk is equally likely: over 5000 seeds each is picked ≈ 30% of the time', () => {
    const counts = new Array(10).fill(0);
    for (let s = 0; s < 5000; s++) for (const x of sampleForReview(chunks, 3, s)) counts[x.chunk.index]++;
    // Binomial(5000, 0.3): sd ≈ 32; allow ±5 sd.
    for (const c of counts) expect(Math.abs(c - 1500)).toBeLessThan(160);
  });

  it('seededRandom stays in [0, 1)', () => {
    const r = seededRandom(7);
    for (let i = 0; i < 1000; i++) {
      const x = r();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});
