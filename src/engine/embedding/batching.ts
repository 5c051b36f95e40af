// What the model-backed scorers share when they turn a list of texts into model calls: equal texts
// are grouped so each is computed once (the embedder, the cross-encoder and the embedding services'
// client), and the texts left after the cache are cut into padded batches, longest first (the
// embedder and the cross-encoder, which run a local model). And the empty result both embedders
// start from.
import { InputError } from '../types.ts';

/** Equal items grouped: `owners[u]` lists the positions of the u-th distinct item, first one first. */
export interface Distinct {
  owners: number[][];
  /** Position of each distinct item's first occurrence (`owners[u][0]`). */
  first: number[];
}

/** Groups equal strings; `check` runs on each item first (it throws on a bad one). */
export function distinct(items: readonly string[], check?: (item: unknown, i: number) => void): Distinct {
  const firstOf = new Map<string, number>();
  const owners: number[][] = [];
  const first: number[] = [];
  items.forEach((s, i) => {
    check?.(s, i);
    const u = firstOf.get(s);
    if (u === undefined) {
      firstOf.set(s, owners.length);
      owners.push([i]);
      first.push(i);
    } else owners[u].push(i);
  });
  return { owners, first };
}

/**
 * Sorts `todo` longest first (ties by distinct index: stable and deterministic, the biggest batch
 * runs first) and cuts it into batches of at most `batchSize` rows and `maxBatchTokens` padded tokens
 * (at least one row each). `longest` is the batch's padded length.
 */
export function* lengthBatches<T extends { u: number; ids: readonly number[] }>(
  todo: T[],
  batchSize: number,
  maxBatchTokens: number,
): Generator<{ batch: T[]; longest: number }> {
  todo.sort((a, b) => b.ids.length - a.ids.length || a.u - b.u);
  let start = 0;
  while (start < todo.length) {
    const longest = todo[start].ids.length;
    const rows = Math.max(1, Math.min(batchSize, Math.floor(maxBatchTokens / longest)));
    const batch = todo.slice(start, start + rows);
    start += batch.length;
    yield { batch, longest };
  }
}

/** `ids` padded with `pad` up to `len` (the same array when it is long enough). */
export function padTo<T extends number>(ids: T[], len: number, pad: T): T[] {
  if (ids.length >= len) return ids;
  const r = ids.slice();
  while (r.length < len) r.push(pad);
  return r;
}

/** embed()'s result (embedder.ts EmbedResult), named here by its shape so the two files do not import each other. */
type EmptyResult = Float32Array[] & { truncated: number[]; tokenCounts: number[]; cacheHits: number };

/** Checks embed()'s argument and gives its result, not yet filled (no vectors, no truncation, zero counts). */
export function emptyEmbedResult(texts: readonly string[]): EmptyResult {
  if (!Array.isArray(texts)) throw new InputError('embed() needs an array of strings', 'embedder');
  const result = new Array<Float32Array>(texts.length) as EmptyResult;
  result.truncated = [];
  result.tokenCounts = new Array<number>(texts.length).fill(0);
  result.cacheHits = 0;
  return result;
}
