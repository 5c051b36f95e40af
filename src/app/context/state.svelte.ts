// Contextual retrieval in the page: the provider settings (saved in localStorage "chunklab.context",
// WITHOUT the key), the API key (kept only in this browser, localStorage "chunklab.context.key.<kind>",
// never in any export), the IndexedDB sentence cache that makes runs resumable, and the run itself.
// HTTP providers are called from the page (network only); parsing, chunking, scanning, estimating,
// placing and the in-page model run in workers/context.worker.ts, through src/app/bridge/context.ts.
//
// API for the other areas (experiments):
//   contextState                       reactive settings, prepared corpus, estimate, run progress, review
//   experimentContextConfig()          ContextRunConfig for ExperimentConfig.context (no key: contextRunConfig)
//   contextSentences(docs, chunks, {generate?, signal?, onProgress?})
//                                      → Record<chunkId, sentence>; generate=false (default) reads the cache
//                                        only and throws an InputError naming how many are missing
//   contextualize(docs, chunks, {tokenizer, maxTokens, contextTokens?, generate?, signal?, onProgress?})
//                                      → the chunks with their sentences placed (ExperimentDeps.contextualize)
//   providerId()                        "kind:model", the id the cache keys use
//   providerConfig(), makeProvider()    the chosen provider (config with the key: never store it)
//   loadLocalModel(), setLocalFolder()  the in-page model (catalogue id or a folder picked from disk)
import { errorText } from '../i18n/error-text.ts';
import * as Comlink from 'comlink';
import { clear, createStore, get, keys, set, type UseStore } from 'idb-keyval';
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
import {
  ANTHROPIC_DEFAULT_BASE,
  LOCAL_MODELS,
  MemoryContextCache,
  OPENAI_DEFAULT_BASE,
  createAnthropicProvider,
  createOpenAIProvider,
  type ContextCache,
  type ContextProvider,
  type PromptLanguage,
  type ProviderConfig,
  type ProviderKind,
} from '../../engine/llm/index.ts';
import { InputError, type Chunk, type ChunkerId, type Doc, type TextTokenizer } from '../../engine/types.ts';
import type { LocalFolder, PreparedCorpus } from '../../../workers/context-api.ts';
import { cancelContextWorker, contextWorker } from '../bridge/context.ts';

export type { PreparedCorpus };

const SETTINGS_KEY = 'chunklab.context';
const KEY_PREFIX = 'chunklab.context.key.';

export interface ContextSettingsUI {
  kind: ProviderKind;
  /** Model per provider kind. */
  openaiModel: string;
  openaiBase: string;
  anthropicModel: string;
  anthropicBase: string;
  localModel: string;
  localDtype: string;
  localDevice: 'webgpu' | 'wasm';
  /** Dollars per million tokens (prompt, answer). */
  priceIn: number;
  priceOut: number;
  prompt: Record<PromptLanguage, PromptTemplate>;
  contextTokens: number;
  maxTokens: number;
  chunker: ChunkerId;
  concurrency: number;
}

export const DEFAULT_SETTINGS: ContextSettingsUI = {
  kind: 'openai',
  openaiModel: 'gpt-4o-mini',
  openaiBase: OPENAI_DEFAULT_BASE,
  anthropicModel: 'claude-3-5-haiku-latest',
  anthropicBase: ANTHROPIC_DEFAULT_BASE,
  localModel: LOCAL_MODELS[0].id,
  localDtype: LOCAL_MODELS[0].defaultDtype,
  localDevice: 'webgpu',
  priceIn: 0.15,
  priceOut: 0.6,
  prompt: { pt: { ...DEFAULT_PROMPTS.pt }, en: { ...DEFAULT_PROMPTS.en } },
  contextTokens: DEFAULT_CONTEXT_TOKENS,
  maxTokens: 256,
  chunker: 'recursive',
  concurrency: 2,
};

function readSettings(): ContextSettingsUI {
  try {
    const raw = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null');
    if (raw && typeof raw === 'object') {
      const s = { ...DEFAULT_SETTINGS, ...raw, prompt: { ...DEFAULT_SETTINGS.prompt, ...(raw.prompt ?? {}) } } as ContextSettingsUI & { apiKey?: unknown };
      delete s.apiKey; // never read a key from the settings record
      return s;
    }
  } catch {
    // default
  }
  return structuredClone(DEFAULT_SETTINGS);
}

export type RunPhase = 'idle' | 'preparing' | 'ready' | 'running' | 'cancelled' | 'done' | 'error';

export const contextState = $state({
  settings: readSettings(),
  /** Whether a key is stored for the current kind (the key itself is never in reactive state). */
  hasKey: false,
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
  localLoad: null as null | { file?: string; loaded?: number; total?: number; device?: string },
  /** A model folder picked from disk for the in-page model (its name and file count; never stored). */
  localFolder: null as null | { name: string; files: number },
});

/** The picked folder's files (kept out of reactive state: Blobs). */
let localFolder: LocalFolder | null = null;

/** Uses a text-generation model folder picked from disk (null: the catalogue model again). */
export function setLocalFolder(folder: LocalFolder | null): void {
  localFolder = folder && folder.files.length ? folder : null;
  contextState.localFolder = localFolder ? { name: localFolder.name, files: localFolder.files.length } : null;
}

export function saveSettings(): void {
  try {
    const s = $state.snapshot(contextState.settings) as ContextSettingsUI & { apiKey?: unknown };
    delete s.apiKey;
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(s));
  } catch {
    // not remembered
  }
  contextState.hasKey = !!readKey(contextState.settings.kind);
}

// ---------------------------------------------------------------- the key (this browser only)

function readKey(kind: ProviderKind): string {
  if (kind === 'local') return '';
  try {
    return localStorage.getItem(KEY_PREFIX + kind) ?? '';
  } catch {
    return '';
  }
}

/** Stores the key for a provider kind in this browser only ('' removes it). */
export function setApiKey(kind: ProviderKind, key: string): void {
  try {
    if (key.trim()) localStorage.setItem(KEY_PREFIX + kind, key.trim());
    else localStorage.removeItem(KEY_PREFIX + kind);
  } catch {
    // no storage: the key is not kept
  }
  contextState.hasKey = !!readKey(contextState.settings.kind);
}

export function forgetAllKeys(): void {
  for (const k of ['openai', 'anthropic'] as const) setApiKey(k, '');
}

contextState.hasKey = !!readKey(contextState.settings.kind);

// ---------------------------------------------------------------- provider

/** The full config, key included: only for creating the provider, never stored or exported. */
export function providerConfig(s: ContextSettingsUI = contextState.settings): ProviderConfig {
  if (s.kind === 'openai') return { kind: 'openai', model: s.openaiModel, baseUrl: s.openaiBase, apiKey: readKey('openai') || undefined };
  if (s.kind === 'anthropic') return { kind: 'anthropic', model: s.anthropicModel, baseUrl: s.anthropicBase, apiKey: readKey('anthropic') || undefined };
  if (localFolder) return { kind: 'local', model: `folder:${localFolder.name}`, dtype: s.localDtype, device: s.localDevice };
  const info = LOCAL_MODELS.find((m) => m.id === s.localModel);
  return { kind: 'local', model: s.localModel, dtype: s.localDtype, device: s.localDevice, contextWindow: info?.contextWindow };
}

/** "kind:model": the id cache keys and results use. */
export function providerId(): string {
  const c = providerConfig();
  return `${c.kind}:${c.model.trim()}`;
}

function settingsForRun() {
  const s = contextState.settings;
  const info = s.kind === 'local' ? LOCAL_MODELS.find((m) => m.id === s.localModel) : undefined;
  return { prompt: $state.snapshot(s.prompt) as Record<PromptLanguage, PromptTemplate>, ...(info ? { documentBudgetTokens: info.promptBudget } : {}) };
}

/** What ExperimentConfig.context takes: the settings without any key (built by the engine's contextRunConfig). */
export function experimentContextConfig(): ContextRunConfig {
  return contextRunConfig(providerConfig(), { ...settingsForRun(), contextTokens: contextState.settings.contextTokens });
}

// ---------------------------------------------------------------- the worker

/** Loads the chosen in-page model (a catalogue id, or the picked folder) in the context worker. */
export async function loadLocalModel(config: ProviderConfig = providerConfig()): Promise<{ id: string; device: string }> {
  const info = await contextWorker(
    (w) =>
      w.loadLocal(
        config,
        Comlink.proxy((p: { file?: string; loaded?: number; total?: number; status?: string }) => {
          contextState.localLoad = { ...p };
        }),
        localFolder ?? undefined,
      ),
    'load',
  );
  contextState.localLoad = { ...(contextState.localLoad ?? {}), device: info.device };
  return info;
}

/** A provider running in the worker: the page's generateContexts calls it; abort terminates the worker. */
async function localProvider(config: ProviderConfig): Promise<ContextProvider> {
  const info = await loadLocalModel(config);
  return {
    id: info.id,
    async generate(prompt, opts) {
      if (opts.signal?.aborted) throw new DOMException('cancelled', 'AbortError');
      const onAbort = () => cancelContextWorker();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        return await contextWorker((w) => w.generateLocal(prompt, opts.maxTokens), 'generate');
      } finally {
        opts.signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}

/**
 * Why the configured provider cannot answer yet ('key': OpenAI's own endpoint or Anthropic without a
 * key), or null. A local OpenAI-compatible server needs no key; the in-page model needs none.
 */
export function providerProblem(): 'key' | null {
  const c = providerConfig();
  if (c.kind === 'local') return null;
  if (c.apiKey) return null;
  return c.kind === 'anthropic' || (c.baseUrl ?? OPENAI_DEFAULT_BASE).replace(/\/+$/, '') === OPENAI_DEFAULT_BASE.replace(/\/+$/, '') ? 'key' : null;
}

/** Dollars per million prompt and answer tokens of the settings (null for the in-page model: no cost). */
export function providerPricing(): { inputPerMillion: number; outputPerMillion: number } | null {
  const s = contextState.settings;
  return s.kind === 'local' ? null : { inputPerMillion: Math.max(0, Number(s.priceIn) || 0), outputPerMillion: Math.max(0, Number(s.priceOut) || 0) };
}

/** The chosen provider (the questions panel reuses it for HTTP providers; it loads an in-page model itself; the llm chunker uses it too). */
export async function makeProvider(): Promise<ContextProvider> {
  const c = providerConfig();
  if (c.kind === 'openai') return createOpenAIProvider(c);
  if (c.kind === 'anthropic') {
    if (!c.apiKey) throw new InputError('Anthropic needs an API key', 'provider key', { code: 'no-api-key' });
    return createAnthropicProvider(c);
  }
  return localProvider(c);
}

// ---------------------------------------------------------------- the sentence cache (IndexedDB)

/**
 * The engine's ContextCache over IndexedDB ("chunklab-context"/"sentences" by default; the questions
 * panel keeps its answers in "chunklab-questions"/"answers", the llm chunker in "chunklab-llm"/"answers"), in memory when there is none.
 */
export class IdbContextCache implements ContextCache {
  private store: UseStore | null = null;
  private readonly memory = new MemoryContextCache();
  private broken = typeof indexedDB === 'undefined';

  constructor(
    private readonly dbName = 'chunklab-context',
    private readonly storeName = 'sentences',
  ) {}

  private db(): UseStore | null {
    if (this.broken) return null;
    this.store ??= createStore(this.dbName, this.storeName);
    return this.store;
  }
  async get(key: string): Promise<string | undefined> {
    const hit = await this.memory.get(key);
    if (hit !== undefined) return hit;
    const db = this.db();
    if (!db) return undefined;
    try {
      const v = await get<unknown>(key, db);
      return typeof v === 'string' ? v : undefined;
    } catch {
      this.broken = true;
      return undefined;
    }
  }
  async set(key: string, sentence: string): Promise<void> {
    await this.memory.set(key, sentence);
    const db = this.db();
    if (!db) return;
    try {
      await set(key, sentence, db);
    } catch {
      this.broken = true;
    }
  }
  async count(): Promise<number> {
    const db = this.db();
    return db ? (await keys(db)).length : 0;
  }
  async clear(): Promise<void> {
    const db = this.db();
    if (db) await clear(db);
  }
}

export const contextCache = new IdbContextCache();

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
  const local = s.kind === 'local';
  const info = local ? LOCAL_MODELS.find((m) => m.id === s.localModel) : undefined;
  contextState.estimate = await contextWorker((w) => w.estimate(p.docs, p.chunks, {
    ...settingsForRun(),
    pricing: local ? undefined : { inputPerMillion: Math.max(0, Number(s.priceIn) || 0), outputPerMillion: Math.max(0, Number(s.priceOut) || 0) },
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
        concurrency: contextState.settings.kind === 'local' ? 1 : contextState.settings.concurrency,
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
  if (contextState.settings.kind === 'local') cancelContextWorker();
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
      concurrency: contextState.settings.kind === 'local' ? 1 : contextState.settings.concurrency,
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
