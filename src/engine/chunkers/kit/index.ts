// The chunker kit: everything strategies share, in one place. A strategy imports from here (and from
// documents/ and types.ts), never from another strategy.

export { abortError, throwIfAborted } from './abort.ts';
export { chunkEnv, finalize, type Draft, type FinalizeEnv } from './finalize.ts';
export { DEFAULT_LADDER, LADDERS, MARKDOWN_LADDER, resolveLadder, splitRange, type LadderName, type Separator, type SplitEnv } from './ladder.ts';
export { blockItems, groupItems, tableHeaderPrefix, unitItems, type GroupEnv, type Item, type ItemKind } from './pack.ts';
export {
  defineChunker,
  headerParam,
  ignoredOverlap,
  levelParam,
  MAX_TOKENS_LIMIT,
  maxTokensParam,
  overlapParam,
  wholePiecesOverlap,
  type ChunkerDefinition,
  type ChunkerInfo,
  type Localized,
  type ParamSpec,
  checkMinTokens,
  DEFAULT_MIN_TOKENS,
} from './params.ts';
export { createPrefixer, docTitle, headerFields, headerText, type BudgetAt, type Prefixer } from './prefix.ts';
export { withReturnTokens } from './returns.ts';
export { bodySections } from './sections.ts';
export { hardCut, tokenIndexOf } from './tokens.ts';
export { cosine, isSparse, percentile, smoothCurve, windowedSimilarities, type Vector } from './vectors.ts';
export { breakpointCurve, cutCurve, peaks, type BreakpointCurve, type CurveOptions, type CutRule } from './breakpoints.ts';
export { segmentDrafts } from './segments.ts';
export { chunksFromRanges, placePieces } from './library-spans.ts';
