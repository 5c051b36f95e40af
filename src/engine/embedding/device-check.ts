// Whether a second device's scores can stand in for the reference device's: the browser scores a
// few (query, passage) pairs with a cross-encoder on WASM and on WebGPU before trusting WebGPU,
// because sequence-classification models have been reported to give every pair the same score on
// WebGPU (transformers.js issue 1181).

/** Largest |other − reference| accepted, relative to the score's size (at least 1). */
export const DEVICE_CHECK_TOLERANCE = 1e-2;

/**
 * Why `other`'s scores cannot be trusted, or undefined when they match `reference`'s: every score
 * finite and within the tolerance, and not all equal when the reference's differ.
 */
export function deviceMismatch(reference: readonly number[], other: readonly number[], tolerance = DEVICE_CHECK_TOLERANCE): string | undefined {
  if (reference.length !== other.length || !reference.length) return `WebGPU gave ${other.length} scores for ${reference.length} pairs`;
  if (other.some((x) => !Number.isFinite(x))) return 'WebGPU gave scores that are not numbers';
  const spread = (xs: readonly number[]) => Math.max(...xs) - Math.min(...xs);
  if (spread(reference) > tolerance && spread(other) <= tolerance * 1e-3) return 'WebGPU gave the same score to different pairs';
  let worst = 0;
  reference.forEach((w, i) => (worst = Math.max(worst, Math.abs(w - other[i]) / Math.max(1, Math.abs(w)))));
  return worst > tolerance ? `WebGPU scores differ from WASM's (largest difference ${worst.toPrecision(2)})` : undefined;
}
