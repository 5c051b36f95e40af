import { expect, test } from 'vitest';
import { mcnemarExact, wilson } from '../../../src/engine/evaluation/stats.ts';

test('exact McNemar against known values', () => {
  // b=1, c=9: 2·(C(10,0)+C(10,1))/2^10 = 22/1024
  expect(mcnemarExact(1, 9)).toBeCloseTo(0.021484375, 12);
  expect(mcnemarExact(9, 1)).toBeCloseTo(0.021484375, 12);
  expect(mcnemarExact(0, 0)).toBe(1);
  expect(mcnemarExact(5, 5)).toBe(1);
  // b=0, c=6: 2/64
  expect(mcnemarExact(0, 6)).toBeCloseTo(0.03125, 12);
  // b=2, c=10: 2·(1+12+66)/4096
  expect(mcnemarExact(2, 10)).toBeCloseTo((2 * 79) / 4096, 12);
  // Large n stays finite and symmetric.
  const p = mcnemarExact(400, 480);
  expect(p).toBeGreaterThan(0);
  expect(p).toBeLessThan(0.01);
  expect(mcnemarExact(480, 400)).toBe(p);
});

test('Wilson score interval against known values', () => {
  // Closed form checked by hand: 0/10 → [0, z²/(n+z²)] = [0, 0.2775].
  const [lo0, hi0] = wilson(0, 10);
  expect(lo0).toBe(0);
  expect(hi0).toBeCloseTo(1.959963984540054 ** 2 / (10 + 1.959963984540054 ** 2), 12);
  expect(hi0).toBeCloseTo(0.2775, 4);
  // 8/10 → [0.4902, 0.9433] (the usual textbook example).
  const [lo, hi] = wilson(8, 10);
  expect(lo).toBeCloseTo(0.4902, 4);
  expect(hi).toBeCloseTo(0.9433, 4);
  // Symmetry: wilson(n-x, n) mirrors wilson(x, n).
  const [a, b] = wilson(3, 17);
  const [c, d] = wilson(14, 17);
  expect(a).toBeCloseTo(1 - d, 12);
  expect(b).toBeCloseTo(1 - c, 12);
  expect(wilson(0, 0)).toEqual([0, 1]);
  expect(() => wilson(5, 3)).toThrow();
});
