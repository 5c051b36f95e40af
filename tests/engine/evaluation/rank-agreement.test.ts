// Generated versus human questions: Kendall's τ-b checked against hand-computed cases with ties and
// against a plain O(n²) count of pairs written here on random data; the bootstrap interval (covers
// the estimate, reproduces with a seed, resamples whole documents when asked, and equals a resampling
// loop written here); places, pairs in opposite order and best configurations against the same
// pair count.
import { expect, test } from 'vitest';
import { kendallTauB, rankAgreement, ranksOf, type ScoredSet } from '../../../src/engine/evaluation/index.ts';
import { rng } from '../../../src/engine/util/index.ts';
import { tauBByPairs } from './kendall-pairs.ts';

test('τ-b of hand-computed cases with ties', () => {
  // Pairs: (0,1) (0,2) (0,3) concordant; (1,3) discordant; (1,2) tied in x only; (2,3) tied in y only.
  // τ-b = (3 − 1) / √((6 − 1)(6 − 1)) = 0.4.
  expect(kendallTauB([1, 2, 2, 3], [1, 3, 2, 2])).toBeCloseTo(0.4, 12);
  // SciPy's documented example (scipy.stats.kendalltau): −0.47140452079103173.
  expect(kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0])).toBeCloseTo(-0.47140452079103173, 12);
  // Same order, reversed order, a tie in both at the same place.
  expect(kendallTauB([0.1, 0.2, 0.3], [5, 6, 7])).toBe(1);
  expect(kendallTauB([0.1, 0.2, 0.3], [7, 6, 5])).toBe(-1);
  // x ties (0,1), y ties (0,1): the tied pair counts in neither; the other two pairs are concordant.
  // n₀ = 3, n₁ = n₂ = 1: τ-b = 2 / √(2 · 2) = 1.
  expect(kendallTauB([1, 1, 2], [3, 3, 4])).toBe(1);
  // One list all tied: undefined.
  expect(kendallTauB([1, 1, 1], [1, 2, 3])).toBeNaN();
  expect(kendallTauB([1], [1])).toBeNaN();
  expect(() => kendallTauB([1, 2], [1])).toThrow(RangeError);
});

test('τ-b equals the O(n²) pair count on random data with many ties', () => {
  const rand = rng(7);
  for (let trial = 0; trial < 300; trial++) {
    const n = 2 + Math.floor(rand() * 40);
    const levels = 1 + Math.floor(rand() * 8);
    const x = Array.from({ length: n }, () => Math.floor(rand() * levels) / levels);
    const y = Array.from({ length: n }, () => Math.floor(rand() * levels) / levels);
    const fast = kendallTauB(x, y);
    const slow = tauBByPairs(x, y);
    if (Number.isNaN(slow)) expect(fast).toBeNaN();
    else expect(fast).toBeCloseTo(slow, 12);
  }
});

test('places: 1 is best, ties share the mean place', () => {
  expect(ranksOf([0.5, 0.9, 0.5, 0.1])).toEqual([2.5, 1, 2.5, 4]);
});

/** Random 0/1 outcomes for `configs` configurations on `questions` questions over `docs` documents; configuration c hits with probability base + c·step. */
function randomSet(seed: number, configs: number, questions: number, docs: number, step: number): ScoredSet {
  const rand = rng(seed);
  const documents = Array.from({ length: questions }, (_, q) => `d${q % docs}`);
  const values = Array.from({ length: configs }, (_, c) => documents.map(() => (rand() < 0.3 + c * step ? 1 : 0)));
  return { documents, values };
}

const mean = (xs: readonly number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;

test('the report: τ, places, opposite pairs and best configurations match a count written here', () => {
  const labels = ['a', 'b', 'c', 'd', 'e', 'f'];
  const A = randomSet(1, 6, 60, 12, 0.08);
  const B = randomSet(2, 6, 45, 9, 0.02);
  const r = rankAgreement(labels, A, B, { resamples: 200, seed: 3 });
  const sa = A.values.map(mean);
  const sb = B.values.map(mean);
  expect(r.tau).toBeCloseTo(tauBByPairs(sa, sb), 12);
  expect(r.configurations.map((c) => c.a)).toEqual(sa);
  expect(r.configurations.map((c) => c.b)).toEqual(sb);
  const opposite: string[] = [];
  let tiedInOne = 0;
  for (let i = 0; i < 6; i++) {
    for (let j = i + 1; j < 6; j++) {
      const p = Math.sign(sa[i] - sa[j]) * Math.sign(sb[i] - sb[j]);
      if (p < 0) opposite.push([labels[i], labels[j]].sort().join());
      else if (p === 0 && (sa[i] === sa[j]) !== (sb[i] === sb[j])) tiedInOne++;
    }
  }
  expect(r.disagreements.map((d) => [d.first, d.second].sort().join()).sort()).toEqual(opposite.sort());
  expect(r.tiedInOne).toBe(tiedInOne);
  expect(r.pairs).toBe(15);
  for (const d of r.disagreements) {
    // first is ahead under A and behind under B
    expect(d.a[0]).toBeGreaterThan(d.a[1]);
    expect(d.b[0]).toBeLessThan(d.b[1]);
    expect(d.a[0]).toBe(sa[labels.indexOf(d.first)]);
    expect(d.b[1]).toBe(sb[labels.indexOf(d.second)]);
  }
  const topA = Math.max(...sa);
  expect(r.best.a).toEqual(labels.filter((_, i) => sa[i] === topA));
  expect(r.units).toEqual({ a: 12, b: 9 });
  expect(r.questions).toEqual({ a: 60, b: 45 });
});

test('the interval covers the estimate, reproduces with its seed, and changes with another', () => {
  const labels = ['a', 'b', 'c', 'd', 'e'];
  const A = randomSet(11, 5, 80, 20, 0.1);
  const B = randomSet(12, 5, 80, 16, 0.09);
  for (const by of ['question', 'document'] as const) {
    const r = rankAgreement(labels, A, B, { by, resamples: 500, seed: 5 });
    expect(r.tau).not.toBeNull();
    expect(r.interval).not.toBeNull();
    const [lo, hi] = r.interval!;
    expect(lo).toBeLessThanOrEqual(r.tau!);
    expect(hi).toBeGreaterThanOrEqual(r.tau!);
    expect(lo).toBeGreaterThanOrEqual(-1);
    expect(hi).toBeLessThanOrEqual(1);
    expect(rankAgreement(labels, A, B, { by, resamples: 500, seed: 5 })).toEqual(r);
  }
  // With ten close configurations τ takes many values: another seed moves the interval.
  const ten = 'abcdefghij'.split('');
  const C = randomSet(13, 10, 40, 10, 0.02);
  const D = randomSet(14, 10, 40, 10, 0.02);
  expect(rankAgreement(ten, C, D, { resamples: 300, seed: 6 }).interval).not.toEqual(rankAgreement(ten, C, D, { resamples: 300, seed: 7 }).interval);
  // Resampling documents (20 and 16 of them) gives fewer units than questions.
  expect(rankAgreement(labels, A, B, { by: 'document', resamples: 10 }).units).toEqual({ a: 20, b: 16 });
  expect(rankAgreement(labels, A, B, { by: 'question', resamples: 10 }).units).toEqual({ a: 80, b: 80 });
});

test('the bootstrap equals a resampling loop written here (documents drawn whole, A then B from one generator)', () => {
  const labels = ['a', 'b', 'c', 'd'];
  const A = randomSet(21, 4, 30, 6, 0.1);
  const B = randomSet(22, 4, 24, 8, 0.1);
  const resamples = 300;
  const r = rankAgreement(labels, A, B, { by: 'document', resamples, seed: 9 });
  const rand = rng(9);
  const draw = (set: ScoredSet) => {
    const docs = [...new Set(set.documents)];
    const picked: number[] = [];
    for (let i = 0; i < docs.length; i++) picked.push(Math.floor(rand() * docs.length));
    return set.values.map((row) => {
      let s = 0;
      let n = 0;
      for (const p of picked) {
        set.documents.forEach((d, q) => {
          if (d === docs[p]) {
            s += row[q];
            n++;
          }
        });
      }
      return s / n;
    });
  };
  const taus: number[] = [];
  let undef = 0;
  for (let b = 0; b < resamples; b++) {
    const t = tauBByPairs(draw(A), draw(B));
    if (Number.isNaN(t)) undef++;
    else taus.push(t);
  }
  taus.sort((x, y) => x - y);
  const q = (p: number) => {
    const i = (taus.length - 1) * p;
    return taus[Math.floor(i)] + (taus[Math.ceil(i)] - taus[Math.floor(i)]) * (i - Math.floor(i));
  };
  expect(r.undefinedResamples).toBe(undef);
  expect(r.interval![0]).toBeCloseTo(q(0.025), 12);
  expect(r.interval![1]).toBeCloseTo(q(0.975), 12);
});

test('undefined τ: every configuration ties under one set', () => {
  const A: ScoredSet = { documents: ['d', 'd'], values: [[1, 0], [0, 1], [1, 1]] };
  const B: ScoredSet = { documents: ['d'], values: [[1], [1], [1]] };
  const r = rankAgreement(['x', 'y', 'z'], A, B, { resamples: 50 });
  expect(r.tau).toBeNull();
  expect(r.interval).toBeNull();
  expect(r.undefinedResamples).toBe(50);
  expect(r.disagreements).toEqual([]);
  expect(r.tiedInOne).toBe(2);
  expect(r.best).toEqual({ a: ['z'], b: ['x', 'y', 'z'], same: true });
});

test('bad shapes are refused', () => {
  const A: ScoredSet = { documents: ['d'], values: [[1], [0]] };
  expect(() => rankAgreement(['x'], A, A)).toThrow(/2 configurations, expected 1/);
  expect(() => rankAgreement(['x', 'y'], A, { documents: ['d', 'e'], values: [[1], [0]] })).toThrow(/1 scores for 2 questions/);
  expect(() => rankAgreement(['x', 'y'], A, { documents: ['d'], values: [[NaN], [0]] })).toThrow(/finite/);
});
