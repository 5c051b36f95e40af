// The page's handle on the context worker (workers/context.worker.ts: contextual retrieval and
// question generation, which call the language model from there) through the one worker bridge
// (./bridge.ts): calls queue, cancel terminates the worker (and the model requests in flight), an idle
// worker is let go. Each worker is primed with the tokenizer the engine worker counts with (the loaded
// model's, or the bundled one), so the context panel's chunks are cut in the same tokens as the rest of
// the page, and with the language model's config (key included: it travels only to the worker).
import * as Comlink from 'comlink';
import type { ContextWorkerApi } from '../../../workers/context-api.ts';
import { WorkerBridge } from './bridge.ts';
import { currentModelTokenizer } from './engine.svelte.ts';
import { llmWorkerConfig } from '../llm/settings.svelte.ts';

export type ContextWorker = Comlink.Remote<ContextWorkerApi>;

/** An idle context worker is let go after this long (an in-page model is loaded again by the next run). */
export const CONTEXT_IDLE_MS = 120_000;

export const contextBridge = new WorkerBridge<ContextWorker>((crashed) => {
  const worker = new Worker(new URL('../../../workers/context.worker.ts', import.meta.url), { type: 'module', name: 'chunklab-context' });
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    crashed(new Error(`the context worker stopped: ${e.message || 'it could not start or crashed'}`));
  });
  const api = Comlink.wrap<ContextWorkerApi>(worker);
  return {
    api,
    terminate() {
      api[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}, CONTEXT_IDLE_MS)
  // Files that cannot be built leave the worker on the bundled tokenizer, as the engine worker does.
  .prime(currentModelTokenizer, (api, files) => api.useTokenizer(files).catch(() => undefined))
  .prime(llmWorkerConfig, (api, config) => api.configureLlm(config));

/** Queues a call to the context worker (primed: the engine's tokenizer, the language model). */
export function contextWorker<R>(fn: (api: ContextWorker) => Promise<R>, label?: string): Promise<R> {
  return contextBridge.call(fn, label);
}

/** Stops whatever the context worker is doing (a fresh worker serves the next call). */
export function cancelContextWorker(): void {
  contextBridge.cancel();
}
