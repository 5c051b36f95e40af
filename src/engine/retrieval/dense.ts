// Dense retrieval: unit vectors of every indexed entry in one Float32Array, cosine similarity as a
// dot product, and top-k by a bounded heap (O(n log k), no full sort) — fast enough for 100,000
// chunks per query. Vectors come from an embedder (index) or precomputed (late chunking).

import { InputError, type Hit, type IndexEntry, type Retriever, type SearchOptions } from '../types.ts';
import { l2Normalize } from '../embedding/pooling.ts';
import { throwIfAborted } from '../embedding/runner.ts';

/** What the dense retriever needs from an embedder: texts → unit vectors. */
export type EmbedFn = (
  texts: string[],
  kind: 'query' | 'passage',
  opts?: { signal?: AbortSignal; onProgress?: (fraction: number) => void },
) => Promise<Float32Array[]>;

export interface DenseRetrieverOptions {
  embed?: EmbedFn;
  /** Progress of index() (embedding the entries), a fraction in [0, 1]. */
  onProgress?: (fraction: number) => void;
}

export interface Scored {
  index: number;
  score: number;
}

/**
 * The k best of `scores` (higher first; ties: lower index first), keeping only indices `accept`
 * allows. A min-heap of size k holds the current best; NaN counts as -Infinity.
 */
export function topK(scores: ArrayLike<number>, k: number, accept?: (index: number) => boolean): Scored[] {
  const kk = Math.min(Math.floor(k), scores.length);
  if (!(kk > 0)) return [];
  const hs = new Float64Array(kk); // heap scores
  const hi = new Int32Array(kk); // heap indices
  let size = 0;
  // a is worse than b: lower score, or equal score and later index.
  const worse = (sa: number, ia: number, sb: number, ib: number) => sa < sb || (sa === sb && ia > ib);
  for (let i = 0; i < scores.length; i++) {
    if (accept && !accept(i)) continue;
    let s = scores[i];
    if (Number.isNaN(s)) s = -Infinity;
    if (size < kk) {
      // sift up
      let c = size++;
      while (c > 0) {
        const p = (c - 1) >> 1;
        if (!worse(s, i, hs[p], hi[p])) break;
        hs[c] = hs[p];
        hi[c] = hi[p];
        c = p;
      }
      hs[c] = s;
      hi[c] = i;
    } else if (worse(hs[0], hi[0], s, i)) {
      // replace the root (the worst kept) and sift down
      let c = 0;
      for (;;) {
        const l = 2 * c + 1;
        if (l >= size) break;
        const r = l + 1;
        const m = r < size && worse(hs[r], hi[r], hs[l], hi[l]) ? r : l;
        if (!worse(hs[m], hi[m], s, i)) break;
        hs[c] = hs[m];
        hi[c] = hi[m];
        c = m;
      }
      hs[c] = s;
      hi[c] = i;
    }
  }
  const out: Scored[] = [];
  for (let j = 0; j < size; j++) out.push({ index: hi[j], score: hs[j] });
  out.sort((a, b) => b.score - a.score || a.index - b.index);
  return out;
}

export class DenseRetriever implements Retriever {
  readonly kind = 'dense' as const;
  private ids: string[] = [];
  private docIds: string[] = [];
  private vectors = new Float32Array(0);
  private dims = 0;

  constructor(private readonly opts: DenseRetrieverOptions = {}) {}

  get size(): number {
    return this.ids.length;
  }

  get dimensions(): number {
    return this.dims;
  }

  /** Embeds every entry's text as a passage and indexes it (replacing what was indexed). */
  async index(entries: IndexEntry[], signal?: AbortSignal): Promise<void> {
    if (!this.opts.embed) throw new InputError('this dense retriever has no embedder: use indexVectors()', 'dense index');
    checkEntries(entries);
    throwIfAborted(signal);
    const vectors = await this.opts.embed(
      entries.map((e) => e.text),
      'passage',
      { signal, onProgress: this.opts.onProgress },
    );
    this.indexVectors(entries, vectors);
  }

  /** Indexes precomputed vectors (late chunking), one per entry; they are normalised here. */
  indexVectors(entries: readonly Pick<IndexEntry, 'id' | 'docId'>[], vectors: readonly Float32Array[]): void {
    checkEntries(entries);
    if (vectors.length !== entries.length) {
      throw new InputError(`${entries.length} entries but ${vectors.length} vectors`, 'dense index');
    }
    const dims = vectors.length ? vectors[0].length : 0;
    const all = new Float32Array(entries.length * dims);
    vectors.forEach((v, i) => {
      if (!(v instanceof Float32Array) || v.length !== dims) {
        throw new InputError(`vector ${i} (${entries[i].id}) has ${v?.length} dimensions, expected ${dims}`, 'dense index');
      }
      const row = all.subarray(i * dims, (i + 1) * dims);
      row.set(v);
      l2Normalize(row);
    });
    this.ids = entries.map((e) => e.id);
    this.docIds = entries.map((e) => e.docId);
    this.vectors = all;
    this.dims = dims;
  }

  async search(query: string, k: number, opts: SearchOptions = {}): Promise<Hit[]> {
    if (!this.opts.embed) throw new InputError('this dense retriever has no embedder to embed the query', 'dense search');
    throwIfAborted(opts.signal);
    if (this.ids.length === 0 || !(k > 0)) return [];
    const [q] = await this.opts.embed([query], 'query', { signal: opts.signal });
    return this.searchVector(q, k, opts);
  }

  /** Ranks by dot product with `q` (normalised here), best first; ties by indexing order. */
  searchVector(q: Float32Array, k: number, opts: SearchOptions = {}): Hit[] {
    throwIfAborted(opts.signal);
    if (this.ids.length === 0 || !(k > 0)) return [];
    if (q.length !== this.dims) {
      throw new InputError(`query vector has ${q.length} dimensions, the index ${this.dims}`, 'dense search');
    }
    const qn = l2Normalize(q.slice());
    const n = this.ids.length;
    const d = this.dims;
    const scores = new Float32Array(n);
    const V = this.vectors;
    for (let i = 0; i < n; i++) {
      let s = 0;
      const off = i * d;
      for (let j = 0; j < d; j++) s += V[off + j] * qn[j];
      scores[i] = s;
    }
    const accept = opts.accept;
    const ids = this.ids;
    return topK(scores, k, accept ? (i) => accept(ids[i]) : undefined).map((h) => ({ id: ids[h.index], score: h.score }));
  }

  /** The stored (unit) vector of an entry, for inspection. */
  vectorOf(id: string): Float32Array | undefined {
    const i = this.ids.indexOf(id);
    return i < 0 ? undefined : this.vectors.slice(i * this.dims, (i + 1) * this.dims);
  }

  docIdOf(id: string): string | undefined {
    const i = this.ids.indexOf(id);
    return i < 0 ? undefined : this.docIds[i];
  }
}

function checkEntries(entries: readonly Pick<IndexEntry, 'id'>[]): void {
  if (!Array.isArray(entries)) throw new InputError('index() needs an array of entries', 'dense index');
  const seen = new Set<string>();
  entries.forEach((e, i) => {
    if (!e || typeof e.id !== 'string') throw new InputError(`entry ${i} has no string id`, 'dense index');
    if (seen.has(e.id)) throw new InputError(`duplicate entry id "${e.id}"`, 'dense index');
    seen.add(e.id);
  });
}
