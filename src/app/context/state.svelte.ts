// Contextual retrieval in the page: its run settings (prompt, context budget, chunking, parallel
// calls; saved in the localStorage record "chunklab.context" beside the provider settings), the
// IndexedDB sentence cache that makes runs resumable, and the run itself. Who answers (provider,
// model, key, prices) is src/app/llm/ (settings.svelte.ts, provider.ts), shared with question
// generation and the llm chunker. Parsing, chunking, scanning, estimating, calling the model (an HTTP
// service with the key the bridge primed the worker with, or the in-page model), keeping its
// sentences in IndexedDB and placing them run in workers/llm.worker.ts, through
// src/app/bridge/llm.ts; the page sends requests, shows progress and cancels.
//
// API for the other areas (experiments):
//   contextState                       reactive run settings, prepared corpus, estimate, run progress, review
//   experimentContextConfig()          ContextRunConfig for ExperimentConfig.context (no key: contextRunConfig)
//   contextSentences(docs, chunks, {generate?, signal?, onProgress?})
//                                      → Record<chunkId, sentence>; generate=false (default) reads the cache
//                                        only and throws an InputError naming how many are missing
import { errorText } from '../i18n/error-text.ts';
import * as Comlink from 'comlink';
import {
  contextMissing,
  DEFAULT_CONTEXT_TOKENS,
  DEFAULT_PROMPTS,
  contextRunConfig,
  sampleForReview,
  type ContextProgress,
  type ContextEstimate,
  type ContextRunConfig,
  type ContextRunStats,
  type FitNote,
  type PromptTemplate,
  type ReviewItem,
} from '../../engine/context/index.ts';
import { LOCAL_MODELS, type PromptLanguage } from '../../engine/llm/index.ts';
import { InputError, type Chunk, type ChunkerId, type Doc } from '../../engine/types.ts';
import type { PreparedCorpus } from '../../../workers/llm-api.ts';
import { cancelLlmWorker, llmWorker } from '../bridge/llm.ts';
import { CancelledError } from '../bridge/bridge.ts';
import { providerConfig, providerId, providerState, recordFields, writeRecord } from '../llm/settings.svelte.ts';
import { loadLocalModel } from '../llm/provider.ts';

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

// ---------------------------------------------------------------- the sentence cache (IndexedDB, kept by the llm worker)

export async function refreshCacheCount(): Promise<void> {
  try {
    contextState.cacheEntries = await llmWorker((w) => w.answerCount('context'), 'context-count');
  } catch {
    contextState.cacheEntries = null;
  }
}

export async function clearContextAnswers(): Promise<void> {
  await llmWorker((w) => w.clearAnswers('context'), 'context-clear');
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
    const prepared = await llmWorker(
      (w) => w.prepare(inputs, s.chunker, { maxTokens: s.maxTokens }, s.contextTokens, Comlink.proxy((f: number) => (contextState.prepareFraction = f))),
      'prepare',
    );
    rawPrepared = prepared;
    contextState.prepared = prepared;
    await updateEstimate();
    const model = providerId();
    const settings = settingsForRun();
    const cached = Object.keys(await llmWorker((w) => w.cachedContexts(prepared.docs, prepared.chunks, model, settings), 'context-cached')).length;
    contextState.progress = { done: cached, total: prepared.chunks.length, cached, calls: 0 };
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
  contextState.estimate = await llmWorker((w) => w.estimate(p.docs, p.chunks, {
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
    // The in-page model is loaded first (its own call); the worker then calls the model, HTTP or in-page.
    if (providerState.settings.kind === 'local') await loadLocalModel();
    const settings = settingsForRun();
    const { sentences, stats } = await llmWorker(
      (w) => w.generateContexts(p.docs, p.chunks, settings, contextState.settings.concurrency, Comlink.proxy((pr: ContextProgress) => (contextState.progress = { ...pr }))),
      'context-generate',
    );
    contextState.stats = stats;
    const placed = await llmWorker((w) => w.place(p.docs, p.chunks, sentences, contextState.settings.maxTokens, contextState.settings.contextTokens), 'place');
    contextState.placed = placed.chunks;
    contextState.notes = placed.notes;
    drawReview();
    contextState.phase = 'done';
  } catch (e) {
    const aborted = signal.aborted || e instanceof CancelledError || (e instanceof Error && e.name === 'AbortError');
    contextState.phase = aborted ? 'cancelled' : 'error';
    contextState.error = aborted ? null : messageOf(e);
  } finally {
    controller = null;
    void refreshCacheCount();
  }
}

/** Stops the run (the worker and its requests in flight); finished sentences stay in the cache, so "resume" continues from there. */
export function cancelRun(): void {
  controller?.abort();
  cancelLlmWorker();
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

/** The sentence of each chunk (by chunk id), from the cache and, with generate, the model (called by the llm worker). */
export async function contextSentences(docs: ReadonlyMap<string, Doc>, chunks: readonly Chunk[], opts: SentenceOptions = {}): Promise<Record<string, string>> {
  for (const chunk of chunks) {
    if (!docs.has(chunk.docId)) throw new InputError(`unknown document "${chunk.docId}"`, `chunk ${chunk.id}`, { code: 'stale-chunk' });
  }
  const used = [...new Set(chunks.map((c) => c.docId))].map((id) => docs.get(id)!);
  const list = [...chunks];
  const settings = settingsForRun();
  if (opts.generate) {
    if (providerState.settings.kind === 'local') await loadLocalModel();
    const onProgress = opts.onProgress;
    const stop = () => cancelLlmWorker();
    opts.signal?.addEventListener('abort', stop, { once: true });
    try {
      const { sentences } = await llmWorker(
        (w) => w.generateContexts(used, list, settings, contextState.settings.concurrency, onProgress ? Comlink.proxy((p: ContextProgress) => onProgress({ ...p })) : undefined),
        'context-generate',
      );
      return sentences;
    } finally {
      opts.signal?.removeEventListener('abort', stop);
    }
  }
  const model = providerId();
  const found = await llmWorker((w) => w.cachedContexts(used, list, model, settings), 'context-cached');
  const have = Object.keys(found).length;
  if (have < list.length) {
    throw contextMissing(list.length - have, list.length, model, 'generate them in the context panel first (the run resumes where it stopped)');
  }
  return found;
}
