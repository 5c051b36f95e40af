// Progress arithmetic of a grid: a run's fraction from the engine's stage reports, and the time left
// estimated from the runs already finished (their mean duration times the work still to do).
import type { Stage } from '../../engine/evaluation/index.ts';

/** Share of a run's time each stage takes (rough, from BM25 runs on the samples); sums to 1. */
const STAGES: [Stage, number][] = [
  ['parse', 0.05],
  ['chunk', 0.4],
  ['index', 0.15],
  ['retrieve', 0.35],
  ['score', 0.05],
];

/** A run's fraction done when `stage` is at `f`. */
export function runFraction(stage: Stage, f: number): number {
  let before = 0;
  for (const [s, w] of STAGES) {
    if (s === stage) return Math.min(1, before + w * Math.max(0, Math.min(1, f)));
    before += w;
  }
  return 0;
}

/**
 * Milliseconds left: the mean duration of the `timed` finished runs (`timedMs` in all) times the work
 * left, in runs (queued runs count 1, the running one what it has left); undefined before one finishes.
 */
export function etaMs(timed: number, timedMs: number, workLeft: number): number | undefined {
  if (timed <= 0) return undefined;
  return (timedMs / timed) * Math.max(0, workLeft);
}
