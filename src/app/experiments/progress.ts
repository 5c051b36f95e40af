// Progress arithmetic of a grid: a run's fraction from the engine's stage reports, and the time left
// estimated from the runs already finished (their mean duration times the work still to do).
import type { Stage } from '../../engine/evaluation/experiment.ts';

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

export interface RunTiming {
  done: boolean;
  /** Duration of a finished run. */
  ms?: number;
  /** Fraction done of a run in progress. */
  fraction: number;
  /** Still to finish (queued or running). */
  pending: boolean;
}

/** Milliseconds left: mean duration of finished runs × runs' work left; undefined before one finishes. */
export function etaMs(runs: readonly RunTiming[], _now?: number): number | undefined {
  const finished = runs.filter((r) => r.done && r.ms !== undefined);
  if (!finished.length) return undefined;
  const mean = finished.reduce((s, r) => s + r.ms!, 0) / finished.length;
  const left = runs.filter((r) => r.pending).reduce((s, r) => s + (1 - r.fraction), 0);
  return mean * left;
}
