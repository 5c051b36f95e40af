// Live search over a corpus (the search view, the question editor): the cached session and its types.
export { SearchSession, LruMap, termHits, type SearchModels } from './session.ts';
export { DenseRetrievers, PassageVectors } from './dense.ts';
export type { FoundUnit, NeedDocs, SearchAnswer, SearchChunking, SearchRequest, ChunkRef, Placement, ResolvedRef } from './types.ts';
