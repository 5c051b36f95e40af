// Texts → unit vectors over any ModelRunner: adds the model's query/passage prefix, tokenizes with
// the engine's TextTokenizer plus [CLS]/[SEP], batches texts of similar length (padding to each
// batch's longest), pools, normalises, and reads/writes an EmbeddingCache in whole batches.
// Inputs over the model's limit are cut to fit and always reported, never silently.

import { InputError } from '../types.ts';
import { inputHash, type EmbedKind, type EmbeddingCache, type EmbeddingCacheKey } from './cache.ts';
import { l2Normalize, pool, type Pooling } from './pooling.ts';
import { throwIfAborted, type ModelInputOptions } from './runner.ts';
import { distinct, emptyEmbedResult, lengthBatches, padTo } from './batching.ts';

export interface EmbedderOptions extends ModelInputOptions {
  pooling: Pooling;
  prefixes?: { query: string; passage: string };
  /** Texts per model call (default 16). */
  batchSize?: number;
  /** Cap on padded tokens per model call (batch rows × longest row), default 16,384: long texts go in smaller batches. */
  maxBatchTokens?: number;
  cache?: EmbeddingCache;
  /** Cache key parts: the model id and its weights' dtype. */
  modelId?: string;
  dtype?: string;
  /** What to do with an input over maxTokens: cut it and report it (default), or throw an InputError. */
  overLimit?: 'truncate' | 'error';
}

export interface EmbedOptions {
  /** Called after each batch (and once at the start) with the fraction of texts done. */
  onProgress?: (fraction: number, done: number, total: number) => void;
  /** Checked before each model call; on abort the call rejects with an AbortError. */
  signal?: AbortSignal;
}

/**
 * The vectors, one per input text in order (unit length, Float32Array), with what happened on the
 * way: an array, so it can stand wherever Float32Array[] is expected (ChunkerContext.embed).
 */
export type EmbedResult = Float32Array[] & {
  /** Indices of the texts that were cut to fit the input limit. */
  truncated: number[];
  /** Tokens of each model input (prefix included, special tokens included, before any cut). */
  tokenCounts: number[];
  /** How many texts came from the cache. */
  cacheHits: number;
};

export interface Embedder {
  readonly maxTokens: number;
  /** How token vectors become one: a local model's pooling, or 'service' (an embedding API pools on its side). */
  readonly pooling: Pooling | 'service';
  embed(texts: readonly string[], kind: 'query' | 'passage', opts?: EmbedOptions): Promise<EmbedResult>;
  /** The model input for a text: prefix + text. */
  inputText(text: string, kind: 'query' | 'passage'): string;
}

export function createEmbedder(o: EmbedderOptions): Embedder {
  if (!Number.isInteger(o.maxTokens) || o.maxTokens < 3) {
    throw new InputError(`maxTokens must be an integer of at least 3 (got ${o.maxTokens})`, 'embedder');
  }
  const batchSize = Math.max(1, Math.floor(o.batchSize ?? 16));
  const maxBatchTokens = Math.max(1, Math.floor(o.maxBatchTokens ?? 16_384));
  const padId = o.padId ?? 0;
  const prefixes = o.prefixes ?? { query: '', passage: '' };
  const settings = `${o.pooling}|${o.maxTokens}|${o.tokenizer.name}`;
  const model = o.modelId ?? o.tokenizer.name;
  const dtype = o.dtype ?? 'fp32';

  const inputText = (text: string, kind: 'query' | 'passage') => prefixes[kind] + text;

  async function embed(texts: readonly string[], kind: 'query' | 'passage', opts: EmbedOptions = {}): Promise<EmbedResult> {
    const result = emptyEmbedResult(texts);
    const total = texts.length;
    opts.onProgress?.(total === 0 ? 1 : 0, 0, total);
    if (total === 0) return result;

    // One model input per distinct text; duplicates share it.
    const inputs = texts.map((t, i) => {
      if (typeof t !== 'string') throw new InputError(`text ${i} is not a string`, 'embedder');
      return inputText(t, kind);
    });
    const { owners, first: unique } = distinct(inputs);
    const keys: EmbeddingCacheKey[] = unique.map((i) => ({
      model,
      dtype,
      kind: kind as EmbedKind,
      hash: inputHash(inputs[i], settings),
    }));

    let done = 0;
    const place = (u: number, v: Float32Array) => {
      for (const i of owners[u]) result[i] = owners[u].length > 1 && i !== owners[u][0] ? v.slice() : v;
      done += owners[u].length;
    };

    // Cache lookups first: hits cost no model work.
    const cached = o.cache ? await o.cache.getMany(keys) : [];
    const todo: { u: number; ids: number[] }[] = [];
    const content = o.maxTokens - 2;
    for (let u = 0; u < unique.length; u++) {
      const i = unique[u];
      const tokenIds = o.tokenizer.encode(inputs[i]).map((t) => t.id);
      for (const j of owners[u]) result.tokenCounts[j] = tokenIds.length + 2;
      const over = tokenIds.length > content;
      if (over) {
        if (o.overLimit === 'error') {
          throw new InputError(
            `text ${i} has ${tokenIds.length + 2} tokens, over the model's limit of ${o.maxTokens}`,
            'embedder',
          );
        }
        for (const j of owners[u]) result.truncated.push(j);
      }
      const hit = cached[u];
      if (hit) {
        place(u, hit);
        result.cacheHits += owners[u].length;
      } else {
        todo.push({ u, ids: [o.clsId, ...(over ? tokenIds.slice(0, content) : tokenIds), o.sepId] });
      }
    }
    result.truncated.sort((a, b) => a - b);
    opts.onProgress?.(done / total, done, total);

    // Longest first, ties by input order: stable and deterministic; the biggest batch runs first.
    for (const { batch, longest } of lengthBatches(todo, batchSize, maxBatchTokens)) {
      throwIfAborted(opts.signal);
      const inputIds = batch.map((b) => padTo(b.ids, longest, padId));
      const attentionMask = batch.map((b) => padTo(b.ids.map(() => 1), longest, 0));
      const tokenTypeIds = batch.map(() => new Array<number>(longest).fill(0));
      const out = await o.runner.run({ inputIds, attentionMask, tokenTypeIds });
      checkDims(out.dims, batch.length, longest);
      const entries: { key: EmbeddingCacheKey; vector: Float32Array }[] = [];
      batch.forEach((b, row) => {
        const v = l2Normalize(pool(out, row, attentionMask[row], o.pooling));
        entries.push({ key: keys[b.u], vector: v });
      });
      // Abort after the model call: the batch is complete, so it may still be cached; the caller
      // still gets the AbortError.
      if (o.cache) await o.cache.setMany(entries);
      batch.forEach((b, row) => place(b.u, entries[row].vector));
      opts.onProgress?.(done / total, done, total);
    }
    return result;
  }

  return { maxTokens: o.maxTokens, pooling: o.pooling, embed, inputText };
}

export function checkDims(dims: readonly number[], batch: number, seq: number): void {
  if (dims.length !== 3 || dims[0] !== batch || dims[1] !== seq || !(dims[2] > 0)) {
    throw new Error(`model runner returned dims [${dims.join(', ')}], expected [${batch}, ${seq}, hidden]`);
  }
}
