// The language-model client inside a worker, the way the embedding-service worker holds its service:
// the page hands over the provider's config (key included; it stays in this worker's memory, never
// stored) with configureLlm, and the HTTP provider is built here from the engine's llm client
// (OpenAI-compatible or Anthropic: retries, timeouts, Retry-After). Answers are kept by the caller in
// an IdbAnswerCache (./idb-cache.ts). Cancel is the page's job: it terminates the worker, and the
// requests in flight with it. The in-page model (transformers.js) is not here: it runs in the context
// worker (workers/llm.worker.ts).
import { createAnthropicProvider, createOpenAIProvider, type TextGenerator, type ProviderConfig } from '../src/engine/llm/index.ts';
import { InputError } from '../src/engine/types.ts';

let config: ProviderConfig | null = null;
let http: TextGenerator | null = null;

/** Sets the provider (null: none); the next call builds its client. */
export function configureLlm(c: ProviderConfig | null): void {
  config = c;
  http = null;
}

/** The configured provider's config (key included: never hand it back to the page). */
export function llmConfig(): ProviderConfig | null {
  return config;
}

/** The configured HTTP provider (an in-page model is not one: see the llm worker). */
export function httpProvider(): TextGenerator {
  if (!config || config.kind === 'local') throw new InputError('no language-model service is configured', 'provider', { code: 'no-llm-provider' });
  if (config.kind === 'anthropic' && !config.apiKey) throw new InputError('Anthropic needs an API key', 'provider key', { code: 'no-api-key' });
  http ??= config.kind === 'openai' ? createOpenAIProvider(config) : createAnthropicProvider(config);
  return http;
}
