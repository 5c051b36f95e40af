// The embedding worker: a thin Comlink adapter over workers/embed-runner.ts (load a model from the
// Hub, the app's /models/ or picked files; WebGPU or WASM) and the engine's embedder and late
// chunking, which run here unchanged over the runner. Calls run one at a time, in arrival order.
// Cancel is the page's job: it terminates this worker (src/app/bridge/embed.ts). Its API's types are
// in workers/embed-api.ts.
import * as Comlink from 'comlink';
import './errors.ts';
import {
  createEmbedder,
  embedderParts,
  modelParts,
  lateChunk,
  lateChunkCorpus,
  MemoryEmbeddingCache,
  type Embedder,
  type EmbeddingCache,
  type LateChunkResult,
  type LateSpan,
  type ModelDtype,
  type RunnerBatch,
  type RunnerOutput,
} from '../src/engine/embedding/index.ts';
import { InputError, type Span } from '../src/engine/types.ts';
import { loadBrowserModel, type LoadedBrowserModel, type LoadOptions, type LoadProgress, type ModelSource } from './embed-runner.ts';
import { IdbEmbeddingCache } from './idb-cache.ts';
import { loadBrowserCrossEncoder, type LoadedCrossEncoderModel } from './rerank-runner.ts';
import type { CacheInfo, EmbedOutput, EmbedStats, EmbedWorkerApi, FractionProgress, ModelStatus, RerankerStatus, RerankOutput } from './embed-api.ts';




let current: { model: LoadedBrowserModel; embedder: Embedder; status: ModelStatus } | null = null;
/** The cross-encoder, loaded beside the embedding model; its scores share the cache (kind 'rerank'). */
let reranker: { model: LoadedCrossEncoderModel; status: RerankerStatus } | null = null;
let memoryCache = new MemoryEmbeddingCache();
/** The playground turns this on (setPersistentCache): vectors then survive reloads in IndexedDB. */
let persistentCache: IdbEmbeddingCache | null = null;
/** What the embedder and late chunking read and write: the persistent cache when on, else memory. */
const cache: EmbeddingCache = {
  getMany: (keys) => (persistentCache ?? memoryCache).getMany(keys),
  setMany: (list) => (persistentCache ?? memoryCache).setMany(list),
};

const stats: EmbedStats = { modelCalls: 0, modelRows: 0, embedded: 0, cacheHits: 0 };

/** Counts the model's runs without changing them. */
function counted(runner: LoadedBrowserModel['runner']): LoadedBrowserModel['runner'] {
  return {
    run(batch) {
      stats.modelCalls++;
      stats.modelRows += batch.inputIds.length;
      return runner.run(batch);
    },
    dispose: runner.dispose ? () => runner.dispose!() : undefined,
  };
}
let queue: Promise<unknown> = Promise.resolve();

/** Runs calls one after the other: transformers.js's env is global, and one model runs at a time. */
function serial<T>(f: () => Promise<T>): Promise<T> {
  const p = queue.then(f, f);
  queue = p.catch(() => undefined);
  return p;
}

function need(): NonNullable<typeof current> {
  if (!current) throw new InputError('no model is loaded: load one first', 'embedding', { code: 'model-not-loaded' });
  return current;
}

const api: EmbedWorkerApi = {
  load(source: ModelSource, opts: LoadOptions = {}, onProgress?: (p: LoadProgress) => void): Promise<ModelStatus> {
    return serial(async () => {
      const t0 = performance.now();
      if (current) {
        await current.model.runner.dispose?.();
        current = null;
      }
      const model = await loadBrowserModel(source, opts, onProgress);
      model.runner = counted(model.runner);
      const embedder = createEmbedder({
        ...embedderParts(model),
        cache,
        modelId: model.cacheId,
        dtype: model.dtype,
      });
      const status: ModelStatus = {
        id: model.info.id,
        label: model.info.label,
        device: model.device,
        fallback: model.fallback,
        dtype: model.dtype,
        dtypes: model.dtypes,
        dimensions: model.info.dimensions,
        maxTokens: model.info.maxTokens,
        pooling: model.info.pooling,
        prefixes: model.info.prefixes,
        tokenizer: model.tokenizer.name,
        threads: model.threads,
        seconds: (performance.now() - t0) / 1000,
      };
      current = { model, embedder, status };
      return status;
    });
  },

  status(): ModelStatus | null {
    return current?.status ?? null;
  },

  embed(texts: string[], kind: 'query' | 'passage', onProgress?: FractionProgress): Promise<EmbedOutput> {
    return serial(async () => {
      const t0 = performance.now();
      const r = await need().embedder.embed(texts, kind, { onProgress: onProgress ? (f) => void onProgress(f) : undefined });
      stats.embedded += texts.length;
      stats.cacheHits += r.cacheHits;
      const out: EmbedOutput = { vectors: [...r], truncated: r.truncated, tokenCounts: r.tokenCounts, cacheHits: r.cacheHits, ms: performance.now() - t0 };
      return Comlink.transfer(out, uniqueBuffers(out.vectors));
    });
  },

  lateChunk(text: string, spans: Span[], onProgress?: FractionProgress): Promise<LateChunkResult> {
    return serial(async () => {
      const m = need().model;
      const r = await lateChunk(text, spans, {
        ...modelParts(m),
        prefix: m.info.prefixes.passage,
        onProgress: onProgress ? (f) => void onProgress(f) : undefined,
      });
      return Comlink.transfer(r, uniqueBuffers(r.vectors));
    });
  },

  /** Late chunking of many documents' chunks, cached per chunk (kind 'late'). */
  lateChunkCorpus(docs: [string, string][], spans: LateSpan[], onProgress?: FractionProgress) {
    return serial(async () => {
      const m = need().model;
      const r = await lateChunkCorpus(new Map(docs), spans, {
        ...modelParts(m),
        passagePrefix: m.info.prefixes.passage,
        cache,
        modelId: m.cacheId,
        dtype: m.dtype,
        onProgress: onProgress ? (f) => void onProgress(f) : undefined,
      });
      return Comlink.transfer(r, uniqueBuffers(r.vectors));
    });
  },

  /** The raw runner (last_hidden_state), for diagnostics and the browser tests. */
  run(batch: RunnerBatch): Promise<RunnerOutput> {
    return serial(() => need().model.runner.run(batch));
  },

  loadReranker(source: ModelSource, opts: LoadOptions = {}, onProgress?: (p: LoadProgress) => void): Promise<RerankerStatus> {
    return serial(async () => {
      const t0 = performance.now();
      if (reranker) {
        await reranker.model.dispose();
        reranker = null;
      }
      const model = await loadBrowserCrossEncoder(source, opts, onProgress, cache);
      reranker = { model, status: { ...model.status, seconds: (performance.now() - t0) / 1000 } };
      return reranker.status;
    });
  },

  rerankerStatus(): RerankerStatus | null {
    return reranker?.status ?? null;
  },

  rerank(query: string, passages: string[], onProgress?: FractionProgress): Promise<RerankOutput> {
    return serial(async () => {
      if (!reranker) throw new InputError('no cross-encoder is loaded: load a reranker first', 'rerank', { code: 'model-not-loaded' });
      const t0 = performance.now();
      const r = await reranker.model.encoder.score(query, passages, { onProgress: onProgress ? (f) => void onProgress(f) : undefined });
      stats.modelCalls += r.modelCalls;
      return { scores: [...r], truncated: r.truncated, cacheHits: r.cacheHits, modelCalls: r.modelCalls, ms: performance.now() - t0 };
    });
  },

  unloadReranker(): Promise<void> {
    return serial(async () => {
      await reranker?.model.dispose();
      reranker = null;
    });
  },

  /** Token count of a text with the loaded model's tokenizer (no special tokens). */
  countTokens(texts: string[]): number[] {
    const t = need().model.tokenizer;
    return texts.map((x) => t.count(x));
  },

  /** Keeps vectors in IndexedDB (on) or only in this worker's memory (off, the default). */
  setPersistentCache(on: boolean): void {
    persistentCache = on ? (persistentCache ?? new IdbEmbeddingCache()) : null;
  },

  /** Work counters since this worker started. */
  stats(): EmbedStats {
    return { ...stats };
  },

  /** Entries and bytes in the cache in use. */
  cacheInfo(): Promise<CacheInfo> {
    return serial(async () => {
      if (persistentCache) return persistentCache.info();
      // The memory cache holds vectors of the loaded model's width (4 bytes a number).
      return { entries: memoryCache.size, bytes: memoryCache.size * (current?.status.dimensions ?? 0) * 4, persistent: false };
    });
  },

  /** Empties the cache in use (IndexedDB included when persistent). */
  clearCache(): Promise<void> {
    return serial(async () => {
      if (persistentCache) await persistentCache.clear();
      memoryCache = new MemoryEmbeddingCache();
    });
  },

  unload(): Promise<void> {
    return serial(async () => {
      await current?.model.runner.dispose?.();
      current = null;
    });
  },
};


function uniqueBuffers(vs: Float32Array[]): ArrayBuffer[] {
  const seen = new Set<ArrayBufferLike>();
  for (const v of vs) if (v.byteOffset === 0 && v.byteLength === v.buffer.byteLength) seen.add(v.buffer);
  return [...seen] as ArrayBuffer[];
}

// Never die silently: anything that escapes a call is logged where the page can see it.
self.addEventListener('unhandledrejection', (e) => {
  console.error('embed worker: unhandled rejection:', (e as PromiseRejectionEvent).reason);
});

Comlink.expose(api);
