// The Results view's enough-questions figures come from the two results files: discordant hit@5
// questions counted here by hand, the exact McNemar p, Connor's questions needed written out here.
import { expect, test } from 'vitest';
import { enoughQuestions } from '../../../src/app/answers/enough.ts';
import { rescore } from '../../../src/engine/evaluation/index.ts';
import type { ResultsFile } from '../../../src/engine/evaluation/index.ts';

/** A file whose question i is a hit@5 exactly when hit(i): gold in chunk c-i, ranked first or not at all. */
function file(n: number, hit: (i: number) => boolean, docs = 4): ResultsFile {
  const chunks = Array.from({ length: n }, (_, i) => ({ id: `c${i}`, docId: `d${i % docs}`, start: i * 10, end: i * 10 + 10, tokens: 5 }));
  const other = { id: 'x', docId: 'none', start: 0, end: 1, tokens: 1 };
  const questions = Array.from({ length: n }, (_, i) => ({ id: `q${i}`, text: '', gold: [{ docId: `d${i % docs}`, start: i * 10 + 1, end: i * 10 + 5 }], ranked: hit(i) ? [`c${i}`] : ['x'] }));
  return rescore({ format: 'chunklab-results', version: 1, config: {}, chunks: [...chunks, other], questions, metrics: {} as never });
}

test('paired figures from the files, and "too few" when the test cannot tell', () => {
  const a = file(30, (i) => i % 3 !== 0); // 20 hits
  const b = file(30, (i) => i % 3 !== 1); // 20 hits
  const e = enoughQuestions(a, b)!;
  // Only A: i % 3 === 1 (10); only B: i % 3 === 0 (10).
  expect([e.power.onlyA, e.power.onlyB]).toEqual([10, 10]);
  expect(e.p).toBe(1);
  expect(e.power.needed).toBe(Infinity);
  // A tie: these questions cannot tell them apart, and no number of questions at this discordance would.
  expect(e.power.tooFew).toBe(true);

  const c = file(30, (i) => i % 5 !== 0); // 24 hits
  const f = enoughQuestions(c, a)!;
  let onlyC = 0;
  let onlyA = 0;
  for (let i = 0; i < 30; i++) {
    const x = i % 5 !== 0;
    const y = i % 3 !== 0;
    if (x && !y) onlyC++;
    if (!x && y) onlyA++;
  }
  expect([f.power.onlyA, f.power.onlyB]).toEqual([onlyC, onlyA]);
  const psi = (onlyC + onlyA) / 30;
  const delta = (onlyC - onlyA) / 30;
  const needed = Math.ceil((1.959963984540054 * Math.sqrt(psi) + 0.8416212335729143 * Math.sqrt(psi - delta * delta)) ** 2 / delta ** 2);
  expect(f.power.needed).toBe(needed);
  expect(f.power.tooFew).toBe(f.p >= 0.05 && needed > 30);
  expect(f.power.tooFew).toBe(true);
  // Bootstrap units: 4 documents, 30 questions.
  expect(f.a.byDocument.units).toBe(4);
  expect(f.a.byQuestion.units).toBe(30);
  expect(f.a.byDocument.estimate).toBeCloseTo(24 / 30, 12);
});

test('files over different questions are not paired', () => {
  expect(enoughQuestions(file(10, () => true), file(12, () => true))).toBeUndefined();
});
