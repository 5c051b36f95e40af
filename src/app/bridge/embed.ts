// The page's handle on the embedding worker (workers/embed.worker.ts) through the one worker bridge
// (./bridge.ts): calls queue, progress callbacks become Comlink proxies, cancel terminates the worker
// and rejects with an AbortError, and the next call's fresh worker loads the same model again first.
// A worker that crashes rejects its calls with a message instead of hanging. The worker is kept while
// idle (Infinity): the loaded model is its state, and letting it go would cost a reload.
// The page has one embedding worker (getEmbedClient: the embedding model and the reranker both run
// in it). The browser tests reach createEmbedClient through window.__chunklabTest (tests/browser/embed-page.ts).
import * as Comlink from 'comlink';
import type { CacheInfo, EmbedOutput, EmbedStats, EmbedWorkerApi, LoadOptions, LoadProgress, ModelSource, ModelStatus, RerankerStatus, RerankOutput } from '../../../workers/embed-api.ts';
import type { LateChunkResult, LateCorpusResult, LateSpan, RunnerBatch, RunnerOutput } from '../../engine/embedding/index.ts';
import type { Span } from '../../engine/types.ts';
import { WorkerBridge, wrapWorker } from './bridge.ts';

export type { EmbedOutput, EmbedStats, CacheInfo, ModelStatus, LoadOptions, LoadProgress, ModelSource, RerankerStatus, RerankOutput };

export interface EmbedClient {
  load(source: ModelSource, opts?: LoadOptions, onProgress?: (p: LoadProgress) => void): Promise<ModelStatus>;
  embed(texts: string[], kind: 'query' | 'passage', onProgress?: (fraction: number) => void): Promise<EmbedOutput>;
  lateChunk(text: string, spans: Span[], onProgress?: (fraction: number) => void): Promise<LateChunkResult>;
  lateChunkCorpus(docs: [string, string][], spans: LateSpan[], onProgress?: (fraction: number) => void): Promise<LateCorpusResult>;
  run(batch: RunnerBatch): Promise<RunnerOutput>;
  /** Loads a cross-encoder in the same worker (WASM unless opts.device asks for WebGPU, which is checked). */
  loadReranker(source: ModelSource, opts?: LoadOptions, onProgress?: (p: LoadProgress) => void): Promise<RerankerStatus>;
  /** Cross-encoder scores of (query, passage) pairs, cached per (model, query, passage). */
  rerank(query: string, passages: string[], onProgress?: (fraction: number) => void): Promise<RerankOutput>;
  rerankerStatus(): Promise<RerankerStatus | null>;
  status(): Promise<ModelStatus | null>;
  /** Work counters of the current worker (model runs, cache hits); they start over after cancel(). */
  stats(): Promise<EmbedStats>;
  /** Keep vectors in IndexedDB across reloads (remembered across cancel()); off by default. */
  setPersistentCache(on: boolean): Promise<void>;
  cacheInfo(): Promise<CacheInfo>;
  clearCache(): Promise<void>;
  /** Stops whatever is running (its promise rejects with an AbortError) and starts a fresh worker. */
  cancel(): void;
  /** Ends the worker for good. */
  terminate(): void;
}

type Remote = Comlink.Remote<EmbedWorkerApi>;
type LoadArgs = { source: ModelSource; opts?: LoadOptions };

export function createEmbedClient(): EmbedClient {
  let lastLoad: LoadArgs | null = null;
  let lastReranker: LoadArgs | null = null;
  let persistent = false;
  let closed = false;
  const model = () => lastLoad;
  const reranker = () => lastReranker;

  const bridge = new WorkerBridge<Remote>((crashed) => {
    const worker = new Worker(new URL('../../../workers/embed.worker.ts', import.meta.url), { type: 'module', name: 'chunklab-embed' });
    return wrapWorker<EmbedWorkerApi>(worker, 'embedding', crashed);
  }, Infinity)
    // A fresh worker (after a cancel or a crash) keeps vectors in IndexedDB when asked before, and
    // has no model: the last one (and the last reranker) is loaded again before the calls that use
    // it, and again after a load that failed.
    .prime(
      () => persistent || null,
      (api, on) => api.setPersistentCache(!!on).catch(() => undefined),
    )
    .prime(model, (api, l) => api.load(l!.source, l!.opts), { before: ['embed', 'late', 'run'] })
    .prime(reranker, (api, l) => api.loadReranker(l!.source, l!.opts), { before: ['rerank'] });

  const call = <T>(fn: (api: Remote) => Promise<T>, label: string): Promise<T> =>
    closed ? Promise.reject(new DOMException('the embedding worker was closed', 'AbortError')) : bridge.call(fn, label);
  const proxy = <F extends (...a: any[]) => void>(f?: F) => (f ? Comlink.proxy(f) : undefined);
  const abort = (message: string) => () => new DOMException(message, 'AbortError');

  return {
    load(source, opts, onProgress) {
      lastLoad = { source, opts };
      const args = lastLoad;
      return call(async (api) => {
        const status = await api.load(source, opts, proxy(onProgress));
        bridge.primedWith(model, api, args);
        return status;
      }, 'load');
    },
    embed: (texts, kind, onProgress) => call((api) => api.embed(texts, kind, proxy(onProgress)), 'embed'),
    lateChunk: (text, spans, onProgress) => call((api) => api.lateChunk(text, spans, proxy(onProgress)), 'late'),
    lateChunkCorpus: (docs, spans, onProgress) => call((api) => api.lateChunkCorpus(docs, spans, proxy(onProgress)), 'late'),
    loadReranker(source, opts, onProgress) {
      lastReranker = { source, opts };
      const args = lastReranker;
      return call(async (api) => {
        const status = await api.loadReranker(source, opts, proxy(onProgress));
        bridge.primedWith(reranker, api, args);
        return status;
      }, 'load-reranker');
    },
    rerank: (query, passages, onProgress) => call((api) => api.rerank(query, passages, proxy(onProgress)), 'rerank'),
    rerankerStatus: () => call((api) => api.rerankerStatus(), 'status'),
    run: (batch) => call((api) => api.run(batch), 'run'),
    status: () => call((api) => api.status(), 'status'),
    stats: () => call((api) => api.stats(), 'stats'),
    setPersistentCache(on) {
      persistent = on;
      return call((api) => api.setPersistentCache(on), 'cache');
    },
    cacheInfo: () => call((api) => api.cacheInfo(), 'cache'),
    clearCache: () => call((api) => api.clearCache(), 'cache'),
    cancel: () => bridge.cancel(abort('cancelled')),
    terminate() {
      closed = true;
      bridge.cancel(abort('the embedding worker was closed'));
    },
  };
}

let shared: EmbedClient | null = null;

/** The page's one embedding client (one worker for the embedding model and the reranker), with the IndexedDB cache on; made on first use. */
export function getEmbedClient(): EmbedClient {
  if (!shared) {
    shared = createEmbedClient();
    void shared.setPersistentCache(true).catch(() => undefined);
  }
  return shared;
}

/** The shared client if one was made yet (null: nothing runs, nothing to cancel). */
export function sharedEmbedClient(): EmbedClient | null {
  return shared;
}

/** Cancels the embedding worker when `signal` aborts (the promise then rejects with an AbortError). */
export function withSignal<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) {
    getEmbedClient().cancel();
    return Promise.reject(new DOMException('cancelled', 'AbortError'));
  }
  const onAbort = () => getEmbedClient().cancel();
  signal.addEventListener('abort', onAbort, { once: true });
  return p.finally(() => signal.removeEventListener('abort', onAbort));
}
