// Contextual retrieval in the page: its run settings (prompt, context budget, chunking, parallel
// calls; saved in the localStorage record "chunklab.context" beside the provider settings), the
// IndexedDB sentence cache that makes runs resumable, and the run itself. Who answers (provider,
// model, key, prices) is src/app/llm/ (settings.svelte.ts, provider.ts), shared with question
// generation and the llm chunker. HTTP providers are called from the page (network only); parsing,
// chunking, scanning, estimating, placing and the in-page model run in workers/context.worker.ts,
// through src/app/bridge/context.ts.
//
// API for the other areas (experiments):
//   contextState                       reactive run settings, prepared corpus, estimate, run progress, review
//   experimentContextConfig()          ContextRunConfig for ExperimentConfig.context (no key: contextRunConfig)
//   contextSentences(docs, chunks, {generate?, signal?, onProgress?})
//                                      → Record<chunkId, sentence>; generate=false (default) reads the cache
//                                        only and throws an InputError naming how many are missing
//   contextualize(docs, chunks, {tokenizer, maxTokens, contextTokens?, generate?, signal?, onProgress?})
//                                      → the chunks with their sentences placed (ExperimentDeps.contextualize)
import { errorText } from '../i18n/error-text.ts';
import * as Comlink from 'comlink';
import {
  contextMissing,
  DEFAULT_CONTEXT_TOKENS,
  DEFAULT_PROMPTS,
  contextRunConfig,
  createContextualizer,
  generateContexts,
  lookupContexts,
  sampleForReview,
  type ContextEstimate,
  type ContextRunConfig,
  type ContextRunStats,
  type FitNote,
  type PromptTemplate,
  type ReviewItem,
} from '../../engine/context/index.ts';
import { LOCAL_MODELS, type PromptLanguage } from '../../engine/llm/index.ts';
import { InputError, type Chunk, type ChunkerId, type Doc, type TextTokenizer } from '../../engine/types.ts';
import type { PreparedCorpus } from '../../../workers/context-api.ts';
import { cancelContextWorker, contextWorker } from '../bridge/context.ts';
import { providerConfig, providerId, providerState, recordFields, writeRecord } from '../llm/settings.svelte.ts';
import { makeProvider } from '../llm/provider.ts';
import { IdbAnswerCache } from '../llm/answer-cache.ts';

export type { PreparedCorpus };

/** Contextual retrieval's own settings (the provider's are src/app/llm/settings.svelte.ts). */
export interface ContextRunSettings {
  prompt: Record<PromptLanguage, PromptTemplate>;
  contextTokens: number;
  maxTokens: number;
  chunker: ChunkerId;
  concurrency: number;
}

export const DEFAULT_SETTINGS: ContextRunSettings = {
  prompt: { pt: { ...DEFAULT_PROMPTS.pt }, en: { ...DEFAULT_PROMPTS.en } },
  contextTokens: DEFAULT_CONTEXT_TOKENS,
  maxTokens: 256,
  chunker: 'recursive',
  concurrency: 2,
};

function readSettings(): ContextRunSettings {
  const s = recordFields(DEFAULT_SETTINGS);
  s.prompt = { ...DEFAULT_SETTINGS.prompt, ...((s.prompt as ContextRunSettings['prompt'] | undefined) ?? {}) };
  return s;
}

export type RunPhase = 'idle' | 'preparing' | 'ready' | 'running' | 'cancelled' | 'done' | 'error';

export const contextState = $state({
  settings: readSettings(),
  phase: 'idle' as RunPhase,
  prepareFraction: 0,
  prepared: null as PreparedCorpus | null,
  estimate: null as ContextEstimate | null,
  /** The user chose to send nothing and keep header-only chunks (after the personal-data warning). */
  headerOnly: false,
  progress: { done: 0, total: 0, cached: 0, calls: 0 },
  stats: null as ContextRunStats | null,
  error: null as string | null,
  /** Chunks with their sentences placed, after a finished run. */
  placed: null as Chunk[] | null,
  notes: [] as FitNote[],
  review: [] as ReviewItem[],
  reviewSeed: 1,
  /** Cached sentences in IndexedDB (all providers). */
  cacheEntries: null as number | null,
});

/** Saves the run settings (the provider's are saved by ProviderFields). */
export function saveSettings(): void {
  writeRecord($state.snapshot(contextState.settings) as unknown as Record<string, unknown>);
}

/** The prompt templates, and the in-page model's document budget when it answers. */
function settingsForRun() {
  const p = providerState.settings;
  const info = p.kind === 'local' ? LOCAL_MODELS.find((m) => m.id === p.localModel) : undefined;
  return { prompt: $state.snapshot(contextState.settings.prompt) as Record<PromptLanguage, PromptTemplate>, ...(info ? { documentBudgetTokens: info.promptBudget } : {}) };
}

/** What ExperimentConfig.context takes: the settings without any key (built by the engine's contextRunConfig). */
export function experimentContextConfig(): ContextRunConfig {
  return contextRunConfig(providerConfig(), { ...settingsForRun(), contextTokens: contextState.settings.contextTokens });
}

// ---------------------------------------------------------------- the sentence cache (IndexedDB)

export const contextCache = new IdbAnswerCache();

export async function refreshCacheCount(): Promise<void> {
  try {
    contextState.cacheEntries = await contextCache.count();
  } catch {
    contextState.cacheEntries = null;
  }
}

export async function clearContextCache(): Promise<void> {
  await contextCache.clear();
  await refreshCacheCount();
}

// ---------------------------------------------------------------- the panel's flow

/** Parses and chunks `inputs` at the reduced cap, scans for personal data, and estimates. */
export async function prepare(inputs: { id: string; text: string; format?: Doc['format']; name?: string; meta?: Doc['meta'] }[]): Promise<void> {
  const s = contextState.settings;
  contextState.phase = 'preparing';
  contextState.error = null;
  contextState.placed = null;
  contextState.review = [];
  contextState.headerOnly = false;
  rawPrepared = null;
  try {
    const prepared = await contextWorker(
      (w) => w.prepare(inputs, s.chunker, { maxTokens: s.maxTokens }, s.contextTokens, Comlink.proxy((f: number) => (contextState.prepareFraction = f))),
      'prepare',
    );
    rawPrepared = prepared;
    contextState.prepared = prepared;
    await updateEstimate();
    const cached = await lookupContexts(
      prepared.chunks.map((chunk) => ({ doc: prepared.docs.find((d) => d.id === chunk.docId)!, chunk })),
      contextCache,
      providerId(),
      settingsForRun(),
    );
    contextState.progress = { done: cached.size, total: prepared.chunks.length, cached: cached.size, calls: 0 };
    contextState.phase = 'ready';
    void refreshCacheCount();
  } catch (e) {
    contextState.phase = 'error';
    contextState.error = messageOf(e);
  }
}

/** The prepared corpus as plain objects (what crosses to the worker; the reactive copy is for display). */
let rawPrepared: PreparedCorpus | null = null;

export async function updateEstimate(): Promise<void> {
  const p = rawPrepared;
  if (!p) return;
  const s = contextState.settings;
  const p0 = providerState.settings;
  const local = p0.kind === 'local';
  const info = local ? LOCAL_MODELS.find((m) => m.id === p0.localModel) : undefined;
  contextState.estimate = await contextWorker((w) => w.estimate(p.docs, p.chunks, {
    ...settingsForRun(),
    pricing: local ? undefined : { inputPerMillion: Math.max(0, Number(p0.priceIn) || 0), outputPerMillion: Math.max(0, Number(p0.priceOut) || 0) },
    // An in-page model reads and writes far slower than an API.
    throughput: local ? { inputTokensPerSecond: 300, outputTokensPerSecond: 8, latencySeconds: 0.1 } : { concurrency: s.concurrency },
    ...(info ? { documentBudgetTokens: info.promptBudget } : {}),
  }), 'estimate');
}

let controller: AbortController | null = null;

/** Generates the missing sentences (resuming from the cache), then places them and draws a review sample. */
export async function run(): Promise<void> {
  const p = rawPrepared;
  if (!p || contextState.phase === 'running') return;
  controller = new AbortController();
  const signal = controller.signal;
  contextState.phase = 'running';
  contextState.error = null;
  try {
    const provider = await makeProvider();
    const docsById = new Map(p.docs.map((d) => [d.id, d]));
    const { sentences, stats } = await generateContexts(
      p.chunks.map((chunk) => ({ doc: docsById.get(chunk.docId)!, chunk })),
      {
        provider,
        cache: contextCache,
        signal,
        concurrency: providerState.settings.kind === 'local' ? 1 : contextState.settings.concurrency,
        ...settingsForRun(),
        onProgress: (pr) => (contextState.progress = { ...pr }),
      },
    );
    contextState.stats = stats;
    const placed = await contextWorker((w) => w.place(p.docs, p.chunks, Object.fromEntries(sentences), contextState.settings.maxTokens, contextState.settings.contextTokens), 'place');
    contextState.placed = placed.chunks;
    contextState.notes = placed.notes;
    drawReview();
    contextState.phase = 'done';
  } catch (e) {
    const aborted = signal.aborted || (e instanceof Error && e.name === 'AbortError');
    contextState.phase = aborted ? 'cancelled' : 'error';
    contextState.error = aborted ? null : messageOf(e);
  } finally {
    controller = null;
    void refreshCacheCount();
  }
}

/** Stops the run; finished sentences stay in the cache, so "resume" continues from there. */
export function cancelRun(): void {
  controller?.abort();
  if (providerState.settings.kind === 'local') cancelContextWorker();
}

export function drawReview(seed = contextState.reviewSeed, n = 8): void {
  contextState.reviewSeed = seed;
  if (contextState.placed) contextState.review = sampleForReview(contextState.placed, n, seed);
}

/** The run's settings as a JSON file (contextRunConfig: the key is never in it). */
export function exportRunSettings(): string {
  return JSON.stringify({ format: 'chunklab-context-settings', version: 1, context: experimentContextConfig(), estimate: contextState.estimate }, null, 2);
}

/** The error as the page shows it (translated when it has a code, i18n/error-text.ts). */
function messageOf(e: unknown): string {
  return errorText(e);
}

// ---------------------------------------------------------------- for the experiments

export interface SentenceOptions {
  /** Call the provider for missing sentences (default false: cache only, so nothing is sent by surprise). */
  generate?: boolean;
  signal?: AbortSignal;
  onProgress?: (p: { done: number; total: number; cached: number; calls: number }) => void;
}

/** The sentence of each chunk (by chunk id), from the cache and, with generate, the provider. */
export async function contextSentences(docs: ReadonlyMap<string, Doc>, chunks: readonly Chunk[], opts: SentenceOptions = {}): Promise<Record<string, string>> {
  const jobs = chunks.map((chunk) => {
    const doc = docs.get(chunk.docId);
    if (!doc) throw new InputError(`unknown document "${chunk.docId}"`, `chunk ${chunk.id}`, { code: 'stale-chunk' });
    return { doc, chunk };
  });
  if (opts.generate) {
    const { sentences } = await generateContexts(jobs, {
      provider: await makeProvider(),
      cache: contextCache,
      signal: opts.signal,
      onProgress: opts.onProgress,
      concurrency: providerState.settings.kind === 'local' ? 1 : contextState.settings.concurrency,
      ...settingsForRun(),
    });
    return Object.fromEntries(sentences);
  }
  const found = await lookupContexts(jobs, contextCache, providerId(), settingsForRun());
  if (found.size < jobs.length) {
    throw contextMissing(jobs.length - found.size, jobs.length, providerId(), 'generate them in the context panel first (the run resumes where it stopped)');
  }
  return Object.fromEntries(found);
}

/** ExperimentDeps.contextualize on the page: the chunks with their sentences placed (prefix + text ≤ maxTokens). */
export async function contextualize(
  docs: ReadonlyMap<string, Doc>,
  chunks: readonly Chunk[],
  opts: SentenceOptions & { tokenizer: TextTokenizer; maxTokens: number; contextTokens?: number },
): Promise<Chunk[]> {
  const fn = createContextualizer({
    cache: contextCache,
    model: providerId(),
    provider: opts.generate ? await makeProvider() : undefined,
    tokenizer: opts.tokenizer,
    maxTokens: opts.maxTokens,
    contextTokens: opts.contextTokens ?? contextState.settings.contextTokens,
    signal: opts.signal,
    onProgress: opts.onProgress,
    ...settingsForRun(),
  });
  return fn(docs, chunks);
}
