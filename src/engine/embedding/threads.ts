// How many threads ONNX Runtime's WASM backend gets, and why it gets one when it does. Pure: the
// caller passes what its global scope reports (a worker and its page report the same values).

export type ThreadsReason =
  /** Several threads: the page is cross-origin isolated and the machine has cores to spare. */
  | 'isolated'
  /** Threads need a secure context (https:// or localhost); plain http:// on a LAN has none. */
  | 'insecure'
  /** Secure, but not cross-origin isolated: no COOP/COEP headers and no service worker adding them (yet). */
  | 'not-isolated'
  /** The machine reports one core. */
  | 'one-core';

export interface ThreadsEnv {
  crossOriginIsolated: boolean;
  isSecureContext: boolean;
  /** navigator.hardwareConcurrency (0 or undefined when the browser hides it). */
  cores: number | undefined;
}

/** Never more than this: ORT's gains flatten beyond it for embedding-sized batches. */
export const MAX_WASM_THREADS = 8;

/**
 * Every core on small machines (2–4: the main thread mostly waits while embedding runs), one left
 * for the page and the engine worker above that, capped at MAX_WASM_THREADS.
 */
export function wasmThreads(e: ThreadsEnv): { threads: number; reason: ThreadsReason } {
  if (!e.isSecureContext) return { threads: 1, reason: 'insecure' };
  if (!e.crossOriginIsolated) return { threads: 1, reason: 'not-isolated' };
  const cores = Math.floor(e.cores || 2);
  if (cores <= 1) return { threads: 1, reason: 'one-core' };
  return { threads: Math.min(MAX_WASM_THREADS, cores <= 4 ? cores : cores - 1), reason: 'isolated' };
}
