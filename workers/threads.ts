// The WASM thread count for this global scope (a worker, or the page: both report the same values),
// through the engine's pure rule (src/engine/embedding/threads.ts). Worker and page code only: the
// engine reads no global.
import { wasmThreads, type ThreadsReason } from '../src/engine/embedding/index.ts';

export function wasmThreadsHere(): { threads: number; reason: ThreadsReason } {
  return wasmThreads({ crossOriginIsolated: !!self.crossOriginIsolated, isSecureContext: !!self.isSecureContext, cores: self.navigator?.hardwareConcurrency });
}
