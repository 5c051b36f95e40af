// Contextual retrieval: a model-written sentence situating each chunk in its document, for any chunker.
// The model itself is reached through src/engine/llm (providers, HTTP, answer cache, prices).
export * from './progress.ts';
export {
  addContext,
  applyContext,
  generateContexts,
  lookupContexts,
  createContextualizer,
  contextualizerFromSentences,
  contextMissing,
  contextKeyOf,
  templateFor,
  chunkingCap,
  leavesRoomForContext,
  MIN_CHUNK_TOKENS_WITH_CONTEXT,
  cutToFit,
  DEFAULT_CONTEXT_TOKENS,
  DEFAULT_DOCUMENT_BUDGET_TOKENS,
  DEFAULT_MAX_OUTPUT_TOKENS,
  CHARS_PER_TOKEN,
} from './add-context.ts';
export type { ContextSettings, GenerateContextOptions, FitOptions, AddContextOptions, ContextReport, ContextRunStats, ContextJob, ContextualizerOptions } from './add-context.ts';
export { DEFAULT_PROMPTS, buildPrompt, cleanSentence, checkTemplate, documentExcerpt, promptHash } from './prompt.ts';
export type { PromptTemplate } from './prompt.ts';
export { estimateContextRun } from './estimate.ts';
export type { EstimateOptions, ContextEstimate, Throughput } from './estimate.ts';
export { contextRunConfig } from './run-config.ts';
export type { ContextRunConfig } from './run-config.ts';
export { sampleForReview, seededRandom } from './sample.ts';
export type { ReviewItem } from './sample.ts';
