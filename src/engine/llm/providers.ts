// The two HTTP providers: any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style
// gateways, Ollama, LM Studio, llama.cpp, vLLM…) and Anthropic's Messages API. Both go through
// postJson (timeout, retries, key-free errors); the key lives in a closure, never on the object.

import { InputError } from '../types.ts';
import { LlmError, postJson, safeUrl, type RetryOptions } from './http.ts';
import type { Prompt, TextGenerator, GenerateOptions, GenerateResult, ProviderConfig } from './types.ts';

export const OPENAI_DEFAULT_BASE = 'https://api.openai.com/v1';
export const ANTHROPIC_DEFAULT_BASE = 'https://api.anthropic.com';
export const ANTHROPIC_DEFAULT_VERSION = '2023-06-01';

/** Test seams: retry timing and fetch. */
export type ProviderHooks = Pick<RetryOptions, 'sleep' | 'random' | 'fetch' | 'onRetry' | 'baseDelayMs' | 'maxDelayMs'>;

function checkBase(raw: string | undefined, fallback: string): string {
  const base = (raw ?? fallback).trim().replace(/\/+$/, '');
  let u: URL;
  try {
    u = new URL(base);
  } catch {
    throw new InputError(`"${safeUrl(base)}" is not a URL (expected e.g. ${fallback})`, 'provider base URL');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new InputError('must start with http:// or https://', 'provider base URL');
  return base;
}

function checkModel(model: unknown): string {
  if (typeof model !== 'string' || !model.trim()) throw new InputError('a model name is required', 'provider model');
  return model.trim();
}

function retryOf(config: ProviderConfig, hooks: ProviderHooks): RetryOptions {
  return { ...hooks, maxAttempts: config.maxAttempts, timeoutMs: config.timeoutMs };
}

function num(x: unknown): number | undefined {
  return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
}

/** POST {base}/chat/completions with the system and user messages, temperature 0. */
export function createOpenAIProvider(config: ProviderConfig, hooks: ProviderHooks = {}): TextGenerator {
  const base = checkBase(config.baseUrl, OPENAI_DEFAULT_BASE);
  const model = checkModel(config.model);
  const key = config.apiKey?.trim() || undefined; // local servers often need none
  const retry = retryOf(config, hooks);
  const provider: TextGenerator = {
    id: `openai:${model}`,
    async generate(prompt: Prompt, opts: GenerateOptions): Promise<GenerateResult> {
      const body: Record<string, unknown> = {
        model,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
        max_tokens: opts.maxTokens,
        temperature: 0,
      };
      const post = (b: Record<string, unknown>) =>
        postJson({ url: `${base}/chat/completions`, headers: key ? { authorization: `Bearer ${key}` } : {}, body: b, secret: key, model, signal: opts.signal }, retry);
      let answer: unknown;
      if (opts.json) {
        try {
          answer = await post({ ...body, response_format: { type: 'json_object' } });
        } catch (e) {
          // Servers without JSON mode refuse the field (400): the prompt asks for JSON anyway.
          if (!(e instanceof LlmError && e.kind === 'bad-request')) throw e;
          answer = await post(body);
        }
      } else answer = await post(body);
      const json = answer as { choices?: { message?: { content?: unknown } }[]; usage?: Record<string, unknown> };
      const content = json?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') {
        throw new LlmError(`the answer from ${safeUrl(base)} has no choices[0].message.content`, 'bad-response');
      }
      const details = json.usage?.prompt_tokens_details as Record<string, unknown> | undefined;
      return {
        text: content,
        inputTokens: num(json.usage?.prompt_tokens),
        outputTokens: num(json.usage?.completion_tokens),
        cachedInputTokens: num(details?.cached_tokens),
      };
    },
  };
  return provider;
}

/**
 * POST {base}/v1/messages with x-api-key and anthropic-version. When the prompt says how much of the
 * user message is shared by a document's chunks, that part is sent as its own block marked
 * cache_control: ephemeral (prompt caching; below the model's minimum length it is simply not cached).
 */
export function createAnthropicProvider(config: ProviderConfig, hooks: ProviderHooks = {}): TextGenerator {
  const base = checkBase(config.baseUrl, ANTHROPIC_DEFAULT_BASE);
  const model = checkModel(config.model);
  const key = config.apiKey?.trim();
  if (!key) throw new InputError('an API key is required for Anthropic', 'provider API key');
  const version = config.anthropicVersion ?? ANTHROPIC_DEFAULT_VERSION;
  const caching = config.promptCaching ?? true;
  const retry = retryOf(config, hooks);
  return {
    id: `anthropic:${model}`,
    async generate(prompt: Prompt, opts: GenerateOptions): Promise<GenerateResult> {
      const cut = prompt.sharedPrefixLength ?? 0;
      const content =
        caching && cut > 0 && cut < prompt.user.length
          ? [
              { type: 'text', text: prompt.user.slice(0, cut), cache_control: { type: 'ephemeral' } },
              { type: 'text', text: prompt.user.slice(cut) },
            ]
          : prompt.user;
      const json = (await postJson(
        {
          url: `${base}/v1/messages`,
          headers: {
            'x-api-key': key,
            'anthropic-version': version,
            // Needed for calls made straight from a page (the user's own key, their own browser).
            'anthropic-dangerous-direct-browser-access': 'true',
          },
          body: {
            model,
            system: prompt.system,
            // JSON: the answer is prefilled with "{" so the model continues the object.
            messages: opts.json ? [{ role: 'user', content }, { role: 'assistant', content: '{' }] : [{ role: 'user', content }],
            max_tokens: opts.maxTokens,
            temperature: 0,
          },
          secret: key,
          model,
          signal: opts.signal,
        },
        retry,
      )) as { content?: { type?: string; text?: unknown }[]; usage?: Record<string, unknown> };
      if (!Array.isArray(json?.content)) {
        throw new LlmError(`the answer from ${safeUrl(base)} has no content list`, 'bad-response');
      }
      const text =
        (opts.json ? '{' : '') +
        json.content
          .filter((b) => b?.type === 'text' && typeof b.text === 'string')
          .map((b) => b.text as string)
          .join('');
      const u = json.usage ?? {};
      const plain = num(u.input_tokens);
      const read = num(u.cache_read_input_tokens);
      const written = num(u.cache_creation_input_tokens);
      const input = plain === undefined ? undefined : plain + (read ?? 0) + (written ?? 0);
      return { text, inputTokens: input, outputTokens: num(u.output_tokens), cachedInputTokens: read };
    },
  };
}

/** A provider for a configuration: openai and anthropic here; 'local' needs createLocalProvider (async, lazy). */
export function createHttpProvider(config: ProviderConfig, hooks: ProviderHooks = {}): TextGenerator {
  switch (config?.kind) {
    case 'openai':
      return createOpenAIProvider(config, hooks);
    case 'anthropic':
      return createAnthropicProvider(config, hooks);
    case 'local':
      throw new InputError('a local model is loaded with createLocalProvider (it downloads the model first)', 'provider kind');
    default:
      throw new InputError(`unknown provider kind "${String((config as { kind?: unknown })?.kind)}" (expected openai, anthropic or local)`, 'provider kind');
  }
}
