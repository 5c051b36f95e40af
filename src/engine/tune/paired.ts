// The figures tune reports on the estimating half: a configuration's mean score with its 95%
// interval, and the paired difference between two configurations on the same questions with its
// interval and test. Rates (hit@k, hit@budget: every score 0 or 1) use closed forms: the Wilson
// interval, Newcombe's hybrid score interval for a difference of paired proportions (his method 10,
// Statistics in Medicine 1998), and the exact McNemar test on the questions only one gets right. Other
// scores (MRR, recall) use a percentile bootstrap that resamples the clusters (documents when the
// halves were cut by document, else questions) and a paired sign-flip test over the same clusters.
import { mcnemarExact, wilson, Z95 } from '../evaluation/stats.ts';
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
 * Newcombe's interval (method 10) for p1 − p2 from paired outcomes: `both` right under both, `onlyA`,
 * `onlyB`, `neither`. Built from each proportion's Wilson interval and the correlation of the pairs.
 */
export function newcombePaired(both: number, onlyA: number, onlyB: number, neither: number, z = Z95): [number, number] {
  const n = both + onlyA + onlyB + neither;
  if (n === 0) return [-1, 1];
  const p1 = (both + onlyA) / n;
  const p2 = (both + onlyB) / n;
  const [l1, u1] = wilson(both + onlyA, n, z);
  const [l2, u2] = wilson(both + onlyB, n, z);
  const margins = (both + onlyA) * (onlyB + neither) * (both + onlyB) * (onlyA + neither);
  const phi = margins > 0 ? (both * neither - onlyA * onlyB) / Math.sqrt(margins) : 0;
  const d = p1 - p2;
  const dl = Math.sqrt(Math.max(0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2));
  const du = Math.sqrt(Math.max(0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2));
  return [Math.max(-1, d - dl), Math.min(1, d + du)];
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
    const [low, high] = newcombePaired(both, onlyA.length, onlyB.length, neither);
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
