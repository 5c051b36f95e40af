// The page's one engine worker behind the queueing bridge, with its state as reactive values for
// the interface (busy, queued) and helpers that wrap progress callbacks in Comlink.proxy.
import * as Comlink from 'comlink';
import type { EngineApi } from '../../../workers/engine.worker.ts';
import { WorkerBridge, type BridgeState } from './bridge.ts';

export { CancelledError } from './bridge.ts';
export type Engine = Comlink.Remote<EngineApi>;

/** An idle worker is let go after this long (its tokenizer is reloaded on the next call). */
export const IDLE_MS = 120_000;

function createEngineWorker() {
  const worker = new Worker(new URL('../../../workers/engine.worker.ts', import.meta.url), { type: 'module', name: 'chunklab-engine' });
  const api = Comlink.wrap<EngineApi>(worker);
  return {
    api,
    terminate() {
      api[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}

export const bridge = new WorkerBridge<Engine>(createEngineWorker, IDLE_MS);

export const engineState = $state<BridgeState>({ busy: false, queued: 0, alive: false });
bridge.subscribe((s) => Object.assign(engineState, s));

/** A progress callback the worker can call back across the boundary. */
export function progress(fn: (fraction: number) => void) {
  return Comlink.proxy(fn);
}

/** Queues a call to the engine worker. */
export function engine<R>(fn: (api: Engine) => Promise<R>, label?: string): Promise<R> {
  return bridge.call(fn, label);
}

/** Stops whatever the worker is doing (a fresh worker serves the next call). */
export function cancelEngine(): void {
  bridge.cancel();
}
