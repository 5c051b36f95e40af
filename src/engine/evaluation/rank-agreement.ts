// Do generated questions rank configurations the way human questions do? Given each configuration's
// per-question scores under two question sets (A: written by people, B: generated), Kendall's τ-b
// between the configurations' mean scores, a percentile bootstrap interval (each set resampled on
// its own, by question or by document), and the pairs of configurations the two sets order
// differently. τ-b handles ties (two configurations with the same score), which small question sets
// make common. Pure; deterministic for a seed.
import { rng } from '../util/index.ts';
import { percentile } from './power.ts';

/**
 * Kendall's τ-b of two paired lists, by Knight's O(n log n) method: sort by x (then y), count the
 * ties in x and the joint ties, then count the discordant pairs as the swaps a merge sort of the y
 * values makes. τ-b = (concordant − discordant) / √((n₀ − n₁)(n₀ − n₂)), n₀ = n(n−1)/2, n₁ and n₂
 * the pairs tied in x and in y. NaN when fewer than two items or when one list is all ties.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  if (y.length !== n) throw new RangeError(`kendallTauB needs lists of one length, got ${n} and ${y.length}`);
  if (n < 2) return NaN;
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => x[i] - x[j] || y[i] - y[j]);
  let tiedX = 0;
  let tiedBoth = 0;
  for (let i = 0; i < n; ) {
    let j = i + 1;
    while (j < n && x[order[j]] === x[order[i]]) j++;
    tiedX += pairs(j - i);
    for (let a = i; a < j; ) {
      let b = a + 1;
      while (b < j && y[order[b]] === y[order[a]]) b++;
      tiedBoth += pairs(b - a);
      a = b;
    }
    i = j;
  }
  const ys = order.map((i) => y[i]);
  const swaps = sortCountingSwaps(ys);
  let tiedY = 0;
  for (let i = 0; i < n; ) {
    let j = i + 1;
    while (j < n && ys[j] === ys[i]) j++;
    tiedY += pairs(j - i);
    i = j;
  }
  const all = pairs(n);
  const denominator = Math.sqrt((all - tiedX) * (all - tiedY));
  if (!(denominator > 0)) return NaN;
  return (all - tiedX - tiedY + tiedBoth - 2 * swaps) / denominator;
}

const pairs = (t: number) => (t * (t - 1)) / 2;

/** Sorts `a` in place (bottom-up merge sort) and returns how many pairs i < j had a[i] > a[j]. */
function sortCountingSwaps(a: number[]): number {
  const n = a.length;
  let src = a.slice();
  let dst = new Array<number>(n);
  let swaps = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if (src[j] < src[i]) {
          swaps += mid - i;
          dst[k++] = src[j++];
        } else dst[k++] = src[i++];
      }
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    [src, dst] = [dst, src];
  }
  for (let i = 0; i < n; i++) a[i] = src[i];
  return swaps;
}

/** One question set's scores: `values[c][q]` is configuration c's score on question q (higher is better). */
export interface ScoredSet {
  /** Per question, its resampling cluster: its gold document (the first one when it has several). */
  documents: readonly string[];
  values: readonly (readonly number[])[];
}

export type ResampleUnit = 'question' | 'document';

export interface RankAgreementOptions {
  /**
   * What the bootstrap resamples (default 'document'): a document's questions share its cuts, so one
   * configuration's hits on them move together; resampling whole documents keeps that dependence in
   * the interval (resampling questions treats them as independent and gives a narrower one).
   */
  by?: ResampleUnit;
  resamples?: number;
  seed?: number;
  /** Interval coverage (default 0.95). */
  level?: number;
}

export interface ConfigurationRanks {
  label: string;
  /** Mean score under set A and set B. */
  a: number;
  b: number;
  /** 1 = best; ties share the mean of their places. */
  rankA: number;
  rankB: number;
}

/** Two configurations the sets order the opposite way (first is ahead under A, behind under B). */
export interface Disagreement {
  first: string;
  second: string;
  /** [first, second] scores under each set. */
  a: [number, number];
  b: [number, number];
}

export interface RankAgreement {
  /** Kendall's τ-b between the configurations' scores under A and under B; null when undefined (all tied in a set). */
  tau: number | null;
  /** Percentile bootstrap interval of τ-b; null when τ is undefined or every resample was. */
  interval: [number, number] | null;
  level: number;
  by: ResampleUnit;
  resamples: number;
  /** Resamples in which τ-b was undefined (a set's scores all tied): left out of the interval. */
  undefinedResamples: number;
  seed: number;
  questions: { a: number; b: number };
  /** Resampling units per set (questions, or distinct documents). */
  units: { a: number; b: number };
  configurations: ConfigurationRanks[];
  /** Pairs ordered differently, the widest gaps first. */
  disagreements: Disagreement[];
  /** Pairs tied in exactly one set (ordered in the other). */
  tiedInOne: number;
  pairs: number;
  /** The configurations scoring best under each set (several when tied), and whether the two share one. */
  best: { a: string[]; b: string[]; same: boolean };
}

/**
 * Mean of the scores, summed in ascending order: two configurations whose scores are the same values
 * on different questions (MRR 1/3, 1, 1/7 … in another order) then get the very same mean, a tie,
 * where summing in question order can leave them a rounding error apart (ordered, for τ-b).
 */
const mean = (xs: readonly number[]) => (xs.length ? [...xs].sort((a, b) => a - b).reduce((s, v) => s + v, 0) / xs.length : 0);

/** Places, 1 = highest score; tied scores share the mean of their places. */
export function ranksOf(scores: readonly number[]): number[] {
  const order = scores.map((_, i) => i).sort((i, j) => scores[j] - scores[i]);
  const out = new Array<number>(scores.length);
  for (let i = 0; i < order.length; ) {
    let j = i + 1;
    while (j < order.length && scores[order[j]] === scores[order[i]]) j++;
    for (let k = i; k < j; k++) out[order[k]] = (i + 1 + j) / 2;
    i = j;
  }
  return out;
}

/** Per resampling unit: each configuration's summed score and the unit's question count. */
function clustersOf(set: ScoredSet, by: ResampleUnit): { sums: Float64Array[]; sizes: number[] } {
  const configs = set.values.length;
  const index = new Map<string, number>();
  const sizes: number[] = [];
  const members: number[] = [];
  set.documents.forEach((doc, q) => {
    const key = by === 'document' ? doc : `#${q}`;
    let c = index.get(key);
    if (c === undefined) {
      c = sizes.length;
      index.set(key, c);
      sizes.push(0);
    }
    sizes[c]++;
    members.push(c);
  });
  const sums = Array.from({ length: sizes.length }, () => new Float64Array(configs));
  // Each unit's sum in ascending order (as `mean`): equal scores on different questions of a unit tie exactly.
  const parts: number[][] = Array.from({ length: sizes.length }, () => []);
  for (let c = 0; c < configs; c++) {
    const row = set.values[c];
    for (const p of parts) p.length = 0;
    for (let q = 0; q < row.length; q++) parts[members[q]].push(row[q]);
    parts.forEach((p, u) => (sums[u][c] = p.sort((x, y) => x - y).reduce((t, v) => t + v, 0)));
  }
  return { sums, sizes };
}

/** Mean score per configuration over one bootstrap draw of whole units. */
function resampledMeans(cl: { sums: Float64Array[]; sizes: number[] }, configs: number, rand: () => number): number[] {
  const m = cl.sizes.length;
  const total = new Float64Array(configs);
  let size = 0;
  for (let d = 0; d < m; d++) {
    const u = Math.floor(rand() * m);
    const s = cl.sums[u];
    for (let c = 0; c < configs; c++) total[c] += s[c];
    size += cl.sizes[u];
  }
  return Array.from(total, (v) => (size ? v / size : 0));
}

function checkSet(set: ScoredSet, configs: number, name: string): void {
  if (set.values.length !== configs) throw new RangeError(`set ${name} has scores for ${set.values.length} configurations, expected ${configs}`);
  for (const row of set.values) {
    if (row.length !== set.documents.length) throw new RangeError(`set ${name}: a configuration has ${row.length} scores for ${set.documents.length} questions`);
    for (const v of row) if (!Number.isFinite(v)) throw new RangeError(`set ${name}: a score is not a finite number (${v})`);
  }
}

/**
 * How two question sets rank the same configurations: τ-b of their mean scores, a percentile
 * bootstrap interval (A and B resampled independently, `by` question or document, `resamples` times
 * from `seed`), the places, the pairs in opposite order, and each set's best configuration.
 */
export function rankAgreement(labels: readonly string[], a: ScoredSet, b: ScoredSet, opts: RankAgreementOptions = {}): RankAgreement {
  const configs = labels.length;
  checkSet(a, configs, 'A');
  checkSet(b, configs, 'B');
  const by = opts.by ?? 'document';
  const resamples = Math.max(0, Math.floor(opts.resamples ?? 2000));
  const seed = opts.seed ?? 1;
  const level = opts.level ?? 0.95;
  const scoresA = a.values.map(mean);
  const scoresB = b.values.map(mean);
  const tau = kendallTauB(scoresA, scoresB);
  const clA = clustersOf(a, by);
  const clB = clustersOf(b, by);

  const taus: number[] = [];
  let undefinedResamples = 0;
  if (configs >= 2 && a.documents.length && b.documents.length) {
    const rand = rng(seed);
    for (let r = 0; r < resamples; r++) {
      const t = kendallTauB(resampledMeans(clA, configs, rand), resampledMeans(clB, configs, rand));
      if (Number.isNaN(t)) undefinedResamples++;
      else taus.push(t);
    }
  }
  taus.sort((x, y) => x - y);
  const tail = (1 - level) / 2;
  const interval: [number, number] | null = !Number.isNaN(tau) && taus.length ? [percentile(taus, tail), percentile(taus, 1 - tail)] : null;

  const rankA = ranksOf(scoresA);
  const rankB = ranksOf(scoresB);
  const disagreements: Disagreement[] = [];
  let tiedInOne = 0;
  for (let i = 0; i < configs; i++) {
    for (let j = i + 1; j < configs; j++) {
      const da = Math.sign(scoresA[i] - scoresA[j]);
      const db = Math.sign(scoresB[i] - scoresB[j]);
      if (da * db < 0) {
        const [f, s] = da > 0 ? [i, j] : [j, i];
        disagreements.push({ first: labels[f], second: labels[s], a: [scoresA[f], scoresA[s]], b: [scoresB[f], scoresB[s]] });
      } else if ((da === 0) !== (db === 0)) tiedInOne++;
    }
  }
  const gap = (d: Disagreement) => Math.abs(d.a[0] - d.a[1]) + Math.abs(d.b[0] - d.b[1]);
  disagreements.sort((x, y) => gap(y) - gap(x));
  const bestOf = (scores: number[]) => {
    const top = Math.max(...scores);
    return labels.filter((_, i) => scores[i] === top);
  };
  const bestA = configs ? bestOf(scoresA) : [];
  const bestB = configs ? bestOf(scoresB) : [];
  return {
    tau: Number.isNaN(tau) ? null : tau,
    interval,
    level,
    by,
    resamples,
    undefinedResamples,
    seed,
    questions: { a: a.documents.length, b: b.documents.length },
    units: { a: clA.sizes.length, b: clB.sizes.length },
    configurations: labels.map((label, i) => ({ label, a: scoresA[i], b: scoresB[i], rankA: rankA[i], rankB: rankB[i] })),
    disagreements,
    tiedInOne,
    pairs: pairs(configs),
    best: { a: bestA, b: bestB, same: bestA.some((l) => bestB.includes(l)) },
  };
}
