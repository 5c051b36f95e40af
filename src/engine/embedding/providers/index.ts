// Embeddings from a service (OpenAI-compatible, Cohere, Voyage, Jina) behind the project's Embedder.
export * from './types.ts';
export { PROTOCOLS, PROVIDER_KINDS, DEFAULT_BATCH_SIZE, defaultBatchSize } from './protocols.ts';
export type { Protocol, ProviderLimits, InputKind } from './protocols.ts';
export { parseEmbedderSpec, baseUrlOf, publicBaseUrl, isOfficialBase, embeddingRecord, checkEmbeddingConfig } from './config.ts';
export { createProviderEmbedder, packBatches, EmbeddingProviderError } from './client.ts';
export type { ProviderEmbedder, ProviderEmbedderOptions, ProviderStats } from './client.ts';
export { serviceTokenCounter, serviceTokenizer, serviceEncoding, describeServiceCount, APPROXIMATE_TOKEN_MARGIN } from './tokens.ts';
export type { CountTokens, ServiceTokenCounter } from './tokens.ts';
export { estimateEmbeddingRun, formatEmbeddingEstimate, priceOf, EMBEDDING_PRICES } from './estimate.ts';
export type { EmbeddingEstimate, EstimateInput, PriceTable, PriceEntry, RateLimit } from './estimate.ts';
export { planEmbeddingRun } from './plan.ts';
export type { EmbeddingRunPlan } from './plan.ts';
