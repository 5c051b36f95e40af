// What a dense/hybrid run records about its embedding model in the results file's retriever
// config, the same from the CLI (which adds the weights' hash and what was given on its command
// line) and from the page: enough to rerun and to compare.
import { LATE_PREFIX_POLICY } from './late-corpus.ts';
import { defaultWindowOverlap } from './late.ts';

/** The loaded embedding model, as the CLI's loader and the page's model status describe it. */
export interface LoadedModelInfo {
  id: string;
  dtype: string;
  pooling: string;
  /** Input limit in tokens, special tokens included. */
  maxTokens: number;
  dimensions: number;
  prefixes: { query: string; passage: string };
}

/**
 * The model fields of a run's retriever config. Late chunking adds the prefix policy and the
 * macro-window overlap (default: the engine's defaultWindowOverlap for the model's capacity).
 */
export function modelRecord(m: LoadedModelInfo, late: boolean, windowOverlap?: number): Record<string, unknown> {
  return {
    modelId: m.id,
    dtype: m.dtype,
    pooling: m.pooling,
    maxTokens: m.maxTokens,
    dimensions: m.dimensions,
    prefixes: { ...m.prefixes },
    late,
    ...(late ? { latePrefix: LATE_PREFIX_POLICY, lateWindowOverlap: windowOverlap ?? defaultWindowOverlap(m.maxTokens - 2) } : {}),
  };
}
