// The breakpoint curve of the semantic strategies: for each gap between neighbouring units, the distance
// between a window of units before it and a window after it, smoothed, and the threshold above which a
// gap is a breakpoint. Kept with the vectors so a caller (the inspector) can move the threshold or the
// percentile and see the breakpoints move without embedding again.

import { percentile, smoothCurve, windowedSimilarities, type Vector } from './vectors.ts';

export interface CutRule {
  /** Breakpoints where the distance reaches this percentile of all distances (0-100). */
  percentile?: number;
  /** When > 0: breakpoints where the (windowed, smoothed) similarity falls below this; replaces the percentile. */
  threshold?: number;
}

export interface CurveOptions extends CutRule {
  /** Units on each side of a gap that are summed and compared (1 = plain neighbours). */
  buffer: number;
  /** Width of the centred moving average over the curve (1 = none). */
  smoothing: number;
}

export interface BreakpointCurve {
  /** Gap i lies between unit i and unit i+1; its position is the start offset of unit i+1. */
  positions: number[];
  /** Windowed cosine similarity at each gap, before smoothing. */
  similarities: number[];
  /** The curve: 1 − the smoothed similarity at each gap. */
  distances: number[];
  /** The distance a gap must reach to be a breakpoint (percentile: ≥; similarity threshold: >). */
  threshold: number;
  mode: 'percentile' | 'threshold';
  /** Indices of the gaps that are breakpoints, ascending. */
  breaks: number[];
}

/** The curve of `vectors` (one per unit) with breakpoints by `opts`. `positions`: start offset of each unit. */
export function breakpointCurve(vectors: Vector[], positions: number[], opts: CurveOptions): BreakpointCurve {
  const similarities = windowedSimilarities(vectors, opts.buffer);
  const distances = smoothCurve(similarities, opts.smoothing).map((s) => 1 - s);
  return cutCurve({ positions: positions.slice(1, vectors.length), similarities, distances, threshold: 0, mode: 'percentile', breaks: [] }, opts);
}

/**
 * Breakpoints of an existing curve under a new rule, without touching vectors: the peaks of the curve
 * (a gap more distant than its neighbours; a run of equal distances counts once, at its middle, so a
 * plateau neither cuts everywhere nor nowhere) that reach the line. Percentile: the line is that
 * percentile of all distances, reached with ties included; a perfectly flat curve carries no signal and
 * gives no breakpoint. Threshold t > 0: the line is 1 − t, passed strictly (similarity below t).
 */
export function cutCurve(curve: BreakpointCurve, rule: CutRule): BreakpointCurve {
  const d = curve.distances;
  const byThreshold = (rule.threshold ?? 0) > 0;
  const threshold = byThreshold ? 1 - rule.threshold! : d.length ? percentile(d, rule.percentile ?? 95) : 1;
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of d) {
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  const flat = d.length === 0 || hi - lo <= EPS;
  const breaks: number[] = [];
  if (!(flat && !byThreshold)) {
    for (const i of peaks(d)) if (byThreshold ? d[i] > threshold : d[i] >= threshold - EPS) breaks.push(i);
  }
  return { ...curve, threshold, mode: byThreshold ? 'threshold' : 'percentile', breaks };
}

const EPS = 1e-9;

/** Indices of the local maxima of `d`; a run of equal values is one maximum, at its middle. */
export function peaks(d: number[]): number[] {
  const out: number[] = [];
  let a = 0;
  while (a < d.length) {
    let b = a;
    while (b + 1 < d.length && Math.abs(d[b + 1] - d[a]) <= EPS) b++;
    const leftLower = a === 0 || d[a - 1] < d[a] - EPS;
    const rightLower = b === d.length - 1 || d[b + 1] < d[a] - EPS;
    if (leftLower && rightLower) out.push((a + b) >>> 1);
    a = b + 1;
  }
  return out;
}
