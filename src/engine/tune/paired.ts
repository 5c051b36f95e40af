// The figures tune reports on the estimating half: a configuration's mean score with its 95%
// interval, and the paired difference between two configurations on the same questions with its
// interval and test. Rates (hit@k, hit@budget: every score 0 or 1) use exact or closed forms: the Wilson
// interval for a rate; for the difference of two on the same questions, the exact McNemar test on the
// questions only one gets right and the interval that matches it, the Clopper–Pearson interval of the
// share of those questions the first one wins, scaled by their share of all questions (conditional on
// the discordant count: where the test cannot reject "no difference", the interval holds 0). Other
// scores (MRR, recall) use a percentile bootstrap that resamples the clusters (documents when the
// halves were cut by document, else questions) and a paired sign-flip test over the same clusters.
import { mcnemarExact, wilson } from '../evaluation/stats.ts';
import { percentile } from '../evaluation/power.ts';
import { seededRandom } from '../util/index.ts';

export interface Interval {
  value: number;
  low: number;
  high: number;
}

export interface PairedFigure {
  /** Mean of a − b. */
  gain: Interval;
  /** Two-sided p-value of "no difference" (exact McNemar for rates, sign-flip otherwise). */
  p: number;
  /** Question ids a scores higher on / b scores higher on. */
  onlyA: string[];
  onlyB: string[];
  test: 'mcnemar' | 'sign-flip';
}

const isBinary = (xs: readonly number[]) => xs.every((x) => x === 0 || x === 1);
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);

/** Mean score with its 95% interval; `clusters[i]` is question i's resampling unit (bootstrap only). */
export function meanInterval(values: readonly number[], clusters: readonly string[], seed: number, resamples = 2000): Interval {
  const value = mean(values);
  if (!values.length) return { value: 0, low: 0, high: 1 };
  if (isBinary(values)) {
    const [low, high] = wilson(values.filter((x) => x === 1).length, values.length);
    return { value, low, high };
  }
  const [low, high] = clusterBootstrap(values, clusters, seed, resamples);
  return { value, low, high };
}

/**
 * The exact conditional interval of a difference of paired rates: b questions only A gets right, c only
 * B, n in all. With m = b + c, (b − c)/n = (m/n)(2π − 1) where π is the share of the discordant questions
 * A wins; π's Clopper–Pearson interval gives the difference's. Holds 0 exactly when the exact McNemar
 * test (mcnemarExact) finds no difference at 5%, up to the test's doubling of the smaller tail.
 */
export function mcnemarInterval(b: number, c: number, n: number, alpha = 0.05): [number, number] {
  const m = b + c;
  if (!(n > 0)) return [-1, 1];
  if (m === 0) return [0, 0];
  const [lo, hi] = clopperPearson(b, m, alpha);
  return [(m / n) * (2 * lo - 1), (m / n) * (2 * hi - 1)];
}

/** log P[X <= k] for X ~ Binomial(n, p), summed in log space. */
function logCdf(k: number, n: number, p: number): number {
  if (k >= n) return 0;
  if (k < 0) return -Infinity;
  if (p <= 0) return 0;
  if (p >= 1) return -Infinity;
  const lp = Math.log(p);
  const lq = Math.log1p(-p);
  let logC = 0;
  const terms: number[] = [];
  for (let i = 0; i <= k; i++) {
    if (i > 0) logC += Math.log(n - i + 1) - Math.log(i);
    terms.push(logC + i * lp + (n - i) * lq);
  }
  const top = Math.max(...terms);
  return top + Math.log(terms.reduce((s, t) => s + Math.exp(t - top), 0));
}

/** Clopper–Pearson interval of x successes in m trials, by bisection on the binomial tails. */
export function clopperPearson(x: number, m: number, alpha = 0.05): [number, number] {
  const solve = (f: (p: number) => boolean) => {
    // f is true below the root and false above it.
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (f(mid)) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  };
  const half = Math.log(alpha / 2);
  // Lower: P[X >= x | p] = alpha/2, i.e. P[X <= x − 1 | p] = 1 − alpha/2 (rises as p falls).
  const low = x === 0 ? 0 : solve((p) => Math.log1p(-Math.exp(logCdf(x - 1, m, p))) < half);
  // Upper: P[X <= x | p] = alpha/2 (falls as p rises).
  const high = x === m ? 1 : solve((p) => logCdf(x, m, p) > half);
  return [low, high];
}

/** a versus b on the same questions (ids[i], clusters[i]); a and b hold the per-question scores. */
export function pairedFigure(ids: readonly string[], a: readonly number[], b: readonly number[], clusters: readonly string[], seed: number, resamples = 2000): PairedFigure {
  const onlyA: string[] = [];
  const onlyB: string[] = [];
  ids.forEach((id, i) => {
    if (a[i] > b[i]) onlyA.push(id);
    else if (b[i] > a[i]) onlyB.push(id);
  });
  const diffs = a.map((x, i) => x - b[i]);
  const value = mean(diffs);
  if (isBinary(a) && isBinary(b)) {
    let both = 0;
    let neither = 0;
    a.forEach((x, i) => {
      if (x === 1 && b[i] === 1) both++;
      if (x === 0 && b[i] === 0) neither++;
    });
    const [low, high] = mcnemarInterval(onlyA.length, onlyB.length, a.length);
    return { gain: { value, low, high }, p: mcnemarExact(onlyA.length, onlyB.length), onlyA, onlyB, test: 'mcnemar' };
  }
  const [low, high] = clusterBootstrap(diffs, clusters, seed, resamples);
  return { gain: { value, low, high }, p: signFlip(diffs, clusters, seed, resamples), onlyA, onlyB, test: 'sign-flip' };
}

/** Sums and sizes per cluster, in order of first appearance. */
function clusterSums(values: readonly number[], clusters: readonly string[]): { sum: number; size: number }[] {
  const by = new Map<string, { sum: number; size: number }>();
  values.forEach((v, i) => {
    const key = clusters[i] ?? `#${i}`;
    const c = by.get(key) ?? { sum: 0, size: 0 };
    c.sum += v;
    c.size++;
    by.set(key, c);
  });
  return [...by.values()];
}

/** 95% percentile bootstrap of the mean, drawing whole clusters. */
function clusterBootstrap(values: readonly number[], clusters: readonly string[], seed: number, resamples: number): [number, number] {
  const list = clusterSums(values, clusters);
  const m = list.length;
  const rand = seededRandom(`tune-bootstrap:${seed}`);
  const stats: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let s = 0;
    let n = 0;
    for (let j = 0; j < m; j++) {
      const c = list[Math.floor(rand() * m)];
      s += c.sum;
      n += c.size;
    }
    stats.push(n ? s / n : 0);
  }
  stats.sort((x, y) => x - y);
  return [percentile(stats, 0.025), percentile(stats, 0.975)];
}

/** Two-sided sign-flip test of a zero mean difference: each cluster's summed difference flips sign at random. */
function signFlip(diffs: readonly number[], clusters: readonly string[], seed: number, resamples: number): number {
  const list = clusterSums(diffs, clusters);
  const observed = Math.abs(list.reduce((s, c) => s + c.sum, 0));
  if (observed === 0) return 1;
  const rand = seededRandom(`tune-signflip:${seed}`);
  let asExtreme = 0;
  for (let r = 0; r < resamples; r++) {
    let s = 0;
    for (const c of list) s += rand() < 0.5 ? -c.sum : c.sum;
    if (Math.abs(s) >= observed - 1e-12) asExtreme++;
  }
  return (asExtreme + 1) / (resamples + 1);
}
