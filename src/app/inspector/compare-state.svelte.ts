// The inspector's second configuration (B) for the side-by-side comparison: its chunker and
// parameters (remembered in localStorage `chunklab.inspector.compare`, apart from the main choice),
// and its latest result. Configuration A is the inspector's own choice and result. Runs go through
// the engine bridge; a newer run makes older answers irrelevant (latest wins).
import type { ChunkerDescription, InspectResult } from '../../../workers/engine-api.ts';
import { CancelledError, engine } from '../bridge/engine.svelte.ts';
import type { StoredDoc } from '../state/types.ts';
import { errorMessage } from '../state/workspace.svelte.ts';
import { ChunkerSettings, readChoice, readStored, type ChunkerChoice } from '../state/chunker-settings.svelte.ts';
import { inspector, type RunState } from './state.svelte.ts';

const COMPARE_KEY = 'chunklab.inspector.compare';

function readCompare(): ChunkerChoice {
  const s = readStored<ChunkerChoice>(COMPARE_KEY);
  // With nothing remembered, B starts on another chunker than A's default so the comparison shows something.
  return readChoice(s ?? { chunkerId: 'structure' });
}

class CompareSettings extends ChunkerSettings {
  /** Whether the comparison is shown (not remembered: the inspector opens on one configuration). */
  enabled = $state(false);
  result = $state.raw<InspectResult | null>(null);
  resultKey = $state('');
  runState = $state<RunState>('idle');
  error = $state<string | null>(null);
  private seq = 0;

  constructor() {
    super(readCompare());
  }

  registry(): ChunkerDescription[] {
    return inspector.chunkers;
  }

  save(): void {
    try {
      localStorage.setItem(COMPARE_KEY, JSON.stringify(this.choice()));
    } catch {
      // A convenience: not remembering the choice is no error.
    }
  }

  /** A key for (document, B's chunker and parameters, the inspector's lint options). */
  keyFor(doc: StoredDoc | undefined): string {
    if (!doc) return '';
    return JSON.stringify([doc.id, doc.text.length, doc.format, this.chunkerId, this.params(), inspector.modelMaxTokens, inspector.minTokens]);
  }

  async run(doc: StoredDoc): Promise<void> {
    if (!this.info) return;
    const seq = ++this.seq;
    const key = this.keyFor(doc);
    const input = { id: doc.id, text: doc.text, format: doc.format, name: doc.name, meta: $state.snapshot(doc.meta) };
    const params = this.params();
    const chunkerId = this.chunkerId;
    const lint = { modelMaxTokens: inspector.modelMaxTokens, minTokens: inspector.minTokens };
    this.runState = 'running';
    this.error = null;
    try {
      const r = await engine((api) => api.inspect(input, chunkerId, params, lint), 'inspect');
      if (seq !== this.seq) return;
      this.result = r;
      this.resultKey = key;
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

  /** Forgets a run in flight (the inspector's cancel stops the worker itself). */
  drop(): void {
    this.seq++;
    if (this.runState === 'running') this.runState = 'cancelled';
  }
}

export const compare = new CompareSettings();
