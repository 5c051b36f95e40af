// The page's persistent embedding cache: the engine's EmbeddingCache interface over IndexedDB
// (idb-keyval, database "chunklab-embeddings", store "vectors", keys are the engine's keyString(key)),
// layered under an in-memory map. Used inside the embedding worker (workers/embed.worker.ts), so a
// rerun after a reload does no model work. Writes come in whole batches (setMany), as the
// interface requires; a failed read or write (quota, private mode) only costs the cache, never the run.
import { clear, createStore, entries, getMany, keys, setMany, type UseStore } from 'idb-keyval';
import { keyString, type EmbeddingCache, type EmbeddingCacheKey } from '../src/engine/embedding/index.ts';

export const EMBED_DB = 'chunklab-embeddings';
export const EMBED_STORE = 'vectors';

export type { CacheInfo } from './embed-api.ts';
import type { CacheInfo } from './embed-api.ts';


export class IdbEmbeddingCache implements EmbeddingCache {
  private store: UseStore | null = null;
  private readonly memory = new Map<string, Float32Array>();
  /** Set when IndexedDB failed once: the cache then stays in memory for this worker. */
  broken = false;

  constructor(private readonly dbName = EMBED_DB, private readonly storeName = EMBED_STORE) {}

  private db(): UseStore | null {
    if (this.broken || typeof indexedDB === 'undefined') return null;
    if (!this.store) {
      try {
        this.store = createStore(this.dbName, this.storeName);
      } catch {
        this.broken = true;
        return null;
      }
    }
    return this.store;
  }

  async getMany(ks: EmbeddingCacheKey[]): Promise<(Float32Array | undefined)[]> {
    const names = ks.map(keyString);
    const out: (Float32Array | undefined)[] = names.map((n) => this.memory.get(n)?.slice());
    const missing = names.map((n, i) => (out[i] ? -1 : i)).filter((i) => i >= 0);
    const store = this.db();
    if (!missing.length || !store) return out;
    try {
      const found = await getMany<unknown>(missing.map((i) => names[i]), store);
      found.forEach((v, j) => {
        if (v instanceof Float32Array) {
          const i = missing[j];
          this.memory.set(names[i], v);
          out[i] = v.slice();
        }
      });
    } catch {
      this.broken = true;
    }
    return out;
  }

  async setMany(list: { key: EmbeddingCacheKey; vector: Float32Array }[]): Promise<void> {
    const rows: [string, Float32Array][] = list.map(({ key, vector }) => [keyString(key), vector.slice()]);
    for (const [k, v] of rows) this.memory.set(k, v);
    const store = this.db();
    if (!store || !rows.length) return;
    try {
      await setMany(rows, store);
    } catch {
      this.broken = true;
    }
  }

  async info(): Promise<CacheInfo> {
    const store = this.db();
    if (!store) {
      let bytes = 0;
      for (const v of this.memory.values()) bytes += v.byteLength;
      return { entries: this.memory.size, bytes, persistent: false };
    }
    try {
      const all = await entries<string, unknown>(store);
      let bytes = 0;
      for (const [, v] of all) if (v instanceof Float32Array) bytes += v.byteLength;
      return { entries: all.length, bytes, persistent: true };
    } catch {
      this.broken = true;
      return this.info();
    }
  }

  /** Number of stored keys (cheaper than info()). */
  async count(): Promise<number> {
    const store = this.db();
    if (!store) return this.memory.size;
    return (await keys(store)).length;
  }

  async clear(): Promise<void> {
    this.memory.clear();
    const store = this.db();
    if (store) await clear(store);
  }
}
