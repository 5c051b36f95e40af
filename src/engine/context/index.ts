// Contextual retrieval: a model-written sentence situating each chunk in its document, for any chunker.
// Importing this module never loads transformers.js: the local provider imports it dynamically when
// createLocalProvider is first called.
export * from './types.ts';
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
  cutToFit,
  DEFAULT_CONTEXT_TOKENS,
  DEFAULT_DOCUMENT_BUDGET_TOKENS,
  DEFAULT_MAX_OUTPUT_TOKENS,
  CHARS_PER_TOKEN,
} from './add-context.ts';
export type { ContextSettings, GenerateContextOptions, FitOptions, AddContextOptions, ContextReport, ContextRunStats, ContextJob, ContextualizerOptions } from './add-context.ts';
export { MemoryContextCache, contextCacheKey, docHash, chunkHash } from './cache.ts';
export { createOpenAIProvider, createAnthropicProvider, createHttpProvider, OPENAI_DEFAULT_BASE, ANTHROPIC_DEFAULT_BASE, ANTHROPIC_DEFAULT_VERSION } from './providers.ts';
export type { ProviderHooks } from './providers.ts';
export { ContextProviderError, parseRetryAfter, isAbortError } from './http.ts';
export type { ProviderErrorKind, RetryOptions } from './http.ts';
export { DEFAULT_PROMPTS, buildPrompt, cleanSentence, checkTemplate, documentExcerpt, promptHash, promptLanguage } from './prompt.ts';
export type { PromptTemplate, PromptLanguage } from './prompt.ts';
export { estimateContextRun } from './estimate.ts';
export type { EstimateOptions, ContextEstimate, Pricing, Throughput } from './estimate.ts';
export { scanPersonalData, validCpf, validCnpj, luhn } from './personal-data.ts';
export type { PersonalDataKind, PersonalDataMatch, PersonalDataScan } from './personal-data.ts';
export { redactForExport, redactUrl, contextRunConfig } from './redact.ts';
export type { ContextRunConfig } from './redact.ts';
export { sampleForReview, seededRandom } from './sample.ts';
export type { ReviewItem } from './sample.ts';
export { LOCAL_MODELS, localModelInfo, createLocalProvider, generatedText } from './local.ts';
export type { LocalModelInfo, LocalRuntime, LocalProviderOptions, TextGenerator } from './local.ts';
