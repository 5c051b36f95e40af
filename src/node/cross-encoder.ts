// The CLI's cross-encoder (reranker): a model folder (or a Hub id already on disk) loaded through
// src/node/model.ts, with onnxruntime-node reading its `logits` output, scores cached in the same
// file cache as embeddings (.cache/embeddings, kind 'rerank'), keyed by id AND weights hash.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as ort from 'onnxruntime-node';
import { InputError } from '../engine/types.ts';
import { DTYPE_FILES, type ModelDtype } from '../engine/embedding/index.ts';
import { createCrossEncoder, pairTemplate, type CrossEncoder, type CrossEncoderRunner } from '../engine/embedding/index.ts';
import { findReranker } from '../engine/embedding/index.ts';
import type { RunnerBatch } from '../engine/embedding/index.ts';

/** What config.rerank records about the model (with `top`, added by the pipeline). */
export interface RerankModelConfig {
  /** As given on the command line (folder or Hub id). */
  model: string;
  modelId: string;
  /** First 16 hex digits of the ONNX file's SHA-256. */
  modelSha256: string;
  dtype: ModelDtype;
  /** Pair input limit in tokens, special tokens included. */
  maxTokens: number;
}

export interface LoadedCrossEncoder {
  encoder: CrossEncoder;
  config: RerankModelConfig;
  dispose(): Promise<void>;
}

/** A CrossEncoderRunner over an onnxruntime-node session with a float32 `logits` [batch, labels] output. */
export function createOrtCrossEncoderRunner(session: ort.InferenceSession, feeds: (batch: RunnerBatch) => Record<string, ort.Tensor>): CrossEncoderRunner {
  const outName = session.outputNames.includes('logits') ? 'logits' : session.outputNames[0];
  return {
    async run(batch) {
      const out = await session.run(feeds(batch), [outName]);
      const t = out[outName];
      if (t.type !== 'float32' || t.dims.length !== 2) {
        throw new Error(`model output "${outName}" is ${t.type} [${t.dims.join(', ')}], expected float32 [batch, labels] (is this a cross-encoder?)`);
      }
      return { data: t.data as Float32Array, dims: [Number(t.dims[0]), Number(t.dims[1])] };
    },
    async dispose() {
      await session.release();
    },
  };
}

export async function loadCrossEncoder(
  model: string,
  opts: { dtype?: ModelDtype; cacheDir?: string | null; batchSize?: number; threads?: number } = {},
): Promise<LoadedCrossEncoder> {
  const [{ loadModel, ortFeeds }, { sha256File }, { FileEmbeddingCache }] = await Promise.all([
    import('./model.ts'),
    import('./files.ts'),
    import('./embed-cache.ts'),
  ]);
  let m;
  try {
    m = await loadModel(model, { dtype: opts.dtype, threads: opts.threads });
  } catch (e) {
    if (e instanceof InputError) throw new InputError(e.message.replace(/^--model: /, ''), '--rerank');
    throw e;
  }
  const tokJson = JSON.parse(await readFile(path.join(m.dir, 'tokenizer.json'), 'utf8'));
  const template = pairTemplate(tokJson, { clsId: m.clsId, sepId: m.sepId }, `${m.dir}/tokenizer.json`);
  const sha = (await sha256File(path.join(m.dir, 'onnx', DTYPE_FILES[m.dtype]))).slice(0, 16);
  const maxTokens = findReranker(m.info.id)?.maxTokens ?? m.info.maxTokens;
  const runner = createOrtCrossEncoderRunner(m.session, (b) => ortFeeds(m.session, b));
  const encoder = createCrossEncoder({
    runner,
    tokenizer: m.tokenizer,
    template,
    padId: m.padId,
    maxTokens,
    batchSize: opts.batchSize,
    cache: opts.cacheDir === null ? undefined : new FileEmbeddingCache(opts.cacheDir ?? undefined),
    modelId: `${m.info.id}@${sha}`,
    dtype: m.dtype,
  });
  return {
    encoder,
    config: { model, modelId: m.info.id, modelSha256: sha, dtype: m.dtype, maxTokens },
    dispose: () => runner.dispose!(),
  };
}
