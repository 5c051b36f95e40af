// The embedding worker's API as types only: what workers/embed.worker.ts exposes and what the page
// (src/app/bridge/embed.ts) calls through Comlink.
import type { LateChunkResult, LateCorpusResult, LateSpan, ModelDtype, RunnerBatch, RunnerOutput } from '../src/engine/embedding/index.ts';
import type { Span } from '../src/engine/types.ts';
import type { Device, LoadOptions, LoadProgress, ModelSource } from './embed-runner.ts';

export type { Device, LoadOptions, LoadProgress, ModelSource };

/** What the page learns about a loaded model (plain data). */
export interface ModelStatus {
  id: string;
  label: string;
  device: Device;
  fallback?: string;
  dtype: ModelDtype;
  dtypes: ModelDtype[];
  dimensions: number;
  maxTokens: number;
  pooling: string;
  prefixes: { query: string; passage: string };
  tokenizer: string;
  threads: number;
  /** Seconds the load took. */
  seconds: number;
}

export interface EmbedOutput {
  vectors: Float32Array[];
  /** Indices of texts cut to fit the model's input limit (never silently: listed here). */
  truncated: number[];
  /** Tokens of each model input, special tokens included. */
  tokenCounts: number[];
  cacheHits: number;
  /** Milliseconds in the call. */
  ms: number;
}

/** What the page learns about a loaded cross-encoder (reranker). */
export interface RerankerStatus {
  id: string;
  label: string;
  /** The device scoring runs on: WASM unless WebGPU was asked for and passed the check. */
  device: Device;
  /** Why WebGPU is not used when it was asked for (no adapter, load error, or failed check). */
  fallback?: string;
  /** The WebGPU check: the same pairs scored on both devices (absent when WebGPU was not tried). */
  check?: { wasm: number[]; webgpu: number[]; passed: boolean };
  dtype: ModelDtype;
  dtypes: ModelDtype[];
  /** Pair limit in tokens, special tokens included. */
  maxTokens: number;
  tokenizer: string;
  threads: number;
  /** The id in score cache keys. */
  cacheId: string;
  seconds: number;
}

export interface RerankOutput {
  /** One relevance score per passage, in order. */
  scores: number[];
  /** Indices of passages whose pair was cut to fit the model's limit. */
  truncated: number[];
  cacheHits: number;
  modelCalls: number;
  /** Milliseconds in the call (in the worker). */
  ms: number;
}

export type FractionProgress = (fraction: number) => void;

/** Work counters since this worker started (the page shows them; tests read them). */
export interface EmbedStats {
  /** Model runs (batches) and the rows they carried. */
  modelCalls: number;
  modelRows: number;
  /** Texts asked for through embed(), and how many came from the cache. */
  embedded: number;
  cacheHits: number;
}

/** Entries and bytes in the embedding cache in use. */
export interface CacheInfo {
  entries: number;
  /** Bytes of vector data (4 per dimension; IndexedDB's own overhead is not counted). */
  bytes: number;
  persistent: boolean;
}

export interface EmbedWorkerApi {
  /** Loads a model (Hub id, the app's /models/, or picked files); replaces the loaded one. */
  load(source: ModelSource, opts?: LoadOptions, onProgress?: (p: LoadProgress) => void): Promise<ModelStatus>;
  status(): ModelStatus | null;
  /** Unit vectors of `texts` (query/passage prefixes applied); the cache first. */
  embed(texts: string[], kind: 'query' | 'passage', onProgress?: FractionProgress): Promise<EmbedOutput>;
  /** Late chunking of one text: one vector per span. */
  lateChunk(text: string, spans: Span[], onProgress?: FractionProgress): Promise<LateChunkResult>;
  /** Late chunking of a corpus: one vector per span, each from a pass over its whole document. */
  lateChunkCorpus(docs: [string, string][], spans: LateSpan[], onProgress?: FractionProgress): Promise<LateCorpusResult>;
  /** The raw runner (last_hidden_state), for diagnostics and the browser tests. */
  run(batch: RunnerBatch): Promise<RunnerOutput>;
  /** Loads a cross-encoder beside the embedding model (replaces the loaded cross-encoder); WASM unless asked. */
  loadReranker(source: ModelSource, opts?: LoadOptions, onProgress?: (p: LoadProgress) => void): Promise<RerankerStatus>;
  rerankerStatus(): RerankerStatus | null;
  /** Cross-encoder scores of (query, passage) pairs; the score cache (kind 'rerank') first. */
  rerank(query: string, passages: string[], onProgress?: FractionProgress): Promise<RerankOutput>;
  unloadReranker(): Promise<void>;
  /** Token count of a text with the loaded model's tokenizer (no special tokens). */
  countTokens(texts: string[]): number[];
  /** Keeps vectors in IndexedDB (on) or only in this worker's memory (off, the default). */
  setPersistentCache(on: boolean): void;
  stats(): EmbedStats;
  cacheInfo(): Promise<CacheInfo>;
  clearCache(): Promise<void>;
  unload(): Promise<void>;
}
