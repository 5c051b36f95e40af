// Pooling and normalisation against hand-computed numbers.
import { describe, expect, it } from 'vitest';
import { clsPool, dot, l2Normalize, meanPool, meanPoolRange, pool } from '../../../src/engine/embedding/pooling.ts';
import type { RunnerOutput } from '../../../src/engine/embedding/runner.ts';

// batch 2, seq 3, hidden 2
const out: RunnerOutput = {
  data: Float32Array.from([
    1, 2, /**/ 3, 4, /**/ 100, 100, // row 0: third position is padding
    -1, 0, /**/ 0, 2, /**/ 4, 4, // row 1
  ]),
  dims: [2, 3, 2],
};

describe('pooling', () => {
  it('mean pooling averages only unmasked positions', () => {
    expect(Array.from(meanPool(out, 0, [1, 1, 0]))).toEqual([2, 3]); // (1+3)/2, (2+4)/2
    expect(Array.from(meanPool(out, 1, [1, 1, 1]))).toEqual([1, 2]); // (-1+0+4)/3, (0+2+4)/3
    expect(Array.from(meanPool(out, 1, [0, 1, 1]))).toEqual([2, 3]);
  });

  it('range pooling equals mean over [start, end)', () => {
    expect(Array.from(meanPoolRange(out, 1, 1, 3))).toEqual([2, 3]);
    expect(Array.from(meanPoolRange(out, 0, 0, 1))).toEqual([1, 2]);
  });

  it('CLS pooling takes the first position of the row', () => {
    expect(Array.from(clsPool(out, 1))).toEqual([-1, 0]);
    expect(Array.from(pool(out, 0, [1, 1, 0], 'cls'))).toEqual([1, 2]);
    expect(Array.from(pool(out, 0, [1, 1, 0], 'mean'))).toEqual([2, 3]);
  });

  it('an all-masked row pools to zeros, not NaN', () => {
    expect(Array.from(meanPool(out, 0, [0, 0, 0]))).toEqual([0, 0]);
  });

  it('L2 normalisation: (3, 4) → (0.6, 0.8); zero stays zero; dot of units is cosine', () => {
    const v = l2Normalize(Float32Array.from([3, 4]));
    expect(v[0]).toBeCloseTo(0.6, 7);
    expect(v[1]).toBeCloseTo(0.8, 7);
    expect(Array.from(l2Normalize(new Float32Array(3)))).toEqual([0, 0, 0]);
    const w = l2Normalize(Float32Array.from([4, -3]));
    expect(dot(v, w)).toBeCloseTo(0, 7);
    expect(dot(v, v)).toBeCloseTo(1, 6);
  });
});
