// The names users give to sessions (groups of runs) in Results, kept in IndexedDB (idb-keyval, a store
// of its own beside the workspace's) so a reload keeps them. A name is text shown as text; an empty
// name gives the session its generated name back.
import { memoryKV, openIdbKV, type KV } from '../state/db.ts';
import { sessionNames, timeOf, type SessionNumber } from './sessions.ts';
import { LOOSE_GROUP, groupId, groupRows, type RowInfo } from './groups.ts';
import { toRows } from './results.ts';
import type { Translate } from './label.ts';
import type { SavedResults } from '../state/types.ts';

const NAMES_KEY = 'names';
const NUMBERS_KEY = 'numbers';
/** Longer names are cut: a name sits in a button and a table heading. */
export const MAX_NAME = 80;

class SessionNames {
  names = $state<Record<string, string>>({});
  /** The numbers sessions' names were given (" (2)"), kept so they never move (sessions.ts sessionNumbers). */
  numbers = $state<Record<string, SessionNumber>>({});
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
      const numbers = await kv.get<Record<string, unknown>>(NUMBERS_KEY).catch(() => undefined);
      const kept: Record<string, SessionNumber> = {};
      if (numbers && typeof numbers === 'object') {
        for (const [k, v] of Object.entries(numbers)) {
          const x = v as Partial<SessionNumber> | null;
          if (x && typeof x.base === 'string' && Number.isInteger(x.n) && (x.n as number) >= 1) kept[k] = { base: x.base, n: x.n as number };
        }
      }
      this.numbers = { ...kept, ...this.numbers };
      this.loaded = true;
    })();
    return this.loading;
  }

  /** Whether the kept names and numbers have been read (numbers are kept only after, never over them). */
  loaded = $state(false);

  /** Keeps the numbers the sessions shown now were given (only what changed is written). */
  async keepNumbers(now: ReadonlyMap<string, SessionNumber>): Promise<void> {
    if (!this.loaded) return;
    const next = { ...this.numbers };
    let changed = false;
    for (const [id, x] of now) {
      const k = next[id];
      if (k && k.base === x.base && k.n === x.n) continue;
      next[id] = { base: x.base, n: x.n };
      changed = true;
    }
    if (!changed) return;
    this.numbers = next;
    try {
      await (await this.store()).set(NUMBERS_KEY, $state.snapshot(this.numbers));
    } catch {
      // Kept for this visit; a reload numbers the sessions afresh.
    }
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

/**
 * Every saved run's session name (run id → name), over the whole workspace, with the names and
 * numbers the Results view gives them: for run pickers, where one configuration run in two
 * sessions must read as two choices.
 */
export function runSessions(saved: readonly SavedResults[], tr: (key: string, params?: Record<string, string | number>) => string, lang: string): Map<string, string> {
  void sessionNamesStore.load();
  const rows: RowInfo[] = toRows(saved, tr as Translate).map((r) => {
    const s = saved.find((x) => x.id === r.id);
    return { ...r, corpusId: s?.corpusId ?? '', group: s?.group };
  });
  const groups = groupRows(rows, []);
  const names = sessionNames(groups, {
    tr,
    when: (at) => timeOf(at, Date.now(), lang),
    configs: (id) => rows.filter((r) => groupId(r) === id).map((r) => r.file.config),
    single: (id) => rows.find((r) => groupId(r) === id)?.name,
    custom: sessionNamesStore.names,
    numbers: sessionNamesStore.numbers,
  });
  const out = new Map<string, string>();
  for (const r of rows) {
    const g = groupId(r);
    if (g === LOOSE_GROUP) continue;
    const name = names.get(g);
    if (name) out.set(r.id, name);
  }
  return out;
}
