// The leaderboard's opened files, shared by every place that shows it (Lessons, Results) and kept in
// IndexedDB (idb-keyval, like the workspace) so a reload does not empty it. What is stored is each
// file's own text and name; on every load the engine validates and rescores it again, exactly as when
// it was first opened, so a stored file is never trusted more than a freshly opened one.
import { engine } from '../bridge/engine.svelte.ts';
import { errorMessage } from '../state/workspace.svelte.ts';
import { memoryKV, openIdbKV, type KV } from '../state/db.ts';
import type { ResultsFile } from '../../engine/evaluation/index.ts';
import type { ResultsSummary } from './leaderboard.ts';
import { newTexts, resultsCandidates } from './dedupe.ts';

const FILES_KEY = 'lb:files';

interface StoredFile {
  key: string;
  name: string;
  text: string;
}

export interface Opened {
  key: string;
  summary: ResultsSummary;
  file: ResultsFile;
}

class LeaderboardStore {
  opened = $state.raw<Opened[]>([]);
  rejected = $state<{ file: string; message: string }[]>([]);
  reading = $state(0);
  /** Files of the last opening left out as copies of a file already open (the same run counts once). */
  duplicates = $state(0);
  /** A problem writing to storage (the table still works for this visit). */
  storeError = $state<string | null>(null);
  private stored: StoredFile[] = [];
  private kv: KV | null = null;
  private loading: Promise<void> | null = null;

  private async store(): Promise<KV> {
    this.kv ??= (await openIdbKV('chunklab-leaderboard', 'files')) ?? memoryKV();
    return this.kv;
  }

  /** Reads the files kept from earlier visits (once per page). */
  load(): Promise<void> {
    this.loading ??= (async () => {
      const kv = await this.store();
      const files = (await kv.get<StoredFile[]>(FILES_KEY).catch(() => undefined)) ?? [];
      this.stored = Array.isArray(files) ? files.filter((f) => f && typeof f.text === 'string' && typeof f.name === 'string' && typeof f.key === 'string') : [];
      const opened: Opened[] = [];
      for (const f of this.stored) {
        try {
          const r = await engine((api) => api.openResults(f.text, f.name), 'open-results');
          opened.push({ key: f.key, summary: r.summary, file: r.file });
        } catch (e) {
          this.rejected.push({ file: f.name, message: errorMessage(e) });
        }
      }
      this.opened = [...opened, ...this.opened.filter((o) => !opened.some((x) => x.key === o.key))];
    })();
    return this.loading;
  }

  /** Opens files (validated and rescored by the engine) and keeps the accepted ones. */
  async add(files: File[], opts: { quiet?: boolean } = {}): Promise<Opened[]> {
    await this.load();
    const rejected: { file: string; message: string }[] = [];
    // A folder (or a drop of many files): its .json files; a copy of a file already open is left out.
    const candidates = files.length > 1 ? resultsCandidates(files) : files;
    const texts = await Promise.all(candidates.map((f) => f.text()));
    const fresh = newTexts(texts, this.stored.map((f) => f.text));
    this.duplicates = candidates.length - fresh.length;
    this.reading = fresh.length;
    const added: Opened[] = [];
    for (const i of fresh) {
      const f = candidates[i];
      try {
        const text = texts[i];
        const r = await engine((api) => api.openResults(text, f.name), 'open-results');
        // The key tells apart two files with the same name.
        const key = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
        added.push({ key, summary: r.summary, file: r.file });
        this.stored.push({ key, name: f.name, text });
      } catch (err) {
        rejected.push({ file: f.name, message: errorMessage(err) });
      } finally {
        this.reading--;
      }
    }
    if (!opts.quiet) this.rejected = rejected;
    this.opened = [...this.opened, ...added];
    await this.persist();
    return added;
  }

  /**
   * The Workspace's import was given results files: opens them in the leaderboard when every file is
   * one (the engine's validator decides). True when it did.
   */
  async openIfResults(files: File[]): Promise<boolean> {
    if (!files.length) return false;
    const added = await this.add(files, { quiet: true });
    // A file identical to one already open counts once (class results): it is open there all the same.
    if (added.length + this.duplicates === files.length) return true;
    for (const o of added) await this.remove(o.key);
    return false;
  }

  async remove(key: string): Promise<void> {
    this.opened = this.opened.filter((o) => o.key !== key);
    this.stored = this.stored.filter((f) => f.key !== key);
    await this.persist();
  }

  async clear(): Promise<void> {
    this.opened = [];
    this.rejected = [];
    this.stored = [];
    await this.persist();
  }

  private async persist(): Promise<void> {
    try {
      await (await this.store()).set(FILES_KEY, this.stored);
      this.storeError = null;
    } catch (e) {
      this.storeError = errorMessage(e);
    }
  }
}

export const leaderboardStore = new LeaderboardStore();
