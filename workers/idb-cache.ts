// The page's persistent caches, used inside the workers that fill them:
// - IdbEmbeddingCache: the engine's EmbeddingCache interface over IndexedDB (idb-keyval, database
//   "chunklab-embeddings", store "vectors", keys are the engine's keyString(key)), layered under an
//   in-memory map, in the embedding workers, so a rerun after a reload does no model work. Writes come
//   in whole batches (setMany), as the interface requires.
// - IdbAnswerCache: language-model answers (the engine's AnswerCache), one database per feature
//   (ANSWER_DBS), in the worker that calls the model, so a cancelled or repeated run reads what it
//   already paid for.
// A failed read or write (quota, private mode) only costs the cache, never the run.
import { clear, createStore, entries, get, getMany, keys, set, setMany, type UseStore } from 'idb-keyval';
import { keyString, type EmbeddingCache, type EmbeddingCacheKey } from '../src/engine/embedding/index.ts';
import { MemoryAnswerCache, type AnswerCache } from '../src/engine/llm/index.ts';
import type { AnswerStore } from './llm-api.ts';

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


/** Where each feature keeps its model answers (database, store). */
export const ANSWER_DBS: Record<AnswerStore, [string, string]> = {
  context: ['chunklab-llm', 'sentences'],
  questions: ['chunklab-questions', 'answers'],
  llm: ['chunklab-llm', 'answers'],
};

/** Model answers by key in IndexedDB, layered under memory (memory only where there is no IndexedDB). */
export class IdbAnswerCache implements AnswerCache {
  private store: UseStore | null = null;
  private memory = new MemoryAnswerCache();
  private broken = typeof indexedDB === 'undefined';
  private readonly dbName: string;
  private readonly storeName: string;

  constructor(which: AnswerStore) {
    [this.dbName, this.storeName] = ANSWER_DBS[which];
  }

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
  async set(key: string, answer: string): Promise<void> {
    await this.memory.set(key, answer);
    const db = this.db();
    if (!db) return;
    try {
      await set(key, answer, db);
    } catch {
      this.broken = true;
    }
  }
  async count(): Promise<number> {
    const db = this.db();
    return db ? (await keys(db)).length : 0;
  }
  async clear(): Promise<void> {
    this.memory = new MemoryAnswerCache();
    const db = this.db();
    if (db) await clear(db);
  }
}
