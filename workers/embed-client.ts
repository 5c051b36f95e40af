// The page's handle on the embedding worker (workers/embed.worker.ts): creates it, wraps it with
// Comlink, turns progress callbacks into Comlink proxies, and cancels by terminating the worker and
// starting a fresh one (nothing is left half-done; the next call loads the same model again).
// A worker that crashes rejects every pending call with a message instead of hanging.
// The playground's bridge can import createEmbedClient; the browser tests reach it through
// window.__chunklabTest (tests/browser/embed-page.ts), so the app's UI is not involved.
import * as Comlink from 'comlink';
import type { EmbedOutput, EmbedStats, EmbedWorkerApi, ModelStatus } from './embed.worker.ts';
import type { CacheInfo } from '../src/app/models/idb-cache.ts';
import type { LoadOptions, LoadProgress, ModelSource } from './embed-runner.ts';
import type { LateChunkResult, LateCorpusResult, LateSpan, RunnerBatch, RunnerOutput } from '../src/engine/embedding/index.ts';
import type { Span } from '../src/engine/types.ts';

export type { EmbedOutput, EmbedStats, CacheInfo, ModelStatus, LoadOptions, LoadProgress, ModelSource };

export interface EmbedClient {
  load(source: ModelSource, opts?: LoadOptions, onProgress?: (p: LoadProgress) => void): Promise<ModelStatus>;
  embed(texts: string[], kind: 'query' | 'passage', onProgress?: (fraction: number) => void): Promise<EmbedOutput>;
  lateChunk(text: string, spans: Span[], onProgress?: (fraction: number) => void): Promise<LateChunkResult>;
  lateChunkCorpus(docs: [string, string][], spans: LateSpan[], onProgress?: (fraction: number) => void): Promise<LateCorpusResult>;
  run(batch: RunnerBatch): Promise<RunnerOutput>;
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

export function createEmbedClient(): EmbedClient {
  let worker: Worker;
  let api: Comlink.Remote<EmbedWorkerApi>;
  let lastLoad: { source: ModelSource; opts?: LoadOptions } | null = null;
  let loaded = false;
  let persistent = false;
  const pending = new Set<(e: Error) => void>();

  const start = () => {
    worker = new Worker(new URL('./embed.worker.ts', import.meta.url), { type: 'module', name: 'chunklab-embed' });
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      failAll(new Error(`the embedding worker stopped: ${e.message || 'it could not start or crashed'}`));
      restart();
    });
    api = Comlink.wrap<EmbedWorkerApi>(worker);
    loaded = false;
    if (persistent) void api.setPersistentCache(true).catch(() => undefined);
  };
  const restart = () => {
    (api as unknown as { [Comlink.releaseProxy]: () => void })[Comlink.releaseProxy]?.();
    worker.terminate();
    start();
  };
  const failAll = (e: Error) => {
    for (const reject of [...pending]) reject(e);
    pending.clear();
  };

  /** Tracks a call so that cancel() and a crash can reject it. */
  const track = <T>(p: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      pending.add(reject);
      p.then(
        (v) => {
          pending.delete(reject);
          resolve(v);
        },
        (e) => {
          pending.delete(reject);
          reject(e);
        },
      );
    });

  /** After a cancel the fresh worker has no model: load the last one again first. */
  const ready = async () => {
    if (!loaded && lastLoad) {
      await track(api.load(lastLoad.source, lastLoad.opts));
      loaded = true;
    }
  };
  const proxy = <F extends (...a: any[]) => void>(f?: F) => (f ? Comlink.proxy(f) : undefined);

  start();
  return {
    async load(source, opts, onProgress) {
      lastLoad = { source, opts };
      loaded = false;
      const s = await track(api.load(source, opts, proxy(onProgress)));
      loaded = true;
      return s;
    },
    async embed(texts, kind, onProgress) {
      await ready();
      return track(api.embed(texts, kind, proxy(onProgress)));
    },
    async lateChunk(text, spans, onProgress) {
      await ready();
      return track(api.lateChunk(text, spans, proxy(onProgress)));
    },
    async lateChunkCorpus(docs, spans, onProgress) {
      await ready();
      return track(api.lateChunkCorpus(docs, spans, proxy(onProgress)));
    },
    async run(batch) {
      await ready();
      return track(api.run(batch));
    },
    status() {
      return track(api.status());
    },
    stats() {
      return track(api.stats());
    },
    async setPersistentCache(on) {
      persistent = on;
      await track(api.setPersistentCache(on));
    },
    cacheInfo() {
      return track(api.cacheInfo());
    },
    clearCache() {
      return track(api.clearCache());
    },
    cancel() {
      failAll(new DOMException('cancelled', 'AbortError'));
      restart();
    },
    terminate() {
      failAll(new DOMException('the embedding worker was closed', 'AbortError'));
      worker.terminate();
    },
  };
}
