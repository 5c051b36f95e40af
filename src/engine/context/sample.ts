// A deterministic random sample of contextualised chunks for a person to read: the same seed gives
// the same sample, so a workshop can discuss "sample 42" together.

import { InputError, type Chunk } from '../types.ts';
import { seededRandom } from '../util/random.ts';

export { seededRandom };

export interface ReviewItem {
  chunk: Chunk;
  /** The generated sentence ('' when the chunk has none). */
  sentence: string;
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
