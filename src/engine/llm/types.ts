// The vocabulary of talking to a language model: providers (a model that writes text from a prompt),
// their configuration (the API key kept apart from what may be exported), and the answer cache that
// makes runs resumable. Contextual retrieval, question generation and the llm chunker all use it.

/** What a provider is asked: a system instruction and one user message. */
export interface ContextPrompt {
  system: string;
  user: string;
  /**
   * Length (UTF-16 units) of the start of `user` that is the same for every chunk of one document
   * (instructions + document). Providers with prompt caching mark it cacheable; 0 or absent: none.
   */
  sharedPrefixLength?: number;
}

export interface GenerateOptions {
  signal?: AbortSignal;
  /** Most tokens the model may write (in the model's own tokens). */
  maxTokens: number;
  /**
   * The answer must be one JSON object: OpenAI-compatible servers get response_format json_object
   * (and are asked again without it when they refuse the field); Anthropic's answer is prefilled
   * with "{" (returned text includes it).
   */
  json?: boolean;
}

export interface GenerateResult {
  text: string;
  /** Prompt tokens billed, when the provider says (cached reads included). */
  inputTokens?: number;
  outputTokens?: number;
  /** Prompt tokens read from the provider's prompt cache, when it says. */
  cachedInputTokens?: number;
}

/** A model that writes text. Implementations hold their key privately: it is never an enumerable property. */
export interface ContextProvider {
  /** A stable name for cache keys and results files: `${kind}:${model}` (never the key, never the URL's secrets). */
  readonly id: string;
  generate(prompt: ContextPrompt, opts: GenerateOptions): Promise<GenerateResult>;
  /** Releases resources (a local model's session). Optional. */
  dispose?(): Promise<void>;
}

export type ProviderKind = 'openai' | 'anthropic' | 'local';

/** Everything about a provider that may be saved and shared: no secrets here. */
export interface ProviderSettings {
  kind: ProviderKind;
  /** Model id: "gpt-4o-mini", "claude-3-5-haiku-latest", "onnx-community/Qwen2.5-0.5B-Instruct"… */
  model: string;
  /** openai: e.g. https://api.openai.com/v1 (a local server: http://localhost:11434/v1); anthropic: https://api.anthropic.com */
  baseUrl?: string;
  /** Per-request timeout in ms (default 60 000). */
  timeoutMs?: number;
  /** Attempts per request, first included (default 4). */
  maxAttempts?: number;
  /** anthropic: the anthropic-version header (default 2023-06-01). */
  anthropicVersion?: string;
  /** anthropic: mark the document part cacheable (default true). */
  promptCaching?: boolean;
  /** Tokens of the prompt the provider accepts; documents longer than this are cut around the chunk. */
  contextWindow?: number;
  /** local: 'webgpu' | 'wasm' | 'cpu' (transformers.js device) and weights dtype (e.g. 'q4f16'). */
  device?: string;
  dtype?: string;
}

/** The settings plus the secret. Only redactForExport(config) may leave the page. */
export interface ProviderConfig extends ProviderSettings {
  apiKey?: string;
}

/** Where generated sentences are kept. Keys come from contextCacheKey. Values are cleaned sentences. */
export interface ContextCache {
  get(key: string): Promise<string | undefined>;
  set(key: string, sentence: string): Promise<void>;
}
