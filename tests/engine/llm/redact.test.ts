// Keys never leave: redacted provider settings, a results-file config built with a provider, and
// the provider object itself, serialised and searched for the key.
import { describe, expect, it } from 'vitest';
import { contextRunConfig } from '../../../src/engine/context/run-config.ts';
import { redactForExport, redactUrl } from '../../../src/engine/llm/redact.ts';
import { createAnthropicProvider, createOpenAIProvider } from '../../../src/engine/llm/providers.ts';
import { DEFAULT_PROMPTS, promptHash } from '../../../src/engine/context/prompt.ts';
import type { ProviderConfig } from '../../../src/engine/llm/types.ts';

const KEY = 'sk-proj-VERYSECRET-0123456789';

describe('redactForExport', () => {
  it('drops the key and keeps the settings', () => {
    const config: ProviderConfig = { kind: 'openai', model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1', apiKey: KEY, timeoutMs: 30_000, maxAttempts: 3 };
    const out = redactForExport(config);
    expect(out).toEqual({ kind: 'openai', model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1', timeoutMs: 30_000, maxAttempts: 3 });
    expect('apiKey' in out).toBe(false);
    expect(config.apiKey).toBe(KEY); // the input is not modified
  });

  it('cleans credentials from the base URL and drops unknown fields', () => {
    const config = {
      kind: 'openai',
      model: 'm',
      baseUrl: `https://user:${KEY}@gateway.example/v1?api-version=2024-06-01&api-key=${KEY}`,
      apiKey: KEY,
      secretHeader: KEY,
    } as ProviderConfig;
    const out = redactForExport(config);
    expect(JSON.stringify(out)).not.toContain(KEY);
    expect(out.baseUrl).toBe('https://gateway.example/v1?api-version=2024-06-01&api-key=REDACTED');
    expect('secretHeader' in out).toBe(false);
    expect(redactUrl('not a url')).toBe('(invalid URL)');
  });

  it('a results-file config built with a provider never contains the key', () => {
    for (const config of [
      { kind: 'openai', model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1', apiKey: KEY },
      { kind: 'anthropic', model: 'claude-3-5-haiku-latest', apiKey: KEY },
    ] as ProviderConfig[]) {
      const provider = config.kind === 'openai' ? createOpenAIProvider(config) : createAnthropicProvider(config);
      const context = contextRunConfig(config, { contextTokens: 50 });
      const results = {
        format: 'chunklab-results',
        version: 1,
        config: { chunker: 'recursive', params: { maxTokens: 256 }, retriever: { kind: 'bm25' }, context, provider },
        chunks: [],
        questions: [],
        metrics: {},
      };
      const json = JSON.stringify(results);
      expect(json).not.toContain(KEY);
      expect(json).not.toContain('VERYSECRET');
      expect(context.model).toBe(provider.id); // the id the cache keys use
      expect(context.contextTokens).toBe(50);
      expect(context.promptHash.pt).toBe(promptHash(DEFAULT_PROMPTS.pt, 8000 * 4));
      expect(context.customPrompt).toBeUndefined();
    }
  });

  it('a custom prompt is recorded in full', () => {
    const mine = { system: 'S', user: '{{document}} {{chunk}}' };
    const c = contextRunConfig({ kind: 'local', model: 'onnx-community/Qwen2.5-0.5B-Instruct' }, { prompt: { en: mine } });
    expect(c.customPrompt).toEqual({ en: mine });
    expect(c.promptHash.en).not.toBe(c.promptHash.pt);
  });
});
