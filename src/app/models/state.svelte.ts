// The page's embedding model: which one is chosen (remembered in localStorage "chunklab.model", never
// the weights), its loading state, and the helpers every view uses to embed through the one
// embedding worker (src/app/bridge/embed.ts), with the persistent IndexedDB vector cache turned on.
//
// API for the other areas (search, experiments, lessons):
//   modelState                      reactive: { choice, phase, status, progress, error, cache, stats }
//   ensureModel(signal?)            loads the chosen model if none is loaded; resolves with its ModelStatus
//   embedTexts(texts, kind, onProgress?, signal?)   → EmbedOutput (unit vectors, truncated, cacheHits)
//   embedVectors(texts, kind, onProgress?, signal?) → Float32Array[] (for ExperimentDeps.embed-like hooks)
//   lateChunk(text, spans, onProgress?, signal?)    → LateChunkResult (one vector per span)
//   lateChunkCorpus(docs, spans, onProgress?, signal?) → LateCorpusResult (docs: [id, text][])
//   modelLabel()                    the id recorded in results (status id, else the choice's id)
//   loadChoice(choice, files?)      loads a model now (the models panel calls it)
//   refreshCacheInfo(), clearEmbeddingCache()
// Every helper loads the chosen model first when needed (progress shows in modelState, so the models
// panel mounted anywhere shows it). An aborted signal cancels the worker (its promise rejects with an
// AbortError; the next call reloads the model, from the browser's cache).
import { getEmbedClient, sharedEmbedClient, withSignal, type CacheInfo, type EmbedClient, type EmbedOutput, type EmbedStats, type LoadProgress, type ModelSource, type ModelStatus } from '../bridge/embed.ts';
import { DEFAULT_MODEL, type ModelDtype } from '../../engine/embedding/index.ts';
import type { LateChunkResult, LateCorpusResult, LateSpan } from '../../engine/embedding/index.ts';
import { InputError, type Span } from '../../engine/types.ts';
import { engineTokenizer, useModelTokenizer, type ModelTokenizerFiles } from '../bridge/engine.svelte.ts';
import { sourceOfChoice } from '../components/folder.ts';

export type { EmbedOutput, ModelStatus, LoadProgress, CacheInfo, EmbedStats };

/** What the user chose (saved; weights never are). `files`: a folder picked from disk, by name. */
export interface ModelChoice {
  kind: 'hub' | 'served' | 'files';
  /** Hub id, served id, or the picked folder's name. */
  id: string;
  dtype: ModelDtype;
  device: 'auto' | 'wasm' | 'webgpu';
}

export type ModelPhase = 'idle' | 'loading' | 'ready' | 'error';

export interface ModelError {
  message: string;
  /** ModelLoadError's reason ('offline', 'not-found', 'missing-file', 'bad-files', 'runtime'), 'needs-files' or 'cancelled'. */
  reason: string;
}

const STORAGE_KEY = 'chunklab.model';

export const DEFAULT_CHOICE: ModelChoice = { kind: 'hub', id: DEFAULT_MODEL.pt, dtype: 'q8', device: 'auto' };

function readChoice(): ModelChoice {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (raw && ['hub', 'served', 'files'].includes(raw.kind) && typeof raw.id === 'string' && raw.id && ['fp32', 'fp16', 'q8'].includes(raw.dtype)) {
      return { kind: raw.kind, id: raw.id, dtype: raw.dtype, device: ['auto', 'wasm', 'webgpu'].includes(raw.device) ? raw.device : 'auto' };
    }
  } catch {
    // unreadable or no localStorage: the default
  }
  return { ...DEFAULT_CHOICE };
}

function saveChoice(c: ModelChoice): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(c));
  } catch {
    // not remembered; still used on this page
  }
}

const initialChoice = readChoice();

export const modelState = $state({
  choice: initialChoice,
  /** The choice is a folder from disk whose files this page does not hold (after a reload): pick it again. */
  needsFiles: initialChoice.kind === 'files',
  phase: 'idle' as ModelPhase,
  status: null as ModelStatus | null,
  progress: null as LoadProgress | null,
  error: null as ModelError | null,
  cache: null as CacheInfo | null,
  stats: null as EmbedStats | null,
  /** Something is embedding right now (fraction done). */
  working: null as null | { what: string; fraction: number },
});

/** The files of a folder picked from disk this session (gone after a reload). */
let pickedFiles: { name: string; files: { path: string; data: Blob }[] } | null = null;
let loading: Promise<ModelStatus> | null = null;
let loadedKey = '';
/** The newest load: only its outcome updates the state. */
let current: object | null = null;

const choiceKey = (c: ModelChoice) => `${c.kind}|${c.id}|${c.dtype}|${c.device}`;

function errorOf(e: unknown): ModelError {
  if (e instanceof DOMException && e.name === 'AbortError') return { message: e.message, reason: 'cancelled' };
  const err = e as { message?: string; reason?: string; name?: string };
  return { message: err?.message ?? String(e), reason: typeof err?.reason === 'string' ? err.reason : 'runtime' };
}

const sourceOf = (c: ModelChoice): ModelSource => sourceOfChoice(c, pickedFiles, 'model');

/**
 * Loads `choice` now (saving it as the choice). `files` are a picked folder's files (paths relative to
 * the folder, or with the folder's name first). Resolves with the status; the error is also in modelState.
 */
export async function loadChoice(choice: ModelChoice, files?: { path: string; data: Blob }[]): Promise<ModelStatus> {
  // Plain objects only: the files cross to the worker by structured clone (no reactive proxies).
  if (files) pickedFiles = { name: choice.id, files: files.map((f) => ({ path: f.path, data: f.data })) };
  modelState.choice = { ...choice };
  modelState.needsFiles = choice.kind === 'files' && pickedFiles?.name !== choice.id;
  saveChoice(choice);
  return startLoad(choice);
}

function startLoad(choice: ModelChoice): Promise<ModelStatus> {
  const key = choiceKey(choice);
  const c = getEmbedClient();
  modelState.phase = 'loading';
  modelState.error = null;
  modelState.progress = null;
  const token = {};
  current = token;
  const p = (async () => {
    try {
      const status = await c.load(sourceOf(choice), { dtype: choice.dtype, device: choice.device }, (pr) => {
        modelState.progress = pr;
      });
      if (current === token) {
        modelState.status = status;
        modelState.phase = 'ready';
        loadedKey = key;
        void handTokenizerToEngine(choice, status, token);
      }
      void refreshCacheInfo();
      return status;
    } catch (e) {
      if (current === token) {
        modelState.phase = 'error';
        modelState.error = errorOf(e);
        modelState.status = null;
        loadedKey = '';
        void dropEngineTokenizer();
      }
      throw e;
    } finally {
      if (current === token) loading = null;
    }
  })();
  loading = p;
  return p;
}

/** The chosen model, loaded (or the load in progress). */
export function ensureModel(signal?: AbortSignal): Promise<ModelStatus> {
  const choice = modelState.choice;
  let p: Promise<ModelStatus>;
  if (loading) p = loading;
  else if (modelState.status && loadedKey === choiceKey(choice)) p = Promise.resolve(modelState.status);
  else p = startLoad(choice);
  return withSignal(p, signal);
}

async function tracked<T>(what: string, onProgress: ((f: number) => void) | undefined, signal: AbortSignal | undefined, run: (c: EmbedClient, progress: (f: number) => void) => Promise<T>): Promise<T> {
  await ensureModel(signal);
  const c = getEmbedClient();
  modelState.working = { what, fraction: 0 };
  const progress = (f: number) => {
    modelState.working = { what, fraction: f };
    onProgress?.(f);
  };
  try {
    return await withSignal(run(c, progress), signal);
  } finally {
    modelState.working = null;
    void refreshStats();
  }
}

/** Unit vectors of `texts` with the chosen model (query/passage prefixes applied by the worker). */
export function embedTexts(texts: string[], kind: 'query' | 'passage', onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<EmbedOutput> {
  return tracked('embed', onProgress, signal, (c, p) => c.embed(texts, kind, p));
}

/** Just the vectors (for hooks typed `(texts) => Promise<Float32Array[]>`). */
export async function embedVectors(texts: string[], kind: 'query' | 'passage' = 'passage', onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<Float32Array[]> {
  return (await embedTexts(texts, kind, onProgress, signal)).vectors;
}

/** Late chunking of one document: one vector per span, pooled over the whole document's pass. */
export function lateChunk(text: string, spans: Span[], onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<LateChunkResult> {
  return tracked('late', onProgress, signal, (c, p) => c.lateChunk(text, spans.map((s) => ({ start: s.start, end: s.end })), p));
}

/** Late chunking of many documents' chunks (cached per chunk). */
export function lateChunkCorpus(docs: [string, string][], spans: LateSpan[], onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<LateCorpusResult> {
  return tracked('late', onProgress, signal, (c, p) => c.lateChunkCorpus(docs, spans, p));
}

/** The model's id for results files and labels. */
export function modelLabel(): string {
  return modelState.status?.id ?? modelState.choice.id;
}

/** Changes the choice without loading (the next embed loads it). */
export function setChoice(choice: ModelChoice): void {
  modelState.choice = { ...choice };
  modelState.needsFiles = choice.kind === 'files' && pickedFiles?.name !== choice.id;
  saveChoice(choice);
}

export async function refreshCacheInfo(): Promise<CacheInfo | null> {
  try {
    modelState.cache = await getEmbedClient().cacheInfo();
  } catch {
    modelState.cache = null;
  }
  return modelState.cache;
}

export async function refreshStats(): Promise<EmbedStats | null> {
  try {
    modelState.stats = await getEmbedClient().stats();
  } catch {
    // a cancelled worker: the next call brings fresh numbers
  }
  return modelState.stats;
}

export async function clearEmbeddingCache(): Promise<void> {
  await getEmbedClient().clearCache();
  await refreshCacheInfo();
}

/** Cancels whatever the embedding worker is doing (a load included). */
export function cancelModelWork(): void {
  const client = sharedEmbedClient();
  if (!client) return;
  client.cancel();
  if (modelState.phase === 'loading') {
    // The fresh worker would reload the cancelled choice: nothing counts as loaded now.
    loading = null;
    current = null;
    loadedKey = '';
    modelState.status = null;
    modelState.phase = 'idle';
    modelState.progress = null;
    modelState.error = { message: 'cancelled', reason: 'cancelled' };
    void dropEngineTokenizer();
  }
}

// ================================================================ the engine counts in the model's tokens
// When a model is loaded its tokenizer files (tokenizer.json, tokenizer_config.json) go to the engine
// worker (bridge useModelTokenizer), so chunk sizes, lints, search and experiments count with the
// chosen model's tokenizer, as the CLI does. Files that cannot be read leave the bundled tokenizer in
// use, with a note in engineTokenizer.error (shown by the models panel) and on the console.

/** Whether the engine was handed a model's tokenizer (so a failed load must take it back). */
let handedTokenizer = false;

/** Who the engine counts for: an embedding service in use (./service.svelte.ts) keeps its own tokens. */
export const tokenizerOwner = { service: false };

/** The loaded model's tokenizer to the engine again (the service was left), else the bundled one. */
export async function handBackModelTokenizer(): Promise<void> {
  const status = modelState.status;
  if (status && loadedKey === choiceKey(modelState.choice) && current) return handTokenizerToEngine(modelState.choice, status, current);
  try {
    await useModelTokenizer(null);
  } catch {
    // a cancelled call: a fresh worker starts with the bundled tokenizer
  }
}

async function textOf(url: string, required: boolean): Promise<string> {
  let res: Response | undefined;
  // Hub files transformers.js downloaded are in the browser's Cache Storage (works offline).
  if (url.startsWith('https://') && typeof caches !== 'undefined') res = await caches.match(url).catch(() => undefined);
  if (!res) res = await fetch(url);
  if (!res.ok) {
    if (!required && res.status === 404) return '';
    throw new InputError(`${url}: HTTP ${res.status}`, undefined, { code: 'http-error' });
  }
  return res.text();
}

/** The model's tokenizer files as text: from the picked folder, the app's /models/ or the Hub. */
async function tokenizerFilesOf(choice: ModelChoice, status: ModelStatus): Promise<ModelTokenizerFiles> {
  const base = { name: status.tokenizer || choice.id, maxTokens: status.maxTokens };
  if (choice.kind === 'files') {
    const picked = pickedFiles;
    if (!picked) throw new InputError(`the files of "${choice.id}" are no longer in this page`, undefined, { code: 'files-gone' });
    const rel = (p: string) => {
      const parts = p.replace(/\\/g, '/').split('/').filter(Boolean);
      if (parts.length > 1 && parts[0] === picked.name) parts.shift();
      return parts.join('/');
    };
    const find = (n: string) => picked.files.find((f) => rel(f.path) === n)?.data;
    const json = find('tokenizer.json');
    if (!json) throw new InputError(`the folder "${picked.name}" has no tokenizer.json`, undefined, { code: 'no-tokenizer-file' });
    return { ...base, tokenizerJson: await json.text(), tokenizerConfig: (await find('tokenizer_config.json')?.text()) ?? '' };
  }
  // The same places the embedding worker loads from (workers/embed-runner.ts: the app's models/, the Hub).
  const root = choice.kind === 'served' ? new URL(`${import.meta.env.BASE_URL}models/${choice.id}/`, location.href).href : `https://huggingface.co/${choice.id}/resolve/main/`;
  const [tokenizerJson, tokenizerConfig] = await Promise.all([textOf(root + 'tokenizer.json', true), textOf(root + 'tokenizer_config.json', false)]);
  return { ...base, tokenizerJson, tokenizerConfig };
}

async function handTokenizerToEngine(choice: ModelChoice, status: ModelStatus, token: object): Promise<void> {
  if (tokenizerOwner.service) return;
  try {
    const files = await tokenizerFilesOf(choice, status);
    if (current !== token || tokenizerOwner.service) return; // a newer load or a service took over
    handedTokenizer = true;
    await useModelTokenizer(files);
  } catch (e) {
    if ((e as Error)?.name === 'CancelledError' || current !== token) return;
    const message = `sizes are still counted with the bundled tokenizer: the tokenizer of "${status.tokenizer || choice.id}" could not be used (${(e as Error)?.message ?? e})`;
    console.warn(`ChunkLab: ${message}`);
    if (handedTokenizer) await dropEngineTokenizer();
    engineTokenizer.error = message;
  }
}

async function dropEngineTokenizer(): Promise<void> {
  if (!handedTokenizer || tokenizerOwner.service) return;
  handedTokenizer = false;
  try {
    await useModelTokenizer(null);
  } catch {
    // a cancelled call: the next fresh worker starts with the bundled tokenizer anyway
  }
}
