// Retrieval: BM25 (ours), result merging shared by every retriever.
// Dense and hybrid retrievers (dense.ts, hybrid.ts) are exported from here by their author.
export { Bm25Retriever, bm25Terms, foldTerm, stopwordSet } from './bm25.ts';
export type { Bm25Options, StopwordSet, Term } from './bm25.ts';
export { mergeHits, returnedUnit, returnedUnits } from './merge.ts';
export type { MergeOptions, RankedUnit, ReturnedUnit } from './merge.ts';
export { DenseRetriever, topK } from './dense.ts';
export type { DenseRetrieverOptions, EmbedFn, Scored } from './dense.ts';
export { HybridRetriever, reciprocalRankFusion } from './hybrid.ts';
export type { HybridOptions, RankedList } from './hybrid.ts';
export { RerankingRetriever, rerankHits, DEFAULT_RERANK_TOP } from './rerank.ts';
export type { PairScorer, RerankStats, RerankingRetrieverOptions } from './rerank.ts';
export { createRetriever } from './wiring.ts';
export type { EmbeddingSource } from './wiring.ts';
