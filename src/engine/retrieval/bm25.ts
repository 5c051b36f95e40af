// BM25 (Okapi, Lucene-style non-negative idf) over Unicode word tokens with case and accent folding
// and optional Portuguese/English stop words.
//
// Why our own instead of minisearch (which stays the peer in the bench): we need (1) word offsets
// into the original text, for highlighting the terms a chunk matched; (2) metadata filters applied
// BEFORE ranking through SearchOptions.accept, not after a truncated top-k; (3) deterministic
// ranking, ties broken by indexing order, with a fixed summation order so scores are reproducible
// across browsers, Node and runs; (4) exact textbook scores a test can recompute by hand; and
// (5) a few dozen lines with no dependency in the worker bundle.
//
// Speed: each posting stores its entry's whole contribution for the term, computed at index time
// with the same operations a query used to do, so a query only adds doubles (in query-term order,
// which keeps sums bit-for-bit reproducible) into a score buffer reused across queries, then keeps
// the best k in a small heap; folded query terms are cached (a grid asks the same questions in every
// run). tests/engine/retrieval/bm25-reference.test.ts checks scores and rankings against BM25
// computed the plain way.
import type { Hit, IndexEntry, Retriever, SearchOptions } from '../types.ts';
import { bm25Terms, indexTerms, stopwordSet, type StopwordSet } from '../documents/terms.ts';

export interface Bm25Options {
  /** Term-frequency saturation. Default 1.2. */
  k1?: number;
  /** Length normalisation in [0, 1]. Default 0.75. */
  b?: number;
  /** Stop words removed from documents and queries. Default: none. */
  stopwords?: StopwordSet;
  /**
   * Each indexed text's terms, by text, kept by the caller across index() calls with the same stop
   * words: indexing again after a few entries changed (the inspector's hand-moved boundaries)
   * analyses only the texts it has not seen; postings and weights are rebuilt whole, so scores are
   * exactly those of a fresh index.
   */
  termCache?: Map<string, readonly string[]>;
}

/**
 * A term's postings, frozen at index time: the entries holding it (ascending) and each entry's
 * whole BM25 contribution for the term, idf · tf · (k1 + 1) / (tf + k1 · norm), computed once with
 * exactly the operations search used to do per query, so sums (and ties) are bit-for-bit the same.
 */
interface Posting {
  entries: Int32Array;
  weights: Float64Array;
  idf: number;
}

function checkAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
}

// Folded query terms by stop-word set and query text: a grid asks the same questions in every run,
// each run with a fresh retriever. Bounded: cleared when full (the values are pure functions of the key).
const QUERY_CACHE_MAX = 50_000;
const queryCache = new Map<StopwordSet, Map<string, readonly string[]>>();

/** A higher score wins; equal scores keep indexing order. Entry ids are distinct, so this is total. */
function before(scores: Float64Array, x: number, y: number): boolean {
  return scores[x] > scores[y] || (scores[x] === scores[y] && x < y);
}

export class Bm25Retriever implements Retriever {
  readonly kind = 'bm25' as const;
  readonly k1: number;
  readonly b: number;
  readonly stopwords: StopwordSet;
  private readonly stop?: ReadonlySet<string>;
  private readonly termCache?: Map<string, readonly string[]>;
  private ids: string[] = [];
  private postings = new Map<string, Posting>();
  // Reused by every search (search runs to completion without yielding): scores, reset through the
  // list of entries it touched, and the top-k heap.
  private scores = new Float64Array(0);
  private touched = new Int32Array(0);
  private heap = new Int32Array(0);

  constructor(opts: Bm25Options = {}) {
    this.k1 = opts.k1 ?? 1.2;
    this.b = opts.b ?? 0.75;
    this.stopwords = opts.stopwords ?? 'none';
    if (!(this.k1 >= 0) || !Number.isFinite(this.k1)) throw new RangeError(`BM25 k1 must be a number >= 0, got ${opts.k1}`);
    if (!(this.b >= 0 && this.b <= 1)) throw new RangeError(`BM25 b must be in [0, 1], got ${opts.b}`);
    this.stop = stopwordSet(this.stopwords);
    this.termCache = opts.termCache;
  }

  get size(): number {
    return this.ids.length;
  }

  async index(entries: IndexEntry[], signal?: AbortSignal): Promise<void> {
    const N = entries.length;
    const ids: string[] = new Array(N);
    const lengths = new Float64Array(N);
    // Terms get ids in order of first appearance; per term, the entries holding it and the counts.
    const termIds = new Map<string, number>();
    const postEntries: number[][] = [];
    const postTfs: number[][] = [];
    const folded = new Map<string, string>();
    let counts = new Int32Array(1024); // per term id, within the current entry; reset through `seen`
    const seen: number[] = [];
    let total = 0;
    for (let i = 0; i < N; i++) {
      if (i % 256 === 0) checkAborted(signal);
      const text = entries[i].text;
      let terms = this.termCache?.get(text);
      if (!terms) {
        terms = indexTerms(text, this.stop, folded);
        this.termCache?.set(text, terms);
      }
      ids[i] = entries[i].id;
      lengths[i] = terms.length;
      total += terms.length;
      for (const term of terms) {
        let t = termIds.get(term);
        if (t === undefined) {
          termIds.set(term, (t = postEntries.length));
          postEntries.push([]);
          postTfs.push([]);
          if (t >= counts.length) {
            const grown = new Int32Array(counts.length * 2);
            grown.set(counts);
            counts = grown;
          }
        }
        if (counts[t]++ === 0) seen.push(t);
      }
      for (const t of seen) {
        postEntries[t].push(i);
        postTfs[t].push(counts[t]);
        counts[t] = 0;
      }
      seen.length = 0;
    }
    const avgdl = N ? total / N : 0;
    const { k1, b } = this;
    // k1 · norm per entry, norm = 1 - b + b · length / avgdl (1 when the index holds no words).
    const kNorm = new Float64Array(N);
    for (let i = 0; i < N; i++) kNorm[i] = k1 * (avgdl > 0 ? 1 - b + (b * lengths[i]) / avgdl : 1);
    const postings = new Map<string, Posting>();
    for (const [term, t] of termIds) {
      const docs = postEntries[t];
      const tfs = postTfs[t];
      const n = docs.length;
      const idf = Math.log(1 + (N - n + 0.5) / (n + 0.5));
      const weights = new Float64Array(n);
      for (let j = 0; j < n; j++) {
        const tf = tfs[j];
        weights[j] = (idf * tf * (k1 + 1)) / (tf + kNorm[docs[j]]);
      }
      postings.set(term, { entries: Int32Array.from(docs), weights, idf });
    }
    this.ids = ids;
    this.postings = postings;
    this.scores = new Float64Array(N);
    this.touched = new Int32Array(N);
  }

  /** idf of a folded term: ln(1 + (N - n + 0.5) / (n + 0.5)). 0 for unknown terms. */
  idf(term: string): number {
    return this.postings.get(term)?.idf ?? 0;
  }

  /** The distinct folded query terms, in order of first appearance. */
  queryTerms(query: string): string[] {
    return [...this.foldedQuery(query)];
  }

  private foldedQuery(query: string): readonly string[] {
    let cache = queryCache.get(this.stopwords);
    if (!cache) queryCache.set(this.stopwords, (cache = new Map()));
    let terms = cache.get(query);
    if (!terms) {
      terms = [...new Set(bm25Terms(query, this.stop).map((t) => t.term))];
      if (cache.size >= QUERY_CACHE_MAX) cache.clear();
      cache.set(query, terms);
    }
    return terms;
  }

  /**
   * Entries matching at least one query term, best first; ties keep indexing order. Each distinct
   * query term counts once, summed in order of first appearance. Collection statistics (N, avgdl,
   * idf) are the whole index's, so a filter changes which entries compete, never their scores.
   */
  async search(query: string, k: number, opts: SearchOptions = {}): Promise<Hit[]> {
    checkAborted(opts.signal);
    const { scores, touched } = this;
    let nTouched = 0;
    try {
      for (const term of this.foldedQuery(query)) {
        const p = this.postings.get(term);
        if (!p) continue;
        const { entries, weights } = p;
        for (let j = 0; j < entries.length; j++) {
          const i = entries[j];
          if (scores[i] === 0) touched[nTouched++] = i;
          scores[i] += weights[j];
        }
      }
      const top = this.topK(nTouched, k > 0 ? Math.floor(k) : 0, opts.accept);
      const hits: Hit[] = new Array(top.length);
      for (let r = 0; r < top.length; r++) hits[r] = { id: this.ids[top[r]], score: scores[top[r]] };
      return hits;
    } finally {
      for (let t = 0; t < nTouched; t++) scores[touched[t]] = 0;
    }
  }

  /**
   * The best `k` accepted entries among the first `n` touched ones, best first: a binary heap of at
   * most k entries with the worst at its root, then a sort of those k. Same order as sorting them all.
   */
  private topK(n: number, k: number, accept: SearchOptions['accept']): number[] {
    const { scores, touched } = this;
    if (k === 0) return [];
    if (this.heap.length < Math.min(k, n)) this.heap = new Int32Array(Math.min(k, n));
    const heap = this.heap;
    let size = 0;
    for (let t = 0; t < n; t++) {
      const i = touched[t];
      if (!(scores[i] > 0)) continue;
      if (size === k && !before(scores, i, heap[0])) continue;
      if (accept && !accept(this.ids[i])) continue;
      if (size < k) {
        // Sift up: parents are worse (come later) than their children.
        let c = size++;
        while (c > 0) {
          const parent = (c - 1) >> 1;
          if (!before(scores, heap[parent], i)) break;
          heap[c] = heap[parent];
          c = parent;
        }
        heap[c] = i;
      } else {
        // Replace the root (the worst kept) and sift down.
        let c = 0;
        for (;;) {
          const l = 2 * c + 1;
          if (l >= size) break;
          const r = l + 1;
          const worse = r < size && before(scores, heap[l], heap[r]) ? r : l;
          if (!before(scores, i, heap[worse])) break;
          heap[c] = heap[worse];
          c = worse;
        }
        heap[c] = i;
      }
    }
    const out = Array.from(heap.subarray(0, size));
    return out.sort((x, y) => scores[y] - scores[x] || x - y);
  }
}
