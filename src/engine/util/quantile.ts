// One quantile with linear interpolation between neighbouring ranks (numpy's default), for the
// semantic strategies' breakpoints and the evaluation's bootstrap intervals alike.

/** The q-quantile (0–1) of numbers already sorted ascending; NaN for none. */
export function quantileOfSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (i - lo);
}
