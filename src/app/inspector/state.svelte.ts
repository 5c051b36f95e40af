// The chunk inspector's state: the registry (read from the worker), the chosen chunker and its
// parameter values (remembered in localStorage), and the last result for the chosen document.
// Runs go through the engine bridge; a newer run makes older answers irrelevant (latest wins).
import type { ChunkerId } from '../../engine/types.ts';
import type { ChunkerDescription, InspectResult } from '../../../workers/engine.worker.ts';
import { CancelledError, engine, cancelEngine, progress } from '../bridge/engine.svelte.ts';
import type { StoredDoc } from '../state/types.ts';
import { errorMessage } from '../state/workspace.svelte.ts';

const SETTINGS_KEY = 'chunklab.inspector';

interface Settings {
  chunkerId: ChunkerId;
  values: Record<string, Record<string, unknown>>;
  modelMaxTokens: number;
  minTokens: number;
}

function readSettings(): Settings {
  const fallback: Settings = { chunkerId: 'recursive', values: {}, modelMaxTokens: 256, minTokens: 16 };
  try {
    const raw = localStorage.getItem(SETTINGS_KEY);
    if (!raw) return fallback;
    const s = JSON.parse(raw) as Partial<Settings>;
    return {
      chunkerId: typeof s.chunkerId === 'string' ? s.chunkerId : fallback.chunkerId,
      values: s.values && typeof s.values === 'object' ? s.values : {},
      modelMaxTokens: typeof s.modelMaxTokens === 'number' ? s.modelMaxTokens : fallback.modelMaxTokens,
      minTokens: typeof s.minTokens === 'number' ? s.minTokens : fallback.minTokens,
    };
  } catch {
    return fallback;
  }
}

export type RunState = 'idle' | 'running' | 'done' | 'error' | 'cancelled';

class Inspector {
  chunkers = $state.raw<ChunkerDescription[]>([]);
  registryError = $state<string | null>(null);
  chunkerId = $state<ChunkerId>('recursive');
  values = $state<Record<string, Record<string, unknown>>>({});
  modelMaxTokens = $state(256);
  minTokens = $state(16);
  result = $state.raw<InspectResult | null>(null);
  /** What the shown result was computed from (document, chunker, parameters). */
  resultKey = $state('');
  runState = $state<RunState>('idle');
  progress = $state(0);
  error = $state<string | null>(null);
  selected = $state<number | null>(null);
  private seq = 0;

  info = $derived(this.chunkers.find((c) => c.id === this.chunkerId));

  constructor() {
    const s = readSettings();
    this.chunkerId = s.chunkerId;
    this.values = s.values;
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

  /** The parameter values for the current chunker: registry defaults, overridden by the user's. */
  params(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const p of this.info?.params ?? []) out[p.name] = this.values[this.chunkerId]?.[p.name] ?? p.default;
    return out;
  }

  setParam(name: string, value: unknown): void {
    const cur = this.values[this.chunkerId] ?? {};
    this.values[this.chunkerId] = { ...cur, [name]: value };
    this.save();
  }

  resetParams(): void {
    delete this.values[this.chunkerId];
    this.save();
  }

  setChunker(id: ChunkerId): void {
    this.chunkerId = id;
    this.save();
  }

  save(): void {
    try {
      const s: Settings = {
        chunkerId: this.chunkerId,
        values: $state.snapshot(this.values),
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
    return JSON.stringify([doc.id, doc.text.length, doc.format, this.chunkerId, this.params(), this.modelMaxTokens, this.minTokens]);
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
export function openInInspector(corpusId: string, docId: string, chunkerId: ChunkerId, params: Record<string, unknown>): void {
  workspace.setActive(corpusId, docId);
  inspector.chunkerId = chunkerId;
  inspector.values[chunkerId] = { ...(inspector.values[chunkerId] ?? {}), ...params };
  inspector.selected = null;
  inspector.save();
  go('inspector');
}
