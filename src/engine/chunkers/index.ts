// The chunkers: chunkDocument/chunkCorpus (chunk-document.ts) fill defaults from the registry, check
// parameters and caps and run one strategy (one file each); the registry carries ids, defaults and
// parameter docs; kit/ holds what strategies share.
export { resolveParams, chunkDocument, chunkCorpus } from './chunk-document.ts';
export type { ChunkParams } from './chunk-document.ts';
export { CHUNKERS, CHUNKER_IDS, CHUNKER_LIST, MAX_TOKENS_LIMIT, type ChunkerInfo, type ParamSpec, type Localized } from './registry.ts';
export { createPrefixer, headerFields, headerText, docTitle, type Prefixer } from './kit/index.ts';
export { splitRange, DEFAULT_LADDER, MARKDOWN_LADDER } from './kit/index.ts';
export { percentile, cosine, cutCurve, peaks, type BreakpointCurve, type CutRule } from './kit/index.ts';
export { LLM_SYSTEM_PROMPT, estimateLlmChunking, llmAnswerKey, llmPrompt, parseBoundaries, type LlmEstimate, type LlmParams } from './llm.ts';
export { chunksFromCurve, semanticBreakpoints, type SemanticBreakpoints, type SemanticParams } from './semantic.ts';
