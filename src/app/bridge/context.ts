// The page's handle on the context worker (workers/context.worker.ts) through the one worker bridge
// (./bridge.ts): calls queue, cancel terminates the worker, an idle worker is let go. Before each
// call the worker is handed the tokenizer the engine worker counts with (the loaded model's, or the
// bundled one), so the context panel's chunks are cut in the same tokens as the rest of the page.
import * as Comlink from 'comlink';
import type { ContextWorkerApi } from '../../../workers/context-api.ts';
import type { ModelTokenizerFiles } from '../../engine/formats/index.ts';
import { WorkerBridge } from './bridge.ts';
import { currentModelTokenizer } from './engine.svelte.ts';

export type ContextWorker = Comlink.Remote<ContextWorkerApi>;

/** An idle context worker is let go after this long (an in-page model is loaded again by the next run). */
export const CONTEXT_IDLE_MS = 120_000;

/** The tokenizer files each live worker was handed. */
const handed = new WeakMap<ContextWorker, ModelTokenizerFiles | null>();

export const contextBridge = new WorkerBridge<ContextWorker>((crashed) => {
  const worker = new Worker(new URL('../../../workers/context.worker.ts', import.meta.url), { type: 'module', name: 'chunklab-context' });
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    crashed(new Error(`the context worker stopped: ${e.message || 'it could not start or crashed'}`));
  });
  const api = Comlink.wrap<ContextWorkerApi>(worker);
  handed.set(api, null);
  return {
    api,
    terminate() {
      api[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}, CONTEXT_IDLE_MS);

/** Queues a call to the context worker, which counts with the engine's tokenizer. */
export function contextWorker<R>(fn: (api: ContextWorker) => Promise<R>, label?: string): Promise<R> {
  return contextBridge.call(async (api) => {
    const files = currentModelTokenizer();
    if (handed.get(api) !== files) {
      // Files that cannot be built leave the worker on the bundled tokenizer, as the engine worker does.
      await api.useTokenizer(files).catch(() => undefined);
      handed.set(api, files);
    }
    return fn(api);
  }, label);
}

/** Stops whatever the context worker is doing (a fresh worker serves the next call). */
export function cancelContextWorker(): void {
  contextBridge.cancel();
}
