// The page's handle on the llm worker (workers/llm.worker.ts: contextual retrieval and
// question generation, which call the language model from there) through the one worker bridge
// (./bridge.ts): calls queue, cancel terminates the worker (and the model requests in flight), an idle
// worker is let go. Each worker is primed with the tokenizer the engine worker counts with (the loaded
// model's, or the bundled one), so the context panel's chunks are cut in the same tokens as the rest of
// the page; src/app/llm primes it with the language model's config (key included: it travels only to
// the worker).
import type * as Comlink from 'comlink';
import type { LlmWorkerApi } from '../../../workers/llm-api.ts';
import { WorkerBridge, wrapWorker } from './bridge.ts';
import { currentModelTokenizer } from './engine.svelte.ts';

export type LlmWorker = Comlink.Remote<LlmWorkerApi>;

/** An idle llm worker is let go after this long (an in-page model is loaded again by the next run). */
export const LLM_IDLE_MS = 120_000;

export const llmBridge = new WorkerBridge<LlmWorker>((crashed) => {
  const worker = new Worker(new URL('../../../workers/llm.worker.ts', import.meta.url), { type: 'module', name: 'chunklab-llm' });
  return wrapWorker<LlmWorkerApi>(worker, 'llm', crashed);
}, LLM_IDLE_MS)
  // Files that cannot be built leave the worker on the bundled tokenizer, as the engine worker does.
  .prime(currentModelTokenizer, (api, files) => api.useTokenizer(files).catch(() => undefined));

/** Queues a call to the llm worker (primed: the engine's tokenizer, the language model). */
export function llmWorker<R>(fn: (api: LlmWorker) => Promise<R>, label?: string): Promise<R> {
  return llmBridge.call(fn, label);
}

/** Stops whatever the llm worker is doing (a fresh worker serves the next call). */
export function cancelLlmWorker(): void {
  llmBridge.cancel();
}
