// The chunk inspector's state: the registry (read from the worker), the chosen chunker and its
// parameter values (remembered in localStorage), and the last result for the chosen document.
// Runs go through the engine bridge; a newer run makes older answers irrelevant (latest wins).
import type { ChunkerId } from '../../engine/types.ts';
import type { ChunkerDescription, InspectResult, LlmChunkEstimate } from '../../../workers/engine-api.ts';
import { chunkHooks, chunkModels, llmProblem } from '../chunking/hooks.ts';
import { providerPricing } from '../llm/settings.svelte.ts';
import { CancelledError, engine, cancelEngine, progress, engineTokenizer } from '../bridge/engine.svelte.ts';
import type { StoredDoc } from '../state/types.ts';
import type { Target } from './target.ts';
import { errorMessage } from '../state/workspace.svelte.ts';
import { ChunkerSettings, readChoice, readStored, type ChunkerChoice } from '../state/chunker-settings.svelte.ts';

const SETTINGS_KEY = 'chunklab.inspector';

interface Settings extends ChunkerChoice {
  modelMaxTokens: number;
  minTokens: number;
}

function readSettings(): Settings {
  const s = readStored<Settings>(SETTINGS_KEY);
  return {
    ...readChoice(s),
    modelMaxTokens: typeof s?.modelMaxTokens === 'number' ? s.modelMaxTokens : 256,
    minTokens: typeof s?.minTokens === 'number' ? s.minTokens : 16,
  };
}

/** 'confirm': an llm chunking waits for the user to accept its estimate; 'needs-provider': no usable model. */
export type RunState = 'idle' | 'running' | 'done' | 'error' | 'cancelled' | 'confirm' | 'needs-provider';

/** Parameters that only move the semantic curve's line: changing them re-cuts, never re-embeds. */
const LINE_PARAMS = ['percentile', 'threshold'];

class Inspector extends ChunkerSettings {
  chunkers = $state.raw<ChunkerDescription[]>([]);
  registryError = $state<string | null>(null);
  modelMaxTokens = $state(256);
  minTokens = $state(16);
  result = $state.raw<InspectResult | null>(null);
  /** What the shown result was computed from (document, chunker, parameters). */
  resultKey = $state('');
  runState = $state<RunState>('idle');
  progress = $state(0);
  error = $state<string | null>(null);
  selected = $state<number | null>(null);
  /** An llm chunking's estimate, shown before any call (with the key it was made for). */
  llmEstimate = $state.raw<(LlmChunkEstimate & { key: string; cost: number | null }) | null>(null);
  /** The key whose llm calls the user accepted. */
  private approved = '';
  private controller: AbortController | null = null;
  /** A gold span to show (scrolled to, highlighted, with the cuts that split it); see target.ts. */
  target = $state<Target | null>(null);
  private seq = 0;

  constructor() {
    const s = readSettings();
    super(s);
    this.modelMaxTokens = s.modelMaxTokens;
    this.minTokens = s.minTokens;
  }

  async loadRegistry(): Promise<void> {
    if (this.chunkers.length) return;
    try {
      this.chunkers = await engine((api) => api.chunkers(), 'registry');
      if (!this.chunkers.some((c) => c.id === this.chunkerId) && this.chunkers[0]) this.chunkerId = this.chunkers[0].id;
      this.registryError = null;
    } catch (e) {
      if (!(e instanceof CancelledError)) this.registryError = errorMessage(e);
    }
  }

  registry(): ChunkerDescription[] {
    return this.chunkers;
  }

  save(): void {
    try {
      const s: Settings = {
        ...this.choice(),
        modelMaxTokens: this.modelMaxTokens,
        minTokens: this.minTokens,
      };
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(s));
    } catch {
      // Settings are a convenience: not remembering them is no error.
    }
  }

  /**
   * A key for (document, chunker, parameters, lint options, models): equal keys give equal results.
   * `line: false` leaves out the semantic line's parameters (equal such keys share one curve).
   */
  keyFor(doc: StoredDoc | undefined, line = true): string {
    if (!doc) return '';
    const params = this.params();
    if (!line) for (const n of LINE_PARAMS) delete params[n];
    // The tokenizer is part of the key: choosing another model changes every count (stale → rerun);
    // so is the model that makes the semantic vectors or chooses the llm boundaries.
    const models = chunkModels(this.chunkerId);
    return JSON.stringify([doc.id, doc.text.length, doc.format, this.chunkerId, params, this.modelMaxTokens, this.minTokens, engineTokenizer.model ? engineTokenizer.name : null, models]);
  }

  /** Runs the llm chunking whose estimate is shown (the user accepted its calls). */
  approve(doc: StoredDoc): Promise<void> {
    this.approved = this.keyFor(doc);
    return this.run(doc);
  }

  async run(doc: StoredDoc): Promise<void> {
    if (!this.info) return;
    const seq = ++this.seq;
    this.controller?.abort();
    const key = this.keyFor(doc);
    // What this run's curve is computed from, taken now: the settings may change while it runs.
    const curveKey = this.keyFor(doc, false);
    const input = { id: doc.id, text: doc.text, format: doc.format, name: doc.name, meta: $state.snapshot(doc.meta) };
    const chunkerId = this.chunkerId;
    const params = this.params();
    const lint = { modelMaxTokens: this.modelMaxTokens, minTokens: this.minTokens };
    this.runState = 'running';
    this.progress = 0;
    this.error = null;
    const onProgress = progress((f) => {
      if (seq === this.seq) this.progress = f;
    });
    const controller = new AbortController();
    this.controller = controller;
    try {
      // A semantic chunking whose curve is already here: only the line moved, so re-cut (no embedding).
      const prev = this.result;
      if (chunkerId === 'semantic' && prev?.semantic && prev.doc.id === doc.id && this.curveKey === curveKey) {
        const rule = { percentile: params.percentile as number, threshold: params.threshold as number };
        const r = await engine((api) => api.recut(input, params, lint, $state.snapshot(prev.semantic!) as NonNullable<InspectResult['semantic']>, rule), 'recut');
        if (seq !== this.seq) return;
        this.finish(r, key, doc);
        return;
      }
      const models = chunkModels(chunkerId);
      if (chunkerId === 'llm') {
        if (!models.generator) {
          this.runState = 'needs-provider';
          return;
        }
        // Before any call: the estimate and the personal-data scan; calls wait for the user's yes.
        if (this.approved !== key) {
          const est = await engine((api) => api.llmEstimate([input], params, models.generator!, chunkHooks('llm', controller.signal)), 'llm-estimate');
          if (seq !== this.seq) return;
          const price = providerPricing();
          const cost = price ? (est.inputTokens * price.inputPerMillion + est.outputTokens * price.outputPerMillion) / 1e6 : null;
          this.llmEstimate = { ...est, key, cost };
          if (est.calls > 0) {
            this.runState = 'confirm';
            return;
          }
        }
      }
      const r = await engine((api) => api.inspect(input, chunkerId, params, lint, onProgress, models, chunkHooks(chunkerId, controller.signal)), 'inspect');
      if (seq !== this.seq) return;
      if (chunkerId === 'semantic') this.curveKey = curveKey;
      if (chunkerId === 'llm') engine((api) => api.llmAnswerCount(), 'llm-answers').then((n) => (this.llmCacheEntries = n), () => undefined);
      this.finish(r, key, doc);
    } catch (e) {
      if (seq !== this.seq) return;
      if (e instanceof CancelledError || controller.signal.aborted || (e instanceof Error && e.name === 'AbortError')) this.runState = 'cancelled';
      else {
        this.runState = 'error';
        this.error = errorMessage(e);
      }
    }
  }

  /** What the shown semantic curve was computed from (keyFor without the line's parameters). */
  private curveKey = '';
  /** Answers the llm chunker keeps in this browser (all models). */
  llmCacheEntries = $state<number | null>(null);

  private finish(r: InspectResult, key: string, _doc: StoredDoc): void {
    this.result = r;
    this.resultKey = key;
    if (this.selected !== null && this.selected >= r.chunks.length) this.selected = null;
    this.runState = 'done';
  }

  /** Moves the semantic line (percentile, or a similarity threshold when > 0): re-cut from the curve. */
  setLine(rule: { percentile?: number; threshold?: number }): void {
    const v = { ...(this.values.semantic ?? {}) };
    if (rule.percentile !== undefined) {
      v.percentile = rule.percentile;
      v.threshold = 0;
    }
    if (rule.threshold !== undefined) v.threshold = rule.threshold;
    this.values.semantic = v;
    this.save();
  }

  cancel(): void {
    this.seq++;
    this.controller?.abort();
    cancelEngine();
    this.runState = 'cancelled';
    // The registry was read by the old worker and stays valid; nothing else is lost.
  }
}

export const inspector = new Inspector();

// ---------------------------------------------------------------- entry point for other views
import { workspace } from '../state/workspace.svelte.ts';
import { go } from '../router.svelte.ts';
import { boundaryEditor } from './edit-state.svelte.ts';

/**
 * Opens the inspector on one document of a corpus with a given chunker and parameters (e.g. the
 * configuration of an experiment run), remembering them as the inspector's current choice.
 */
export function openInInspector(corpusId: string, docId: string, chunkerId: ChunkerId, params: Record<string, unknown>, target?: Target, runId?: string): void {
  workspace.setActive(corpusId, docId);
  // The run it came from is offered first for hand edits of its boundaries (edit-state.svelte.ts).
  if (runId) boundaryEditor.offered = runId;
  inspector.target = target ?? null;
  inspector.chunkerId = chunkerId;
  inspector.values[chunkerId] = { ...(inspector.values[chunkerId] ?? {}), ...params };
  inspector.selected = null;
  inspector.save();
  go('inspector');
}
