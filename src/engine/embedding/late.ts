// Late chunking (Günther et al., 2024, "Late Chunking: Contextual Chunk Embeddings Using Long-Context
// Embedding Models"): run the model over the whole document once, then mean-pool each chunk's token
// vectors, so every chunk's vector has seen the text around it.
//
// Choices, so that results are reproducible and comparable:
// - The document is tokenized once with TextTokenizer.encode (token ids + character spans); a chunk
//   (a character span) owns the tokens that START inside it: [span.start, span.end).
// - Special tokens ([CLS]/[SEP], <s>/</s>) and the model's passage prefix are in the model input, so
//   they give context, but they are never pooled into a chunk (as in the paper's implementation,
//   where span annotations exclude them). Hence a single chunk covering a whole short document equals
//   the mean of that document's non-special token vectors, not the ordinary mean-pooled embedding.
// - A document longer than the input limit is cut into overlapping macro-windows, each with its own
//   [CLS]/[SEP]. The overlap is context only: every token's vector is taken from exactly one window,
//   the one where it sits farthest from the cut (ownership splits each overlap in the middle).
// - Windows overlap by an eighth of a window (at least 32 tokens) by default, and one model call
//   holds as many windows as fit an attention budget (sum of squared row lengths, one 512-token row
//   by default), so peak memory stays that of one full window however long the document.
// - A chunk that owns no token (whitespace only) gets a zero vector and is listed in `empty`.

import { InputError, type Span } from '../types.ts';
import { checkDims } from './embedder.ts';
import { l2Normalize } from './pooling.ts';
import { throwIfAborted, type ModelInputOptions } from './runner.ts';

export interface MacroWindow {
  /** Document tokens [start, end) given to the model in this window. */
  start: number;
  end: number;
  /** Tokens [ownStart, ownEnd) whose vectors are taken from this window. */
  ownStart: number;
  ownEnd: number;
}

/**
 * Splits `n` tokens into windows of at most `capacity` tokens overlapping by `overlap`. Every token
 * is owned by exactly one window; each overlap is split in the middle between its two windows.
 */
export function planWindows(n: number, capacity: number, overlap: number): MacroWindow[] {
  if (!Number.isInteger(capacity) || capacity < 1) throw new InputError(`window capacity must be a positive integer (got ${capacity})`, 'late chunking');
  if (!Number.isInteger(overlap) || overlap < 0 || overlap >= capacity) {
    throw new InputError(`window overlap must be an integer in [0, ${capacity - 1}] (got ${overlap})`, 'late chunking');
  }
  if (n <= 0) return [];
  if (n <= capacity) return [{ start: 0, end: n, ownStart: 0, ownEnd: n }];
  const step = capacity - overlap;
  const half = Math.ceil(overlap / 2);
  const windows: MacroWindow[] = [];
  for (let s = 0; ; s += step) {
    const e = Math.min(s + capacity, n);
    windows.push({ start: s, end: e, ownStart: s === 0 ? 0 : s + half, ownEnd: e });
    if (e === n) break;
  }
  for (let i = 0; i + 1 < windows.length; i++) windows[i].ownEnd = windows[i + 1].ownStart;
  return windows;
}

/**
 * Default context shared by consecutive macro-windows: an eighth of a window, at least 32 tokens
 * or a quarter of the window, whichever is smaller. Each owned token then has at least overlap/2 tokens of context on the cut
 * side, 32 for a 512-token model, while the extra tokens run to about 1/7 of the document instead
 * of the 1/3 a quarter-window overlap costs.
 */
export function defaultWindowOverlap(capacity: number): number {
  // Small windows (tiny test models) keep a quarter: 32 tokens of a 40-token window would make the
  // stride 8 and multiply the windows.
  const floor = Math.min(32, Math.floor(capacity / 4));
  return Math.max(0, Math.min(capacity - 1, Math.max(floor, Math.floor(capacity / 8))));
}

/**
 * Default attention budget of one model call: the sum over its rows of (padded length)², here one
 * 512-token row. Self-attention memory and time grow with the square of the row length, so long
 * windows go one per call while short ones still share a call.
 */
export const DEFAULT_MAX_ATTENTION = 512 * 512;

/**
 * How many windows, from `from` on, go in one call: rows × longest ≤ maxBatchTokens and
 * rows × longest² ≤ maxAttention (each row is padded to the longest), at least one.
 */
export function rowsPerCall(longest: number, maxBatchTokens: number, maxAttention: number): number {
  const byTokens = Math.floor(maxBatchTokens / longest);
  const byAttention = Math.floor(maxAttention / (longest * longest));
  return Math.max(1, Math.min(byTokens, byAttention));
}

export interface LateChunkOptions extends ModelInputOptions {
  /** The model's passage prefix ("passage: " for e5): context only, never pooled. */
  prefix?: string;
  /** Context tokens shared by consecutive macro-windows (default: defaultWindowOverlap). */
  windowOverlap?: number;
  /** Cap on padded tokens per model call (default 16,384): windows of one document are batched under it. */
  maxBatchTokens?: number;
  /** Cap on the sum of squared padded row lengths per model call (default DEFAULT_MAX_ATTENTION). */
  maxAttention?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

export interface LateChunkResult {
  /** One unit vector per span, in order (zero vector for an empty chunk). */
  vectors: Float32Array[];
  /** Indices of spans that own no token. */
  empty: number[];
  /** The macro-windows used (one when the document fits). */
  windows: MacroWindow[];
  /** Tokens of prefix + document, without special tokens. */
  tokens: number;
}

/** Late-chunked vectors of `spans` (character ranges of `text`). */
export async function lateChunk(text: string, spans: readonly Span[], o: LateChunkOptions): Promise<LateChunkResult> {
  const prefix = o.prefix ?? '';
  spans.forEach((s, i) => {
    if (!(Number.isInteger(s.start) && Number.isInteger(s.end) && 0 <= s.start && s.start <= s.end && s.end <= text.length)) {
      throw new InputError(`span ${i} [${s.start}, ${s.end}) is outside the document (length ${text.length})`, 'late chunking');
    }
  });
  const capacity = o.maxTokens - 2;
  if (capacity < 1) throw new InputError(`maxTokens must be at least 3 (got ${o.maxTokens})`, 'late chunking');
  const overlap = o.windowOverlap ?? defaultWindowOverlap(capacity);

  const full = prefix + text;
  const tokens = o.tokenizer.encode(full);
  const n = tokens.length;
  const windows = planWindows(n, capacity, overlap);
  const padId = o.padId ?? 0;
  const maxBatchTokens = Math.max(1, Math.floor(o.maxBatchTokens ?? 16_384));
  const maxAttention = Math.max(1, Math.floor(o.maxAttention ?? DEFAULT_MAX_ATTENTION));

  // Token vectors of the whole document, each from its owning window.
  let hidden = 0;
  let vecs = new Float32Array(0);
  let w = 0;
  o.onProgress?.(0);
  while (w < windows.length) {
    throwIfAborted(o.signal);
    const longest = windows[w].end - windows[w].start + 2; // the first window of a batch is the longest
    const rows = rowsPerCall(longest, maxBatchTokens, maxAttention);
    const batch = windows.slice(w, w + rows);
    const inputIds = batch.map((win) => {
      const ids = [o.clsId];
      for (let t = win.start; t < win.end; t++) ids.push(tokens[t].id);
      ids.push(o.sepId);
      while (ids.length < longest) ids.push(padId);
      return ids;
    });
    const attentionMask = batch.map((win) => {
      const len = win.end - win.start + 2;
      return Array.from({ length: longest }, (_, i) => (i < len ? 1 : 0));
    });
    const tokenTypeIds = batch.map(() => new Array<number>(longest).fill(0));
    const out = await o.runner.run({ inputIds, attentionMask, tokenTypeIds });
    checkDims(out.dims, batch.length, longest);
    if (hidden === 0) {
      hidden = out.dims[2];
      vecs = new Float32Array(n * hidden);
    }
    batch.forEach((win, row) => {
      for (let t = win.ownStart; t < win.ownEnd; t++) {
        const src = (row * longest + 1 + t - win.start) * hidden; // +1: after [CLS]
        vecs.set(out.data.subarray(src, src + hidden), t * hidden);
      }
    });
    w += batch.length;
    o.onProgress?.(w / windows.length);
  }

  // Tokens are in text order; a chunk owns those starting inside it: a contiguous index range.
  const starts = tokens.map((t) => t.start);
  const vectors: Float32Array[] = [];
  const empty: number[] = [];
  spans.forEach((s, i) => {
    const lo = lowerBound(starts, s.start + prefix.length);
    const hi = lowerBound(starts, s.end + prefix.length);
    const v = new Float32Array(hidden);
    if (hi <= lo || hidden === 0) {
      empty.push(i);
      vectors.push(v);
      return;
    }
    const acc = new Float64Array(hidden);
    for (let t = lo; t < hi; t++) {
      const off = t * hidden;
      for (let h = 0; h < hidden; h++) acc[h] += vecs[off + h];
    }
    for (let h = 0; h < hidden; h++) v[h] = acc[h] / (hi - lo);
    vectors.push(l2Normalize(v));
  });
  return { vectors, empty, windows, tokens: n };
}

/** First index i with a[i] >= x (a sorted ascending). */
function lowerBound(a: readonly number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
