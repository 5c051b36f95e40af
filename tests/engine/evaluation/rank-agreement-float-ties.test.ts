// τ-b ties in rankAgreement (src/engine/evaluation/rank-agreement.ts) when two configurations score
// the same values on different questions: MRR 1/3, 1, 1/7, 1/5 for one and the same values in the
// opposite order for the other are the same mean, a tie. Summed in question order they differ in
// the last bit (checked here), which made the pair "ordered" under that set.
import { expect, test } from 'vitest';
import { rankAgreement } from '../../../src/engine/evaluation/rank-agreement.ts';

test('configurations with the same scores on different questions tie under that set', () => {
  const x = [1 / 3, 1, 1 / 7, 1 / 5];
  const y = [...x].reverse();
  // The premise: in question order the two sums differ by a rounding error.
  expect(x.reduce((s, v) => s + v, 0)).not.toBe(y.reduce((s, v) => s + v, 0));
  const docs = ['d1', 'd2', 'd3', 'd4'];
  const r = rankAgreement(
    ['X', 'Y', 'Z'],
    { documents: docs, values: [x, y, [0, 0, 0, 0]] },
    { documents: docs, values: [[0, 0, 0, 1], [1, 1, 1, 1], [0, 0, 0, 0]] },
    { resamples: 0 },
  );
  // Under A: X = Y > Z; under B: Y > X > Z. By hand: 3 pairs, 1 tied under A only, 2 concordant,
  // none discordant: τ-b = (2 − 0) / √((3 − 1)(3 − 0)).
  expect(r.configurations[0].a).toBe(r.configurations[1].a);
  expect(r.configurations[0].rankA).toBe(1.5);
  expect(r.configurations[1].rankA).toBe(1.5);
  expect(r.tiedInOne).toBe(1);
  expect(r.disagreements).toEqual([]);
  expect(r.tau).toBeCloseTo(2 / Math.sqrt(6), 12);
  expect(r.best.a).toEqual(['X', 'Y']);
});

test('in the bootstrap, whole documents with the same scores on different questions tie too', () => {
  // One document with four questions: every resample draws it whole, so X and Y tie under A in
  // every resample, and τ-b is the same in all of them (an interval of one point).
  const x = [1 / 3, 1, 1 / 7, 1 / 5];
  const y = [...x].reverse();
  const docs = ['d', 'd', 'd', 'd'];
  const r = rankAgreement(
    ['X', 'Y', 'Z'],
    { documents: docs, values: [x, y, [0, 0, 0, 0]] },
    { documents: ['e', 'e', 'e', 'e'], values: [[0, 0, 0, 1], [1, 1, 1, 1], [0, 0, 0, 0]] },
    { resamples: 50, by: 'document' },
  );
  expect(r.interval).not.toBeNull();
  expect(r.interval![0]).toBeCloseTo(2 / Math.sqrt(6), 12);
  expect(r.interval![1]).toBeCloseTo(2 / Math.sqrt(6), 12);
});
