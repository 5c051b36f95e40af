// The search view's settings (chunking configuration, k, metadata filter, chosen question),
// remembered in localStorage, and the latest search (latest wins: an older answer never replaces a
// newer one). The chunker registry is the inspector's (read once from the worker).
import type { ChunkerDescription } from '../../../workers/engine-api.ts';
import { CancelledError } from '../bridge/engine.svelte.ts';
import { inspector } from '../inspector/state.svelte.ts';
import { errorMessage } from '../state/workspace.svelte.ts';
import { ChunkerSettings, readChoice, readStored, type ChunkerChoice } from '../state/chunker-settings.svelte.ts';
import type { Corpus } from '../state/types.ts';
import { searchCorpus, type SearchAnswer, type SearchChunking } from './client.ts';

const SETTINGS_KEY = 'chunklab.search';

interface Settings extends ChunkerChoice {
  k: number;
}

function readSettings(): Settings {
  const s = readStored<Settings>(SETTINGS_KEY);
  return {
    ...readChoice(s),
    k: typeof s?.k === 'number' && s.k >= 1 && s.k <= 50 ? Math.round(s.k) : 5,
  };
}

export type SearchRun = 'idle' | 'running' | 'done' | 'error' | 'cancelled';

class SearchState extends ChunkerSettings {
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

  constructor() {
    const s = readSettings();
    super(s);
    this.k = s.k;
  }

  /** The registry is the inspector's (read once from the worker). */
  registry(): ChunkerDescription[] {
    return inspector.chunkers;
  }

  chunking(): SearchChunking {
    return { chunker: this.chunkerId, params: this.params() };
  }

  save(): void {
    try {
      const s: Settings = { ...this.choice(), k: this.k };
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
