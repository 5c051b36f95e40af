// The vocabulary of embedding services: which service, which model, where, and what may be saved
// (the settings) apart from the secret (the config).

export type EmbeddingProviderKind = 'openai' | 'cohere' | 'voyage' | 'jina';

/** Everything about an embedding service that may be saved and shared: no secrets. */
export interface EmbeddingProviderSettings {
  kind: EmbeddingProviderKind;
  /** The service's model name, free text ("text-embedding-3-small", a local server's own name…). */
  model: string;
  /** Default: the service's own. An OpenAI-compatible server's base URL includes its /v1. */
  baseUrl?: string;
  /** Output dimensions asked of the service (Matryoshka models); absent: the model's own. */
  dimensions?: number;
  /** Texts per call (default and ceiling: the service's limit). */
  batchSize?: number;
  /** Calls in flight at once (default per service). */
  concurrency?: number;
  /** Per-request timeout in ms (default 60 000). */
  timeoutMs?: number;
  /** Attempts per request, first included (default 4). */
  maxAttempts?: number;
}

/** The settings plus the key. Only embeddingSettingsForExport(config) may be written anywhere. */
export interface EmbeddingProviderConfig extends EmbeddingProviderSettings {
  apiKey?: string;
}

/** What a results file records about the service: no key, base URL without credentials or query. */
export interface EmbeddingProviderRecord {
  provider: EmbeddingProviderKind;
  model: string;
  /** Requested dimensions, or those the service returned once known. */
  dimensions?: number;
  baseUrl: string;
}
