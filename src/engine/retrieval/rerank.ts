// Reranking after any retriever (BM25, dense, hybrid): the first N hits are rescored by a
// cross-encoder on (query, the entry's indexed text, prefix included) and re-sorted by that score;
// the hits after them keep the retriever's order. N counts indexed entries (retriever hits), before
// small-to-big parents and duplicate texts are merged. Ties keep the retriever's order, so the
// result is deterministic. The stage is a Retriever wrapping a Retriever, so every pipeline that
// takes a retriever takes a reranked one.

import type { Hit, IndexEntry, Retriever, SearchOptions } from '../types.ts';
import { InputError } from '../types.ts';

export const DEFAULT_RERANK_TOP = 50;

/** Scores passages for a query (a CrossEncoder's score, or anything shaped like it). */
export type PairScorer = (query: string, passages: readonly string[], opts?: { signal?: AbortSignal }) => Promise<ArrayLike<number>>;

/**
 * The first `top` hits re-sorted by `scores` (one per hit among them, in hit order), best first,
 * ties (and NaN, ranked last) in the retriever's order; the rest unchanged after them. Reranked hits carry their
 * cross-encoder score, the rest their retriever score.
 */
export function rerankHits(hits: readonly Hit[], top: number, scores: ArrayLike<number>): Hit[] {
  const n = Math.min(top, hits.length);
  if (scores.length !== n) throw new Error(`reranking ${n} hits needs ${n} scores, got ${scores.length}`);
  const head = hits
    .slice(0, n)
    .map((h, i) => ({ id: h.id, score: scores[i], key: Number.isNaN(scores[i]) ? -Infinity : scores[i], i }))
    .sort((a, b) => (a.key !== b.key ? (a.key > b.key ? -1 : 1) : a.i - b.i));
  return [...head.map(({ id, score }) => ({ id, score })), ...hits.slice(n)];
}

export interface RerankStats {
  /** Queries reranked and pairs scored (cache hits included). */
  queries: number;
  pairs: number;
  /** Wall time spent scoring, in milliseconds (not deterministic: for the terminal, not a results file). */
  ms: number;
}

export interface RerankingRetrieverOptions {
  score: PairScorer;
  /** How many of the retriever's first hits are rescored (default 50). */
  top?: number;
  /** Milliseconds since some origin, for the timing (default performance.now or Date.now). */
  now?: () => number;
}

export class RerankingRetriever implements Retriever {
  readonly top: number;
  private readonly texts = new Map<string, string>();
  private readonly stats: RerankStats = { queries: 0, pairs: 0, ms: 0 };
  private readonly now: () => number;

  constructor(
    readonly inner: Retriever,
    private readonly opts: RerankingRetrieverOptions,
  ) {
    const top = opts.top ?? DEFAULT_RERANK_TOP;
    if (!Number.isInteger(top) || top < 1) throw new InputError(`rerank top must be a whole number >= 1, got ${top}`, 'rerank');
    this.top = top;
    this.now = opts.now ?? (() => (typeof performance !== 'undefined' ? performance.now() : Date.now()));
  }

  get kind(): Retriever['kind'] {
    return this.inner.kind;
  }

  async index(entries: IndexEntry[], signal?: AbortSignal): Promise<void> {
    this.texts.clear();
    for (const e of entries) this.texts.set(e.id, e.text);
    await this.inner.index(entries, signal);
  }

  async search(query: string, k: number, opts?: SearchOptions): Promise<Hit[]> {
    const hits = await this.inner.search(query, Math.max(k, this.top), opts);
    const n = Math.min(this.top, hits.length);
    const passages = hits.slice(0, n).map((h) => {
      const t = this.texts.get(h.id);
      if (t === undefined) throw new Error(`reranker: hit "${h.id}" was never indexed`);
      return t;
    });
    const t0 = this.now();
    const scores = n ? await this.opts.score(query, passages, { signal: opts?.signal }) : [];
    this.stats.ms += this.now() - t0;
    this.stats.queries++;
    this.stats.pairs += n;
    return rerankHits(hits, this.top, scores).slice(0, k);
  }

  /** What reranking cost so far. */
  report(): RerankStats {
    return { ...this.stats };
  }
}
