// Loads an embedding model folder (transformers.js layout: config.json, tokenizer.json,
// tokenizer_config.json, onnx/model*.onnx) for the CLI, with onnxruntime-node as the ModelRunner.
// The CLI never downloads: a Hub id works only when transformers.js already has it on disk.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import { InputError, type TextTokenizer } from '../engine/types.ts';
import { DTYPE_FILES, describeCustomModel, findModel, type HubModelConfig, type ModelDtype, type ModelInfo } from '../engine/embedding/index.ts';
import type { ModelRunner, RunnerBatch, RunnerOutput } from '../engine/embedding/index.ts';
import { createEmbedder, type Embedder, type EmbedderOptions } from '../engine/embedding/index.ts';

export interface LoadedModel {
  runner: ModelRunner;
  tokenizer: TextTokenizer;
  config: HubModelConfig;
  info: ModelInfo;
  dtype: ModelDtype;
  /** Special token ids the embedder and late chunking need. */
  clsId: number;
  sepId: number;
  padId: number;
  dir: string;
  /** The onnxruntime session behind `runner` (a cross-encoder reads other outputs from it). */
  session: ort.InferenceSession;
}

export interface LoadModelOptions {
  /** Which ONNX file: fp32 model.onnx (default), fp16 model_fp16.onnx, q8 model_quantized.onnx. */
  dtype?: ModelDtype;
  /** onnxruntime threads inside one operator (default: onnxruntime's choice). */
  threads?: number;
  /** How to load the folder's tokenizer (default: src/node/tokenizer-folder.ts loadTokenizerDir). */
  loadTokenizer?: (dir: string) => Promise<TextTokenizer>;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Writes rows of integers into an int64 tensor buffer. On little-endian machines (all that run
 * onnxruntime-node in practice) each value goes in as two 32-bit words, low word then its sign, with
 * no BigInt per element; values outside int32 (never token ids or masks) take the BigInt path.
 */
function fillInt64(data: BigInt64Array, rows: number[][], s: number): void {
  const words = LITTLE_ENDIAN ? new Int32Array(data.buffer, data.byteOffset, data.length * 2) : null;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (r.length !== s) throw new Error(`runner batch row ${i} has ${r.length} tokens, expected ${s}`);
    let k = i * s;
    for (let j = 0; j < s; j++, k++) {
      const v = r[j];
      if (words !== null && (v | 0) === v) {
        words[2 * k] = v;
        words[2 * k + 1] = v < 0 ? -1 : 0;
      } else data[k] = BigInt(v);
    }
  }
}

/** The int64 input tensors of a batch, only those the session declares (shared by every ORT runner). */
export function ortFeeds(session: ort.InferenceSession, batch: RunnerBatch): Record<string, ort.Tensor> {
  const names = new Set(session.inputNames);
  const b = batch.inputIds.length;
  const s = b ? batch.inputIds[0].length : 0;
  const tensor = (rows: number[][] | null) => {
    const data = new BigInt64Array(b * s);
    if (rows) fillInt64(data, rows, s);
    return new ort.Tensor('int64', data, [b, s]);
  };
  const feeds: Record<string, ort.Tensor> = {};
  if (names.has('input_ids')) feeds.input_ids = tensor(batch.inputIds);
  if (names.has('attention_mask')) feeds.attention_mask = tensor(batch.attentionMask);
  // absent segment ids are all zeros: the fresh array already is
  if (names.has('token_type_ids')) feeds.token_type_ids = tensor(batch.tokenTypeIds ?? null);
  return feeds;
}

/** A ModelRunner over an onnxruntime-node session; feeds only the inputs the model declares. */
export function createOrtRunner(session: ort.InferenceSession): ModelRunner {
  const outName = session.outputNames.includes('last_hidden_state') ? 'last_hidden_state' : session.outputNames[0];
  return {
    async run(batch: RunnerBatch): Promise<RunnerOutput> {
      const out = await session.run(ortFeeds(session, batch), [outName]);
      const t = out[outName];
      if (t.type !== 'float32' || t.dims.length !== 3) {
        throw new Error(`model output "${outName}" is ${t.type} [${t.dims.join(', ')}], expected float32 [batch, seq, hidden]`);
      }
      const dims = t.dims.map(Number) as [number, number, number];
      return { data: t.data as Float32Array, dims };
    },
    async dispose() {
      await session.release();
    },
  };
}

async function readJson(file: string, where: string): Promise<any> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new InputError(`missing ${path.basename(file)}`, where);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`${path.basename(file)} is not valid JSON (${(e as Error).message})`, where);
  }
}

/** Finds a special token's id in tokenizer.json's added_tokens (or the WordPiece vocabulary). */
function tokenId(tok: any, name: unknown, fallbacks: string[]): number | undefined {
  const wanted = [typeof name === 'string' ? name : (name as { content?: string } | undefined)?.content, ...fallbacks].filter(
    (x): x is string => typeof x === 'string',
  );
  for (const w of wanted) {
    const added = (tok?.added_tokens ?? []).find((t: any) => t.content === w);
    if (added && Number.isInteger(added.id)) return added.id;
    const v = tok?.model?.vocab;
    if (v && !Array.isArray(v) && Number.isInteger(v[w])) return v[w];
  }
  return undefined;
}

/** Loads a model folder in the transformers.js layout. */
export async function loadModelDir(dir: string, opts: LoadModelOptions = {}): Promise<LoadedModel> {
  const where = dir;
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InputError('not a model folder', where);
  const config = (await readJson(path.join(dir, 'config.json'), where)) as HubModelConfig;
  const tokConfig = existsSync(path.join(dir, 'tokenizer_config.json'))
    ? await readJson(path.join(dir, 'tokenizer_config.json'), where)
    : {};
  const tokJson = await readJson(path.join(dir, 'tokenizer.json'), where);

  const dtype = opts.dtype ?? 'fp32';
  const file = DTYPE_FILES[dtype];
  if (!file) throw new InputError(`unknown dtype "${dtype}" (use fp32, fp16 or q8)`, where);
  const onnxPath = path.join(dir, 'onnx', file);
  if (!existsSync(onnxPath)) {
    const have = existsSync(path.join(dir, 'onnx')) ? readdirSync(path.join(dir, 'onnx')).filter((f) => f.endsWith('.onnx')) : [];
    throw new InputError(
      `no onnx/${file} for dtype ${dtype}${have.length ? ` (this folder has: ${have.join(', ')})` : ' (no onnx/ folder)'}`,
      where,
    );
  }

  const clsId = tokenId(tokJson, tokConfig.cls_token, ['[CLS]', '<s>']);
  const sepId = tokenId(tokJson, tokConfig.sep_token, ['[SEP]', '</s>']);
  const padId = tokenId(tokJson, tokConfig.pad_token, ['[PAD]', '<pad>']) ?? (Number.isInteger(config.pad_token_id) ? (config.pad_token_id as number) : 0);
  if (clsId === undefined || sepId === undefined) {
    throw new InputError('tokenizer.json has no [CLS]/[SEP] (or <s>/</s>) token', where);
  }

  const name = typeof config._name_or_path === 'string' && config._name_or_path ? config._name_or_path : path.basename(path.resolve(dir));
  const info = findModel(name) ?? describeCustomModel(config, name, tokConfig);

  const loadTokenizer = opts.loadTokenizer ?? (async (d: string) => (await import('./tokenizer-folder.ts')).loadTokenizerDir(d));
  const tokenizer = await loadTokenizer(dir);

  const session = await ort.InferenceSession.create(onnxPath, {
    ...(opts.threads ? { intraOpNumThreads: opts.threads, interOpNumThreads: 1 } : {}),
    logSeverityLevel: 3,
  });
  return { runner: createOrtRunner(session), tokenizer, config, info, dtype, clsId, sepId, padId, dir, session };
}

/** Where transformers.js keeps models on disk in Node: its cache (downloads) and its local model path. */
export function transformersModelDirs(id: string): string[] {
  const pkg = fileURLToPath(new URL('../../node_modules/@huggingface/transformers/', import.meta.url));
  const roots = [process.env.TRANSFORMERS_CACHE, path.join(pkg, '.cache'), path.join(pkg, 'models'), path.resolve('models')];
  return roots.filter((r): r is string => !!r).map((r) => path.join(r, ...id.split('/')));
}

const HUB_ID = /^[A-Za-z0-9][\w.-]*\/[\w.-]+$/;

/**
 * A model folder path, or a Hub id ("Xenova/multilingual-e5-small") that transformers.js already
 * has on disk. The CLI works offline and never downloads.
 */
export async function loadModel(idOrDir: string, opts: LoadModelOptions = {}): Promise<LoadedModel> {
  if (existsSync(idOrDir) && statSync(idOrDir).isDirectory()) return loadModelDir(idOrDir, opts);
  if (HUB_ID.test(idOrDir)) {
    for (const d of transformersModelDirs(idOrDir)) {
      if (existsSync(path.join(d, 'config.json')) && existsSync(path.join(d, 'tokenizer.json'))) return loadModelDir(d, opts);
    }
    throw new InputError(
      `model "${idOrDir}" is not on this machine, and the CLI does not download models. ` +
        'Pass --model <folder> with config.json, tokenizer.json and onnx/model.onnx ' +
        '(for example a model the playground or transformers.js downloaded), or use the BM25 retriever',
      '--model',
    );
  }
  throw new InputError(`"${idOrDir}" is neither a model folder nor a Hub id like "Xenova/multilingual-e5-small"`, '--model');
}

/** An embedder wired to a loaded model: its limit, pooling, prefixes, special tokens and cache key. */
export function createModelEmbedder(
  m: LoadedModel,
  opts: Partial<Pick<EmbedderOptions, 'cache' | 'batchSize' | 'maxBatchTokens' | 'overLimit' | 'maxTokens'>> = {},
): Embedder {
  return createEmbedder({
    runner: m.runner,
    tokenizer: m.tokenizer,
    clsId: m.clsId,
    sepId: m.sepId,
    padId: m.padId,
    maxTokens: opts.maxTokens ?? m.info.maxTokens,
    pooling: m.info.pooling,
    prefixes: m.info.prefixes,
    modelId: m.info.id,
    dtype: m.dtype,
    ...opts,
  });
}
