// The chunk inspector's state: the registry (read from the worker), the chosen chunker and its
// parameter values (remembered in localStorage), and the last result for the chosen document.
// Runs go through the engine bridge; a newer run makes older answers irrelevant (latest wins).
import type { ChunkerId } from '../../engine/types.ts';
import type { ChunkerDescription, InspectResult } from '../../../workers/engine-api.ts';
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

export type RunState = 'idle' | 'running' | 'done' | 'error' | 'cancelled';

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

  /** A key for (document, chunker, parameters, lint options): equal keys give equal results. */
  keyFor(doc: StoredDoc | undefined): string {
    if (!doc) return '';
    // The tokenizer is part of the key: choosing another model changes every count (stale → rerun).
    return JSON.stringify([doc.id, doc.text.length, doc.format, this.chunkerId, this.params(), this.modelMaxTokens, this.minTokens, engineTokenizer.model ? engineTokenizer.name : null]);
  }

  async run(doc: StoredDoc): Promise<void> {
    if (!this.info) return;
    const seq = ++this.seq;
    const key = this.keyFor(doc);
    const input = { id: doc.id, text: doc.text, format: doc.format, name: doc.name, meta: $state.snapshot(doc.meta) };
    const params = this.params();
    const lint = { modelMaxTokens: this.modelMaxTokens, minTokens: this.minTokens };
    this.runState = 'running';
    this.progress = 0;
    this.error = null;
    const onProgress = progress((f) => {
      if (seq === this.seq) this.progress = f;
    });
    try {
      const r = await engine((api) => api.inspect(input, this.chunkerId, params, lint, onProgress), 'inspect');
      if (seq !== this.seq) return;
      this.result = r;
      this.resultKey = key;
      if (this.selected !== null && this.selected >= r.chunks.length) this.selected = null;
      this.runState = 'done';
    } catch (e) {
      if (seq !== this.seq) return;
      if (e instanceof CancelledError) this.runState = 'cancelled';
      else {
        this.runState = 'error';
        this.error = errorMessage(e);
      }
    }
  }

  cancel(): void {
    this.seq++;
    cancelEngine();
    this.runState = 'cancelled';
    // The registry was read by the old worker and stays valid; nothing else is lost.
  }
}

export const inspector = new Inspector();

// ---------------------------------------------------------------- entry point for other views
import { workspace } from '../state/workspace.svelte.ts';
import { go } from '../router.svelte.ts';

/**
 * Opens the inspector on one document of a corpus with a given chunker and parameters (e.g. the
 * configuration of an experiment run), remembering them as the inspector's current choice.
 */
export function openInInspector(corpusId: string, docId: string, chunkerId: ChunkerId, params: Record<string, unknown>, target?: Target): void {
  workspace.setActive(corpusId, docId);
  inspector.target = target ?? null;
  inspector.chunkerId = chunkerId;
  inspector.values[chunkerId] = { ...(inspector.values[chunkerId] ?? {}), ...params };
  inspector.selected = null;
  inspector.save();
  go('inspector');
}
