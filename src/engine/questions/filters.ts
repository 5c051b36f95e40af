// The checks a generated question must pass besides having its excerpts found: excerpt length,
// not answering itself, not repeating a question already kept (by words, and by meaning when the
// caller has an embedding model). Lexical measures fold case and accents and drop stop words, so
// "Qual é o prazo?" and "qual o prazo" count as the same words.

import { bm25Terms, stopwordSet } from '../documents/terms.ts';
import { normalise } from './locate.ts';

const STOP = stopwordSet('pt+en');

/** The content words of `text`, folded (no accents, lower case), without stop words. */
export function contentWords(text: string): Set<string> {
  return new Set(bm25Terms(text, STOP).map((t) => t.term));
}

/** Share of the question's content words that also occur in the excerpt(s): 1 = every word copied. */
export function lexicalOverlap(question: string, excerpts: readonly string[]): number {
  const q = contentWords(question);
  if (!q.size) return 0;
  const e = contentWords(excerpts.join(' '));
  let shared = 0;
  for (const w of q) if (e.has(w)) shared++;
  return shared / q.size;
}

/** |A ∩ B| / |A ∪ B| of two word sets (0 when both are empty). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (!a.size && !b.size) return 0;
  let inter = 0;
  for (const w of a) if (b.has(w)) inter++;
  return inter / (a.size + b.size - inter);
}

/**
 * The question contains its own answer: an excerpt of at least three words appears in the question
 * (normalised), or every content word of a short excerpt is in the question.
 */
export function answersItself(question: string, excerpts: readonly string[]): boolean {
  const q = normalise(question, true).text;
  const qWords = contentWords(question);
  return excerpts.some((ex) => {
    const e = normalise(ex, true).text.trim().replace(/[.!?;:,]+$/, '');
    const words = contentWords(ex);
    if (e.split(' ').length >= 3 && q.includes(e)) return true;
    return words.size > 0 && words.size <= 6 && [...words].every((w) => qWords.has(w));
  });
}

export interface LengthLimits {
  /** Shortest excerpt kept, in characters after trimming (default 8). */
  minExcerptChars?: number;
  /** Longest excerpt kept, in characters (default 600). */
  maxExcerptChars?: number;
}

export function excerptLength(excerpt: string, limits: LengthLimits = {}): 'too-short' | 'too-long' | 'ok' {
  const n = excerpt.trim().length;
  if (n < (limits.minExcerptChars ?? 8)) return 'too-short';
  if (n > (limits.maxExcerptChars ?? 600)) return 'too-long';
  return 'ok';
}

/** Cosine of two vectors (the embedder's are unit length, but do not rely on it). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
