// Vector arithmetic of the semantic strategies: cosine similarity, percentiles, and sums of dense or
// sparse vectors over windows of units.

import type { SparseVector } from '../../types.ts';
import { quantileOfSorted } from '../../util/index.ts';

export type Vector = Float32Array | SparseVector;

/** The p-th percentile (0-100) with linear interpolation between closest ranks (numpy's default). */
export function percentile(values: number[], p: number): number {
  return quantileOfSorted([...values].sort((a, b) => a - b), Math.min(100, Math.max(0, p)) / 100);
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

export function isSparse(v: Vector): v is SparseVector {
  return !(v instanceof Float32Array) && typeof v === 'object' && v !== null && 'indices' in v;
}

/** A running sum of vectors (dense or sparse), as dimension → value. */
type Sum = Map<number, number>;

function addInto(sum: Sum, v: Vector): void {
  if (isSparse(v)) {
    for (let j = 0; j < v.indices.length; j++) sum.set(v.indices[j], (sum.get(v.indices[j]) ?? 0) + v.values[j]);
  } else {
    for (let j = 0; j < v.length; j++) if (v[j] !== 0) sum.set(j, (sum.get(j) ?? 0) + v[j]);
  }
}

function sumOf(vectors: Vector[], from: number, to: number): Sum {
  const sum: Sum = new Map();
  for (let i = from; i < to; i++) addInto(sum, vectors[i]);
  return sum;
}

function cosineOfSums(a: Sum, b: Sum): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [k, x] of a) {
    na += x * x;
    const y = b.get(k);
    if (y !== undefined) dot += x * y;
  }
  for (const y of b.values()) nb += y * y;
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/**
 * For each gap between unit i and unit i+1 (n−1 gaps): the cosine similarity between the sum of the
 * `buffer` units before the gap (i−buffer+1..i) and the sum of the `buffer` units after it
 * (i+1..i+buffer), windows clipped at the ends. buffer 1 compares plain neighbours.
 */
export function windowedSimilarities(vectors: Vector[], buffer: number): number[] {
  const k = Math.max(1, Math.floor(buffer));
  const out: number[] = [];
  for (let i = 0; i + 1 < vectors.length; i++) {
    out.push(cosineOfSums(sumOf(vectors, Math.max(0, i - k + 1), i + 1), sumOf(vectors, i + 1, Math.min(vectors.length, i + 1 + k))));
  }
  return out;
}

/**
 * Centred weighted moving average of odd width `width` (1 = unchanged) with binomial weights (width 3:
 * 1 2 1, width 5: 1 4 6 4 1), which smooths noise without moving a peak the way a flat average can;
 * windows are clipped at the ends and their weights renormalised.
 */
export function smoothCurve(values: number[], width: number): number[] {
  const h = Math.max(0, Math.floor((Math.max(1, width) - 1) / 2));
  if (h === 0) return values.slice();
  const w: number[] = [1];
  for (let r = 1; r <= 2 * h; r++) w[r] = (w[r - 1] * (2 * h - r + 1)) / r;
  return values.map((_, i) => {
    let s = 0;
    let total = 0;
    for (let j = Math.max(0, i - h); j <= Math.min(values.length - 1, i + h); j++) {
      s += values[j] * w[j - i + h];
      total += w[j - i + h];
    }
    return s / total;
  });
}
