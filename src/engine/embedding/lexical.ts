// A deterministic lexical "embedder" for the semantic chunker when no model is at hand: TF-IDF vectors
// over a document's own units (sentences, headings, rows), words folded for case and accents, stop
// words of the document's language left out, L2-normalised. Neighbouring sentences that share rare
// words come out similar, so topic shifts show up as breakpoints with real (lexical) signal.
//
// Definitions (fixed, so a results file can be recomputed by hand):
//   terms(text)  = the folded words of text (documents/terms.ts: NFD, marks removed, lower case), stop words removed
//   N            = number of corpus texts; df(t) = how many of them contain t
//   idf(t)       = ln((1 + N) / (1 + df(t))) + 1                         (smoothed, always > 0)
//   v(text)[t]   = count of t in terms(text) × idf(t), for t in the corpus vocabulary; then v / ‖v‖₂
// Words the corpus never saw carry no weight; a text with none of the vocabulary's words is the zero
// vector (cosine 0 with everything). Dimensions: one per vocabulary word, in order of first appearance;
// above `maxDimensions` (default 4096) word i goes to dimension i mod maxDimensions (sums of colliding
// words, still deterministic). `embed` (what the semantic chunker calls) gives sparse vectors, only the
// dimensions of the text's own words, so memory is linear in the text whatever the vocabulary;
// `vector` gives the same vector dense.

import type { Doc, SparseVector } from '../types.ts';
import { docUnits, guessLanguage } from '../documents/index.ts';
import { bm25Terms, stopwordSet, type StopwordSet } from '../documents/terms.ts';

/** The name results files record for vectors made here. */
export const LEXICAL_EMBEDDER_ID = 'lexical-tfidf';
export const DEFAULT_LEXICAL_DIMENSIONS = 4096;

export interface LexicalOptions {
  /** Stop words left out of the terms (default 'none'). */
  stopwords?: StopwordSet;
  /** Most dimensions of a vector (default 4096). */
  maxDimensions?: number;
}

export interface LexicalEmbedder {
  readonly id: typeof LEXICAL_EMBEDDER_ID;
  /** Length of every vector. */
  readonly dimensions: number;
  /** The corpus words, in order of first appearance (word i lives in dimension i mod dimensions). */
  readonly vocabulary: readonly string[];
  /** idf of each vocabulary word, same order. */
  readonly idf: Float64Array;
  /** Number of corpus texts (N). */
  readonly documents: number;
  /** The unit vector of one text, dense (zero vector when it has no vocabulary word). */
  vector(text: string): Float32Array;
  /** The same unit vector, sparse: the dimensions of the text's words in ascending order, and their values. */
  sparse(text: string): SparseVector;
  /** ChunkerContext.embed: one sparse vector per text, in order. */
  embed(texts: readonly string[]): Promise<SparseVector[]>;
}

/** The folded, stop-word-free terms of a text, in order. */
export function lexicalTerms(text: string, stop?: ReadonlySet<string>): string[] {
  return bm25Terms(text, stop).map((t) => t.term);
}

/** TF-IDF over `corpus` (each text one "document" for df). */
export function createLexicalEmbedder(corpus: readonly string[], opts: LexicalOptions = {}): LexicalEmbedder {
  const stop = stopwordSet(opts.stopwords ?? 'none');
  const max = Math.max(1, Math.floor(opts.maxDimensions ?? DEFAULT_LEXICAL_DIMENSIONS));
  const index = new Map<string, number>();
  const df: number[] = [];
  for (const text of corpus) {
    const seen = new Set<string>();
    for (const t of lexicalTerms(text, stop)) {
      let i = index.get(t);
      if (i === undefined) {
        i = df.length;
        index.set(t, i);
        df.push(0);
      }
      if (!seen.has(t)) {
        seen.add(t);
        df[i]++;
      }
    }
  }
  const n = corpus.length;
  const idf = Float64Array.from(df, (d) => Math.log((1 + n) / (1 + d)) + 1);
  const dimensions = Math.max(1, Math.min(max, df.length));
  const vocabulary = [...index.keys()];

  const sparse = (text: string): SparseVector => {
    const acc = new Map<number, number>();
    for (const t of lexicalTerms(text, stop)) {
      const i = index.get(t);
      if (i !== undefined) acc.set(i % dimensions, (acc.get(i % dimensions) ?? 0) + idf[i]);
    }
    let norm = 0;
    for (const x of acc.values()) norm += x * x;
    norm = Math.sqrt(norm);
    const indices = Uint32Array.from([...acc.keys()].sort((a, b) => a - b));
    const values = new Float32Array(indices.length);
    if (norm > 0) indices.forEach((d, j) => (values[j] = acc.get(d)! / norm));
    return { indices, values };
  };

  const vector = (text: string): Float32Array => {
    const { indices, values } = sparse(text);
    const out = new Float32Array(dimensions);
    indices.forEach((d, j) => (out[d] = values[j]));
    return out;
  };

  return {
    id: LEXICAL_EMBEDDER_ID,
    dimensions,
    vocabulary,
    idf,
    documents: n,
    vector,
    sparse,
    embed: async (texts) => texts.map(sparse),
  };
}

/** The stop word set for a language code ('pt…' → pt, 'en…' → en, else none). */
export function stopwordsForLanguage(language: string | undefined): StopwordSet {
  const l = language?.toLowerCase() ?? '';
  return l.startsWith('pt') ? 'pt' : l.startsWith('en') ? 'en' : 'none';
}

/**
 * The lexical embedder of one document: its corpus is the document's units (docUnits), its stop
 * words those of its language (meta.language, else guessed). Hand it to the semantic chunker as
 * ctx.embed for that document only.
 */
export function lexicalEmbedderFor(doc: Doc, opts: { language?: string; maxDimensions?: number } = {}): LexicalEmbedder {
  const units = docUnits(doc, opts.language);
  // docUnits guesses the language the same way when meta.language is absent.
  const language = opts.language || doc.meta.language || guessLanguage(doc.text.slice(0, 20_000));
  return createLexicalEmbedder(
    units.map((u) => doc.text.slice(u.start, u.end)),
    { stopwords: stopwordsForLanguage(language), maxDimensions: opts.maxDimensions },
  );
}
