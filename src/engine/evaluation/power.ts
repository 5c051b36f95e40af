// How many questions are enough. Before a grid: the smallest difference in hit rate two
// configurations must have for a paired test on n questions to see it (80% power, two-sided α 0.05),
// from an assumed share of discordant questions (one configuration right, the other wrong). After:
// from two runs' observed discordant pairs, the number of questions a decisive test would need.
// Both use Connor's (1987) normal approximation to McNemar's test:
//   n = (z_{α/2} √ψ + z_β √(ψ − δ²))² / δ²,   ψ = share of discordant questions, δ = difference.
// And bootstrap intervals that resample documents (a document's questions are not independent: they
// share its cuts) beside the ones that resample questions.
import type { ResultsQuestion } from './types.ts';
import { quantileOfSorted, rng } from '../util/index.ts';

/** z for a two-sided α = 0.05 and for 80% power. */
export const Z_ALPHA = 1.959963984540054;
export const Z_POWER80 = 0.8416212335729143;

/** Questions a paired test needs to detect a difference `delta` when a share `psi` of questions is discordant. */
export function questionsNeeded(delta: number, psi: number, zAlpha = Z_ALPHA, zBeta = Z_POWER80): number {
  const d = Math.abs(delta);
  if (!(d > 0) || !(psi > 0)) return Infinity;
  if (d > psi) throw new RangeError(`a difference of ${d} needs at least that share of discordant questions, got ${psi}`);
  const root = zAlpha * Math.sqrt(psi) + zBeta * Math.sqrt(psi - d * d);
  return Math.ceil((root * root) / (d * d));
}

/**
 * The smallest difference in hit rate (0–1) a paired test on `n` questions detects with 80% power at
 * α 0.05, when a share `psi` of the questions is discordant. Solves Connor's formula for δ (it falls
 * as n grows); ψ itself when even δ = ψ (every discordant question one way) is not enough.
 */
export function minDetectableDifference(n: number, psi: number, zAlpha = Z_ALPHA, zBeta = Z_POWER80): number {
  if (!(n > 0) || !(psi > 0)) return NaN;
  const need = (d: number) => (zAlpha * Math.sqrt(psi) + zBeta * Math.sqrt(Math.max(0, psi - d * d))) ** 2 / (d * d);
  if (need(psi) > n) return psi;
  let lo = 0;
  let hi = psi;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (need(mid) > n) lo = mid;
    else hi = mid;
  }
  return hi;
}

export interface PowerAfter {
  questions: number;
  /** Questions only A / only B gets right. */
  onlyA: number;
  onlyB: number;
  /** Observed share of discordant questions and difference in hit rate (A − B). */
  discordance: number;
  difference: number;
  /** Questions a decisive test would need at this discordance and difference (Infinity when they tie). */
  needed: number;
  /** Too few questions to tell: the test is not significant and the questions fall short of `needed`. */
  tooFew: boolean;
}

/** From two runs' discordant counts on n paired questions and the exact McNemar p-value. */
export function powerAfter(n: number, onlyA: number, onlyB: number, p: number): PowerAfter {
  const psi = n > 0 ? (onlyA + onlyB) / n : 0;
  const delta = n > 0 ? (onlyA - onlyB) / n : 0;
  const needed = questionsNeeded(delta, psi);
  return { questions: n, onlyA, onlyB, discordance: psi, difference: delta, needed, tooFew: p >= 0.05 && needed > n };
}

export interface BootstrapInterval {
  estimate: number;
  interval: [number, number];
  /** Resampling units: questions, or documents (clusters). */
  units: number;
}

/** The q-quantile (0–1) of sorted numbers, interpolated linearly between neighbours. */
export const percentile = quantileOfSorted;

/**
 * 95% percentile bootstrap of a rate: per question (each question resampled alone) and per document
 * (each question's first gold document is its cluster; documents are resampled with all their
 * questions, and the rate is hits over questions drawn). `hits[i]` is question i's outcome.
 */
export function bootstrapRate(
  questions: readonly Pick<ResultsQuestion, 'gold'>[],
  hits: readonly boolean[],
  opts: { by: 'question' | 'document'; resamples?: number; seed?: number },
): BootstrapInterval {
  const n = questions.length;
  const estimate = n ? hits.filter(Boolean).length / n : 0;
  if (!n) return { estimate: 0, interval: [0, 1], units: 0 };
  const clusters = new Map<string, { hits: number; size: number }>();
  questions.forEach((q, i) => {
    const key = opts.by === 'document' ? (q.gold[0]?.docId ?? `#${i}`) : `#${i}`;
    const c = clusters.get(key) ?? { hits: 0, size: 0 };
    c.hits += hits[i] ? 1 : 0;
    c.size++;
    clusters.set(key, c);
  });
  const list = [...clusters.values()];
  const m = list.length;
  const rand = rng(opts.seed ?? 1);
  const B = opts.resamples ?? 2000;
  const stats: number[] = [];
  for (let b = 0; b < B; b++) {
    let h = 0;
    let s = 0;
    for (let j = 0; j < m; j++) {
      const c = list[Math.floor(rand() * m)];
      h += c.hits;
      s += c.size;
    }
    stats.push(s ? h / s : 0);
  }
  stats.sort((x, y) => x - y);
  return { estimate, interval: [percentile(stats, 0.025), percentile(stats, 0.975)], units: m };
}
