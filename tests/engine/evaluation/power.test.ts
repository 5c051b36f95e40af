// Enough questions: Connor's sample size for McNemar checked against the exact power of the exact
// McNemar test computed here by enumeration; the minimum detectable difference solved back; the
// "too few questions" verdict; the document (cluster) bootstrap against the analytic cluster-robust
// standard error written here.
import { expect, test } from 'vitest';
import { bootstrapRate, minDetectableDifference, powerAfter, questionsNeeded } from '../../../src/engine/evaluation/index.ts';

/** log C(n, k) */
const logChoose = (n: number, k: number) => {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
  return s;
};
const binom = (n: number, k: number, p: number) => (p <= 0 ? (k === 0 ? 1 : 0) : p >= 1 ? (k === n ? 1 : 0) : Math.exp(logChoose(n, k) + k * Math.log(p) + (n - k) * Math.log(1 - p)));

/** Exact two-sided binomial (p = 1/2) test of b successes out of d: 2 · P[X <= min(b, d − b)], capped at 1. */
function exactP(b: number, d: number): number {
  const m = Math.min(b, d - b);
  let s = 0;
  for (let i = 0; i <= m; i++) s += binom(d, i, 0.5);
  return Math.min(1, 2 * s);
}

/** Exact power of the exact McNemar test on n questions: discordant D ~ Bin(n, ψ), only-A B | D ~ Bin(D, p10/ψ). */
function exactPower(n: number, psi: number, delta: number): number {
  const p10 = (psi + delta) / 2;
  let power = 0;
  for (let d = 0; d <= n; d++) {
    const pd = binom(n, d, psi);
    if (pd < 1e-12) continue;
    for (let b = 0; b <= d; b++) if (exactP(b, d) < 0.05) power += pd * binom(d, b, p10 / psi);
  }
  return power;
}

test('questions needed: the exact test at that many questions has about 80% power, at half as many far less', () => {
  for (const [psi, delta] of [[0.2, 0.1], [0.3, 0.1], [0.15, 0.08]]) {
    const n = questionsNeeded(delta, psi);
    // Connor's formula, written out here.
    const z = 1.959963984540054;
    const zb = 0.8416212335729143;
    expect(n).toBe(Math.ceil((z * Math.sqrt(psi) + zb * Math.sqrt(psi - delta * delta)) ** 2 / delta ** 2));
    const p = exactPower(n, psi, delta);
    expect(p, `ψ ${psi} δ ${delta} n ${n}`).toBeGreaterThan(0.72);
    expect(p).toBeLessThan(0.88);
    expect(exactPower(Math.round(n / 2), psi, delta)).toBeLessThan(0.6);
  }
  expect(questionsNeeded(0, 0.2)).toBe(Infinity);
});

test('minimum detectable difference: solved back through the formula, shrinking like 1/√n', () => {
  const psi = 0.2;
  const d100 = minDetectableDifference(100, psi);
  const d400 = minDetectableDifference(400, psi);
  expect(Math.abs(questionsNeeded(d100, psi) - 100)).toBeLessThanOrEqual(1);
  expect(Math.abs(questionsNeeded(d400, psi) - 400)).toBeLessThanOrEqual(1);
  // Four times the questions: about half the difference.
  expect(d400 / d100).toBeGreaterThan(0.45);
  expect(d400 / d100).toBeLessThan(0.55);
  // 20 questions at 20% discordance cannot see anything short of ψ itself.
  expect(minDetectableDifference(20, psi)).toBe(psi);
  // About 12 points at 100 questions: (1.96·√0.2 + 0.84·√0.2)² / 100 ≈ 0.0157 → √ ≈ 0.125 (δ² term small).
  expect(d100).toBeGreaterThan(0.1);
  expect(d100).toBeLessThan(0.13);
});

test('after two runs: too few questions to tell, or enough', () => {
  const few = powerAfter(40, 5, 2, 0.45);
  expect(few.discordance).toBeCloseTo(7 / 40, 12);
  expect(few.difference).toBeCloseTo(3 / 40, 12);
  expect(few.needed).toBe(questionsNeeded(3 / 40, 7 / 40));
  expect(few.needed).toBeGreaterThan(40);
  expect(few.tooFew).toBe(true);
  // A significant difference is decided: not "too few".
  expect(powerAfter(200, 30, 5, 0.00002).tooFew).toBe(false);
  // A tie: no number of questions separates them.
  expect(powerAfter(50, 4, 4, 1).needed).toBe(Infinity);
});

test('document bootstrap: matches the cluster-robust standard error, wider than the per-question one when a document\'s questions move together', () => {
  // 30 documents of 6 questions; a document's questions all hit or all miss (perfectly correlated).
  const questions: { gold: { docId: string; start: number; end: number }[] }[] = [];
  const hits: boolean[] = [];
  for (let d = 0; d < 30; d++) {
    const hit = (d * 7) % 10 < 6;
    for (let q = 0; q < 6; q++) {
      questions.push({ gold: [{ docId: `doc${d}`, start: 0, end: 1 }] });
      hits.push(hit);
    }
  }
  const byDoc = bootstrapRate(questions, hits, { by: 'document', resamples: 4000, seed: 7 });
  const byQ = bootstrapRate(questions, hits, { by: 'question', resamples: 4000, seed: 7 });
  expect(byDoc.units).toBe(30);
  expect(byQ.units).toBe(180);
  // Analytic cluster-robust SE of a ratio: sqrt(Σ (y_j − p n_j)²) / N.
  const N = hits.length;
  const p = hits.filter(Boolean).length / N;
  let ss = 0;
  for (let d = 0; d < 30; d++) {
    const y = hits.slice(d * 6, d * 6 + 6).filter(Boolean).length;
    ss += (y - p * 6) ** 2;
  }
  const se = Math.sqrt(ss) / N;
  const width = byDoc.interval[1] - byDoc.interval[0];
  expect(width / (2 * 1.96 * se)).toBeGreaterThan(0.85);
  expect(width / (2 * 1.96 * se)).toBeLessThan(1.15);
  // Per question: the binomial SE √(p(1−p)/N), much narrower here.
  const wq = byQ.interval[1] - byQ.interval[0];
  expect(wq / (2 * 1.96 * Math.sqrt((p * (1 - p)) / N))).toBeGreaterThan(0.85);
  expect(width).toBeGreaterThan(2 * wq);
  // Same seed, same interval.
  expect(bootstrapRate(questions, hits, { by: 'document', resamples: 4000, seed: 7 })).toEqual(byDoc);
});
