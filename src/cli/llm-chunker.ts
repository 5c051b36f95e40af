// Node glue for `chunk --chunker llm --generator openai:<model>|anthropic:<model> [--base-url <url>]`:
// the generator from ./llm.ts (providerConfigFromSpec: key from OPENAI_API_KEY / ANTHROPIC_API_KEY or
// CHUNKLAB_LLM_API_KEY, never from the command line), built only when a call
// is needed; the model's answers kept in .cache/llm-chunks.jsonl (FileAnswerCache), so a rerun makes
// no call and needs no key; provider failures as one-line errors. Before the first call, the estimate
// (calls, tokens, cost with --generator-price) is printed (estimateLlmChunking walks the windows).

import path from 'node:path';
import { LlmError, createHttpProvider } from '../engine/llm/index.ts';
import { estimateLlmChunking, resolveParams } from '../engine/chunkers/index.ts';
import type { Pricing } from '../engine/llm/index.ts';
import { InputError, type AnswerCache, type Doc, type TextGenerator, type TextTokenizer } from '../engine/types.ts';
import { parsePricing, providerConfigFromSpec, requireKey, withBaseUrl } from './llm.ts';
import { FileAnswerCache } from '../node/answer-cache.ts';

export interface LlmChunkerCli {
  generator: TextGenerator;
  answers: AnswerCache;
  /** One line for the terminal: calls made, answers read from the cache. */
  report(): string;
  /** One line for the terminal, before any call: windows to ask, cached, tokens, cost (with a price). */
  estimate(docs: readonly Doc[], params: Record<string, unknown>, tokenizer: TextTokenizer): Promise<string>;
}

const n0 = (x: number) => Math.round(x).toLocaleString('en-US');

export function llmChunkerForCli(
  spec: string,
  opts: { baseUrl?: string; cacheDir?: string; env?: Record<string, string | undefined>; pricing?: Pricing } = {},
): LlmChunkerCli {
  if (!/^(openai|anthropic):\S/.test(spec?.trim() ?? '')) {
    throw new InputError(`"${spec}" is not a model spec (expected openai:<model> or anthropic:<model>)`, '--generator');
  }
  const config = providerConfigFromSpec(spec, withBaseUrl(opts.env ?? process.env, opts.baseUrl));
  const id = `${config.kind}:${config.model}`;
  const cache = new FileAnswerCache(path.resolve(opts.cacheDir ?? '.cache', 'llm-chunks.jsonl'));
  let provider: TextGenerator | undefined;
  let calls = 0;
  let cached = 0;
  const generator: TextGenerator = {
    id,
    async generate(prompt, o) {
      requireKey(config, id, '--base-url');
      provider ??= createHttpProvider(config);
      calls++;
      try {
        return await provider.generate(prompt, o);
      } catch (e) {
        if (e instanceof LlmError) throw new InputError(`${e.message} (answers so far are kept in ${cache.file}; rerun to resume)`, id);
        throw e;
      }
    },
  };
  const answers: AnswerCache = {
    async get(key) {
      const v = await cache.get(key);
      if (v !== undefined) cached++;
      return v;
    },
    set: (key, value) => cache.set(key, value),
  };
  const estimate = async (docs: readonly Doc[], params: Record<string, unknown>, tokenizer: TextTokenizer): Promise<string> => {
    const est = await estimateLlmChunking(docs, resolveParams('llm', params), { tokenizer, answers: cache, model: id });
    const p = opts.pricing;
    const cost = p ? `about $${((est.inputTokens * p.inputPerMillion + est.outputTokens * p.outputPerMillion) / 1e6).toFixed(4)}` : 'cost unknown: --generator-price IN,OUT gives one';
    return (
      `llm        ${id}: ${est.cached} windows answered in the cache, about ${est.calls} calls to make` +
      (est.calls ? ` (more if boundaries come early in a window; about ${n0(est.inputTokens)} prompt and at most ${n0(est.outputTokens)} answer tokens, ${cost})` : '')
    );
  };
  return { generator, answers, estimate, report: () => `llm        ${id}: ${calls} model calls, ${cached} answers from the cache (${cache.file})` };
}

/** The llm chunker's flags, as `chunk` and `eval` share them. */
export interface LlmChunkerFlags {
  readonly chunker?: string;
  /** eval: chunks made elsewhere (then no chunker runs). */
  readonly chunks?: string;
  readonly generator?: string;
  readonly 'base-url'?: string;
  readonly 'generator-cache'?: string;
  readonly 'generator-price'?: string;
}

/** The llm chunker's model from the flags; undefined unless --chunker llm (which needs --generator). */
export function llmChunkerFromFlags(f: LlmChunkerFlags, command: string): LlmChunkerCli | undefined {
  if (!f.generator) {
    if (f.chunker === 'llm' && !f.chunks) throw new InputError('--chunker llm needs --generator openai:<model> or anthropic:<model>', command);
    return undefined;
  }
  if (f.chunker !== 'llm' || f.chunks) throw new InputError(`--generator is for --chunker llm, not "${f.chunks ? 'external chunks' : (f.chunker ?? '')}"`, command);
  return llmChunkerForCli(f.generator, {
    baseUrl: f['base-url'],
    cacheDir: f['generator-cache'],
    pricing: f['generator-price'] !== undefined ? parsePricing(f['generator-price'], '--generator-price') : undefined,
  });
}
