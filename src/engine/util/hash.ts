// Fast, synchronous string hashes for cache keys and fingerprints (crypto.subtle is async and missing
// outside secure contexts, e.g. a page served over plain http on a LAN address): a 64-bit one for
// keys over many texts, and FNV-1a in 32 bits where a short fingerprint is enough.

/**
 * FNV-1a over a string's UTF-16 code units, as an unsigned 32-bit number. `h` continues an earlier
 * hash (the result of a previous call), so several fields hash as one stream; it starts at the FNV
 * offset basis.
 */
export function fnv1a32(text: string, h = 0x811c9dc5): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * 64-bit hash of a string's UTF-16 code units, as 16 hex digits. Two 32-bit multiply-xorshift lanes
 * with different seeds and multipliers, finalised with murmur3's avalanche mix and cross-mixed so
 * each half depends on both lanes. Not cryptographic; for 100,000 distinct texts the chance of any
 * collision is about n²/2^65 ≈ 3·10^-10 if the bits behave like random ones. Cache keys add the text
 * length as well, so only texts of equal length can collide.
 */
export function hash64(text: string): string {
  let h1 = 0x9e3779b9 ^ text.length;
  let h2 = 0x85ebca6b ^ Math.imul(text.length, 0x27d4eb2f);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193); // FNV prime
    h1 ^= h1 >>> 15;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995); // murmur2 multiplier
    h2 ^= h2 >>> 13;
  }
  h1 = fmix32(h1 ^ Math.imul(h2, 0xcc9e2d51));
  h2 = fmix32(h2 ^ Math.imul(h1, 0x1b873593));
  return hex8(h1) + hex8(h2);
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hex8(n: number): string {
  return (n >>> 0).toString(16).padStart(8, '0');
}
