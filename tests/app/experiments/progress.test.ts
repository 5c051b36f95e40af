// The grid's progress arithmetic: a run's fraction from stage reports, and the time left from the
// counts the store keeps, checked against the same estimate worked out row by row.
import { describe, expect, test } from 'vitest';
import { etaMs, runFraction } from '../../../src/app/experiments/progress.ts';

describe('progress', () => {
  test('a run moves monotonically from 0 to 1 through its stages', () => {
    const stages = ['parse', 'chunk', 'index', 'retrieve', 'score'] as const;
    let last = -1;
    for (const s of stages)
      for (const f of [0, 0.25, 0.5, 1]) {
        const x = runFraction(s, f);
        expect(x).toBeGreaterThanOrEqual(last);
        last = x;
      }
    expect(runFraction('parse', 0)).toBe(0);
    expect(runFraction('score', 1)).toBeCloseTo(1, 12);
    expect(runFraction('chunk', 7)).toBe(runFraction('chunk', 1));
  });

  test('time left from counts equals the mean of finished runs times the work left, row by row', () => {
    // Rows: finished (with a time, or restored without one), the running one, queued ones.
    const rows = [
      { status: 'done', ms: 1200 },
      { status: 'done', ms: 800 },
      { status: 'done' },
      { status: 'error' },
      { status: 'running', fraction: 0.3 },
      { status: 'queued' },
      { status: 'queued' },
    ] as { status: string; ms?: number; fraction?: number }[];
    const timed = rows.filter((r) => r.status === 'done' && r.ms !== undefined);
    const mean = timed.reduce((a, r) => a + r.ms!, 0) / timed.length;
    const left = rows.filter((r) => r.status === 'queued' || r.status === 'running').reduce((a, r) => a + 1 - (r.fraction ?? 0), 0);
    // What the store keeps as counts: timed runs and their total time, runs pending, the running one's fraction.
    const timedMs = timed.reduce((a, r) => a + r.ms!, 0);
    const pending = rows.filter((r) => r.status === 'queued' || r.status === 'running').length;
    const running = rows.find((r) => r.status === 'running')?.fraction ?? 0;
    expect(etaMs(timed.length, timedMs, pending - running)).toBeCloseTo(mean * left, 9);
    expect(etaMs(0, 0, 3)).toBeUndefined();
    expect(etaMs(2, 2000, -0.1)).toBe(0);
  });
});
