// The browser's model runner: loads an embedding model with transformers.js (onnxruntime-web) from
// the Hugging Face Hub, from the app's own /models/ folder, or from files picked from disk (held in
// memory, for workshops without internet), on WebGPU when the browser has an adapter and else on
// WASM, and exposes it as the engine's ModelRunner (last_hidden_state). Worker-only code: it sets
// transformers.js's global `env` before each load, so loads must not overlap (the worker queues them).
//
// Facts this relies on (docs/STACK.md): onnxruntime-web's .wasm/.mjs are served by the app (Vite ?url),
// never a CDN; local models use env.localModelPath <app folder>/models/ (a path, not a URL: the app
// may be published under a subpath, workers/app-base.ts); device 'webgpu'
// throws without an adapter rather than falling back, so we retry on 'wasm' ourselves.
import { AutoConfig, AutoModel, AutoModelForSequenceClassification, AutoTokenizer, env, Tensor } from '@huggingface/transformers';
import { InputError, type TextTokenizer } from '../src/engine/types.ts';
import type { ThreadsReason } from '../src/engine/embedding/index.ts';
import { MODELS_PATH, fetchFailures, setUpTransformers, useModelSource, type TransformersSetup } from './transformers-env.ts';
import { createTokenizer } from '../src/engine/tokens/index.ts';
import { LOCAL_PREFIX, folderSlug, relativePaths, type PickedModel } from './picked-files.ts';
import {
  DTYPE_FILES,
  describeCustomModel,
  findModel,
  specialTokens,
  type HubModelConfig,
  type ModelDtype,
  type ModelInfo,
  type ModelRunner,
  type RunnerBatch,
  type RunnerOutput,
} from '../src/engine/embedding/index.ts';

export type Device = 'webgpu' | 'wasm';

/** Where the model comes from. */
export type ModelSource =
  /** A Hub id ("Xenova/multilingual-e5-small"), downloaded and cached by the browser. */
  | { kind: 'hub'; id: string }
  /** A folder the app serves under /models/<id>/ (the test model in the browser tests). */
  | { kind: 'served'; id: string }
  /** Files picked from disk: paths relative to the model folder (a leading folder name is stripped). */
  | { kind: 'files'; name: string; files: { path: string; data: Blob }[] };

export interface LoadOptions {
  dtype?: ModelDtype;
  /** 'auto': WebGPU when an adapter is available, else WASM (the default for embedding models; cross-encoders default to 'wasm'). */
  device?: 'auto' | Device;
  /**
   * WASM threads, overriding the default (src/engine/embedding/threads.ts; bench/threads.ts compares
   * 1 with all). ONNX Runtime fixes the count when its first session starts: only a worker's first
   * load can set it, and without cross-origin isolation it stays 1.
   */
  threads?: number;
}

export interface LoadProgress {
  /** 'download' while bytes arrive, 'session' while the runtime builds the model. */
  stage: 'download' | 'session';
  file?: string;
  /** Bytes over all files seen so far. */
  loaded: number;
  total: number;
}

export interface LoadedBrowserModel {
  runner: ModelRunner;
  tokenizer: TextTokenizer;
  info: ModelInfo;
  dtype: ModelDtype;
  /** The device actually used. */
  device: Device;
  /** Why WebGPU was not used, when it was not (no adapter, or the error it gave). */
  fallback?: string;
  /** dtypes this model offers (files present, or the catalogue's list). */
  dtypes: ModelDtype[];
  clsId: number;
  sepId: number;
  padId: number;
  /** WASM threads (more than 1 only when the page is cross-origin isolated; the page says why with wasmThreadsHere()). */
  threads: number;
  /** Id in cache keys: Hub id, served id, or "file:<name>". */
  cacheId: string;
}

/** A load error with a message a user can act on; `reason` lets the UI pick a translation. */
export class ModelLoadError extends Error {
  constructor(
    message: string,
    readonly reason: 'offline' | 'not-found' | 'missing-file' | 'bad-files' | 'runtime',
  ) {
    super(message);
    this.name = 'ModelLoadError';
  }
}

let localFiles: PickedModel | null = null;
/** HTTP failures seen during the current load (url → status, 0 for a network error): transformers-env.ts records them. */
const failures = fetchFailures;

/** One-time settings (./transformers-env.ts): our own wasm files and threads, and a fetch that serves picked files and records failures. */
function configure(threads?: number): TransformersSetup {
  return setUpTransformers(env, { threads, pickedModel: () => localFiles });
}

function offeredDtypes(names: Iterable<string>): ModelDtype[] {
  const have = new Set(names);
  return (Object.keys(DTYPE_FILES) as ModelDtype[]).filter((d) => have.has(`onnx/${DTYPE_FILES[d]}`));
}

/** Is a WebGPU adapter available here? (navigator.gpu exists in browsers that then give none.) */
export async function webgpuAdapter(): Promise<boolean> {
  const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
  if (!gpu) return false;
  try {
    return !!(await gpu.requestAdapter());
  } catch {
    return false;
  }
}

/** The model inputs of a padded batch as int64 tensors; token_type_ids only when the model takes them (or its inputs are unknown). */
export function int64Feeds(batch: RunnerBatch, inputNames: Set<string> | undefined): Record<string, unknown> {
  const b = batch.inputIds.length;
  const s = b ? batch.inputIds[0].length : 0;
  const tensor = (rows: number[][]) => {
    const data = new BigInt64Array(b * s);
    rows.forEach((r, i) => {
      if (r.length !== s) throw new Error(`runner batch row ${i} has ${r.length} tokens, expected ${s}`);
      for (let j = 0; j < s; j++) data[i * s + j] = BigInt(r[j]);
    });
    return new Tensor('int64', data, [b, s]);
  };
  const feeds: Record<string, unknown> = { input_ids: tensor(batch.inputIds), attention_mask: tensor(batch.attentionMask) };
  if (!inputNames || inputNames.has('token_type_ids')) feeds.token_type_ids = tensor(batch.tokenTypeIds ?? batch.inputIds.map((r) => r.map(() => 0)));
  return feeds;
}

/** The names of a transformers.js model's session inputs, when it says them. */
export function inputNamesOf(model: any): Set<string> | undefined {
  return model.sessions?.model?.inputNames ? new Set(model.sessions.model.inputNames) : undefined;
}

/** A ModelRunner over a transformers.js model: int64 inputs in, last_hidden_state out (as float32). */
function transformersRunner(model: any, inputNames: Set<string> | undefined): ModelRunner {
  return {
    async run(batch: RunnerBatch): Promise<RunnerOutput> {
      const out = await model(int64Feeds(batch, inputNames));
      let t = out.last_hidden_state ?? out[Object.keys(out)[0]];
      if (!t || t.dims?.length !== 3) throw new InputError(`the model gave no last_hidden_state [batch, seq, hidden] (outputs: ${Object.keys(out).join(', ')})`, undefined, { code: 'bad-model-output' });
      if (t.type !== 'float32') t = t.to('float32');
      const dims = t.dims.map(Number) as [number, number, number];
      return { data: t.data as Float32Array, dims };
    },
    async dispose() {
      await model.dispose?.();
    },
  };
}

function describeFailure(id: string, source: ModelSource, dtype: ModelDtype, e: unknown): ModelLoadError {
  const msg = e instanceof Error ? e.message : String(e);
  const statuses = [...failures.entries()];
  if (source.kind === 'hub') {
    if (statuses.some(([, s]) => s === 0) || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
      return new ModelLoadError(`cannot reach the Hugging Face Hub to download "${id}" (offline?). Load a model folder from disk instead.`, 'offline');
    }
    const onnx = statuses.find(([u, s]) => (s === 404 || s === 401) && u.includes('/onnx/'));
    if (onnx) return new ModelLoadError(`"${id}" has no onnx/${DTYPE_FILES[dtype]} (dtype ${dtype}) on the Hub: pick another dtype, or a model with ONNX weights (e.g. a Xenova/ export)`, 'missing-file');
    if (statuses.some(([, s]) => s === 404 || s === 401)) {
      return new ModelLoadError(`"${id}" was not found on the Hugging Face Hub (check the id; private or gated models cannot be loaded)`, 'not-found');
    }
  }
  if (source.kind === 'served' && statuses.some(([, s]) => s === 404)) {
    return new ModelLoadError(`the app does not serve the model "${id}" under ${MODELS_PATH} (missing: ${statuses.map(([u]) => new URL(u).pathname).join(', ')})`, 'missing-file');
  }
  return new ModelLoadError(`could not load the model "${id}": ${msg.split('\n')[0]}`, 'runtime');
}

/**
 * Loads a model. Progress reports bytes downloaded (from the Hub; picked and served files report
 * their size as they are read) and then the session stage.
 */
export async function loadBrowserModel(source: ModelSource, opts: LoadOptions = {}, onProgress?: (p: LoadProgress) => void): Promise<LoadedBrowserModel> {
  const s = await loadBrowserSession(source, opts, onProgress, 'embed');
  const info = findModel(s.source.kind === 'files' ? String(s.config._name_or_path ?? s.name) : s.name) ?? describeCustomModel(s.config, s.name, s.tokConfig);
  return {
    runner: transformersRunner(s.model, inputNamesOf(s.model)),
    tokenizer: s.tokenizer,
    info,
    dtype: s.dtype,
    device: s.device,
    fallback: s.fallback,
    dtypes: s.dtypes,
    ...s.special,
    threads: s.threads,
    cacheId: s.cacheId,
  };
}

/** What loading a model folder gives before it becomes an embedder or a cross-encoder. */
export interface BrowserSession {
  source: ModelSource;
  /** Hub id, served id, or the picked folder's name. */
  name: string;
  /** The transformers.js model (its `sessions`, callable with int64 feeds). */
  model: any;
  tokenizer: TextTokenizer;
  /** tokenizer.json and tokenizer_config.json as read. */
  tokJson: unknown;
  tokConfig: Record<string, unknown>;
  config: HubModelConfig;
  special: { clsId: number; sepId: number; padId: number };
  dtype: ModelDtype;
  dtypes: ModelDtype[];
  device: Device;
  fallback?: string;
  threads: number;
  cacheId: string;
}

/**
 * Loads a model folder (Hub, served, or picked files) with transformers.js: the tokenizer, the
 * config and an ONNX session, as a base model ('embed': AutoModel) or a sequence classifier
 * ('rerank': AutoModelForSequenceClassification, whose output is `logits`). The one loading path of
 * the embedding worker, shared by the embedder and the cross-encoder.
 */
export async function loadBrowserSession(
  source: ModelSource,
  opts: LoadOptions = {},
  onProgress: ((p: LoadProgress) => void) | undefined,
  task: 'embed' | 'rerank',
): Promise<BrowserSession> {
  const { threads } = configure(opts.threads);
  failures.clear();
  const dtype: ModelDtype = opts.dtype ?? 'fp32';
  if (!DTYPE_FILES[dtype]) throw new InputError(`unknown dtype "${dtype}" (use fp32, fp16 or q8)`, 'model', { code: 'unknown-dtype' });

  let id: string;
  let cacheId: string;
  let dtypes: ModelDtype[];
  if (source.kind === 'files') {
    const files = relativePaths(source.files);
    const missing = ['config.json', 'tokenizer.json'].filter((f) => !files.has(f));
    if (missing.length) throw new ModelLoadError(`the picked folder "${source.name}" has no ${missing.join(' and ')} (expected a model folder: config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx)`, 'bad-files');
    dtypes = offeredDtypes(files.keys());
    if (!files.has(`onnx/${DTYPE_FILES[dtype]}`)) {
      throw new ModelLoadError(
        `the picked folder "${source.name}" has no onnx/${DTYPE_FILES[dtype]} for dtype ${dtype}${dtypes.length ? ` (it offers: ${dtypes.join(', ')})` : ' (no onnx/ folder with model*.onnx)'}`,
        'missing-file',
      );
    }
    const slug = folderSlug(source.name);
    localFiles = { slug, files };
    id = `${LOCAL_PREFIX}/${slug}`;
    cacheId = `file:${source.name}`;
  } else {
    if (typeof source.id !== 'string' || !/^[\w.-]+(\/[\w.-]+)?$/.test(source.id)) {
      throw new ModelLoadError(`"${source.id}" is not a model id like "Xenova/multilingual-e5-small"`, 'not-found');
    }
    id = source.id;
    cacheId = source.kind === 'hub' ? source.id : `served:${source.id}`;
    const known = findModel(source.id);
    dtypes = known ? (Object.keys(known.downloadMB) as ModelDtype[]) : [];
  }
  useModelSource(env, source.kind);

  const bytes = new Map<string, { loaded: number; total: number }>();
  const progress_callback = (p: any) => {
    if (!onProgress || (p.status !== 'progress' && p.status !== 'done') || typeof p.file !== 'string') return;
    const prev = bytes.get(p.file);
    const total = Number(p.total ?? prev?.total ?? 0);
    bytes.set(p.file, { loaded: p.status === 'done' ? (prev?.total ?? total) : Number(p.loaded ?? 0), total });
    // The weights are in: what follows is the runtime building the session (can take seconds).
    const stage = p.status === 'done' && p.file.endsWith('.onnx') ? 'session' : 'download';
    onProgress({ stage, file: p.file, loaded: sum(bytes, 'loaded'), total: sum(bytes, 'total') });
  };

  let tok: any;
  let config: HubModelConfig;
  try {
    tok = await AutoTokenizer.from_pretrained(id, { progress_callback });
    config = (await AutoConfig.from_pretrained(id, { progress_callback })) as unknown as HubModelConfig;
  } catch (e) {
    throw describeFailure(id, source, dtype, e);
  }
  const tokJson = tok._tokenizerJSON;
  const tokConfig = tok.config ?? {};
  if (!tokJson || typeof tokJson !== 'object') throw new ModelLoadError('this transformers.js version does not expose tokenizer.json; cannot build the tokenizer', 'runtime');
  const where = source.kind === 'files' ? source.name : source.id;
  const special = specialTokens(tokJson, tokConfig, config, where);
  const name = source.kind === 'files' ? source.name : source.id;
  const tokenizer = createTokenizer(tokJson, tokConfig, name);

  const wantGpu = (opts.device ?? (task === 'rerank' ? 'wasm' : 'auto')) !== 'wasm';
  let fallback: string | undefined;
  let device: Device = 'wasm';
  if (wantGpu) {
    if (await webgpuAdapter()) device = 'webgpu';
    else fallback = typeof (navigator as any).gpu === 'undefined' ? 'this browser has no WebGPU' : 'WebGPU gave no adapter';
  } else fallback = 'WASM was asked for';

  const Model = task === 'rerank' ? AutoModelForSequenceClassification : AutoModel;
  const create = (d: Device) => Model.from_pretrained(id, { device: d, dtype, progress_callback } as any);
  let model: any;
  try {
    try {
      model = await create(device);
    } catch (e) {
      if (device !== 'webgpu') throw e;
      // transformers.js does not fall back by itself: retry on WASM and say why.
      fallback = `WebGPU failed (${e instanceof Error ? e.message.split('\n')[0] : e})`;
      device = 'wasm';
      failures.clear();
      model = await create('wasm');
    }
  } catch (e) {
    throw describeFailure(id, source, dtype, e);
  }
  return {
    source,
    name,
    model,
    tokenizer,
    tokJson,
    tokConfig,
    config,
    special,
    dtype,
    dtypes: dtypes.length ? dtypes : [dtype],
    device,
    fallback,
    threads,
    cacheId,
  };
}

function sum(m: Map<string, { loaded: number; total: number }>, k: 'loaded' | 'total'): number {
  let s = 0;
  for (const v of m.values()) s += v[k];
  return s;
}
