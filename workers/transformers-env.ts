// transformers.js configured once, for every worker that runs a model in the page (the embedding
// runner, workers/embed-runner.ts, and the llm worker's in-page text model): onnxruntime-web's
// .wasm/.mjs from this app (Vite ?url, absolute URLs), never a CDN; the WASM thread count; quiet logs;
// local models under the app's models/ folder (a PATH, not a URL: the app may be published under a
// subpath, workers/app-base.ts); a fetch that serves a folder picked from disk from memory, records
// HTTP failures and treats a static host's fallback HTML page under models/ as a missing file; and,
// per load, where a model may come from (useModelSource). Facts in docs/STACK.md.
// `env` is passed in so a worker can import transformers.js lazily (the llm worker does).
import type { env as TransformersEnv } from '@huggingface/transformers';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import ortMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import type { ThreadsReason } from '../src/engine/embedding/index.ts';
import { wasmThreadsHere } from './threads.ts';
import { appUrl } from './app-base.ts';
import { pickedResponse, type PickedModel } from './picked-files.ts';

type Env = typeof TransformersEnv;

/** transformers.js's log level for errors only (its LogLevel.ERROR; a number, so this module needs no value import). */
const LOG_ERROR = 40;

/** The app's models folder as a path ("/models/", "/chunklab/models/"): transformers.js wants a path. */
export const MODELS_PATH = new URL(appUrl('models/')).pathname;

export interface TransformersSetup {
  threads: number;
  threadsReason: ThreadsReason;
}

let setup: TransformersSetup | null = null;
let picked: () => PickedModel | null = () => null;
/** HTTP failures seen (url → status, 0 for a network error), for the loader's error message. */
export const fetchFailures = new Map<string, number>();

/**
 * Configures transformers.js once for this worker (later calls return the first setup). `threads`: an
 * explicit WASM thread count (the bench), honoured only where more than one thread can run.
 * `pickedModel` says which picked folder (if any) the fetch serves from memory.
 */
export function setUpTransformers(env: Env, o: { threads?: number; pickedModel?: () => PickedModel | null } = {}): TransformersSetup {
  if (o.pickedModel) picked = o.pickedModel;
  if (setup) return setup;
  const abs = (u: string) => new URL(u, self.location.href).href;
  const wasm = env.backends.onnx.wasm!;
  wasm.wasmPaths = { wasm: abs(ortWasmUrl), mjs: abs(ortMjsUrl) };
  const auto = wasmThreadsHere();
  const n = auto.reason === 'isolated' || auto.reason === 'one-core' ? Math.max(1, Math.floor(o.threads ?? auto.threads)) : 1;
  wasm.numThreads = n;
  setup = { threads: n, threadsReason: auto.reason };
  env.logLevel = LOG_ERROR as Env['logLevel'];
  env.localModelPath = MODELS_PATH;
  const realFetch = globalThis.fetch.bind(globalThis);
  env.fetch = async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input), self.location.href);
    const mine = pickedResponse(url, picked(), self.location.origin, MODELS_PATH);
    if (mine) return mine;
    try {
      const res = await realFetch(input, init);
      if (!res.ok) fetchFailures.set(url.href, res.status);
      else if (url.origin === self.location.origin && url.pathname.startsWith(MODELS_PATH) && !url.pathname.endsWith('.html') && (res.headers.get('content-type') ?? '').includes('text/html')) {
        // A static server's fallback page (SPA hosts, `vite preview`) is a missing file, not a model file.
        fetchFailures.set(url.href, 404);
        return new Response(null, { status: 404 });
      }
      return res;
    } catch (e) {
      fetchFailures.set(url.href, 0);
      throw e;
    }
  };
  return setup;
}

/**
 * Where the next load may read from: a Hub id never looks in models/ (a static host may answer there
 * with its index page); a served or picked model never goes to the Hub; only Hub downloads are kept
 * in the browser's cache.
 */
export function useModelSource(env: Env, kind: 'hub' | 'served' | 'files'): void {
  env.allowLocalModels = kind !== 'hub';
  env.allowRemoteModels = kind === 'hub';
  env.useBrowserCache = kind === 'hub';
}
