// Test helpers: a stand-in WordPiece tokenizer over the bundled vocabulary (until src/engine/tokens
// lands; it only needs to give valid ids with character spans), the test model's paths and
// reference outputs, a runner wrapper that counts calls, and an embedder over the test model.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ModelRunner, RunnerBatch } from '../../../src/engine/embedding/runner.ts';
import { createEmbedder, type EmbedderOptions } from '../../../src/engine/embedding/embedder.ts';
import type { LoadedModel } from '../../../src/node/model.ts';
import type { TextTokenizer, TokenSpan } from '../../../src/engine/types.ts';

export const MODEL_DIR = path.resolve('tests/fixtures/models/chunklab-test-bert');

export interface Reference {
  hidden: number;
  clsId: number;
  sepId: number;
  padId: number;
  singles: {
    text: string;
    tokenIds: number[];
    tokenSpans: [number, number][];
    inputIds: number[];
    lastHiddenState: number[];
    meanPooled: number[];
    cls: number[];
  }[];
  batch: { inputIds: number[][]; attentionMask: number[][]; lastHiddenState: number[] };
  late: { text: string; chunks: { tokenRange: [number, number]; charSpan: [number, number]; vector: number[] }[] };
}

export const reference: Reference = JSON.parse(readFileSync(path.join(MODEL_DIR, 'reference.json'), 'utf8'));

/** Greedy longest-match WordPiece (lower case, accents stripped, punctuation split), with spans. */
export function standInTokenizer(): TextTokenizer {
  const tok = JSON.parse(readFileSync(path.join(MODEL_DIR, 'tokenizer.json'), 'utf8'));
  const vocab: Record<string, number> = tok.model.vocab;
  const unk = vocab['[UNK]'];
  const encode = (text: string): TokenSpan[] => {
    const out: TokenSpan[] = [];
    for (const m of text.matchAll(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)) {
      const word = m[0];
      const start = m.index;
      const norm = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
      const sameLength = norm.length === word.length;
      let p = 0;
      const pieces: TokenSpan[] = [];
      while (p < norm.length) {
        let q = norm.length;
        let id: number | undefined;
        while (q > p) {
          id = vocab[(p > 0 ? '##' : '') + norm.slice(p, q)];
          if (id !== undefined) break;
          q--;
        }
        if (id === undefined) {
          pieces.length = 0;
          break;
        }
        pieces.push(sameLength ? { id, start: start + p, end: start + q } : { id, start, end: start + word.length });
        p = q;
      }
      if (pieces.length) out.push(...pieces);
      else out.push({ id: unk, start, end: start + word.length });
    }
    return out;
  };
  return { name: 'stand-in-wordpiece', modelMaxLength: 512, encode, count: (t) => encode(t).length };
}

/** Wraps a runner, counting calls and the rows it was asked for. */
export function countingRunner(inner: ModelRunner): ModelRunner & { calls: number; rows: number; batches: RunnerBatch[] } {
  const r = {
    calls: 0,
    rows: 0,
    batches: [] as RunnerBatch[],
    async run(batch: RunnerBatch) {
      r.calls++;
      r.rows += batch.inputIds.length;
      r.batches.push(batch);
      return inner.run(batch);
    },
  };
  return r;
}

export function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Infinity;
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

export function norm(v: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}

/** An embedder over the loaded test model (mean pooling, 512 tokens) whose runner counts its calls; `extra` overrides any option. */
export function testEmbedder(model: LoadedModel, extra: Partial<EmbedderOptions> = {}) {
  const runner = countingRunner(model.runner);
  const embedder = createEmbedder({
    runner,
    tokenizer: model.tokenizer,
    clsId: model.clsId,
    sepId: model.sepId,
    maxTokens: 512,
    pooling: 'mean',
    modelId: 'chunklab-test-bert',
    ...extra,
  });
  return { runner, embedder };
}
