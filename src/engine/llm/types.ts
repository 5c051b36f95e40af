// The vocabulary of talking to a language model: providers (a model that writes text from a prompt),
// their configuration (the API key kept apart from what may be exported), and the answer cache that
// makes runs resumable. Contextual retrieval, question generation and the llm chunker all use it.

// The generator, its prompt and its answer, and the answer cache are the engine's shared vocabulary
// (src/engine/types.ts: the llm chunker uses them too); they are re-exported here with the rest.
export type { AnswerCache, GenerateOptions, GenerateResult, Prompt, TextGenerator } from '../types.ts';

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
