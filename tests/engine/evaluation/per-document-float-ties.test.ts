// Ties in the per-document choice (src/engine/evaluation/per-document.ts) when two configurations
// score the same values on different questions of a document (MRR 1/3, 1, 1/7, 1/5 and the same in
// the opposite order): the same total, so each document keeps the single best (the earlier
// configuration) and the in-sample gain is exactly zero. Summed in another order (question order,
// or half by half) the totals can differ in the last bit, which "changed" documents for nothing.
import { expect, test } from 'vitest';
import { choosePerDocument } from '../../../src/engine/evaluation/per-document.ts';

test('configurations with the same scores on different questions of a document tie on it', () => {
  const values = [
    [1 / 3, 1, 1 / 7, 1 / 5],
    [1 / 4, 1 / 2, 1 / 7, 1 / 3],
    [1 / 2, 1 / 5, 1 / 6, 0],
    [1 / 3, 1 / 6, 1 / 7, 1 / 2, 1 / 5, 1],
  ];
  const questions: { id: string; docId: string }[] = [];
  const a: number[] = [];
  const b: number[] = [];
  values.forEach((v, d) => {
    v.forEach((x, i) => {
      questions.push({ id: `q${d}-${i}`, docId: `doc${d}` });
      a.push(x);
      b.push(v[v.length - 1 - i]);
    });
  });
  // The premise: summed in question order, some document's totals differ by a rounding error.
  const inOrder = (xs: number[]) => xs.reduce((s, v) => s + v, 0);
  expect(values.some((v) => inOrder(v) !== inOrder([...v].reverse()))).toBe(true);
  for (const seed of [1, 2, 3, 4, 5]) {
    const r = choosePerDocument({ names: ['A', 'B'], questions, scores: [a, b] }, { seed, resamples: 0 });
    expect(r.single.all).toBe(0);
    for (const d of r.perDocument) {
      expect(d.means[0], d.docId).toBe(d.means[1]);
      expect(d.chosen, d.docId).toBe(0);
      expect(d.changed, d.docId).toBe(false);
    }
    expect(r.inSample.gain).toBe(0);
  }
});
