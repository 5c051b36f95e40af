// The key-value store under the workspace: IndexedDB through idb-keyval, or memory when the browser
// has no usable IndexedDB. Reports quota errors as such so the interface can say what happened.
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

export interface KV {
  readonly persistent: boolean;
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

/** A store that keeps nothing after the page closes (used when IndexedDB is unavailable). */
export function memoryKV(): KV {
  const m = new Map<string, unknown>();
  return {
    persistent: false,
    async get<T>(key: string) {
      return m.get(key) as T | undefined;
    },
    async set(key, value) {
      m.set(key, structuredClone(value));
    },
    async del(key) {
      m.delete(key);
    },
  };
}

/** Opens the IndexedDB store and proves it works with one read; null when it cannot be used. */
export async function openIdbKV(dbName = 'chunklab', storeName = 'workspace'): Promise<KV | null> {
  if (typeof indexedDB === 'undefined') return null;
  let store: UseStore;
  try {
    store = createStore(dbName, storeName);
    await get('__probe__', store);
  } catch {
    return null;
  }
  return {
    persistent: true,
    get: <T>(key: string) => get<T>(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
  };
}

/** True for the errors a browser raises when its storage quota is used up. */
export function isQuotaError(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const name = (e as { name?: string }).name ?? '';
  const msg = String((e as { message?: string }).message ?? '');
  return name === 'QuotaExceededError' || /quota/i.test(name) || /quota/i.test(msg);
}

export interface StorageUse {
  usage?: number;
  quota?: number;
}

export async function estimateStorage(): Promise<StorageUse | null> {
  try {
    if (!navigator.storage?.estimate) return null;
    const e = await navigator.storage.estimate();
    return { usage: e.usage, quota: e.quota };
  } catch {
    return null;
  }
}
