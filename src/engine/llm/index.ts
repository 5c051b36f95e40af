// Talking to language models: the HTTP client (retries, timeouts, Retry-After), OpenAI-compatible and
// Anthropic providers, the in-page (transformers.js) runner, the answer cache, prices, the language to
// prompt in, and what must not leave the machine (personal data, keys). Contextual retrieval, question
// generation, the llm chunker and embedding services all reach models through here.
// Importing this module never loads transformers.js: the local provider imports it dynamically when
// createLocalProvider is first called.
export * from './types.ts';
export { MemoryAnswerCache, contextCacheKey, docHash, chunkHash } from './cache.ts';
export type { ContextKeyParts } from './cache.ts';
export { createOpenAIProvider, createAnthropicProvider, createHttpProvider, OPENAI_DEFAULT_BASE, ANTHROPIC_DEFAULT_BASE, ANTHROPIC_DEFAULT_VERSION } from './providers.ts';
export type { ProviderHooks } from './providers.ts';
export { LlmError, parseRetryAfter, isAbortError, abortError, postJson, safeUrl, scrub, MAX_ANSWER_BYTES, providerErrorCode } from './http.ts';
export { corsRefused } from './cors.ts';
export type { ProviderErrorKind, RetryOptions, JsonRequest } from './http.ts';
export type { Pricing } from './pricing.ts';
export { promptLanguage } from './prompt-language.ts';
export type { PromptLanguage } from './prompt-language.ts';
export { scanPersonalData, validCpf, validCnpj, luhn } from './personal-data.ts';
export type { PersonalDataKind, PersonalDataMatch, PersonalDataScan } from './personal-data.ts';
export { redactForExport, redactUrl } from './redact.ts';
export { LOCAL_MODELS, localModelInfo, createLocalProvider, generatedText } from './local.ts';
export type { LocalModelInfo, LocalRuntime, LocalProviderOptions, TextGenerationPipeline } from './local.ts';
