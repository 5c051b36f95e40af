// Hybrid retrieval: reciprocal rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009) of a BM25 and
// a dense ranking. score(d) = Σ_lists weight / (k + rank(d)), rank from 1, k = 60 by default.
// Deterministic: lists are summed in a fixed order and ties go to the earlier-indexed entry.

import type { Hit, IndexEntry, Retriever, SearchOptions } from '../types.ts';
import { InputError } from '../types.ts';

export interface RankedList {
  hits: readonly Hit[];
  weight: number;
}

/**
 * Fuses ranked lists by RRF. `order` gives each id's indexing position for tie-breaking (ids
 * missing from it come after, by string order).
 */
export function reciprocalRankFusion(lists: readonly RankedList[], k = 60, order?: ReadonlyMap<string, number>): Hit[] {
  if (!(k >= 0) || !Number.isFinite(k)) throw new InputError(`RRF k must be a non-negative number (got ${k})`, 'hybrid');
  const score = new Map<string, number>();
  for (const { hits, weight } of lists) {
    if (!Number.isFinite(weight) || weight < 0) throw new InputError(`RRF weight must be a non-negative number (got ${weight})`, 'hybrid');
    const seen = new Set<string>();
    let rank = 0;
    for (const h of hits) {
      if (seen.has(h.id)) continue; // a list ranks an id once
      seen.add(h.id);
      rank++;
      score.set(h.id, (score.get(h.id) ?? 0) + weight / (k + rank));
    }
  }
  const pos = (id: string) => order?.get(id) ?? Number.POSITIVE_INFINITY;
  return [...score.entries()]
    .map(([id, s]) => ({ id, score: s }))
    .sort((a, b) => b.score - a.score || pos(a.id) - pos(b.id) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export interface HybridOptions {
  /** RRF constant (default 60). */
  k?: number;
  /** Weight of each ranking (default 1 and 1). */
  weights?: { bm25?: number; dense?: number };
  /** How deep each ranking is read before fusing (default max(100, 2 × requested k)). */
  depth?: number;
}

export class HybridRetriever implements Retriever {
  readonly kind = 'hybrid' as const;
  private order = new Map<string, number>();

  constructor(
    readonly bm25: Retriever,
    readonly dense: Retriever,
    private readonly opts: HybridOptions = {},
  ) {}

  async index(entries: IndexEntry[], signal?: AbortSignal): Promise<void> {
    await this.bm25.index(entries, signal);
    await this.dense.index(entries, signal);
    this.setOrder(entries);
  }

  /** Records indexing order when the two retrievers were indexed separately (late-chunked vectors). */
  setOrder(entries: readonly Pick<IndexEntry, 'id'>[]): void {
    this.order = new Map(entries.map((e, i) => [e.id, i]));
  }

  async search(query: string, k: number, opts: SearchOptions = {}): Promise<Hit[]> {
    if (!(k > 0)) return [];
    const depth = Math.max(k, this.opts.depth ?? Math.max(100, 2 * k));
    const [a, b] = await Promise.all([this.bm25.search(query, depth, opts), this.dense.search(query, depth, opts)]);
    return reciprocalRankFusion(
      [
        { hits: a, weight: this.opts.weights?.bm25 ?? 1 },
        { hits: b, weight: this.opts.weights?.dense ?? 1 },
      ],
      this.opts.k ?? 60,
      this.order,
    ).slice(0, k);
  }
}
