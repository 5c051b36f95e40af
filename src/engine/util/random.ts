// Seeded pseudo-random numbers (mulberry32): the same seed always gives the same sequence, so
// samples, benchmarks and generated test inputs reproduce exactly. Pure; not for anything secret.

/** mulberry32: a small seeded generator of numbers in [0, 1). The seed is taken as an unsigned 32-bit integer. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `rng` that also accepts a text seed ("sample 42"): a string is first hashed to 32 bits with
 * FNV-1a over its code points; a number seeds `rng` directly (same sequence as `rng(seed)`).
 */
export function seededRandom(seed: number | string): () => number {
  if (typeof seed === 'number') return rng(seed);
  let h = 0x811c9dc5;
  for (const c of seed) h = Math.imul(h ^ c.codePointAt(0)!, 0x01000193) >>> 0;
  return rng(h);
}
