// per-document is linear in one document's questions: grouping them copied the document's list per
// question (quadratic: 100k questions on one document took 34–76 s and 1 GB). The work is counted,
// not timed (tests/engine/work-count.ts: elements iterated, walked or copied): four times the questions is
// about four times the work, on one document and over many, where the copy made it sixteen times.
// 200k questions still score as the same scores do on a small set.
import { expect, test } from 'vitest';
import { choosePerDocument } from '../../../src/engine/evaluation/per-document.ts';
import { growth } from '../work-count.ts';

const input = (n: number, docs: number) => {
  const questions = Array.from({ length: n }, (_, i) => ({ id: `q${i}`, docId: `d${i % docs}` }));
  // Configuration b answers every third question a misses, and nothing else differs.
  const a = questions.map((_, i) => (i % 3 === 0 ? 0 : 1));
  const b = questions.map(() => 1);
  return { names: ['a', 'b'], questions, scores: [a, b] };
};

test('four times the questions on one document is about four times the work (a copy per question: sixteen)', () => {
  const g = growth((n) => input(n, 1), (x) => choosePerDocument(x, { resamples: 20 }), 2_000);
  expect(g.ratio, `work ${g.small} at 2k questions, ${g.large} at 8k`).toBeLessThan(5);
  // A bound per question as well: the copy walked ~n/2 elements per question (4k at 8k).
  expect(g.large / 8_000).toBeLessThan(50);
});

test('four times the questions over four times the documents is about four times the work', () => {
  const g = growth((n) => input(n, n / 100), (x) => choosePerDocument(x, { resamples: 20 }), 2_000);
  expect(g.ratio, `work ${g.small} at 2k questions, ${g.large} at 8k`).toBeLessThan(5);
});

test('200k questions on one document: completes, and scores as the same scores do', () => {
  const r = choosePerDocument(input(200_000, 1), { resamples: 20 });
  expect(r.questions).toBe(200_000);
  expect(r.documents).toBe(1);
  expect(r.perDocument[0].questions).toBe(200_000);
  expect(r.single.all).toBe(1);
  expect(r.perDocument[0].halves[0].questions.length + r.perDocument[0].halves[1].questions.length).toBe(200_000);
  // Independent check: b's mean is 1, a's is the share of questions not divisible by 3.
  expect(r.perDocument[0].means[1]).toBe(1);
  expect(r.perDocument[0].means[0]).toBeCloseTo(1 - Math.ceil(200_000 / 3) / 200_000, 12);
});

test('200k questions over 2,000 documents: completes', () => {
  const r = choosePerDocument(input(200_000, 2_000), { resamples: 20 });
  expect(r.documents).toBe(2_000);
  expect(r.perDocument.reduce((s, d) => s + d.questions, 0)).toBe(200_000);
});
