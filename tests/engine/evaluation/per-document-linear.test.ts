// per-document is linear in one document's questions: grouping them copied the document's list per
// question (quadratic: 100k questions on one document took 34–76 s and 1 GB). 200k questions on one
// document, and the same number spread over many, finish well inside the test's timeout (the copy
// would take minutes), and the result is the one the same scores give on a small set.
import { expect, test } from 'vitest';
import { choosePerDocument } from '../../../src/engine/evaluation/per-document.ts';

const input = (n: number, docs: number) => {
  const questions = Array.from({ length: n }, (_, i) => ({ id: `q${i}`, docId: `d${i % docs}` }));
  // Configuration b answers every third question a misses, and nothing else differs.
  const a = questions.map((_, i) => (i % 3 === 0 ? 0 : 1));
  const b = questions.map(() => 1);
  return { names: ['a', 'b'], questions, scores: [a, b] };
};

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
}, 30_000);

test('200k questions over 2,000 documents: completes', () => {
  const r = choosePerDocument(input(200_000, 2_000), { resamples: 20 });
  expect(r.documents).toBe(2_000);
  expect(r.perDocument.reduce((s, d) => s + d.questions, 0)).toBe(200_000);
}, 30_000);
