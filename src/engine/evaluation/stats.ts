// Small statistics for honest comparisons: Wilson score intervals for rates and the exact
// McNemar test (two-sided binomial on the discordant pairs) for paired hit/miss outcomes.

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** Wilson score interval of `successes` out of `n`. n = 0 gives [0, 1] (nothing is known). */
export function wilson(successes: number, n: number, z = Z95): [number, number] {
  if (!(n > 0)) return [0, 1];
  if (successes < 0 || successes > n) throw new RangeError(`wilson: ${successes} successes out of ${n}`);
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = p + z2 / (2 * n);
  const half = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, (centre - half) / denom), Math.min(1, (centre + half) / denom)];
}

/**
 * Exact two-sided McNemar p-value: b and c are the discordant counts (only A right, only B right).
 * p = min(1, 2 · P[X <= min(b, c)]) for X ~ Binomial(b + c, 1/2). b = c = 0 gives 1.
 */
export function mcnemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const m = Math.min(b, c);
  // Sum C(n, i) / 2^n in log space so large n stays finite.
  let logC = 0; // log C(n, 0)
  let sum = 0;
  const log2n = n * Math.LN2;
  for (let i = 0; i <= m; i++) {
    if (i > 0) logC += Math.log(n - i + 1) - Math.log(i);
    sum += Math.exp(logC - log2n);
  }
  return Math.min(1, 2 * sum);
}
