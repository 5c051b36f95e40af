// The page's one engine worker behind the queueing bridge, with its state as reactive values for
// the interface (busy, queued) and helpers that wrap progress callbacks in Comlink.proxy. Each worker
// is primed (./bridge.ts prime) with the model tokenizer the page counts with; a feature adds what its
// calls need (src/app/llm primes it with the language model the llm chunker calls).
import * as Comlink from 'comlink';
import type { EngineApi, ModelTokenizerFiles, TokenizerInUse } from '../../../workers/engine-api.ts';
import { WorkerBridge, wrapWorker, type BridgeState } from './bridge.ts';

export { CancelledError } from './bridge.ts';
export type Engine = Comlink.Remote<EngineApi>;

/** An idle worker is let go after this long (its tokenizer is reloaded on the next call). */
export const IDLE_MS = 120_000;

function createEngineWorker(crashed: (error: Error) => void) {
  const worker = new Worker(new URL('../../../workers/engine.worker.ts', import.meta.url), { type: 'module', name: 'chunklab-engine' });
  return wrapWorker<EngineApi>(worker, 'engine', crashed);
}

export const bridge = new WorkerBridge<Engine>(createEngineWorker, IDLE_MS)
  // A fresh worker counts with the bundled tokenizer: it is handed the model's first. A failure is
  // noted in engineTokenizer (and rejects useModelTokenizer's call), never the call it preceded.
  .prime(
    () => modelTokenizerFiles,
    (api, files) => {
      // Back to the bundled one on a live worker (a note of an earlier failure stays as it is).
      if (!files) return api.useTokenizer(null);
      const promise = applyTokenizer(api, files);
      applied = { api, files, promise };
      return promise.catch(() => undefined);
    },
  );

export const engineState = $state<BridgeState>({ busy: false, queued: 0, alive: false });
bridge.subscribe((s) => Object.assign(engineState, s));

/** A progress callback the worker can call back across the boundary (a fraction, or any report). */
export function progress<A extends unknown[] = [fraction: number], R = void>(fn: (...args: A) => R) {
  return Comlink.proxy(fn);
}

/** Queues a call to the engine worker. */
export function engine<R>(fn: (api: Engine) => Promise<R>, label?: string): Promise<R> {
  return bridge.call(fn, label);
}

/**
 * Abandons the running call when it is the one labelled `label` (the worker is terminated; queued
 * calls run on a fresh one); it rejects with `reason()`. Returns whether one was abandoned.
 */
export function abandonEngine(label: string, reason: () => unknown): boolean {
  return bridge.abandon(label, reason);
}

/** Stops whatever the worker is doing (a fresh worker serves the next call). */
export function cancelEngine(): void {
  bridge.cancel();
}

// ================================================================ the model's tokenizer
// The engine counts in the loaded embedding model's tokens (src/app/models/state.svelte.ts calls
// useModelTokenizer when a model is loaded). The files are kept here so that every fresh worker (after
// a cancel or an idle let-go) gets them again.

export type { ModelTokenizerFiles, TokenizerInUse };

let modelTokenizerFiles: ModelTokenizerFiles | null = null;

/** The model tokenizer files every worker that counts tokens is handed (null: the bundled tokenizer). */
export function currentModelTokenizer(): ModelTokenizerFiles | null {
  return modelTokenizerFiles;
}
/** What a worker was last primed with (so useModelTokenizer's own call does not build it twice). */
let applied: { api: Engine; files: ModelTokenizerFiles | null; promise: Promise<TokenizerInUse> } | null = null;

/** The tokenizer the engine counts with: name, the model's limit, whether it is the model's. */
export const engineTokenizer = $state<{ name: string | null; modelMaxLength?: number; model: boolean; error: string | null }>({
  name: null,
  model: false,
  error: null,
});

async function applyTokenizer(api: Engine, files: ModelTokenizerFiles | null): Promise<TokenizerInUse> {
  try {
    const r = await api.useTokenizer(files);
    if (files === modelTokenizerFiles) Object.assign(engineTokenizer, { name: r.tokenizer, modelMaxLength: r.modelMaxLength, model: r.model, error: null });
    return r;
  } catch (e) {
    if (e instanceof Error && e.name === 'CancelledError') throw e;
    // Unusable files: the worker went back to the bundled tokenizer, and so does every fresh one.
    if (files && files === modelTokenizerFiles) {
      modelTokenizerFiles = null;
      Object.assign(engineTokenizer, { name: null, modelMaxLength: undefined, model: false, error: (e as Error)?.message ?? String(e) });
    }
    throw e;
  }
}

/**
 * Makes the engine count with `files` (a model's tokenizer) from now on, or with the bundled tokenizer
 * (null). Rejects when the files cannot be built; the bundled tokenizer is then used.
 */
export function useModelTokenizer(files: ModelTokenizerFiles | null): Promise<TokenizerInUse> {
  modelTokenizerFiles = files;
  if (!files) Object.assign(engineTokenizer, { name: null, modelMaxLength: undefined, model: false, error: null });
  return engine((api) => (applied?.api === api && applied.files === files ? applied.promise : applyTokenizer(api, files)), 'tokenizer');
}
