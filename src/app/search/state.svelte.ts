// The search view's settings (chunking configuration, k, retriever and reranker, metadata filter,
// scope, chosen question), remembered in localStorage (not the query, filter or scope), and the
// latest search (latest wins: an older answer never replaces a newer one). Dense and hybrid borrow
// the page's embedding through ./retrieval.ts; Cancel aborts that work too. The chunker registry is
// the inspector's (read once from the worker).
import type { ChunkerDescription } from '../../../workers/engine-api.ts';
import { CancelledError } from '../bridge/engine.svelte.ts';
import { inspector } from '../inspector/state.svelte.ts';
import { errorMessage } from '../state/workspace.svelte.ts';
import { FolderNeededError } from '../components/folder.ts';
import { ChunkerSettings, readChoice, readStored, type ChunkerChoice } from '../state/chunker-settings.svelte.ts';
import type { Corpus } from '../state/types.ts';
import { searchCorpus, type SearchAnswer, type SearchChunking } from '../bridge/corpus.ts';
import { lendModels, searchEmbedding, type EmbedCount, type SearchRetriever } from './retrieval.ts';
import { rerankState } from '../rerank/state.svelte.ts';
import { DEFAULT_RERANK_TOP } from '../../engine/retrieval/index.ts';

const SETTINGS_KEY = 'chunklab.search';

interface Settings extends ChunkerChoice {
  k: number;
  retriever?: SearchRetriever;
  rerank?: boolean;
  rerankTop?: number;
}

function readSettings(): Settings {
  const s = readStored<Settings>(SETTINGS_KEY);
  return {
    ...readChoice(s),
    k: typeof s?.k === 'number' && s.k >= 1 && s.k <= 50 ? Math.round(s.k) : 5,
    retriever: s?.retriever === 'dense' || s?.retriever === 'hybrid' ? s.retriever : 'bm25',
    rerank: s?.rerank === true,
    rerankTop: typeof s?.rerankTop === 'number' && Number.isInteger(s.rerankTop) && s.rerankTop >= 1 && s.rerankTop <= 1000 ? s.rerankTop : DEFAULT_RERANK_TOP,
  };
}

export type SearchRun = 'idle' | 'running' | 'done' | 'error' | 'cancelled' | 'need-model';

class SearchState extends ChunkerSettings {
  k = $state(5);
  retriever = $state<SearchRetriever>('bm25');
  /** Rerank with the chosen cross-encoder (when one is chosen), its first `rerankTop` hits. */
  rerank = $state(false);
  rerankTop = $state(DEFAULT_RERANK_TOP);
  /** Search inside this document only ('' : the whole corpus). */
  docId = $state('');
  /** The corpus's passages being embedded (first dense/hybrid search of a chunking and model). */
  embedding = $state<{ passages: number; fraction: number } | null>(null);
  /** What the latest finished search embedded, counted at the page's hook. */
  embedded = $state<EmbedCount | null>(null);
  private controller: AbortController | null = null;
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
  /** The error came from loading a model (the embedding model or the reranker), not from the search. */
  modelError = $state(false);
  /** Dense or hybrid search needs an embedding model from a folder on disk that must be picked again. */
  needsFolder = $state<{ what: 'model'; folder: string } | null>(null);
  /**
   * The shown answer was asked for with reranking, but the reranker's folder must be picked again:
   * it is the retriever's ranking, not reranked. The folder's name.
   */
  rerankSkipped = $state<string | null>(null);
  /** Rank (1-based) of the result shown in its document. */
  selected = $state<number | null>(null);
  private seq = 0;

  constructor() {
    const s = readSettings();
    super(s);
    this.k = s.k;
    this.retriever = s.retriever ?? 'bm25';
    this.rerank = !!s.rerank;
    this.rerankTop = s.rerankTop ?? DEFAULT_RERANK_TOP;
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
      const s: Settings = { ...this.choice(), k: this.k, retriever: this.retriever, rerank: this.rerank, rerankTop: this.rerankTop };
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(s));
    } catch {
      // A convenience only.
    }
  }

  activeFilter(): Record<string, string> | undefined {
    const f = Object.fromEntries(Object.entries(this.filter).filter(([, v]) => v !== ''));
    return Object.keys(f).length ? f : undefined;
  }

  /** The chosen document, when it is one of `corpus`'s (else the whole corpus). */
  scopeDoc(corpus: Corpus | undefined): string | undefined {
    return this.docId && corpus?.documents.some((d) => d.id === this.docId) ? this.docId : undefined;
  }

  /** The reranker's top-N when reranking is on and a reranker is chosen. */
  rerankWith(): number | undefined {
    return this.rerank && rerankState.choice ? this.rerankTop : undefined;
  }

  keyFor(corpus: Corpus | undefined): string {
    if (!corpus || !this.info) return '';
    const model = this.retriever === 'bm25' ? null : (searchEmbedding()?.key ?? null);
    const rerank = this.rerankWith() !== undefined ? [rerankState.choice!.id, this.rerankTop] : null;
    return JSON.stringify([corpus.id, corpus.updatedAt, corpus.documents.length, this.chunkerId, this.params(), this.k, this.activeFilter() ?? {}, this.query.trim(), this.retriever, model, rerank, this.scopeDoc(corpus) ?? null]);
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
    if (this.retriever !== 'bm25' && !searchEmbedding()) {
      // No answer under this key: the previous search's results must not stand as this one's.
      this.answer = null;
      this.selected = null;
      this.run = 'need-model';
      this.answerKey = key;
      return;
    }
    this.run = 'running';
    this.progress = 0;
    this.error = null;
    this.needsFolder = null;
    this.embedding = null;
    // One controller for the searches in flight: Cancel aborts the page-side work (embedding, scoring).
    const controller = (this.controller ??= new AbortController());
    const count: EmbedCount = { passages: 0, queries: 0 };
    let loading = true;
    const retriever = this.retriever;
    try {
      const lent = await lendModels({ retriever, chunker: this.chunkerId, rerankTop: this.rerankWith() }, controller.signal, count, (passages, fraction) => {
        if (seq === this.seq) this.embedding = { passages, fraction };
      });
      loading = false;
      const a = await searchCorpus(
        corpus,
        { ...this.chunking(), query, k: this.k, filter: this.activeFilter(), docId: this.scopeDoc(corpus), ...lent.req },
        (f) => seq === this.seq && (this.progress = f),
        lent,
      );
      if (seq !== this.seq) return;
      this.embedding = null;
      this.embedded = retriever === 'bm25' ? null : count;
      this.answer = a;
      this.answerKey = key;
      this.rerankSkipped = lent.rerankSkipped ?? null;
      this.selected = null;
      this.run = 'done';
    } catch (e) {
      if (seq !== this.seq) return;
      this.embedding = null;
      if (e instanceof CancelledError || (e instanceof DOMException && e.name === 'AbortError')) this.run = 'cancelled';
      else {
        this.run = 'error';
        this.error = errorMessage(e);
        this.modelError = loading;
        if (e instanceof FolderNeededError && e.what === 'model') this.needsFolder = { what: 'model', folder: e.folder };
      }
    }
  }

  /** Makes any running search irrelevant (used with cancelEngine). */
  forget(): void {
    this.seq++;
    this.run = 'cancelled';
    this.embedding = null;
    this.controller?.abort();
    this.controller = null;
  }
}

export const search = new SearchState();
