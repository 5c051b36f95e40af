// The search view's settings (chunking configuration, k, metadata filter, chosen question),
// remembered in localStorage, and the latest search (latest wins: an older answer never replaces a
// newer one). The chunker registry is the inspector's (read once from the worker).
import type { ChunkerId } from '../../engine/types.ts';
import { CancelledError } from '../bridge/engine.svelte.ts';
import { inspector } from '../inspector/state.svelte.ts';
import { errorMessage } from '../state/workspace.svelte.ts';
import type { Corpus } from '../state/types.ts';
import { searchCorpus, type SearchAnswer, type SearchChunking } from './client.ts';

const SETTINGS_KEY = 'chunklab.search';

interface Settings {
  chunkerId: ChunkerId;
  values: Record<string, Record<string, unknown>>;
  k: number;
}

function readSettings(): Settings {
  const fallback: Settings = { chunkerId: 'recursive', values: {}, k: 5 };
  try {
    const s = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null') as Partial<Settings> | null;
    if (!s) return fallback;
    return {
      chunkerId: typeof s.chunkerId === 'string' ? s.chunkerId : fallback.chunkerId,
      values: s.values && typeof s.values === 'object' ? s.values : {},
      k: typeof s.k === 'number' && s.k >= 1 && s.k <= 50 ? Math.round(s.k) : fallback.k,
    };
  } catch {
    return fallback;
  }
}

export type SearchRun = 'idle' | 'running' | 'done' | 'error' | 'cancelled';

class SearchState {
  chunkerId = $state<ChunkerId>('recursive');
  values = $state<Record<string, Record<string, unknown>>>({});
  k = $state(5);
  query = $state('');
  /** Metadata filter: key → value ('' or absent: any). */
  filter = $state<Record<string, string>>({});
  /** The question (set id, question id) whose text fills the query, when one was chosen. */
  questionRef = $state<{ setId: string; id: string } | null>(null);
  answer = $state.raw<SearchAnswer | null>(null);
  /** What the shown answer was computed from. */
  answerKey = $state('');
  run = $state<SearchRun>('idle');
  progress = $state(0);
  error = $state<string | null>(null);
  /** Rank (1-based) of the result shown in its document. */
  selected = $state<number | null>(null);
  private seq = 0;

  info = $derived(inspector.chunkers.find((c) => c.id === this.chunkerId));

  constructor() {
    const s = readSettings();
    this.chunkerId = s.chunkerId;
    this.values = s.values;
    this.k = s.k;
  }

  /** Parameter values of the current chunker: registry defaults overridden by the user's. */
  params(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const p of this.info?.params ?? []) out[p.name] = this.values[this.chunkerId]?.[p.name] ?? p.default;
    return out;
  }

  chunking(): SearchChunking {
    return { chunker: this.chunkerId, params: this.params() };
  }

  setParam(name: string, value: unknown): void {
    this.values[this.chunkerId] = { ...(this.values[this.chunkerId] ?? {}), [name]: value };
    this.save();
  }

  setChunker(id: ChunkerId): void {
    this.chunkerId = id;
    this.save();
  }

  save(): void {
    try {
      const s: Settings = { chunkerId: this.chunkerId, values: $state.snapshot(this.values), k: this.k };
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(s));
    } catch {
      // A convenience only.
    }
  }

  activeFilter(): Record<string, string> | undefined {
    const f = Object.fromEntries(Object.entries(this.filter).filter(([, v]) => v !== ''));
    return Object.keys(f).length ? f : undefined;
  }

  keyFor(corpus: Corpus | undefined): string {
    if (!corpus || !this.info) return '';
    return JSON.stringify([corpus.id, corpus.updatedAt, corpus.documents.length, this.chunkerId, this.params(), this.k, this.activeFilter() ?? {}, this.query.trim()]);
  }

  async search(corpus: Corpus): Promise<void> {
    const query = this.query.trim();
    const key = this.keyFor(corpus);
    const seq = ++this.seq;
    if (!query) {
      this.answer = null;
      this.answerKey = key;
      this.run = 'idle';
      return;
    }
    this.run = 'running';
    this.progress = 0;
    this.error = null;
    try {
      const a = await searchCorpus(
        corpus,
        { ...this.chunking(), query, k: this.k, filter: this.activeFilter() },
        (f) => seq === this.seq && (this.progress = f),
      );
      if (seq !== this.seq) return;
      this.answer = a;
      this.answerKey = key;
      this.selected = null;
      this.run = 'done';
    } catch (e) {
      if (seq !== this.seq) return;
      if (e instanceof CancelledError) this.run = 'cancelled';
      else {
        this.run = 'error';
        this.error = errorMessage(e);
      }
    }
  }

  /** Makes any running search irrelevant (used with cancelEngine). */
  forget(): void {
    this.seq++;
    this.run = 'cancelled';
  }
}

export const search = new SearchState();
