// Model answers kept in this browser: the engine's ContextCache over IndexedDB, one database per
// feature ("chunklab-context"/"sentences" for contextual retrieval, "chunklab-questions"/"answers" for
// question generation, "chunklab-llm"/"answers" for the llm chunker), in memory when there is none.
// A cancelled or repeated run reads what it already paid for.
import { clear, createStore, get, keys, set, type UseStore } from 'idb-keyval';
import { MemoryContextCache, type ContextCache } from '../../engine/llm/index.ts';

export class IdbAnswerCache implements ContextCache {
  private store: UseStore | null = null;
  private readonly memory = new MemoryContextCache();
  private broken = typeof indexedDB === 'undefined';

  constructor(
    private readonly dbName = 'chunklab-context',
    private readonly storeName = 'sentences',
  ) {}

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
  async set(key: string, sentence: string): Promise<void> {
    await this.memory.set(key, sentence);
    const db = this.db();
    if (!db) return;
    try {
      await set(key, sentence, db);
    } catch {
      this.broken = true;
    }
  }
  async count(): Promise<number> {
    const db = this.db();
    return db ? (await keys(db)).length : 0;
  }
  async clear(): Promise<void> {
    const db = this.db();
    if (db) await clear(db);
  }
}
