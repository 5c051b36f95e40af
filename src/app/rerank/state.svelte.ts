// The page's cross-encoder (reranker): which one is chosen (remembered in localStorage
// "chunklab.reranker", never the weights), its loading state, and the scoring call experiments lend
// the engine worker. It runs in the page's one embedding worker (src/app/bridge/embed.ts
// getEmbedClient, shared with the embedding model), WASM by default; WebGPU only when chosen,
// and then only if its scores pass the worker's check against WASM (the reason shows otherwise).
//
//   rerankState                 reactive: { choice, phase, status, progress, error, working }
//   loadReranker(choice, files?) loads now (the picker calls it)
//   ensureReranker(signal?)     the chosen reranker, loaded
//   rerankScores(query, passages, signal?) → RerankOutput (scores, truncated, cacheHits, ms)
//   readyReranker(signal)       the chosen reranker, loaded, or FolderNeededError when its folder must be picked again
//   rerankScoreHook(signal, timed?) the engine worker's rerankScore hook (a search's, a grid run's)
import { getEmbedClient, withSignal, type LoadProgress, type ModelSource, type RerankerStatus, type RerankOutput } from '../bridge/embed.ts';
import { RERANKERS } from '../../engine/embedding/index.ts';
import type { ModelDtype } from '../../engine/embedding/index.ts';
import { FolderNeededError, sourceOfChoice } from '../components/folder.ts';

export type { RerankerStatus, RerankOutput };

/** What the user chose (saved). `files`: a folder picked from disk, by name (picked again after a reload). */
export interface RerankerChoice {
  kind: 'hub' | 'served' | 'files';
  id: string;
  dtype: ModelDtype;
  device: 'wasm' | 'webgpu';
}

const STORAGE_KEY = 'chunklab.reranker';

export const DEFAULT_RERANKER: RerankerChoice = { kind: 'hub', id: RERANKERS[0].id, dtype: 'q8', device: 'wasm' };

function readChoice(): RerankerChoice | null {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (raw && ['hub', 'served', 'files'].includes(raw.kind) && typeof raw.id === 'string' && raw.id && ['fp32', 'fp16', 'q8'].includes(raw.dtype)) {
      return { kind: raw.kind, id: raw.id, dtype: raw.dtype, device: raw.device === 'webgpu' ? 'webgpu' : 'wasm' };
    }
  } catch {
    // unreadable or no localStorage: nothing chosen
  }
  return null;
}

export const rerankState = $state({
  /** null until the user picks one (nothing downloads by surprise). */
  choice: readChoice(),
  phase: 'idle' as 'idle' | 'loading' | 'ready' | 'error',
  status: null as RerankerStatus | null,
  progress: null as LoadProgress | null,
  error: null as { message: string; reason: string } | null,
  /** Scoring in progress: the fraction of the current query's pairs done. */
  working: null as null | { fraction: number },
});

let picked: { name: string; files: { path: string; data: Blob }[] } | null = null;
let loading: Promise<RerankerStatus> | null = null;
let loadedKey = '';
let current: object | null = null;

const keyOf = (c: RerankerChoice) => `${c.kind}|${c.id}|${c.dtype}|${c.device}`;

const sourceOf = (c: RerankerChoice): ModelSource => sourceOfChoice(c, picked, 'reranker');

/**
 * The chosen reranker is a folder from disk whose files this page no longer has (after a reload):
 * it must be picked again before a search or grid run that reranks. Nothing else needs it.
 */
export function rerankerNeedsFiles(): boolean {
  const c = rerankState.choice;
  return !!c && c.kind === 'files' && picked?.name !== c.id;
}

/** Chooses a reranker and loads it now. `files`: a picked folder's files. */
export function loadReranker(choice: RerankerChoice, files?: { path: string; data: Blob }[]): Promise<RerankerStatus> {
  if (files) picked = { name: choice.id, files: files.map((f) => ({ path: f.path, data: f.data })) };
  rerankState.choice = { ...choice };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // not remembered; still used on this page
  }
  return startLoad(choice);
}

/** Forgets the choice (the grid's reranker dimension then offers only "none"). */
export function clearReranker(): void {
  rerankState.choice = null;
  rerankState.status = null;
  rerankState.phase = 'idle';
  loadedKey = '';
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

function startLoad(choice: RerankerChoice): Promise<RerankerStatus> {
  const token = {};
  current = token;
  rerankState.phase = 'loading';
  rerankState.error = null;
  rerankState.progress = null;
  const p = (async () => {
    try {
      const status = await getEmbedClient().loadReranker(sourceOf(choice), { dtype: choice.dtype, device: choice.device }, (pr) => {
        if (current === token) rerankState.progress = pr;
      });
      if (current === token) {
        rerankState.status = status;
        rerankState.phase = 'ready';
        loadedKey = keyOf(choice);
      }
      return status;
    } catch (e) {
      if (current === token) {
        const err = e as { message?: string; reason?: string; name?: string };
        rerankState.phase = 'error';
        rerankState.status = null;
        rerankState.error = { message: err?.message ?? String(e), reason: err?.name === 'AbortError' ? 'cancelled' : typeof err?.reason === 'string' ? err.reason : 'runtime' };
        loadedKey = '';
      }
      throw e;
    } finally {
      if (current === token) loading = null;
    }
  })();
  loading = p;
  return p;
}

/** Stops a load or a scoring in progress (the embedding worker starts afresh). */
export function cancelReranker(): void {
  getEmbedClient().cancel();
}

/** The chosen reranker, loaded (or the load in progress). */
export function ensureReranker(signal?: AbortSignal): Promise<RerankerStatus> {
  const c = rerankState.choice;
  if (!c) return Promise.reject(new Error('no reranker is chosen: pick one in the grid first'));
  let p: Promise<RerankerStatus>;
  if (loading) p = loading;
  else if (rerankState.status && loadedKey === keyOf(c)) p = Promise.resolve(rerankState.status);
  else p = startLoad(c);
  return withSignal(p, signal);
}

/** Cross-encoder scores for one query's passages (cached per model, query and passage in IndexedDB). */
export async function rerankScores(query: string, passages: string[], signal?: AbortSignal): Promise<RerankOutput> {
  await ensureReranker(signal);
  rerankState.working = { fraction: 0 };
  try {
    return await withSignal(
      getEmbedClient().rerank(query, passages, (f) => (rerankState.working = { fraction: f })),
      signal,
    );
  } finally {
    rerankState.working = null;
  }
}

/**
 * The chosen reranker, loaded, for a search or a grid run that reranks. One from a folder on disk
 * that must be picked again after a reload says so (FolderNeededError: runs without it go on).
 */
export function readyReranker(signal: AbortSignal): Promise<RerankerStatus> {
  if (rerankerNeedsFiles() && rerankState.choice) return Promise.reject(new FolderNeededError('reranker', rerankState.choice.id));
  return ensureReranker(signal);
}

/**
 * The hook the engine worker calls for cross-encoder scores (ExperimentHooks.rerankScore): the chosen
 * reranker's scores of one query's passages. `timed` hears the passages scored and the milliseconds
 * each query took from the page's side (worker scoring plus the trip between workers).
 */
export function rerankScoreHook(signal: AbortSignal, timed?: (pairs: number, ms: number) => void): (query: string, passages: string[]) => Promise<number[]> {
  return async (query, passages) => {
    const t0 = performance.now();
    const out = await rerankScores(query, passages, signal);
    timed?.(passages.length, performance.now() - t0);
    return out.scores;
  };
}
