// The Experiments view's state, kept at module level so a grid keeps running (and its progress
// stays visible) when the user opens another section: the grid being edited, the chosen corpus and
// question set, and the runner — one engine call per run, in order, each finished run saved to the
// workspace at once. Cancel stops the worker; finished runs stay, the interrupted one is dropped whole.
// Dense, hybrid and late runs embed with the page's chosen model (src/app/models/state.svelte.ts) and generated
// context reads the context panel's cached sentences (src/app/context/state): both reach the engine
// worker as hooks (one Comlink.proxy per run); cancelling also aborts the embedding work.
import type { ResultsFile } from '../../engine/evaluation/index.ts';
import { InputError } from '../../engine/types.ts';
import type { Stage } from '../../engine/evaluation/index.ts';
import { CancelledError, cancelEngine, engine } from '../bridge/engine.svelte.ts';
import * as Comlink from 'comlink';
import { workspace } from '../state/workspace.svelte.ts';
import { errorParts } from '../i18n/error-text.ts';
import { datasetFor } from './dataset.ts';
import { selectQuestions } from '../../engine/evaluation/index.ts';
import { defaultGrid, expandGrid, modelRecord, type ExperimentGrid, type GridRun } from './model.ts';
import type { ExperimentHooks } from '../../../workers/engine-api.ts';
import { embedVectors, ensureModel, lateChunkCorpus, modelState } from '../models/state.svelte.ts';
import { contextSentences, experimentContextConfig } from '../context/state.svelte.ts';
import { chunkHooks, chunkModels } from '../chunking/hooks.ts';

import type { ContextRunConfig } from '../../engine/context/index.ts';
import { etaMs, runFraction } from './progress.ts';
import { resetServiceConfirmation, serviceEmbed, serviceGridModel, serviceRecord } from '../models/service.svelte.ts';

/**
 * The models the grid's chunkers borrow now: the semantic chunker's vectors (an embedding service
 * chosen for the grid, else the loaded model, else none: lexical), the configured language model.
 */
function chunkModelIds(): { semanticEmbedder?: string; generator?: string } {
  return { semanticEmbedder: serviceGridModel() ?? chunkModels('semantic').embedder, generator: chunkModels('llm').generator };
}
import { isServiceModelId } from '../models/service-settings.ts';
import { FolderNeededError } from '../components/folder.ts';
import { rerankHooks, rerankRecord, availableRerankers, type RerankTiming } from './rerank-run.ts';
import { gridRunningElsewhere, readForm, readJob, withGridLock, writeForm, writeJob, type GridJob } from './job.ts';
import { newId } from '../state/ids.ts';
import type { ResultsGroup } from '../state/types.ts';

/** Whether the Models section has a remembered choice (its localStorage record, src/app/models/state.svelte.ts). */
export function savedModelChoice(): boolean {
  try {
    return localStorage.getItem('chunklab.model') !== null;
  } catch {
    return false;
  }
}

export type RunStatus = 'queued' | 'running' | 'done' | 'error' | 'cancelled';

export interface RunRow extends GridRun {
  status: RunStatus;
  /** Fraction of this run done, 0..1. */
  fraction: number;
  stage?: Stage;
  /** The saved results' id in the workspace, once done. */
  resultId?: string;
  error?: string;
  /** The engine's own message behind a translated `error` (English; shown apart, as code). */
  errorDetail?: string;
  /** `error` is the page's own sentence with its commands between backticks (CodeSpans.svelte). */
  errorMarked?: boolean;
  /** The context arm found sentences missing in the context panel's cache (shown translated). */
  contextMissing?: { missing: number; total: number; provider: string };
  ms?: number;
  /** Reranking cost of this run: queries scored and milliseconds spent (from the page's side). */
  rerank?: RerankTiming;
}

export type BatchStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'error';

/**
 * The grid's shape on a corpus (every field but the name and autoRun, keys sorted): a lesson's or a
 * pack's name holds only while the form still has the shape it was loaded with.
 */
export function gridShape(grid: ExperimentGrid, corpusId: string | undefined): string {
  const { label: _l, labelKey: _k, autoRun: _a, corpusId: _c, questionSetId: _q, sample: _s, ...shape } = grid;
  const sorted = Object.fromEntries(Object.entries(shape).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify([corpusId ?? '', sorted]);
}

/** The grid without its name: the name belongs to the loaded preset (ExperimentsStore.preset), not to the form. */
function unnamed(grid: ExperimentGrid): ExperimentGrid {
  const { label: _l, labelKey: _k, ...rest } = grid;
  return rest;
}

/** A lesson's or a pack's grid as loaded: its name, and the shape (gridShape) it was loaded with. */
export interface GridPreset {
  label: string;
  labelKey?: string;
  shape: string;
}

class ExperimentsStore {
  grid = $state<ExperimentGrid>(defaultGrid());
  corpusId = $state<string | undefined>(undefined);
  /**
   * The lesson or pack grid last loaded (this visit only: never kept with the form). Its name names
   * the banner and the session a run makes only while the form keeps its shape; any change in the
   * form (a size, a strategy, the corpus) makes the grid the user's own, named after what it varies.
   */
  private preset = $state<GridPreset | null>(null);
  /** The loaded lesson's or pack's name while the form is still that grid; null for a grid of the user's own. */
  presetName = $derived(this.preset && this.preset.shape === gridShape(this.grid, this.corpusId) ? this.preset : null);
  questionSetId = $state<string | undefined>(undefined);
  /** A grid that was running when the page closed (found in its record, see job.ts), until resumed or dismissed. */
  interrupted = $state<GridJob | null>(null);
  /** Run keys of the interrupted grid that storage holds (its finished runs). */
  interruptedSaved = $derived(this.interrupted ? savedKeys(this.interrupted.group.id).size : 0);
  /**
   * Embedding model ids available for dense/hybrid runs: the model chosen in the Models section (one
   * at a time on the page) once the user has chosen one — loaded, loading, or a choice remembered from
   * an earlier visit. The built-in default alone does not count (nothing is downloaded by surprise).
   */
  availableModels = $derived<string[]>(
    serviceGridModel() ? [serviceGridModel()!] : modelState.choice?.id && (modelState.status || modelState.phase === 'loading' || savedModelChoice()) ? [modelState.choice.id] : [],
  );
  /** A grid loaded by openGrid that asked to run on arrival. */
  pendingAutoRun = $state(false);
  /**
   * Generated questions not reviewed yet take part too (off by default: only accepted ones and those
   * written by a person). Results then record config.unreviewedQuestions, as the CLI's eval does.
   */
  includeUnreviewed = $state(false);
  /** Unreviewed questions the latest batch evaluated (shown beside its runs). */
  unreviewedInBatch = $state(0);

  status = $state<BatchStatus>('idle');
  runs = $state<RunRow[]>([]);
  error = $state<string | null>(null);
  startedAt = $state(0);
  /** Saved results ids of the latest batch (the Results view highlights them). */
  batchIds = $state<string[]>([]);
  private cancelled = false;
  private controller: AbortController | null = null;

  /**
   * Counts kept as rows change status (setStatus), so that each progress report costs the same
   * whatever the grid's size: deriving them from every row re-read all rows on every report.
   */
  private tally = $state({ done: 0, timed: 0, timedMs: 0, pending: 0 });
  /** The run in progress. */
  private current = $state<RunRow | null>(null);

  get done(): number {
    return this.tally.done;
  }

  /** Adds a row's part to the counts (sign 1), or takes it out (-1). */
  private count(r: RunRow, sign: 1 | -1): void {
    const t = this.tally;
    if (r.status === 'done') {
      t.done += sign;
      if (r.ms !== undefined) {
        t.timed += sign;
        t.timedMs += sign * r.ms;
      }
    }
    if (r.status === 'queued' || r.status === 'running') t.pending += sign;
  }

  /** Moves a row to a status, keeping the counts. */
  private setStatus(row: RunRow, status: RunStatus): void {
    this.count(row, -1);
    row.status = status;
    this.count(row, 1);
    if (status === 'running') this.current = row;
    else if (this.current === row) this.current = null;
  }

  /** A new list of rows, counted afresh. */
  private setRuns(rows: RunRow[]): void {
    this.tally = { done: 0, timed: 0, timedMs: 0, pending: 0 };
    this.current = null;
    this.runs = rows;
    for (const r of this.runs) this.count(r, 1);
  }

  constructor() {
    if (typeof window === 'undefined') return;
    // The grid form as the user left it, and kept so on every change.
    const form = readForm();
    if (form) {
      // A name kept with the form by earlier versions is dropped: a reload starts with the user's own grid.
      this.grid = unnamed({ ...defaultGrid(), ...form.grid });
      this.corpusId = form.corpusId;
      this.questionSetId = form.questionSetId;
    }
    $effect.root(() => {
      $effect(() => {
        writeForm($state.snapshot({ grid: this.grid, corpusId: this.corpusId, questionSetId: this.questionSetId }) as Parameters<typeof writeForm>[0]);
      });
    });
    const job = readJob();
    if (job?.state === 'running') {
      void gridRunningElsewhere().then((busy) => {
        if (!busy && this.status !== 'running') this.interrupted = job;
      });
    }
  }
  overall = $derived(this.runs.length ? (this.tally.done + (this.current?.fraction ?? 0)) / this.runs.length : 0);

  /** Puts a preset's grid in the view (missing fields from the defaults). */
  load(g: ExperimentGrid): void {
    const d = defaultGrid();
    this.grid = unnamed({ ...d, ...g, models: g.models ?? d.models, contexts: g.contexts ?? d.contexts });
    this.resolveCorpus(g);
    this.preset = g.label || g.labelKey ? { label: g.label ?? '', ...(g.labelKey ? { labelKey: g.labelKey } : {}), shape: gridShape(this.grid, this.corpusId) } : null;
    this.pendingAutoRun = !!g.autoRun;
    // A new grid: the previous grid's run list (and its outcome) no longer describes what is shown.
    if (this.status !== 'running') {
      this.setRuns([]);
      this.batchIds = [];
      this.error = null;
      this.status = 'idle';
    }
  }

  /** Picks the grid's corpus (by id, else the sample in its language) and a question set of it. */
  resolveCorpus(g: Pick<ExperimentGrid, 'corpusId' | 'sample' | 'questionSetId'> = {}): void {
    let c = g.corpusId ? workspace.corpus(g.corpusId) : undefined;
    if (!c && g.sample) c = workspace.corpora.find((x) => x.sample === g.sample);
    if (!c && !workspace.corpora.some((x) => x.id === this.corpusId)) c = workspace.activeCorpus ?? workspace.corpora[0];
    if (c) this.corpusId = c.id;
    const sets = this.corpusId ? workspace.questionsOf(this.corpusId) : [];
    if (g.questionSetId && sets.some((s) => s.id === g.questionSetId)) this.questionSetId = g.questionSetId;
    else if (!sets.some((s) => s.id === this.questionSetId)) this.questionSetId = sets[0]?.id;
  }

  /** Milliseconds left, from the mean time of finished runs; undefined before one finishes. */
  eta(): number | undefined {
    const t = this.tally;
    return etaMs(t.timed, t.timedMs, t.pending - (this.current?.fraction ?? 0));
  }

  /**
   * The grid as it will run: models limited to the available one (dense/hybrid with none ticked take
   * the available model).
   */
  effectiveGrid(grid: ExperimentGrid = this.grid): ExperimentGrid {
    let models = (grid.models ?? []).filter((m) => this.availableModels.includes(m));
    if (!models.length && grid.retrievers.some((r) => r !== 'bm25')) models = [...this.availableModels];
    const rerankers = (grid.rerankers ?? ['']).filter((r) => r === '' || availableRerankers().includes(r));
    // Late chunking stays with in-page models: a service returns pooled vectors only.
    return { ...grid, models, rerankers: rerankers.length ? rerankers : [''], ...(models.some(isServiceModelId) ? { late: false } : {}) };
  }

  /** The context panel's settings as ExperimentConfig.context (no key), when the grid asks for context. */
  contextConfig(grid: ExperimentGrid = this.grid): ContextRunConfig | undefined {
    if (!grid.contexts?.includes(true)) return undefined;
    try {
      return experimentContextConfig();
    } catch {
      return undefined;
    }
  }

  /** The runs the grid makes now. */
  plan(grid: ExperimentGrid = this.grid) {
    return expandGrid(this.effectiveGrid(grid), { context: this.contextConfig(grid), ...chunkModelIds() });
  }

  /** Runs the grid in the form. */
  async run(): Promise<void> {
    if (this.status === 'running') return;
    this.pendingAutoRun = false;
    this.interrupted = null;
    const grid = $state.snapshot(this.grid) as ExperimentGrid;
    // Named after the lesson or pack only while the form is still the grid it loaded.
    const preset = this.presetName;
    const group: GridJob['group'] = { id: newId('grid'), kind: preset ? 'lesson' : 'grid', label: preset?.label ?? '', at: Date.now() };
    if (preset?.labelKey) group.labelKey = preset.labelKey;
    await this.execute(grid, group, new Map());
  }

  /** Runs the interrupted grid's missing runs (those storage does not hold) in the same group. */
  async resume(): Promise<void> {
    const job = this.interrupted;
    if (!job || this.status === 'running') return;
    this.interrupted = null;
    this.preset = null;
    this.grid = unnamed({ ...defaultGrid(), ...job.grid });
    this.corpusId = job.corpusId;
    this.questionSetId = job.questionSetId;
    this.includeUnreviewed = !!job.includeUnreviewed;
    await this.execute($state.snapshot(this.grid) as ExperimentGrid, job.group, savedKeys(job.group.id));
  }

  /** Forgets the interrupted grid (its finished runs stay saved). */
  dismissInterrupted(): void {
    const job = readJob();
    if (job && this.interrupted && job.group.id === this.interrupted.group.id) writeJob(undefined);
    this.interrupted = null;
  }

  private async execute(grid: ExperimentGrid, group: GridJob['group'], saved: Map<string, string>): Promise<void> {
    this.error = null;
    const corpus = this.corpusId ? workspace.corpus(this.corpusId) : undefined;
    const qs = workspace.questionSets.find((q) => q.id === this.questionSetId && q.corpusId === this.corpusId);
    if (!corpus || !qs) {
      this.status = 'error';
      this.error = 'no-dataset';
      return;
    }
    const { runs } = this.plan(grid);
    if (!runs.length) return;
    // The one place the page picks the questions an evaluation takes (the engine's rule, as in `eval`).
    const dataset = selectQuestions(datasetFor($state.snapshot(corpus), $state.snapshot(qs)), this.includeUnreviewed);
    if (!dataset.questions.length) {
      this.status = 'error';
      this.error = 'no-evaluated';
      return;
    }
    this.unreviewedInBatch = dataset.unreviewed;
    this.setRuns(runs.map((r): RunRow => (saved.has(r.key) ? { ...r, status: 'done', fraction: 1, resultId: saved.get(r.key) } : { ...r, status: 'queued', fraction: 0 })));
    this.batchIds = this.runs.flatMap((r) => (r.resultId ? [r.resultId] : []));
    this.status = 'running';
    this.startedAt = Date.now();
    this.cancelled = false;
    const controller = new AbortController();
    this.controller = controller;
    const signal = controller.signal;
    resetServiceConfirmation();
    const job: GridJob = { version: 1, group, grid, corpusId: corpus.id, questionSetId: qs.id, total: runs.length, done: this.done, state: 'running', ...(this.includeUnreviewed ? { includeUnreviewed: true } : {}) };
    writeJob(job);
    await withGridLock(async () => {
      for (let i = 0; i < this.runs.length; i++) {
        if (this.cancelled) break;
        const row = this.runs[i];
        if (row.status !== 'queued') continue;
        await this.runOne(row, dataset, corpus.id, { ...group, runKey: row.key }, signal);
        const after = row.status as RunStatus;
        if (after === 'done') writeJob({ ...job, done: this.done });
        if (after === 'cancelled') break;
      }
    });
    for (const r of this.runs) if (r.status === 'queued' || r.status === 'running') this.setStatus(r, 'cancelled');
    this.controller = null;
    this.status = this.cancelled ? 'cancelled' : this.runs.some((r) => r.status === 'error') ? 'error' : 'done';
    // Finished or cancelled on purpose: nothing to offer after a reload.
    writeJob({ ...job, done: this.done, state: 'finished' });
  }

  private async runOne(row: RunRow, dataset: ReturnType<typeof selectQuestions>, corpusId: string, group: ResultsGroup, signal: AbortSignal): Promise<void> {
    this.setStatus(row, 'running');
    const t0 = Date.now();
    let hookError: unknown;
    const onProgress = Comlink.proxy((stage: Stage, f: number) => {
      if (row.status !== 'running') return;
      row.stage = stage;
      row.fraction = runFraction(stage, f);
    });
    try {
      const config = $state.snapshot(row.config);
      const service = config.retriever.kind !== 'bm25' && isServiceModelId(config.retriever.model);
      // The semantic chunker's sentence vectors come from the service too while it is in use.
      const semanticService = config.chunker === 'semantic' && serviceGridModel() !== null;
      if (semanticService) config.semanticEmbedder = serviceGridModel()!;
      if (service) {
        // Recorded like the CLI's --embedder: provider, model, dimensions, base URL (no credentials).
        Object.assign(config.retriever, await serviceRecord());
      } else if (config.retriever.kind !== 'bm25') {
        // Recorded like the CLI records its --model: id, dtype, pooling, limit, late settings.
        if (modelState.needsFiles) throw new FolderNeededError('model', modelState.choice.id);
        const status = await ensureModel(signal);
        Object.assign(config.retriever, modelRecord(status, !!config.retriever.late));
      }
      if (config.rerank) Object.assign(config.rerank, await rerankRecord(signal));
      // The llm chunker calls its model from the engine worker; only the in-page model is relayed here.
      const llm = chunkHooks('llm', signal);
      const hooks: ExperimentHooks = Comlink.proxy({
        ...rerankHooks(row, signal),
        // An error thrown here reaches the engine worker without its code (Comlink's page side keeps
        // only the message), so the run's error is shown from the error as it was thrown here
        // (embed and generate alike).
        embed: (texts: string[], kind: 'query' | 'passage') =>
          (service || semanticService ? serviceEmbed(texts, kind, signal, kind === 'passage' && service ? dataset.questions.map((q) => q.text) : undefined) : embedVectors(texts, kind, undefined, signal)).catch(
            (e: unknown) => {
              hookError = e;
              throw e;
            },
          ),
        // The in-page model (llm chunker): its errors are kept here too, so the row words them by their code.
        ...(llm?.generate
          ? {
              generate: (prompt: { system: string; user: string }, maxTokens: number) =>
                llm.generate!(prompt, maxTokens).catch((e: unknown) => {
                  hookError = e;
                  throw e;
                }),
            }
          : {}),
        lateChunkCorpus: (docs: [string, string][], spans: Parameters<typeof lateChunkCorpus>[1]) => lateChunkCorpus(docs, spans, undefined, signal),
        contextSentences: async (docs: Parameters<typeof contextSentences>[0], chunks: Parameters<typeof contextSentences>[1]) => {
          try {
            return await contextSentences(docs, chunks, { signal });
          } catch (e) {
            // The cache-only read says how many sentences are missing (code 'context-missing'): keep the numbers for a translated message.
            if (e instanceof InputError && e.code === 'context-missing' && e.details) {
              const d = e.details as { missing: number; total: number; model: string };
              row.contextMissing = { missing: d.missing, total: d.total, provider: d.model };
            }
            throw e;
          }
        },
      });
      const file: ResultsFile = await engine((api) => api.experiment(dataset, config, onProgress, hooks), 'experiment');
      if (service) Object.assign(file.config.retriever as object, await serviceRecord()); // dimensions, once the service answered
      if (this.cancelled) {
        this.setStatus(row, 'cancelled');
        return;
      }
      row.ms = Date.now() - t0;
      row.fraction = 1;
      if (dataset.unreviewed) file.config.unreviewedQuestions = dataset.unreviewed;
      const saved = workspace.saveResults(corpusId, row.label, file, group);
      row.resultId = saved.id;
      this.batchIds.push(saved.id);
      // Written now, before the run counts as finished: a reload never loses a run shown as done.
      await workspace.flush();
      this.setStatus(row, 'done');
    } catch (e) {
      if (e instanceof CancelledError || this.cancelled) {
        this.setStatus(row, 'cancelled');
        row.fraction = 0;
        return;
      }
      this.setStatus(row, 'error');
      const parts = errorParts(hookError ?? e);
      row.error = parts.text;
      row.errorDetail = parts.detail;
      row.errorMarked = parts.marked;
    }
  }

  cancel(): void {
    if (this.status !== 'running') return;
    this.cancelled = true;
    this.controller?.abort();
    cancelEngine();
  }
}

/** Run key → saved results id, for the runs of group `groupId` that the workspace holds. */
function savedKeys(groupId: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const r of workspace.results) if (r.group?.id === groupId && r.group.runKey) m.set(r.group.runKey, r.id);
  return m;
}

export const experimentsStore = new ExperimentsStore();
