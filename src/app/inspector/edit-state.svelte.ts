// The inspector's hand edits of a saved run's chunk boundaries: which run is open, the edits made (the
// page keeps the list; the engine worker replays it from the run's own chunks at every scoring, so undo
// is a shorter list and a replaced worker is reopened and given the list again), the latest scoring
// (hits gained and lost, metrics) and saving the edited run to Results. Every number is the engine's
// (src/engine/edit through workers/edit-session.ts); a newer scoring makes older answers irrelevant.
import * as Comlink from 'comlink';
import type { ResultsFile } from '../../engine/evaluation/index.ts';
import type { Chunk } from '../../engine/types.ts';
import type { BoundaryEdit, DocEdit, EditScore } from '../../../workers/engine-api.ts';
import { CancelledError, cancelEngine, engine, progress } from '../bridge/engine.svelte.ts';
import { errorMessage, workspace } from '../state/workspace.svelte.ts';
import { embedVectors, modelState } from '../models/state.svelte.ts';
import { modelLoaded } from '../chunking/hooks.ts';
import { fileLabel } from '../results/label.ts';
import type { SavedResults } from '../state/types.ts';

export type EditStatus = 'idle' | 'opening' | 'scoring' | 'ready' | 'error' | 'needs-model' | 'cancelled';

/** Whether two edits are moves of the same boundary (a run of arrow presses or drags counts as one edit). */
function sameMove(a: DocEdit | undefined, b: DocEdit): boolean {
  return !!a && a.docId === b.docId && a.edit.kind === 'move' && b.edit.kind === 'move' && a.edit.chunk === b.edit.chunk;
}

class BoundaryEditor {
  /** A run handed over from Results (offered first in the inspector's list), or null. */
  offered = $state<string | null>(null);
  /** The saved run being edited (its id in the workspace), or null. */
  runId = $state<string | null>(null);
  status = $state<EditStatus>('idle');
  progress = $state(0);
  error = $state<string | null>(null);
  /** A dense or hybrid run whose model is not loaded here: scored with BM25 instead when the user says so. */
  bm25Instead = $state(false);
  /** The retriever the edits are scored with. */
  retriever = $state('');
  edits = $state.raw<DocEdit[]>([]);
  /** Edits undone (redo is not offered; kept so reset can be undone). */
  private undone: DocEdit[][] = [];
  score = $state.raw<EditScore | null>(null);
  /** The run's own chunks per document, as the worker rebuilt them. */
  private base = $state.raw<Record<string, Chunk[]>>({});
  /** The id of the edited run once saved (until the next edit). */
  savedId = $state<string | null>(null);
  private session = '';
  private seq = 0;

  get run(): SavedResults | undefined {
    return this.runId ? workspace.results.find((r) => r.id === this.runId) : undefined;
  }

  get active(): boolean {
    return this.runId !== null;
  }

  /** The chunks shown for `docId`: after the edits, else the run's own (undefined until fetched). */
  chunksOf(docId: string): Chunk[] | undefined {
    return this.score?.chunks[docId] ?? this.base[docId];
  }

  /** The run's model is here (dense/hybrid), or the run needs none. */
  private modelHere(file: ResultsFile): boolean {
    const r = file.config.retriever as { kind?: string; model?: string } | undefined;
    if (!r || r.kind === 'bm25') return true;
    return modelLoaded() && modelState.status?.id === r.model;
  }

  private hooks() {
    return Comlink.proxy({ embed: (texts: string[], kind: 'query' | 'passage') => embedVectors(texts, kind) });
  }

  /** Opens a saved run for editing and fetches the chunks of `docId`. */
  async open(runId: string, docId: string | undefined, bm25Instead = false): Promise<void> {
    const saved = workspace.results.find((r) => r.id === runId);
    const corpus = saved ? workspace.corpus(saved.corpusId) : undefined;
    this.runId = runId;
    this.bm25Instead = bm25Instead;
    this.edits = [];
    this.undone = [];
    this.score = null;
    this.base = {};
    this.savedId = null;
    this.error = null;
    if (!saved || !corpus) {
      this.status = 'error';
      this.error = 'missing';
      return;
    }
    const file = $state.snapshot(saved.results) as ResultsFile;
    const dense = (file.config.retriever as { kind?: string } | undefined)?.kind !== 'bm25';
    if (dense && !bm25Instead && !this.modelHere(file)) {
      this.status = 'needs-model';
      return;
    }
    await this.connect(file, corpus.id, docId);
  }

  /** Opens the session in the worker (again, after the worker was replaced) and scores the edits so far. */
  private async connect(file: ResultsFile, corpusId: string, docId: string | undefined): Promise<void> {
    const seq = ++this.seq;
    const corpus = workspace.corpus(corpusId)!;
    const documents = corpus.documents.map((d) => ({ id: d.id, text: d.text, format: d.format, name: d.name, meta: $state.snapshot(d.meta) }));
    this.status = 'opening';
    this.progress = 0;
    const onProgress = progress((f: number) => {
      if (seq === this.seq) this.progress = f;
    });
    try {
      const opened = await engine((api) => api.editOpen(documents, file, { bm25Instead: this.bm25Instead }, onProgress, this.hooks()), 'edit-open');
      if (seq !== this.seq) return;
      this.session = opened.session;
      this.retriever = opened.retriever;
      if (docId) await this.fetchChunks(docId);
      // Scored even with no edit: the run's hits, the line every edit is compared with.
      await this.rescore();
    } catch (e) {
      if (seq === this.seq) this.fail(e);
    }
  }

  private fail(e: unknown): void {
    if (e instanceof CancelledError || (e instanceof Error && e.name === 'AbortError')) {
      this.status = 'cancelled';
      return;
    }
    this.status = 'error';
    this.error = errorMessage(e);
  }

  /** Whether an error means the worker no longer holds the session (replaced after a cancel or when idle). */
  private gone(e: unknown): boolean {
    return (e as { code?: unknown })?.code === 'edit-session-gone' || /no longer open/.test(errorMessage(e));
  }

  private reconnect(docId?: string): Promise<void> {
    const saved = this.run;
    if (!saved) return Promise.resolve();
    return this.connect($state.snapshot(saved.results) as ResultsFile, saved.corpusId, docId);
  }

  /** The run's chunks of a document (fetched once per document). */
  async fetchChunks(docId: string): Promise<void> {
    if (!this.session || this.base[docId]) return;
    try {
      const chunks = await engine((api) => api.editChunks(this.session, docId), 'edit-chunks');
      this.base = { ...this.base, [docId]: chunks };
    } catch (e) {
      if (this.gone(e)) await this.reconnect(docId);
      else this.fail(e);
    }
  }

  /** Adds an edit (consecutive moves of one boundary merge into one) and scores the run with it. */
  apply(docId: string, edit: BoundaryEdit): Promise<void> {
    const e: DocEdit = { docId, edit };
    const list = this.edits;
    this.edits = sameMove(list[list.length - 1], e) ? [...list.slice(0, -1), e] : [...list, e];
    this.undone = [];
    // Refused by the engine: back to `list` (a merged move replaced the accepted move before it).
    return this.rescore(list);
  }

  undo(): Promise<void> {
    if (!this.edits.length) return Promise.resolve();
    this.undone.push(this.edits);
    this.edits = this.edits.slice(0, -1);
    return this.rescore();
  }

  /** Back to the run's own chunks (undo brings the edits back). */
  reset(): Promise<void> {
    if (!this.edits.length) return Promise.resolve();
    this.undone.push(this.edits);
    this.edits = [];
    return this.rescore();
  }

  /** Whether the last change can be undone by bringing back a reset. */
  get canRestore(): boolean {
    return !this.edits.length && this.undone.length > 0;
  }

  restore(): Promise<void> {
    const last = this.undone.pop();
    if (!last) return Promise.resolve();
    this.edits = last;
    return this.rescore();
  }

  /** Scores the edits; `before`: the list to go back to when the engine refuses the newest edit. */
  private async rescore(before?: DocEdit[]): Promise<void> {
    const seq = ++this.seq;
    const edits = $state.snapshot(this.edits) as DocEdit[];
    this.savedId = null;
    this.status = 'scoring';
    this.progress = 0;
    const onProgress = progress((f: number) => {
      if (seq === this.seq) this.progress = f;
    });
    try {
      const score = await engine((api) => api.editScore(this.session, edits, onProgress, this.hooks()), 'edit-score');
      if (seq !== this.seq) return;
      this.score = score;
      this.status = 'ready';
    } catch (e) {
      if (seq !== this.seq) return;
      if (this.gone(e)) {
        await this.reconnect(edits[edits.length - 1]?.docId);
        return;
      }
      // A refused edit (it would empty a chunk): drop it and keep the last good scoring.
      if ((e as { code?: unknown })?.code === 'edit-bad-boundary' && this.edits.length) this.edits = before ?? this.edits.slice(0, -1);
      this.fail(e);
    }
  }

  /** Saves the edited run to Results (its label says "edited by hand"); returns the new record's id. */
  async save(): Promise<string | null> {
    const saved = this.run;
    if (!saved || !this.edits.length || this.status !== 'ready') return null;
    const edits = $state.snapshot(this.edits) as DocEdit[];
    try {
      const file = await engine((api) => api.editResults(this.session, edits), 'edit-results');
      // In the same session (grid or lesson) as the run it edits, so Results shows the two together.
      const group = saved.group ? { ...$state.snapshot(saved.group) } : undefined;
      if (group) delete group.runKey;
      const record = workspace.saveResults(saved.corpusId, fileLabel(file.config, saved.name), file, group);
      await workspace.flush();
      this.savedId = record.id;
      return record.id;
    } catch (e) {
      if (this.gone(e)) await this.reconnect();
      else this.fail(e);
      return null;
    }
  }

  cancel(): void {
    this.seq++;
    cancelEngine();
    this.status = 'cancelled';
  }

  close(): void {
    this.seq++;
    this.runId = null;
    this.status = 'idle';
    this.edits = [];
    this.undone = [];
    this.score = null;
    this.base = {};
    this.session = '';
    this.savedId = null;
  }
}

export const boundaryEditor = new BoundaryEditor();
