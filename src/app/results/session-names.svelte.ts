// The names users give to sessions (groups of runs) in Results, kept in IndexedDB (idb-keyval, a store
// of its own beside the workspace's) so a reload keeps them. A name is text shown as text; an empty
// name gives the session its generated name back.
import { memoryKV, openIdbKV, type KV } from '../state/db.ts';

const NAMES_KEY = 'names';
/** Longer names are cut: a name sits in a button and a table heading. */
export const MAX_NAME = 80;

class SessionNames {
  names = $state<Record<string, string>>({});
  /** A problem writing to storage (the name still holds for this visit). */
  storeError = $state<string | null>(null);
  private kv: KV | null = null;
  private loading: Promise<void> | null = null;

  private async store(): Promise<KV> {
    this.kv ??= (await openIdbKV('chunklab-sessions', 'names')) ?? memoryKV();
    return this.kv;
  }

  /** Reads the names kept from earlier visits (once per page). */
  load(): Promise<void> {
    this.loading ??= (async () => {
      const kv = await this.store();
      const stored = await kv.get<Record<string, unknown>>(NAMES_KEY).catch(() => undefined);
      const names: Record<string, string> = {};
      if (stored && typeof stored === 'object') for (const [k, v] of Object.entries(stored)) if (typeof v === 'string' && v.trim()) names[k] = v;
      // A rename made before the read finished wins over the stored name.
      this.names = { ...names, ...this.names };
    })();
    return this.loading;
  }

  /** Names session `id` (trimmed, at most MAX_NAME characters); empty: back to its generated name. */
  async rename(id: string, name: string): Promise<void> {
    const clean = name.replace(/\s+/g, ' ').trim().slice(0, MAX_NAME);
    const next = { ...this.names };
    if (clean) next[id] = clean;
    else delete next[id];
    this.names = next;
    await this.load();
    try {
      await (await this.store()).set(NAMES_KEY, $state.snapshot(this.names));
      this.storeError = null;
    } catch (e) {
      this.storeError = e instanceof Error ? e.message : String(e);
    }
  }
}

export const sessionNamesStore = new SessionNames();
