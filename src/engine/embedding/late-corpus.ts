// Late chunking over a whole corpus: one lateChunk pass per document over that document's chunk
// spans, with the vectors read from and written to an EmbeddingCache (kind 'late'), so a rerun does
// no model work. Used by the CLI's --late and by the browser's embed worker alike.
//
// The chunk prefix (context header, repeated table header, generated context sentence) is NOT part
// of a late vector: a late vector pools the document's own tokens, and the prefix has no tokens in
// the document. What the prefix repeats (the title and section headings, the table's header row)
// is already in the document pass that every chunk's tokens attended to. `LATE_PREFIX_POLICY`
// names this choice so results files can record it. (BM25 in a hybrid run still indexes the prefix.)

import { InputError, type TextTokenizer } from '../types.ts';
import { inputHash, type EmbeddingCache, type EmbeddingCacheKey } from './cache.ts';
import { hash64 } from '../util/hash.ts';
import { defaultWindowOverlap, lateChunk, planWindows } from './late.ts';
import { throwIfAborted, type ModelRunner } from './runner.ts';

/** Recorded in results files: the late vector ignores the chunk's prefix (see the file comment). */
export const LATE_PREFIX_POLICY = 'ignored: late vectors pool only the chunk\'s document tokens; the document pass is its context';

export interface LateSpan {
  id: string;
  docId: string;
  /** Character range of the document text (UTF-16 offsets, as the engine indexes). */
  start: number;
  end: number;
}

export interface LateCorpusOptions {
  runner: ModelRunner;
  tokenizer: TextTokenizer;
  clsId: number;
  sepId: number;
  padId?: number;
  /** Input limit in tokens, special tokens included. */
  maxTokens: number;
  /** The model's passage prefix: context only, never pooled. */
  passagePrefix?: string;
  /** Context tokens shared by consecutive macro-windows (default: an eighth of a window, at least 32). */
  windowOverlap?: number;
  maxBatchTokens?: number;
  /** Cap on the sum of squared padded row lengths per model call (see lateChunk). */
  maxAttention?: number;
  cache?: EmbeddingCache;
  /** Cache key parts. */
  modelId: string;
  dtype: string;
  signal?: AbortSignal;
  /** Fraction of documents done. */
  onProgress?: (fraction: number) => void;
}

export interface LateCorpusResult {
  /** One unit vector per span, in the order given (zero vector for a span that owns no token). */
  vectors: Float32Array[];
  /** Spans whose vector came from the cache. */
  cacheHits: number;
  /** Documents that had at least one span. */
  documents: number;
  /** Documents longer than one model input, split into overlapping macro-windows. */
  documentsSplit: number;
  /** Macro-windows over all documents (equals `documents` when every document fits). */
  windows: number;
  /** Tokens of prefix + document over all documents, without special tokens. */
  tokens: number;
  /** Ids of spans that own no token (whitespace only): zero vectors. */
  empty: string[];
}

/** The settings besides the text that change a late vector (part of every cache key). */
function lateSettings(o: LateCorpusOptions, overlap: number): string {
  return `late|${o.tokenizer.name}|${o.maxTokens}|${overlap}|${o.clsId}|${o.sepId}|${o.passagePrefix ?? ''}`;
}

/**
 * Late-chunked vectors of `spans`, grouped by document. `docs` maps a document id to its text.
 * Documents are processed in order of first appearance; all spans of a document whose vectors are
 * all cached cost no model call.
 */
export async function lateChunkCorpus(
  docs: ReadonlyMap<string, string>,
  spans: readonly LateSpan[],
  o: LateCorpusOptions,
): Promise<LateCorpusResult> {
  const capacity = o.maxTokens - 2;
  if (!Number.isInteger(o.maxTokens) || capacity < 1) throw new InputError(`maxTokens must be an integer of at least 3 (got ${o.maxTokens})`, 'late chunking');
  const overlap = o.windowOverlap ?? defaultWindowOverlap(capacity);
  const settings = lateSettings(o, overlap);
  const prefix = o.passagePrefix ?? '';

  const byDoc = new Map<string, number[]>();
  spans.forEach((s, i) => {
    if (!docs.has(s.docId)) throw new InputError(`span "${s.id}" names unknown document "${s.docId}"`, 'late chunking');
    (byDoc.get(s.docId) ?? byDoc.set(s.docId, []).get(s.docId)!).push(i);
  });

  const res: LateCorpusResult = {
    vectors: new Array<Float32Array>(spans.length),
    cacheHits: 0,
    documents: byDoc.size,
    documentsSplit: 0,
    windows: 0,
    tokens: 0,
    empty: [],
  };
  const emptyAt = new Set<number>();
  let done = 0;
  o.onProgress?.(byDoc.size === 0 ? 1 : 0);
  for (const [docId, idx] of byDoc) {
    throwIfAborted(o.signal);
    const text = docs.get(docId)!;
    // Tokenized even on a full cache hit: the window plan (and what is reported) must not depend on the cache.
    const n = o.tokenizer.count(prefix + text);
    const windows = planWindows(n, capacity, overlap).length;
    res.tokens += n;
    res.windows += windows;
    if (windows > 1) res.documentsSplit++;

    const docHash = `${hash64(prefix + text)}-${text.length}`;
    const keys: EmbeddingCacheKey[] = idx.map((i) => ({
      model: o.modelId,
      dtype: o.dtype,
      kind: 'late',
      hash: inputHash(`${docHash}|${spans[i].start}|${spans[i].end}`, settings),
    }));
    const cached = o.cache ? await o.cache.getMany(keys) : idx.map(() => undefined);
    if (cached.every((v) => v !== undefined)) {
      idx.forEach((i, j) => {
        res.vectors[i] = cached[j]!;
        if (isZero(cached[j]!)) emptyAt.add(i);
      });
      res.cacheHits += idx.length;
    } else {
      const r = await lateChunk(text, idx.map((i) => spans[i]), {
        runner: o.runner,
        tokenizer: o.tokenizer,
        clsId: o.clsId,
        sepId: o.sepId,
        padId: o.padId,
        maxTokens: o.maxTokens,
        prefix,
        windowOverlap: overlap,
        maxBatchTokens: o.maxBatchTokens,
        maxAttention: o.maxAttention,
        signal: o.signal,
      });
      const entries: { key: EmbeddingCacheKey; vector: Float32Array }[] = [];
      idx.forEach((i, j) => {
        const hit = cached[j];
        if (hit) {
          res.vectors[i] = hit;
          res.cacheHits++;
        } else {
          res.vectors[i] = r.vectors[j];
          entries.push({ key: keys[j], vector: r.vectors[j] });
        }
      });
      for (const j of r.empty) emptyAt.add(idx[j]);
      if (o.cache && entries.length) await o.cache.setMany(entries);
    }
    done++;
    o.onProgress?.(done / byDoc.size);
  }
  res.empty = [...emptyAt].sort((a, b) => a - b).map((i) => spans[i].id);
  return res;
}

function isZero(v: Float32Array): boolean {
  for (let i = 0; i < v.length; i++) if (v[i] !== 0) return false;
  return true;
}
