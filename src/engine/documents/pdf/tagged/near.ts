// Finding items near a line's fragments by binary search (figures' text, running lines' items).

import type { Frag } from '../types.ts';

/** The first index of `xs` (sorted by `key`, ascending) whose key is `v` or more. */
export function firstAtOrAbove<T>(xs: T[], v: number, key: (x: T) => number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(xs[mid]) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Does x lie within one of a line's fragments (a point of slack each side)? `fs` sorted by x0; they
 * do not overlap, so the one holding x starts around x: a binary search, not a pass over the line
 * (a row of many fragments times its many items would cost their product).
 */
export function underFrag(fs: Frag[], x: number): boolean {
  const k = firstAtOrAbove(fs, x + 1, (f) => f.x0);
  return [k, k - 1, k - 2].some((j) => j >= 0 && j < fs.length && x >= fs[j].x0 - 1 && x <= fs[j].x1 + 1);
}

