// Dense and hybrid retrievers for live search, built through THE one wiring (retrieval/wiring.ts)
// and kept per (corpus, chunking, model): the corpus's passages are embedded once, then every query
// embeds only itself. Whatever embeds (the page's model or embedding service, through a hook that
// changes from call to call) is lent for the duration of one call: `lend` sets it, the cached
// retriever and its passage vectors stay. Passage vectors are kept by text per (index, model), so
// switching between dense and hybrid on the same model embeds nothing again.
import { createRetriever, type EmbeddingSource, type RetrieverContext } from '../retrieval/wiring.ts';
import type { StopwordSet } from '../documents/terms.ts';
import type { IndexEntry, Retriever } from '../types.ts';
import { LruMap } from './lru.ts';

/** Passage vectors by text, for one (index, model), with what the current call had embedded. */
export class PassageVectors implements EmbeddingSource {
  private readonly vectors = new Map<string, Float32Array>();
  /** The caller's source for the current call (undefined between calls). */
  source: EmbeddingSource | undefined;
  /** Passages sent to the source, and query batches, since the last `lend`. */
  passagesEmbedded = 0;
  queriesEmbedded = 0;

  /** Query vectors of the current call: a search that asks the retriever again for more hits embeds its query once. */
  private readonly queries = new Map<string, Float32Array>();

  lend(source: EmbeddingSource): void {
    this.source = source;
    this.queries.clear();
    this.passagesEmbedded = 0;
    this.queriesEmbedded = 0;
  }

  /** Ends the current call: nothing embeds until the next `lend`. */
  release(): void {
    this.source = undefined;
    this.queries.clear();
  }

  get size(): number {
    return this.vectors.size;
  }

  async embed(texts: string[], kind: 'query' | 'passage', opts?: { signal?: AbortSignal }): Promise<Float32Array[]> {
    const src = this.source;
    if (!src) throw new Error('no embedding model is lent to this search');
    if (kind === 'query') {
      const missing = [...new Set(texts.filter((t) => !this.queries.has(t)))];
      if (missing.length) {
        this.queriesEmbedded++;
        const got = await src.embed(missing, 'query', opts);
        if (got.length !== missing.length) throw new Error(`the embedding model returned ${got.length} vectors for ${missing.length} queries`);
        missing.forEach((t, i) => this.queries.set(t, got[i]));
      }
      return texts.map((t) => this.queries.get(t)!);
    }
    const missing = [...new Set(texts.filter((t) => !this.vectors.has(t)))];
    if (missing.length) {
      const got = await src.embed(missing, 'passage', opts);
      if (got.length !== missing.length) throw new Error(`the embedding model returned ${got.length} vectors for ${missing.length} passages`);
      missing.forEach((t, i) => this.vectors.set(t, got[i]));
      this.passagesEmbedded += missing.length;
    }
    return texts.map((t) => this.vectors.get(t)!);
  }
}

export interface DenseRequest {
  /** The index's own cache key (corpus, chunking, stop words). */
  indexKey: string;
  kind: 'dense' | 'hybrid';
  /** What embeds: a model id or a service id; part of the cache keys. */
  model: string;
  stopwords: StopwordSet;
  ctx: RetrieverContext;
  entries: IndexEntry[];
}

export class DenseRetrievers {
  private readonly vectors: LruMap<PassageVectors>;
  private readonly retrievers: LruMap<{ retriever: Retriever; vectors: PassageVectors }>;

  constructor(cacheSize = 3) {
    this.vectors = new LruMap(cacheSize);
    this.retrievers = new LruMap(cacheSize * 2);
  }

  /**
   * Forgets the indexed retrievers (their chunks may change: another tokenizer). The passage vectors
   * stay: a text's vector under a model does not depend on how the text was cut.
   */
  clearRetrievers(): void {
    this.retrievers.clear();
  }

  /**
   * The retriever `req` asks for, indexed (its passages embedded through `source` the first time
   * only), with `source` lent for this call. `embedded`: passages this call sent to `source`.
   */
  async get(req: DenseRequest, source: EmbeddingSource, signal?: AbortSignal): Promise<{ retriever: Retriever; vectors: PassageVectors }> {
    const vKey = JSON.stringify([req.indexKey, req.model]);
    const rKey = JSON.stringify([req.indexKey, req.model, req.kind]);
    const vectors = this.vectors.get(vKey) ?? this.vectors.set(vKey, new PassageVectors());
    vectors.lend(source);
    const hit = this.retrievers.get(rKey);
    if (hit && hit.vectors === vectors) return hit;
    const retriever = createRetriever({ kind: req.kind, model: req.model, stopwords: req.stopwords }, req.ctx, vectors);
    await retriever.index(req.entries, signal);
    return this.retrievers.set(rKey, { retriever, vectors });
  }
}
