// A deterministic random sample of contextualised chunks for a person to read: the same seed gives
// the same sample, so a workshop can discuss "sample 42" together.

import { InputError, type Chunk } from '../types.ts';

export interface ReviewItem {
  chunk: Chunk;
  /** The generated sentence ('' when the chunk has none). */
  sentence: string;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number | string): () => number {
  let s = typeof seed === 'number' ? seed >>> 0 : [...String(seed)].reduce((h, c) => Math.imul(h ^ c.codePointAt(0)!, 0x01000193) >>> 0, 0x811c9dc5);
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `n` chunks chosen uniformly without replacement (all when there are fewer), returned in their
 * original order, each with its sentence.
 */
export function sampleForReview(chunks: readonly Chunk[], n: number, seed: number | string = 0): ReviewItem[] {
  if (!Number.isInteger(n) || n < 0) throw new InputError(`must be a whole number >= 0, got ${n}`, 'sample size');
  const rand = seededRandom(seed);
  const idx = chunks.map((_, i) => i);
  const k = Math.min(n, idx.length);
  // Partial Fisher-Yates: the first k places hold the sample.
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(rand() * (idx.length - i));
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  return idx
    .slice(0, k)
    .sort((a, b) => a - b)
    .map((i) => ({ chunk: chunks[i], sentence: chunks[i].context ?? '' }));
}
