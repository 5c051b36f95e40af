// Retrieval: BM25 (ours), dense (vectors), hybrid (reciprocal rank fusion), cross-encoder reranking,
// result merging shared by every retriever, and one wiring from a configuration to a retriever.
// The words BM25 counts (folding, stop words) live in documents/terms.ts.
export { Bm25Retriever } from './bm25.ts';
export type { Bm25Options } from './bm25.ts';
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
