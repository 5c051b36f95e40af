// Node glue for generated context (`eval --context-model`): the sentences kept in .cache/context.jsonl
// (src/node/answer-cache.ts, append-only, so an interrupted run keeps every finished sentence and the
// next run resumes); the model from ./llm.ts (spec, key from the environment); the estimate (printed
// before any call), generate or read the cache, place the sentences, report.

import path from 'node:path';
import { LlmError, createHttpProvider, type Pricing } from '../engine/llm/index.ts';
import {
  contextRunConfig,
  createContextualizer,
  estimateContextRun,
  lookupContexts,
  DEFAULT_CONTEXT_TOKENS,
  type ContextReport,
  type ContextRunConfig,
} from '../engine/context/index.ts';
import { InputError, type Chunk, type Doc, type TextTokenizer } from '../engine/types.ts';
import { FileAnswerCache } from '../node/answer-cache.ts';
import { providerConfigFromSpec, requireKey, withBaseUrl } from './llm.ts';

// ---------------------------------------------------------------- eval --context-model

export interface ContextCliOptions {
  /** "openai:<model>" or "anthropic:<model>". */
  spec: string;
  /** Overrides CHUNKLAB_LLM_BASE_URL. */
  baseUrl?: string;
  /** Tokens reserved for the sentence (default 60). */
  contextTokens?: number;
  /** Folder of the sentence cache (default .cache): its file is context.jsonl. */
  cacheDir?: string;
  /** Never call the model: every sentence must be in the cache. */
  onlyCached?: boolean;
  /** Dollars per million tokens, for the estimate. */
  pricing?: Pricing;
  /** Requests in flight at once (default 1). */
  concurrency?: number;
  /** Where the key and base URL are read (default process.env). */
  env?: Record<string, string | undefined>;
  /** One line of terminal output (stderr in the CLI). */
  log?: (line: string) => void;
}

export interface ContextCli {
  /** For ExperimentConfig.context: no key in it. */
  config: ContextRunConfig;
  /** For ExperimentDeps.contextualize. */
  contextualize(docs: ReadonlyMap<string, Doc>, chunks: readonly Chunk[]): Promise<Chunk[]>;
  /** What the last run did (calls, cache, cut sentences), once it ran. */
  report(): ContextReport | undefined;
}

const n0 = (x: number) => Math.round(x).toLocaleString('en-US');

/** The wiring of `eval --context-model`: estimate first, then generate (or only read) and place. */
export function contextForCli(opts: ContextCliOptions, tokenizer: TextTokenizer, maxTokens: number): ContextCli {
  const providerConfig = providerConfigFromSpec(opts.spec, withBaseUrl(opts.env ?? process.env, opts.baseUrl));
  const contextTokens = opts.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
  const config = contextRunConfig(providerConfig, { contextTokens });
  const model = config.model;
  const cache = new FileAnswerCache(path.resolve(opts.cacheDir ?? '.cache', 'context.jsonl'));
  const log = opts.log ?? ((line: string) => console.error(line));
  let last: ContextReport | undefined;

  const contextualize = async (docs: ReadonlyMap<string, Doc>, chunks: readonly Chunk[]): Promise<Chunk[]> => {
    const jobs = chunks.map((chunk) => {
      const doc = docs.get(chunk.docId);
      if (!doc) throw new InputError(`unknown document "${chunk.docId}"`, `chunk ${chunk.id}`);
      return { doc, chunk };
    });
    const have = await lookupContexts(jobs, cache, model);
    const byDoc = new Map<string, Chunk[]>();
    for (const c of chunks) if (!have.has(c.id)) (byDoc.get(c.docId) ?? byDoc.set(c.docId, []).get(c.docId)!).push(c);
    const missing = chunks.length - have.size;
    const est = estimateContextRun([...docs.values()], byDoc, { pricing: opts.pricing, throughput: { concurrency: opts.concurrency ?? 1 } });
    const cost = est.costUSD === null ? 'cost unknown: --context-price IN,OUT gives one' : `about $${est.costUSD.toFixed(4)}`;
    log(
      `context    ${model}: ${chunks.length} chunks, ${have.size} sentences in the cache, ${est.calls} calls to make` +
        (est.calls ? ` (about ${n0(est.inputTokens)} prompt and ${n0(est.outputTokens)} answer tokens, ${cost}, about ${Math.ceil(est.seconds)} s)` : ''),
    );
    if (missing && opts.onlyCached) {
      throw new InputError(`${missing} of ${chunks.length} chunks have no cached sentence for ${model}, and --context-only-cached forbids model calls`, '--context-only-cached');
    }
    // The provider (and its key) only when something must be generated. A local server needs no key;
    // the vendors' own endpoints do.
    if (missing) requireKey(providerConfig, model, '--context-base-url');
    const provider = missing ? createHttpProvider(providerConfig) : undefined;
    const run = createContextualizer({
      cache,
      model,
      provider,
      tokenizer,
      maxTokens,
      contextTokens,
      concurrency: opts.concurrency,
      onReport: (r) => (last = r),
    });
    try {
      return await run(docs, chunks);
    } catch (e) {
      if (e instanceof LlmError) throw new InputError(`${e.message} (sentences finished so far are kept in ${cache.file}; rerun to resume)`, model);
      throw e;
    }
  };
  return { config, contextualize, report: () => last };
}

/** One line for the terminal after a run. */
export function formatContextReport(model: string, r: ContextReport): string {
  const cut = r.notes.filter((x) => x.kind === 'cut').length;
  const dropped = r.notes.filter((x) => x.kind === 'dropped').length;
  return (
    `context    ${model}: ${r.calls} model calls (${n0(r.inputTokens)} prompt, ${n0(r.outputTokens)} answer tokens billed), ${r.cached} sentences from the cache; ` +
    `${cut} cut to fit the cap, ${dropped} left out`
  );
}
