// `eval --embedder kind:model`: dense and hybrid retrieval with vectors from an embedding service
// (src/engine/embedding/providers). The key comes from the service's usual environment variable and
// goes nowhere else; vectors are cached in .cache/embeddings (or --cache-dir), so an interrupted run
// resumes and a rerun makes no call. Before the first call the estimate is printed and, on a
// terminal, confirmed (--yes skips the question; with no terminal and no --yes nothing is sent).
import { createInterface } from 'node:readline/promises';
import { InputError, type IndexEntry, type TextTokenizer } from '../engine/types.ts';
import type { ExperimentDeps } from '../engine/evaluation/index.ts';
import {
  createProviderEmbedder,
  EmbeddingProviderError,
  planEmbeddingRun,
  formatEmbeddingEstimate,
  parseEmbedderSpec,
  PROTOCOLS,
  describeServiceCount,
  serviceTokenCounter,
  serviceTokenizer,
  type EmbeddingProviderConfig,
  type EmbeddingProviderRecord,
  type InputKind,
  type ProviderStats,
} from '../engine/embedding/providers/index.ts';
import { createRetriever, type EmbeddingSource } from '../engine/retrieval/index.ts';
import { FileEmbeddingCache } from '../node/embed-cache.ts';
import { chooseTokenizer } from './common.ts';

export interface ServiceCliOptions {
  /** "openai:<model>", "cohere:<model>", "voyage:<model>" or "jina:<model>". */
  spec: string;
  baseUrl?: string;
  dimensions?: number;
  batchSize?: number;
  concurrency?: number;
  /** Folder of the vector cache (default .cache/embeddings); null: none (the run still keeps vectors in memory). */
  cacheDir?: string | null;
  /** Skip the confirmation after the estimate. */
  yes?: boolean;
  /** The questions, embedded in batches with the passages (not one call per question at search time). */
  queries: readonly string[];
  /** The run's tokenizer (serviceCliTokenizer's): counts for the estimate and the limits per call (see serviceTokenCounter). */
  tokenizer: TextTokenizer;
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  /** Whether a person can answer on this terminal (default: stdin and stderr are TTYs). */
  interactive?: boolean;
  /** Asks the question on the terminal (default: readline on stdin/stderr). */
  confirm?: (question: string) => Promise<boolean>;
}

export interface ServiceCounts {
  passages: number;
  queries: number;
  /** Texts over the service's input limit by the project's count (the service cuts or refuses them). */
  overLimit: { limit: number; passages: number; queries: number };
}

export interface ServiceDeps {
  /** `${kind}:${model}` */
  id: string;
  /** For config.retriever: provider, model, dimensions (once known), base URL without credentials. */
  record(): EmbeddingProviderRecord;
  embed: NonNullable<ExperimentDeps['embed']>;
  createRetriever: NonNullable<ExperimentDeps['createRetriever']>;
  counts(): ServiceCounts;
  stats(): ProviderStats;
  /** What sizes are counted in: the model's own tokens, or the closest known tokenizer (one line). */
  sizesLine: string;
}

export function serviceConfig(o: Pick<ServiceCliOptions, 'spec' | 'baseUrl' | 'dimensions' | 'batchSize' | 'concurrency' | 'env'>): EmbeddingProviderConfig {
  const { kind, model } = parseEmbedderSpec(o.spec);
  const env = o.env ?? process.env;
  const config: EmbeddingProviderConfig = { kind, model, apiKey: env[PROTOCOLS[kind].keyEnv]?.trim() || undefined };
  if (o.baseUrl !== undefined) config.baseUrl = o.baseUrl;
  if (o.dimensions !== undefined) config.dimensions = o.dimensions;
  if (o.batchSize !== undefined) config.batchSize = o.batchSize;
  if (o.concurrency !== undefined) config.concurrency = o.concurrency;
  return config;
}

/**
 * The tokenizer a run with `--embedder spec` counts with: --tokenizer when given, else the model's
 * own tiktoken encoding for an OpenAI embedding model, else the bundled one.
 */
export async function serviceCliTokenizer(spec: string, tokenizerDir?: string): Promise<TextTokenizer> {
  const fallback = await chooseTokenizer(tokenizerDir);
  if (tokenizerDir) return fallback;
  const { kind, model } = parseEmbedderSpec(spec);
  return serviceTokenizer(kind, model, fallback);
}

/** Asks on the terminal (stderr); true for y or yes. */
export async function askOnTerminal(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^\s*y(es)?\s*$/i.test(await rl.question(question));
  } finally {
    rl.close();
  }
}

export function serviceDeps(o: ServiceCliOptions): ServiceDeps {
  const config = serviceConfig(o);
  const counter = serviceTokenCounter(config.kind, config.model, o.tokenizer);
  const cache = o.cacheDir === null ? undefined : new FileEmbeddingCache(o.cacheDir ?? undefined);
  const embedder = createProviderEmbedder(config, { cache, countTokens: counter.count, tokensExact: counter.exact });
  const log = o.log ?? ((line: string) => console.error(line));
  const interactive = o.interactive ?? !!(process.stdin.isTTY && process.stderr.isTTY);
  const keyEnv = PROTOCOLS[config.kind].keyEnv;
  const counts: ServiceCounts = { passages: 0, queries: 0, overLimit: { limit: embedder.maxTokens, passages: 0, queries: 0 } };
  let confirmed = false;

  /** Prints the estimate for what is not cached yet and asks once per run before the first call. */
  async function gate(groups: { texts: readonly string[]; kind: InputKind }[]): Promise<void> {
    const { todo, estimate: est, personal: pd, needsKey } = await planEmbeddingRun(config, embedder, counter, groups);
    if (!todo) return;
    log(formatEmbeddingEstimate(embedder.id, est, counter.name));
    // The personal-data warning of generated context: what in the texts looks like it, counted.
    if (pd.total) {
      const kinds = Object.entries(pd.counts).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`).join(', ');
      log(`embedder   the texts to send look like they hold personal data (${kinds}): check before sending them to ${embedder.id}`);
    }
    if (needsKey) {
      throw new InputError(`no API key: set ${keyEnv} in the environment (a server of your own needs --embed-base-url and usually no key)`, embedder.id);
    }
    if (confirmed || o.yes) return void (confirmed = true);
    if (!interactive) throw new InputError(`${est.calls} calls to ${embedder.id} need confirmation and there is no terminal to ask on: pass --yes`, '--embedder');
    if (!(await (o.confirm ?? askOnTerminal)('Send these texts to the service? [y/N] '))) throw new InputError('not confirmed: nothing was sent', '--embedder');
    confirmed = true;
  }

  async function run<T>(f: () => Promise<T>): Promise<T> {
    try {
      return await f();
    } catch (e) {
      if (e instanceof EmbeddingProviderError) {
        throw new InputError(`${e.message}${cache ? ` (vectors finished so far are kept in ${cache.root}; rerun to resume)` : ''}`);
      }
      throw e;
    }
  }

  const embedQuery = (texts: string[], kind: 'query' | 'passage', opts?: { signal?: AbortSignal }) => run(() => embedder.embed(texts, kind, { signal: opts?.signal }));

  /** Passages and every question in batches (a question's vector is then a cache hit at search time). */
  const source: EmbeddingSource = {
    embed: embedQuery,
    async embedEntries(entries: IndexEntry[], signal?: AbortSignal): Promise<Float32Array[]> {
      const passages = entries.map((e) => e.text);
      await gate([
        { texts: passages, kind: 'passage' },
        { texts: o.queries, kind: 'query' },
      ]);
      const p = await run(() => embedder.embed(passages, 'passage', { signal }));
      const q = await run(() => embedder.embed(o.queries, 'query', { signal }));
      counts.passages += passages.length;
      counts.queries += o.queries.length;
      counts.overLimit.passages += p.truncated.length;
      counts.overLimit.queries += q.truncated.length;
      return p;
    },
  };

  return {
    id: embedder.id,
    record: () => embedder.record(),
    // The semantic chunker's sentence vectors, through the same gate and cache.
    embed: async (texts) => {
      await gate([{ texts, kind: 'passage' }]);
      return run(() => embedder.embed(texts, 'passage'));
    },
    // The engine's one retriever wiring (BM25 by the run's language + RRF k 60 for hybrid).
    createRetriever: (cfg, ctx) => {
      const retriever = createRetriever(cfg, ctx, source);
      // The record (dimensions included) is complete once the service has answered.
      const index = retriever.index.bind(retriever);
      retriever.index = async (entries, signal) => {
        await index(entries, signal);
        Object.assign(cfg, embedder.record());
      };
      return retriever;
    },
    counts: () => counts,
    stats: () => embedder.stats(),
    sizesLine: describeServiceCount(embedder.id, counter),
  };
}

/** Lines for the terminal after a run: what was embedded, the calls made and the cache. */
export function formatServiceReport(s: ServiceDeps): string {
  const c = s.counts();
  const w = s.stats();
  const r = s.record();
  return (
    `embedder   ${s.id} at ${r.baseUrl}${r.dimensions ? ` (${r.dimensions} dimensions)` : ''}: ${c.passages} passages, ${c.queries} queries; ` +
    `${w.calls} calls (${w.texts} texts sent${w.billedTokens ? `, ${w.billedTokens} tokens billed` : ''}), ${w.cacheHits} cache hits` +
    (c.overLimit.passages || c.overLimit.queries ? `; ${c.overLimit.passages} passages and ${c.overLimit.queries} queries may exceed ${c.overLimit.limit} tokens` : '')
  );
}
