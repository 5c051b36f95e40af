// What the search view and the question editor ask of a corpus, and what comes back. Offsets are
// UTF-16 into the parsed document's text.
import type { ParseInput } from '../documents/index.ts';
import type { StopwordSet } from '../documents/terms.ts';
import type { ChunkerId, Span } from '../types.ts';

export type { ChunkRef, Placement, ResolvedRef } from '../evaluation/placement.ts';

/** A chunking of the corpus: which chunker, with which parameters. */
export interface SearchChunking {
  chunker: ChunkerId;
  params: Record<string, unknown>;
  /** What makes the semantic chunker's vectors (a model id, or absent: the lexical embedder); part of the index key. */
  embedder?: string;
}

export interface SearchRequest extends SearchChunking {
  corpusKey: string;
  /** Needed only when the session answered 'need-docs'. */
  docs?: ParseInput[];
  query: string;
  k: number;
  /** Only documents whose meta[key] === value compete (applied before ranking). */
  filter?: Record<string, string>;
  stopwords?: StopwordSet | 'auto';
  /** BM25 (the default), or dense / hybrid (RRF) over the lent embedding model. */
  retriever?: 'bm25' | 'dense' | 'hybrid';
  /** dense/hybrid: what embeds (a model id or a service id); the passage vectors are cached under it. */
  model?: string;
  /** Search inside this one document only (applied before ranking, with the filter). */
  docId?: string;
  /** Rescore the first `top` hits (default 50) with the lent cross-encoder `model`. */
  rerank?: { model: string; top?: number };
}

/** A returned unit as the search view shows it. */
export interface FoundUnit {
  id: string;
  rank: number;
  score: number;
  docId: string;
  docTitle: string;
  start: number;
  end: number;
  prefix: string;
  /** The returned range's text (document text, without the prefix). */
  text: string;
  tokens: number;
  headingPath: string[];
  /** Words of the returned range that match a query term (document offsets), from bm25Terms. */
  hits: Span[];
  /** The same in the prefix (offsets into `prefix`). */
  prefixHits: Span[];
  /** The chunk ids that brought this unit in, best first. */
  via: string[];
}

/** The session does not hold the corpus under that key: repeat the call with the documents. */
export type NeedDocs = { status: 'need-docs' };

export interface SearchAnswer {
  status: 'ok';
  units: FoundUnit[];
  /** The distinct folded query terms, stop words removed. */
  terms: string[];
  /** Query terms the index does not know (no chunk has them). */
  unknownTerms: string[];
  /** Indexed chunks, and how many the filter let compete. */
  chunks: number;
  accepted: number;
  stopwords: StopwordSet;
  language: string;
  retriever: 'bm25' | 'dense' | 'hybrid';
  /** dense/hybrid: passages this call embedded (0 once the corpus's vectors are cached), query batches embedded. */
  embedded?: { passages: number; queries: number };
  /** Reranked: the cross-encoder's id and how many first hits it rescored (units then carry its score). */
  reranked?: { model: string; top: number };
}
