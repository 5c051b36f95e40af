import { describe, expect, test } from 'vitest';
import { scoreResults } from '../../../src/engine/evaluation/metrics.ts';
import type { ResultsChunk, ResultsQuestion } from '../../../src/engine/evaluation/types.ts';
import { METRIC_KEYS } from '../../../src/engine/evaluation/types.ts';
import { wilson } from '../../../src/engine/evaluation/stats.ts';
import { independentMetrics } from './independent-scorer.ts';

const U = (id: string, docId: string, start: number, end: number, tokens: number): ResultsChunk => ({ id, docId, start, end, tokens });
const units = [U('u1', 'd', 0, 20, 5), U('u2', 'd', 20, 50, 8), U('u3', 'd', 40, 60, 6), U('u4', 'e', 0, 30, 7), U('u5', 'd', 60, 100, 10), U('u6', 'e', 30, 60, 4)];
const g = (docId: string, start: number, end: number) => ({ docId, start, end });
const Q = (id: string, gold: ReturnType<typeof g>[], ranked: string[], notRelevant?: ReturnType<typeof g>[]): ResultsQuestion => ({
  id, text: id, gold, ranked, ...(notRelevant ? { notRelevant } : {}),
});
const questions = [
  Q('q1', [g('d', 25, 35)], ['u1', 'u2', 'u3'], [g('d', 52, 58)]),
  Q('q2', [g('d', 22, 30), g('d', 45, 55)], ['u2', 'u3', 'u4'], [g('e', 5, 10)]), // multi-span
  Q('q3', [g('d', 70, 80)], ['u4', 'u1'], [g('d', 5, 10)]), // no hit
  Q('q4', [g('d', 5, 10)], []), // empty ranking
  Q('q5', [g('d', 15, 25)], ['u1', 'u2']), // split across u1|u2
  Q('q6', [g('d', 65, 70)], ['u1', 'u2', 'u3', 'u4', 'u6', 'u5']), // below k
  Q('q7', [g('d', 55, 65)], ['u3']), // split, half covered
];

describe('metrics on hand-computed cases', () => {
  const s = scoreResults(units, questions);
  test('per question', () => {
    const by = Object.fromEntries(s.perQuestion.map((p) => [p.id, p]));
    expect(s.perQuestion.map((p) => p.rank)).toEqual([2, 1, null, null, null, 6, null]);
    expect(s.perQuestion.map((p) => [p.hit1, p.hit3, p.hit5])).toEqual([
      [false, true, true], [false, true, true], [false, false, false], [false, false, false],
      [false, false, false], [false, false, false], [false, false, false],
    ]);
    expect(s.perQuestion.map((p) => p.miss)).toEqual([undefined, undefined, 'not-retrieved', 'not-retrieved', 'split', 'below-k', 'split']);
    expect(by.q1.precision5).toBeCloseTo(10 / 70, 12);
    expect(by.q2.recall5).toBe(1);
    expect(by.q2.precision5).toBeCloseTo(18 / 80, 12);
    expect(by.q5.recall5).toBe(1); // every character retrieved, yet no single unit holds it
    expect(by.q5.iou5).toBeCloseTo(0.2, 12);
    expect(by.q7.recall5).toBe(0.5);
    expect(by.q7.precision5).toBe(0.25);
    expect(by.q7.iou5).toBeCloseTo(5 / 25, 12);
    expect(by.q4).toMatchObject({ recall5: 0, precision5: 0, iou5: 0, ctx3: 0 });
    expect(s.perQuestion.map((p) => p.twin)).toEqual(['relevant-first', 'relevant-first', 'look-alike-first', undefined, undefined, undefined, undefined]);
  });
  test('aggregates', () => {
    const m = s.metrics;
    expect(m['hit@1']).toBe(0);
    expect(m['hit@3']).toBeCloseTo(2 / 7, 12);
    expect(m['hit@5']).toBeCloseTo(2 / 7, 12);
    expect(m.mrr).toBeCloseTo((1 / 2 + 1 + 1 / 6) / 7, 12);
    expect(m.coverage).toBeCloseTo(5 / 7, 12);
    expect(m.ctx3).toBeCloseTo(90 / 7, 12);
    expect(m['recall@5']).toBeCloseTo(3.5 / 7, 12);
    expect(m['precision@5']).toBeCloseTo((10 / 70 + 18 / 80 + 0.2 + 0.25) / 7, 12);
    expect(m['iou@5']).toBeCloseTo((10 / 70 + 18 / 80 + 0.2 + 0.2) / 7, 12);
    expect(m.chunks).toBe(6);
    expect(m.meanTokens).toBeCloseTo(40 / 6, 12);
    expect(s.intervals['hit@3']).toEqual(wilson(2, 7));
    expect(s.intervals.coverage).toEqual(wilson(5, 7));
    expect(s.twins).toMatchObject({ questions: 3, relevantFirst: 2, lookAlikeFirst: 1, rate: 2 / 3 });
  });
  test('no questions gives zeros, not NaN', () => {
    const e = scoreResults(units, []);
    for (const k of METRIC_KEYS) expect(Number.isFinite(e.metrics[k])).toBe(true);
    expect(e.metrics['hit@1']).toBe(0);
  });
  test('agrees with the independent scorer', () => {
    const ind = independentMetrics(units, questions);
    for (const k of METRIC_KEYS) expect(s.metrics[k]).toBeCloseTo(ind[k], 9);
  });
});

test('random results files: engine metrics equal an independent recomputation to 1e-6', () => {
  let seed = 12345;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (let trial = 0; trial < 40; trial++) {
    const chunks: ResultsChunk[] = [];
    for (const doc of ['a', 'b', 'c']) {
      let pos = 0;
      while (pos < 300) {
        const len = 5 + rnd(60);
        const back = rnd(3) === 0 ? rnd(Math.min(pos, 20) + 1) : 0; // some overlap
        chunks.push(U(`${doc}${chunks.length}`, doc, pos - back, pos + len, 1 + rnd(100)));
        pos += len;
      }
    }
    const qs: ResultsQuestion[] = [];
    for (let i = 0; i < 12; i++) {
      const gold = Array.from({ length: 1 + rnd(3) }, () => {
        const docId = ['a', 'b', 'c'][rnd(3)];
        const start = rnd(290);
        return g(docId, start, start + 1 + rnd(30));
      });
      const ranked = [...new Set(Array.from({ length: rnd(14) }, () => chunks[rnd(chunks.length)].id))];
      qs.push(Q(`q${i}`, gold, ranked));
    }
    const mine = scoreResults(chunks, qs).metrics;
    const ind = independentMetrics(chunks, qs);
    for (const k of METRIC_KEYS) expect(Math.abs(mine[k] - ind[k])).toBeLessThan(1e-6);
  }
});
