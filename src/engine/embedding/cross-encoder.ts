// Cross-encoders (rerankers): a relevance score for each (query, passage) pair from one pass of a
// sequence-classification model over both texts together. The engine tokenizes with its own
// TextTokenizer, builds the model's pair template (read from tokenizer.json: [CLS] q [SEP] p [SEP]
// with segment ids for BERT, <s> q </s></s> p </s> for RoBERTa/XLM-R), cuts pairs over the model's
// limit longest-first, batches by length and caches scores per (model, query, passage). The
// runtime is behind CrossEncoderRunner: onnxruntime-node in the CLI, transformers.js in the browser.

import { InputError, type TextTokenizer } from '../types.ts';
import { inputHash, type EmbeddingCache, type EmbeddingCacheKey } from './cache.ts';
import { throwIfAborted, type RunnerBatch } from './runner.ts';
import { distinct, lengthBatches, padTo } from './batching.ts';

/** The model's logits, [batch, labels] row-major. */
export interface CrossEncoderOutput {
  data: Float32Array;
  dims: [number, number];
}

/** The one seam between the scoring code and an inference runtime for sequence classification. */
export interface CrossEncoderRunner {
  run(batch: RunnerBatch): Promise<CrossEncoderOutput>;
  dispose?(): Promise<void>;
}

/** One piece of a pair template: a special token's id, or sequence A (query) / B (passage). */
export type TemplatePiece = { token: number; typeId: number } | { sequence: 'A' | 'B'; typeId: number };

export interface PairTemplate {
  pieces: TemplatePiece[];
  /** How many special tokens the template adds (counted against the limit). */
  specials: number;
}

const isObj = (x: unknown): x is Record<string, any> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * The pair template of a Hugging Face tokenizer.json post-processor (TemplateProcessing,
 * BertProcessing or RobertaProcessing; a Sequence of processors is searched for one of them).
 * `fallback` ([CLS]/[SEP] ids) builds BERT's template when the file has no post-processor.
 */
export function pairTemplate(tokenizerJson: unknown, fallback: { clsId: number; sepId: number }, where = 'tokenizer.json'): PairTemplate {
  const tok = isObj(tokenizerJson) ? tokenizerJson : {};
  let pp: any = tok.post_processor;
  if (isObj(pp) && pp.type === 'Sequence' && Array.isArray(pp.processors)) {
    pp = pp.processors.find((p: any) => isObj(p) && ['TemplateProcessing', 'BertProcessing', 'RobertaProcessing'].includes(p.type));
  }
  const pieces: TemplatePiece[] = [];
  const idOf = (entry: unknown): number | undefined => (Array.isArray(entry) && Number.isInteger(entry[1]) ? entry[1] : undefined);
  if (isObj(pp) && pp.type === 'TemplateProcessing' && Array.isArray(pp.pair)) {
    for (const p of pp.pair) {
      if (isObj(p?.Sequence)) {
        const id = p.Sequence.id;
        if (id !== 'A' && id !== 'B') throw new InputError(`pair template has an unknown sequence "${id}"`, where);
        pieces.push({ sequence: id, typeId: Number(p.Sequence.type_id) || 0 });
      } else if (isObj(p?.SpecialToken)) {
        const name = p.SpecialToken.id;
        const ids = pp.special_tokens?.[name]?.ids;
        if (!Array.isArray(ids) || !ids.every((i: unknown) => Number.isInteger(i))) {
          throw new InputError(`pair template names special token "${name}" without its id`, where);
        }
        for (const id of ids) pieces.push({ token: id, typeId: Number(p.SpecialToken.type_id) || 0 });
      } else throw new InputError('pair template has a piece that is neither a sequence nor a special token', where);
    }
  } else if (isObj(pp) && pp.type === 'RobertaProcessing') {
    const cls = idOf(pp.cls) ?? fallback.clsId;
    const sep = idOf(pp.sep) ?? fallback.sepId;
    pieces.push({ token: cls, typeId: 0 }, { sequence: 'A', typeId: 0 }, { token: sep, typeId: 0 }, { token: sep, typeId: 0 }, { sequence: 'B', typeId: 0 }, { token: sep, typeId: 0 });
  } else {
    // BertProcessing, or no post-processor: BERT's pair layout.
    const cls = isObj(pp) ? (idOf(pp.cls) ?? fallback.clsId) : fallback.clsId;
    const sep = isObj(pp) ? (idOf(pp.sep) ?? fallback.sepId) : fallback.sepId;
    pieces.push({ token: cls, typeId: 0 }, { sequence: 'A', typeId: 0 }, { token: sep, typeId: 0 }, { sequence: 'B', typeId: 1 }, { token: sep, typeId: 1 });
  }
  if (pieces.filter((p) => 'sequence' in p && p.sequence === 'A').length !== 1 || pieces.filter((p) => 'sequence' in p && p.sequence === 'B').length !== 1) {
    throw new InputError('pair template must hold the query (A) and the passage (B) once each', where);
  }
  return { pieces, specials: pieces.filter((p) => 'token' in p).length };
}

/**
 * Cuts a pair to at most `room` content tokens, longest first: one token off the longer side at a
 * time, the passage on a tie (the query stays whole whenever it fits in half the room). Returns the
 * kept lengths.
 */
export function truncatePair(queryLen: number, passageLen: number, room: number): [number, number] {
  let a = queryLen;
  let b = passageLen;
  const over = a + b - Math.max(0, room);
  if (over <= 0) return [a, b];
  // Closed form of the one-at-a-time loop: first level the longer side down to the shorter, then
  // take turns, the passage first.
  let left = over;
  if (b >= a) {
    const d = Math.min(b - a, left);
    b -= d;
    left -= d;
  } else {
    const d = Math.min(a - b, left);
    a -= d;
    left -= d;
  }
  b -= Math.ceil(left / 2);
  a -= Math.floor(left / 2);
  return [Math.max(0, a), Math.max(0, b)];
}

export interface CrossEncoderOptions {
  runner: CrossEncoderRunner;
  tokenizer: TextTokenizer;
  template: PairTemplate;
  padId?: number;
  /** Input limit in tokens, special tokens included. */
  maxTokens: number;
  /** Pairs per model call (default 16) and cap on padded tokens per call (default 16,384). */
  batchSize?: number;
  maxBatchTokens?: number;
  cache?: EmbeddingCache;
  /** Cache key parts: the model (id and weights) and its dtype. */
  modelId: string;
  dtype?: string;
}

export interface ScoreOptions {
  onProgress?: (fraction: number, done: number, total: number) => void;
  signal?: AbortSignal;
}

/** One score per passage, in order, with what happened on the way. */
export type ScoreResult = number[] & {
  /** Indices of the passages whose pair was cut to fit the limit. */
  truncated: number[];
  cacheHits: number;
  /** Model calls made (0 when every score came from the cache). */
  modelCalls: number;
};

export interface CrossEncoder {
  readonly maxTokens: number;
  /** The model input of a pair: ids, segment ids, and whether it was cut. */
  encodePair(query: string, passage: string): { ids: number[]; typeIds: number[]; truncated: boolean };
  score(query: string, passages: readonly string[], opts?: ScoreOptions): Promise<ScoreResult>;
}

/** A relevance score from one row of logits: the logit with one label; with two, relevant minus not. */
export function logitScore(out: CrossEncoderOutput, row: number): number {
  const [, labels] = out.dims;
  if (labels === 1) return out.data[row];
  if (labels === 2) return out.data[row * 2 + 1] - out.data[row * 2];
  throw new Error(`cross-encoder returned ${labels} labels per pair; a reranker has 1 (or 2)`);
}

export function createCrossEncoder(o: CrossEncoderOptions): CrossEncoder {
  const room = o.maxTokens - o.template.specials;
  if (!Number.isInteger(o.maxTokens) || room < 2) throw new InputError(`maxTokens ${o.maxTokens} leaves no room for a pair`, 'cross-encoder');
  const batchSize = Math.max(1, Math.floor(o.batchSize ?? 16));
  const maxBatchTokens = Math.max(1, Math.floor(o.maxBatchTokens ?? 16_384));
  const padId = o.padId ?? 0;
  const dtype = o.dtype ?? 'fp32';
  const settings = `pair|${o.maxTokens}|${o.tokenizer.name}`;
  const ids = (text: string) => o.tokenizer.encode(text).map((t) => t.id);

  function build(q: number[], p: number[]) {
    const [a, b] = truncatePair(q.length, p.length, room);
    const out: number[] = [];
    const types: number[] = [];
    for (const piece of o.template.pieces) {
      if ('token' in piece) {
        out.push(piece.token);
        types.push(piece.typeId);
      } else {
        const seq = piece.sequence === 'A' ? q.slice(0, a) : p.slice(0, b);
        for (const id of seq) {
          out.push(id);
          types.push(piece.typeId);
        }
      }
    }
    return { ids: out, typeIds: types, truncated: a < q.length || b < p.length };
  }

  function encodePair(query: string, passage: string) {
    return build(ids(query), ids(passage));
  }

  async function score(query: string, passages: readonly string[], opts: ScoreOptions = {}): Promise<ScoreResult> {
    if (typeof query !== 'string' || !Array.isArray(passages)) throw new InputError('score() needs a query and an array of passages', 'cross-encoder');
    const total = passages.length;
    const result = new Array<number>(total).fill(0) as ScoreResult;
    result.truncated = [];
    result.cacheHits = 0;
    result.modelCalls = 0;
    opts.onProgress?.(total ? 0 : 1, 0, total);
    if (!total) return result;
    const { owners } = distinct(passages, (p, i) => {
      if (typeof p !== 'string') throw new InputError(`passage ${i} is not a string`, 'cross-encoder');
    });
    const uniq = owners.map((o) => passages[o[0]]);
    // The query's length is part of the hashed input so "ab"+"c" never meets "a"+"bc".
    const keys: EmbeddingCacheKey[] = uniq.map((p) => ({ model: o.modelId, dtype, kind: 'rerank', hash: inputHash(`${query.length}\u0000${query}\u0000${p}`, settings) }));
    const cached = o.cache ? await o.cache.getMany(keys) : [];
    const q = ids(query);
    let done = 0;
    const place = (u: number, s: number) => {
      for (const i of owners[u]) result[i] = s;
      done += owners[u].length;
    };
    const todo: { u: number; ids: number[]; typeIds: number[] }[] = [];
    for (let u = 0; u < uniq.length; u++) {
      const pair = build(q, ids(uniq[u]));
      if (pair.truncated) result.truncated.push(...owners[u]);
      const hit = cached[u];
      if (hit && hit.length === 1) {
        place(u, hit[0]);
        result.cacheHits += owners[u].length;
      } else todo.push({ u, ids: pair.ids, typeIds: pair.typeIds });
    }
    result.truncated.sort((a, b) => a - b);
    opts.onProgress?.(done / total, done, total);
    for (const { batch, longest } of lengthBatches(todo, batchSize, maxBatchTokens)) {
      throwIfAborted(opts.signal);
      const out = await o.runner.run({
        inputIds: batch.map((b) => padTo(b.ids, longest, padId)),
        attentionMask: batch.map((b) => padTo(b.ids.map(() => 1), longest, 0)),
        tokenTypeIds: batch.map((b) => padTo(b.typeIds, longest, 0)),
      });
      result.modelCalls++;
      if (out.dims.length !== 2 || out.dims[0] !== batch.length) {
        throw new Error(`cross-encoder runner returned dims [${out.dims.join(', ')}], expected [${batch.length}, labels]`);
      }
      const entries = batch.map((b, row) => ({ key: keys[b.u], vector: Float32Array.of(logitScore(out, row)) }));
      if (o.cache) await o.cache.setMany(entries);
      batch.forEach((b, row) => place(b.u, entries[row].vector[0]));
      opts.onProgress?.(done / total, done, total);
    }
    return result;
  }

  return { maxTokens: o.maxTokens, encodePair, score };
}
