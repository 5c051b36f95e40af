// The workspace: corpora, question sets and saved results, held as reactive state and saved to
// IndexedDB automatically. Saving writes new records and the index before it deletes anything, so a
// failed write (a full quota) never loses what was already stored.
import { errorText } from '../i18n/error-text.ts';
import { getLang, t } from '../i18n/index.svelte.ts';
import { estimateStorage, isQuotaError, memoryKV, openIdbKV, type KV, type StorageUse } from './db.ts';
import { docIdFrom, newId } from './ids.ts';
import { fetchSample, type SampleLang } from './samples.ts';
import type { Dataset } from '../../engine/evaluation/index.ts';
import type { Corpus, QuestionSet, ResultsGroup, SavedResults, StoredDoc, StoredQuestion, WorkspaceIndex } from './types.ts';

const INDEX_KEY = 'ws:index';
const corpusKey = (id: string) => `corpus:${id}`;
const qsKey = (id: string) => `qs:${id}`;
const resultsKey = (id: string) => `results:${id}`;

export type SaveStatus = 'loading' | 'saving' | 'saved' | 'error';
export type StorageProblem = null | { kind: 'unavailable' } | { kind: 'quota' } | { kind: 'failed'; message: string };

export interface NewDocInput {
  name: string;
  text: string;
  format: StoredDoc['format'];
  meta?: StoredDoc['meta'];
  id?: string;
}

export class Workspace {
  corpora = $state<Corpus[]>([]);
  questionSets = $state<QuestionSet[]>([]);
  results = $state<SavedResults[]>([]);
  activeCorpusId = $state<string | undefined>(undefined);
  activeDocId = $state<string | undefined>(undefined);
  status = $state<SaveStatus>('loading');
  problem = $state<StorageProblem>(null);
  /** A problem with the built-in samples (network, malformed file), shown but not fatal. */
  sampleError = $state<string | null>(null);
  storage = $state<StorageUse | null>(null);
  ready = $state(false);

  private kv: KV = memoryKV();
  private samplesSeeded = false;
  private dirty = new Set<string>();
  private deletes = new Set<string>();
  /**
   * Saved results waiting to be written, as the plain objects they were saved from. Results never
   * change once saved, so the write takes them as they are: a deep $state.snapshot of a results file
   * on every grid run was most of the main thread's work during a grid (bench/longtasks.ts).
   */
  private unwritten = new Map<string, SavedResults>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the oldest unsaved change was made: the debounce never waits longer than maxWaitMs past it. */
  private pendingSince: number | undefined;
  private flushing: Promise<void> | null = null;
  private again = false;
  private channel: BroadcastChannel | null = null;
  private readonly tab = newId('tab');
  /** Another tab saved while this one had unsaved changes: read the store again after saving. */
  private refreshAfterSave = false;
  /** Keys this tab deleted: never adopted back from another tab's index. */
  private forgotten = new Set<string>();
  /** Ids listed in the stored index whose records could not be read: kept in the index as they are. */
  private unreadable: { corpusIds: string[]; questionSetIds: string[]; resultIds: string[] } = { corpusIds: [], questionSetIds: [], resultIds: [] };

  activeCorpus = $derived(this.corpora.find((c) => c.id === this.activeCorpusId));
  activeDoc = $derived(this.activeCorpus?.documents.find((d) => d.id === this.activeDocId));

  constructor(
    private readonly saveDelayMs = 250,
    /** Changes arriving faster than saveDelayMs (runs of a grid) are still written at least this often. */
    private readonly maxWaitMs = 1000,
  ) {}

  /** Opens storage, reads everything back, and on a first visit stores the Portuguese sample. */
  async load(): Promise<void> {
    const kv = await openIdbKV();
    if (kv) this.kv = kv;
    else this.problem = { kind: 'unavailable' };
    await this.readStored(false);
    // On a first visit the sample is fetched before the page shows the workspace.
    if (!this.samplesSeeded) await this.seedSamples();
    if (!this.activeCorpus && this.corpora.length) this.activeCorpusId = this.corpora[0].id;
    this.ready = true;
    this.status = 'saved';
    this.listenToOtherTabs();
    if (this.dirty.size || this.deletes.size) await this.flush();
    else void this.refreshEstimate();
  }

  /** Replaces the state with what storage holds; `keepSelection` keeps this tab's active corpus/document. */
  private async readStored(keepSelection: boolean): Promise<void> {
    const index = await this.kv.get<WorkspaceIndex>(INDEX_KEY).catch(() => undefined);
    if (!index) return;
    // A record that cannot be read now stays listed in the index (see index()), so it is never dropped.
    this.unreadable = { corpusIds: [], questionSetIds: [], resultIds: [] };
    const read = <T>(ids: string[], key: (id: string) => string, bad: string[]) =>
      Promise.all(ids.map((id) => this.kv.get<T>(key(id)).catch(() => (bad.push(id), undefined))));
    const corpora = await read<Corpus>(index.corpusIds, corpusKey, this.unreadable.corpusIds);
    const qsets = await read<QuestionSet>(index.questionSetIds, qsKey, this.unreadable.questionSetIds);
    const results = await read<SavedResults>(index.resultIds ?? [], resultsKey, this.unreadable.resultIds);
    const { activeCorpusId, activeDocId } = this;
    this.corpora = corpora.filter((c): c is Corpus => !!c);
    this.questionSets = qsets.filter((q): q is QuestionSet => !!q);
    this.results = results.filter((r): r is SavedResults => !!r);
    this.samplesSeeded = index.samplesSeeded;
    if (keepSelection && this.corpora.some((c) => c.id === activeCorpusId)) {
      this.activeCorpusId = activeCorpusId;
      this.activeDocId = activeDocId;
    } else {
      this.activeCorpusId = index.activeCorpusId ?? this.corpora[0]?.id;
      this.activeDocId = index.activeDocId;
    }
  }

  /**
   * Two tabs share one store: after each save a tab says so on a BroadcastChannel and the others read
   * the store again (right away when idle, else after their own save). Each save also merges into the
   * index what another tab stored meanwhile (see adoptForeign), so no tab's index drops another's work.
   */
  private listenToOtherTabs(): void {
    if (!this.kv.persistent || typeof BroadcastChannel === 'undefined') return;
    this.channel = new BroadcastChannel('chunklab-workspace');
    this.channel.onmessage = (e: MessageEvent) => {
      if (e.data?.type !== 'saved' || e.data.tab === this.tab) return;
      if (this.dirty.size || this.deletes.size || this.flushing) this.refreshAfterSave = true;
      else void this.readStored(true);
    };
  }

  /** Takes into this tab the records another tab listed in the stored index that this tab has not seen. */
  private async adoptForeign(stored: WorkspaceIndex): Promise<void> {
    const known = (ids: string[], key: (id: string) => string) => ids.filter((id) => !this.forgotten.has(key(id)));
    for (const id of known(stored.corpusIds, corpusKey)) {
      if (this.corpora.some((c) => c.id === id)) continue;
      const c = await this.kv.get<Corpus>(corpusKey(id));
      if (c) {
        this.corpora.push(c);
        this.unreadable.corpusIds = this.unreadable.corpusIds.filter((x) => x !== id);
      }
    }
    for (const id of known(stored.questionSetIds, qsKey)) {
      if (this.questionSets.some((q) => q.id === id)) continue;
      const q = await this.kv.get<QuestionSet>(qsKey(id));
      if (q) {
        this.questionSets.push(q);
        this.unreadable.questionSetIds = this.unreadable.questionSetIds.filter((x) => x !== id);
      }
    }
    for (const id of known(stored.resultIds ?? [], resultsKey)) {
      if (this.results.some((r) => r.id === id)) continue;
      const r = await this.kv.get<SavedResults>(resultsKey(id));
      if (r) {
        this.results.push(r);
        this.unreadable.resultIds = this.unreadable.resultIds.filter((x) => x !== id);
      }
    }
  }

  private async seedSamples(): Promise<void> {
    try {
      await this.installSample('pt-BR');
      this.samplesSeeded = true;
      this.markIndex();
    } catch (e) {
      this.sampleError = t('samples.failed', { message: errorMessage(e) });
    }
  }

  /** Adds (or replaces) one sample corpus with its question set. */
  private async installSample(lang: SampleLang): Promise<Corpus> {
    const sample = await fetchSample(lang);
    const old = this.corpora.filter((c) => c.sample === lang);
    // Add the new corpus first; the old one goes only after (see flush: writes before deletes).
    const name = t(lang === 'pt-BR' ? 'samples.corpusName.pt-BR' : 'samples.corpusName.en');
    const corpus = this.addDataset(sample, { name, sample: lang });
    for (const c of old) this.deleteCorpus(c.id);
    this.setActive(corpus.id);
    return corpus;
  }

  /** A dataset read by the engine (import or sample) as a new corpus with its questions. */
  addDataset(ds: Dataset, opts: { name?: string; sample?: SampleLang } = {}): Corpus {
    const now = Date.now();
    const documents: StoredDoc[] = ds.documents.map((d) => ({
      id: d.id,
      name: d.name ?? d.meta?.title ?? d.id,
      text: d.text,
      format: d.format ?? 'text',
      meta: { ...(d.meta ?? {}) },
      addedAt: now,
    }));
    const corpus: Corpus = { id: newId('corpus'), name: opts.name ?? ds.name, documents, createdAt: now, updatedAt: now };
    if (opts.sample) corpus.sample = opts.sample;
    this.corpora.push(corpus);
    this.markCorpus(corpus.id);
    if (ds.questions.length) this.addQuestionSet(corpus.id, t('samples.questionsName', { corpus: corpus.name }), ds.questions);
    this.setActive(corpus.id);
    return this.corpora[this.corpora.length - 1];
  }

  /** Brings the samples back to their original version (Portuguese, and English when it exists). */
  async restoreSamples(): Promise<void> {
    this.sampleError = null;
    const errors: string[] = [];
    for (const lang of ['pt-BR', 'en'] as const) {
      try {
        await this.installSample(lang);
      } catch (e) {
        // The English sample is optional; a missing Portuguese one is reported.
        if (lang === 'pt-BR' || this.corpora.some((c) => c.sample === lang)) errors.push(errorMessage(e));
      }
    }
    this.samplesSeeded = true;
    this.markIndex();
    // Show the sample in the interface's language (the Portuguese one when there is no other).
    const want = this.corpora.find((c) => c.sample === (getLang() === 'en' ? 'en' : 'pt-BR')) ?? this.corpora.find((c) => c.sample);
    if (want) this.setActive(want.id);
    if (errors.length) this.sampleError = t('samples.failed', { message: errors.join('; ') });
  }

  // ------------------------------------------------------------ corpora

  createCorpus(name: string, documents: StoredDoc[] = []): Corpus {
    const now = Date.now();
    const c: Corpus = { id: newId('corpus'), name, documents, createdAt: now, updatedAt: now };
    this.corpora.push(c);
    this.markCorpus(c.id);
    this.setActive(c.id);
    return this.corpora[this.corpora.length - 1];
  }

  renameCorpus(id: string, name: string): void {
    const c = this.corpus(id);
    const trimmed = name.trim();
    if (!c || !trimmed) return;
    c.name = trimmed;
    c.updatedAt = Date.now();
    this.markCorpus(id);
  }

  duplicateCorpus(id: string): Corpus | undefined {
    const c = this.corpus(id);
    if (!c) return undefined;
    const copy = this.createCorpus(
      t('ws.copyOf', { name: c.name }),
      $state.snapshot(c.documents) as StoredDoc[],
    );
    for (const qs of this.questionSets.filter((q) => q.corpusId === id)) {
      this.addQuestionSet(copy.id, qs.name, $state.snapshot(qs.questions) as StoredQuestion[]);
    }
    return copy;
  }

  deleteCorpus(id: string): void {
    const i = this.corpora.findIndex((c) => c.id === id);
    if (i < 0) return;
    this.corpora.splice(i, 1);
    this.dirty.delete(corpusKey(id));
    this.deletes.add(corpusKey(id));
    this.forgotten.add(corpusKey(id));
    for (const qs of this.questionSets.filter((q) => q.corpusId === id)) {
      this.questionSets.splice(this.questionSets.indexOf(qs), 1);
      this.dirty.delete(qsKey(qs.id));
      this.deletes.add(qsKey(qs.id));
      this.forgotten.add(qsKey(qs.id));
    }
    if (this.activeCorpusId === id) {
      this.activeCorpusId = this.corpora[0]?.id;
      this.activeDocId = this.corpora[0]?.documents[0]?.id;
    }
    this.markIndex();
  }

  setActive(corpusId: string | undefined, docId?: string): void {
    this.activeCorpusId = corpusId;
    const c = corpusId ? this.corpus(corpusId) : undefined;
    this.activeDocId = docId ?? (c?.documents.some((d) => d.id === this.activeDocId) ? this.activeDocId : c?.documents[0]?.id);
    this.markIndex();
  }

  corpus(id: string): Corpus | undefined {
    return this.corpora.find((c) => c.id === id);
  }

  // ------------------------------------------------------------ documents

  addDocuments(corpusId: string, inputs: NewDocInput[]): StoredDoc[] {
    const c = this.corpus(corpusId);
    if (!c) return [];
    const now = Date.now();
    const added: StoredDoc[] = [];
    for (const d of inputs) {
      const id = docIdFrom(d.id ?? d.name, c.documents.map((x) => x.id));
      const doc: StoredDoc = { id, name: d.name, text: d.text, format: d.format, meta: { ...(d.meta ?? {}) }, addedAt: now };
      if (!doc.meta.title) doc.meta.title = d.name;
      c.documents.push(doc);
      added.push(doc);
    }
    c.updatedAt = now;
    this.markCorpus(corpusId);
    if (added.length) this.setActive(corpusId, added[added.length - 1].id);
    return added;
  }

  removeDocument(corpusId: string, docId: string): void {
    const c = this.corpus(corpusId);
    if (!c) return;
    const i = c.documents.findIndex((d) => d.id === docId);
    if (i < 0) return;
    c.documents.splice(i, 1);
    c.updatedAt = Date.now();
    this.markCorpus(corpusId);
    if (this.activeDocId === docId) this.activeDocId = c.documents[0]?.id;
    this.markIndex();
  }

  // ------------------------------------------------------------ questions and results

  addQuestionSet(corpusId: string, name: string, questions: StoredQuestion[]): QuestionSet {
    const qs: QuestionSet = { id: newId('qs'), name, corpusId, questions, updatedAt: Date.now() };
    this.questionSets.push(qs);
    this.dirty.add(qsKey(qs.id));
    this.markIndex();
    return qs;
  }

  questionsOf(corpusId: string): QuestionSet[] {
    return this.questionSets.filter((q) => q.corpusId === corpusId);
  }

  saveResults(corpusId: string, name: string, results: unknown, group?: ResultsGroup): SavedResults {
    const r: SavedResults = { id: newId('results'), name, corpusId, createdAt: Date.now(), results };
    if (group) r.group = group;
    this.unwritten.set(resultsKey(r.id), r);
    this.results.push(r);
    this.dirty.add(resultsKey(r.id));
    this.markIndex();
    return r;
  }

  /** Removes saved results; returns what was removed (plain copies), so an undo can put it back. */
  deleteResults(...ids: string[]): SavedResults[] {
    const removed: SavedResults[] = [];
    for (const id of ids) {
      const i = this.results.findIndex((r) => r.id === id);
      if (i < 0) continue;
      removed.push($state.snapshot(this.results[i]) as SavedResults);
      this.results.splice(i, 1);
      this.dirty.delete(resultsKey(id));
      this.unwritten.delete(resultsKey(id));
      this.deletes.add(resultsKey(id));
      this.forgotten.add(resultsKey(id));
    }
    if (removed.length) this.markIndex();
    return removed;
  }

  /** Puts back results removed by deleteResults (the undo of a delete), with their ids. */
  restoreResults(records: readonly SavedResults[]): void {
    for (const r of records) {
      if (this.results.some((x) => x.id === r.id)) continue;
      const key = resultsKey(r.id);
      this.deletes.delete(key);
      this.forgotten.delete(key);
      // The undo's records may have come back through a $state (a proxy cannot be stored): copy.
      const plain = $state.snapshot(r) as SavedResults;
      this.unwritten.set(key, plain);
      this.results.push(plain);
      this.dirty.add(key);
    }
    this.markIndex();
  }

  // ------------------------------------------------------------ saving

  private markCorpus(id: string): void {
    this.dirty.add(corpusKey(id));
    this.markIndex();
  }

  private markIndex(): void {
    this.dirty.add(INDEX_KEY);
    this.schedule();
  }

  /**
   * Debounced save: each change waits saveDelayMs for more, but never past maxWaitMs after the oldest
   * unsaved change, so a stream of changes (a grid's runs) is written in batches instead of starving.
   */
  private schedule(): void {
    if (!this.ready) return;
    this.status = 'saving';
    const now = Date.now();
    this.pendingSince ??= now;
    clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(this.saveDelayMs, this.pendingSince + this.maxWaitMs - now));
    this.timer = setTimeout(() => void this.flush(), wait);
  }

  private index(): WorkspaceIndex {
    return {
      version: 1,
      corpusIds: [...this.corpora.map((c) => c.id), ...this.unreadable.corpusIds],
      questionSetIds: [...this.questionSets.map((q) => q.id), ...this.unreadable.questionSetIds],
      resultIds: [...this.results.map((r) => r.id), ...this.unreadable.resultIds],
      activeCorpusId: this.activeCorpusId,
      activeDocId: this.activeDocId,
      samplesSeeded: this.samplesSeeded,
    };
  }

  private valueFor(key: string): unknown {
    if (key === INDEX_KEY) return this.index();
    const plain = this.unwritten.get(key);
    if (plain) return plain;
    const [kind, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
    const v =
      kind === 'corpus'
        ? this.corpora.find((c) => c.id === id)
        : kind === 'qs'
          ? this.questionSets.find((q) => q.id === id)
          : kind === 'results'
            ? this.results.find((r) => r.id === id)
            : undefined;
    return v === undefined ? undefined : $state.snapshot(v);
  }

  /** Writes every pending change now. Resolves when storage holds the current state (or failed). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pendingSince = undefined;
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = this.doFlush();
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
    if (this.again) {
      this.again = false;
      await this.flush();
    }
  }

  private async doFlush(): Promise<void> {
    const keys = [...this.dirty].filter((k) => k !== INDEX_KEY);
    const hadIndex = this.dirty.has(INDEX_KEY);
    const deletes = [...this.deletes];
    if (!keys.length && !hadIndex && !deletes.length) {
      if (this.status === 'saving') this.status = 'saved';
      return;
    }
    this.dirty.clear();
    this.status = 'saving';
    try {
      // 1. New and changed records. 2. The index that points at them. 3. Only then, deletions.
      for (const key of keys) {
        const v = this.valueFor(key);
        if (v !== undefined) await this.kv.set(key, v);
        this.unwritten.delete(key);
      }
      const stored = await this.kv.get<WorkspaceIndex>(INDEX_KEY).catch(() => undefined);
      if (stored) await this.adoptForeign(stored);
      await this.kv.set(INDEX_KEY, this.valueFor(INDEX_KEY));
      for (const key of deletes) {
        await this.kv.del(key);
        this.deletes.delete(key);
      }
      if (this.problem?.kind !== 'unavailable') this.problem = null;
      // Changes made while this batch was written are still to save: "saved" only when nothing is.
      this.status = this.dirty.size || this.deletes.size ? 'saving' : 'saved';
      this.channel?.postMessage({ type: 'saved', tab: this.tab });
      if (this.refreshAfterSave && !this.dirty.size) {
        this.refreshAfterSave = false;
        await this.readStored(true);
      }
    } catch (e) {
      for (const k of keys) this.dirty.add(k);
      this.dirty.add(INDEX_KEY);
      this.problem = isQuotaError(e) ? { kind: 'quota' } : { kind: 'failed', message: errorMessage(e) };
      this.status = 'error';
    }
    void this.refreshEstimate();
  }

  /** After a failure: mark everything as changed and try again. */
  async retrySave(): Promise<void> {
    for (const c of this.corpora) this.dirty.add(corpusKey(c.id));
    for (const q of this.questionSets) this.dirty.add(qsKey(q.id));
    for (const r of this.results) this.dirty.add(resultsKey(r.id));
    this.dirty.add(INDEX_KEY);
    await this.flush();
  }

  get persistent(): boolean {
    return this.kv.persistent;
  }

  async refreshEstimate(): Promise<void> {
    this.storage = await estimateStorage();
  }
}

export function errorMessage(e: unknown): string {
  // Engine errors with a code are translated, the engine's message kept as the detail (i18n/error-text.ts).
  return errorText(e);
}

/** The one workspace of the page. */
export const workspace = new Workspace();

// ------------------------------------------------------------ question editing (added for src/app/questions)
// The question editor changes question sets in place; these mark what it changed so autosave
// writes it (records before the index, deletions last, as for everything else).

/** Marks question set `id` as changed (after its questions or name were edited in place). */
export function touchQuestionSet(ws: Workspace, id: string): void {
  const qs = ws.questionSets.find((q) => q.id === id);
  if (!qs) return;
  qs.updatedAt = Date.now();
  ws['dirty'].add(qsKey(id));
  ws['markIndex']();
}

/** Removes question set `id` from the workspace and from storage. */
export function deleteQuestionSet(ws: Workspace, id: string): void {
  const i = ws.questionSets.findIndex((q) => q.id === id);
  if (i < 0) return;
  ws.questionSets.splice(i, 1);
  ws['dirty'].delete(qsKey(id));
  ws['deletes'].add(qsKey(id));
  ws['forgotten'].add(qsKey(id));
  ws['markIndex']();
}
