// Embedding caches: the interface the embedder reads and writes, its key, and an in-memory cache.
// A key names the model, its weights' dtype, the kind of input (query/passage/late) and a hash of
// the exact model input (prefix included) plus the settings that change the vector.

import { hash64 } from '../util/hash.ts';

/** 'rerank': a cross-encoder's score for a (query, passage) pair, kept as a one-number vector. */
export type EmbedKind = 'query' | 'passage' | 'late' | 'rerank';

export interface EmbeddingCacheKey {
  model: string;
  dtype: string;
  kind: EmbedKind;
  /** hash64 of the model input and the pooling settings, plus the input's length: `${hash}-${length}`. */
  hash: string;
}

/**
 * Where vectors are kept between runs. Writes come in whole batches of finished vectors: a cache
 * never holds a partial vector, and an aborted run leaves only the batches it completed.
 */
export interface EmbeddingCache {
  /** One result per key, in order; undefined where absent. */
  getMany(keys: EmbeddingCacheKey[]): Promise<(Float32Array | undefined)[]>;
  setMany(entries: { key: EmbeddingCacheKey; vector: Float32Array }[]): Promise<void>;
}

/** The hash part of a key: `settings` are the things besides the text that change the vector. */
export function inputHash(input: string, settings: string): string {
  const s = `${settings}\u0000${input}`;
  return `${hash64(s)}-${input.length}`;
}

/** A flat string form of a key, for maps. */
export function keyString(key: EmbeddingCacheKey): string {
  return `${key.model}\u0000${key.dtype}\u0000${key.kind}\u0000${key.hash}`;
}

/** Vectors in a Map, for one session (the browser keeps its own persistent cache elsewhere). */
export class MemoryEmbeddingCache implements EmbeddingCache {
  private readonly map = new Map<string, Float32Array>();

  get size(): number {
    return this.map.size;
  }

  async getMany(keys: EmbeddingCacheKey[]): Promise<(Float32Array | undefined)[]> {
    return keys.map((k) => {
      const v = this.map.get(keyString(k));
      return v ? v.slice() : undefined;
    });
  }

  async setMany(entries: { key: EmbeddingCacheKey; vector: Float32Array }[]): Promise<void> {
    for (const { key, vector } of entries) this.map.set(keyString(key), vector.slice());
  }

  /** Every key string stored (for tests and diagnostics). */
  keys(): string[] {
    return [...this.map.keys()];
  }
}
