// The browser's cross-encoder (reranker): a sequence-classification model loaded through the
// embedding worker's one loading path (workers/embed-runner.ts: Hub id, the app's /models/, or a
// folder picked from disk), run as a raw ONNX session whose `logits` feed the engine's cross-encoder
// (src/engine/embedding/cross-encoder.ts: the engine tokenizes, builds the pair template, truncates,
// batches and caches per (model, query, passage)). WASM by default. WebGPU only when asked for and
// only after a check: sequence classifiers have been reported to return identical scores on WebGPU
// (transformers.js issue 1181), so a few pairs are scored on both devices and WebGPU is kept only
// when its scores match WASM's; otherwise WASM is used and the reason is reported. Worker-only code.
import { createCrossEncoder, deviceMismatch, findReranker, pairTemplate, type CrossEncoder, type CrossEncoderRunner, type EmbeddingCache, type RunnerBatch } from '../src/engine/embedding/index.ts';
import { InputError } from '../src/engine/types.ts';
import { inputNamesOf, int64Feeds, loadBrowserSession, type BrowserSession, type LoadOptions, type LoadProgress, type ModelSource } from './embed-runner.ts';
import type { RerankerStatus } from './embed-api.ts';

/** Pairs scored on WASM and on WebGPU before WebGPU is trusted (different passages: scores must differ). */
export const DEVICE_CHECK_PAIRS: readonly [string, string][] = [
  ['where does the fox jump', 'the quick brown fox jumps over the lazy dog'],
  ['where does the fox jump', 'retrieval ranks passages for a question'],
  ['what is a late chunk', 'a late chunk of a long document keeps the context of every part'],
  ['o que é um trecho', 'um trecho curto de um documento longo'],
];

export interface LoadedCrossEncoderModel {
  encoder: CrossEncoder;
  status: Omit<RerankerStatus, 'seconds'>;
  dispose(): Promise<void>;
}

/** A CrossEncoderRunner over a transformers.js sequence classifier: int64 inputs in, `logits` out. */
function logitsRunner(model: any): CrossEncoderRunner {
  const names = inputNamesOf(model);
  return {
    async run(batch: RunnerBatch) {
      const out = await model(int64Feeds(batch, names));
      let t = out.logits ?? out[Object.keys(out)[0]];
      if (!t || t.dims?.length !== 2) throw new InputError(`the model gave no logits [batch, labels] (outputs: ${Object.keys(out).join(', ')}): is it a cross-encoder?`, undefined, { code: 'bad-model-output' });
      if (t.type !== 'float32') t = t.to('float32');
      return { data: t.data as Float32Array, dims: [Number(t.dims[0]), Number(t.dims[1])] as [number, number] };
    },
    async dispose() {
      await model.dispose?.();
    },
  };
}

function encoderOf(s: BrowserSession, runner: CrossEncoderRunner, cache: EmbeddingCache | undefined, maxTokens: number): CrossEncoder {
  const where = s.source.kind === 'files' ? s.name : `${s.name}/tokenizer.json`;
  return createCrossEncoder({
    runner,
    tokenizer: s.tokenizer,
    template: pairTemplate(s.tokJson, { clsId: s.special.clsId, sepId: s.special.sepId }, where),
    padId: s.special.padId,
    maxTokens,
    cache,
    modelId: s.cacheId,
    dtype: s.dtype,
  });
}

/** The pair limit: the catalogue's, else the tokenizer's or the positions', whichever is smaller. */
function pairLimit(s: BrowserSession): number {
  const known = findReranker(s.name)?.maxTokens;
  if (known) return known;
  const positions = Number(s.config.max_position_embeddings) || 512;
  const tok = Number(s.tokConfig.model_max_length);
  // RoBERTa-style models keep 2 positions for padding offsets.
  const usable = s.config.model_type === 'xlm-roberta' || s.config.model_type === 'roberta' ? positions - 2 : positions;
  return Number.isFinite(tok) && tok > 0 && tok < usable ? tok : usable;
}

/** Scores of the check pairs with no cache, one pair per call (no padding differences). */
async function checkScores(encoder: CrossEncoder): Promise<number[]> {
  const out: number[] = [];
  for (const [q, p] of DEVICE_CHECK_PAIRS) out.push((await encoder.score(q, [p]))[0]);
  return out;
}

/**
 * Loads a cross-encoder. On WASM unless WebGPU is asked for ('webgpu' or 'auto') and an adapter is
 * there; then the check pairs decide (status.check records both devices' scores).
 */
export async function loadBrowserCrossEncoder(
  source: ModelSource,
  opts: LoadOptions,
  onProgress: ((p: LoadProgress) => void) | undefined,
  cache: EmbeddingCache | undefined,
): Promise<LoadedCrossEncoderModel> {
  const device = opts.device ?? 'wasm';
  let s = await loadBrowserSession(source, { ...opts, device }, onProgress, 'rerank');
  const maxTokens = pairLimit(s);
  let runner = logitsRunner(s.model);
  let check: RerankerStatus['check'];
  let fallback = device === 'wasm' ? undefined : s.fallback;
  if (s.device === 'webgpu') {
    const wasm = await loadBrowserSession(source, { ...opts, device: 'wasm' }, undefined, 'rerank');
    const wasmRunner = logitsRunner(wasm.model);
    const [onWasm, onGpu] = [await checkScores(encoderOf(wasm, wasmRunner, undefined, maxTokens)), await checkScores(encoderOf(s, runner, undefined, maxTokens))];
    const why = deviceMismatch(onWasm, onGpu);
    check = { wasm: onWasm, webgpu: onGpu, passed: !why };
    if (why) {
      await runner.dispose?.();
      s = wasm;
      runner = wasmRunner;
      fallback = why;
    } else await wasmRunner.dispose?.();
  }
  const encoder = encoderOf(s, runner, cache, maxTokens);
  const known = findReranker(s.name);
  return {
    encoder,
    status: {
      id: s.name,
      label: known?.label ?? s.name,
      device: s.device,
      ...(fallback ? { fallback } : {}),
      ...(check ? { check } : {}),
      dtype: s.dtype,
      dtypes: s.dtypes,
      maxTokens,
      tokenizer: s.tokenizer.name,
      threads: s.threads,
      cacheId: s.cacheId,
    },
    dispose: async () => {
      await runner.dispose?.();
    },
  };
}
