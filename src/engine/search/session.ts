// Live search over a corpus for the search view and the question editor. Parsed corpora and their
// BM25 indexes are cached per (corpus, chunking configuration), least recently used first out, so a
// query typed key by key never re-parses nor re-chunks. A caller names a corpus by a key it derives
// from the corpus's contents; when the session does not hold that key (first call, fresh worker) it
// answers { status: 'need-docs' } and the caller repeats the call with the documents.
import { docUnits, parseDocument, type ParseInput } from '../documents/index.ts';
import { lexicalEmbedderFor } from '../embedding/lexical.ts';
import { Bm25Retriever } from '../retrieval/bm25.ts';
import { bm25Terms, stopwordSet, type StopwordSet } from '../documents/terms.ts';
import { mergeHits } from '../retrieval/merge.ts';
import { corpusLanguage } from '../retrieval/wiring.ts';
import { matchesAll } from '../evaluation/gold.ts';
import { chunkAll, indexText } from '../evaluation/experiment.ts';
import { placeSpans, resolveRef, type Placement, type ResolvedRef } from '../evaluation/placement.ts';
import type { GoldRef } from '../evaluation/dataset.ts';
import { InputError, type Chunk, type Doc, type DocMeta, type EmbedFn, type GoldSpan, type IndexEntry, type Retriever, type Span, type TextTokenizer, type Unit } from '../types.ts';
import type { FoundUnit, NeedDocs, SearchAnswer, SearchChunking, SearchRequest } from './types.ts';
import { LruMap } from './lru.ts';
import { DenseRetrievers, type PassageVectors } from './dense.ts';
import type { EmbeddingSource } from '../retrieval/wiring.ts';
import { DEFAULT_RERANK_TOP, RerankingRetriever, type PairScorer } from '../retrieval/rerank.ts';

/** What a caller lends one search: the embedding for dense/hybrid, the cross-encoder for reranking. */
export interface SearchModels {
  source?: EmbeddingSource;
  rerankScore?: PairScorer;
}

export { LruMap };

interface CachedCorpus {
  docs: Map<string, Doc>;
  language: 'pt' | 'en';
  units: Map<string, Unit[]>;
}

interface CachedIndex {
  key: string;
  chunks: Chunk[];
  /** What every retriever indexes: each chunk's indexed text (its prefix included). */
  entries: IndexEntry[];
  byId: Map<string, Chunk>;
  retriever: Bm25Retriever;
  stopwords: StopwordSet;
}

/** Words of `text` (at `offset`) that are among the wanted query terms. */
export function termHits(text: string, offset: number, want: ReadonlySet<string>, stop: ReadonlySet<string> | undefined): Span[] {
  return bm25Terms(text, stop)
    .filter((t) => want.has(t.term))
    .map((t) => ({ start: offset + t.start, end: offset + t.end }));
}

export class SearchSession {
  private readonly corpora: LruMap<CachedCorpus>;
  private readonly indexes: LruMap<CachedIndex>;
  private readonly dense: DenseRetrievers;

  /** `tokenizer` is asked on every new index (the tokenizer in use may change: call clearIndexes then). */
  constructor(
    private readonly tokenizer: () => Promise<TextTokenizer>,
    /** How many corpora, and how many indexes, stay cached. */
    cacheSize = 3,
  ) {
    this.corpora = new LruMap(cacheSize);
    this.indexes = new LruMap(cacheSize);
    this.dense = new DenseRetrievers(cacheSize);
  }

  /** Forgets the indexes (they were chunked with another tokenizer); parsed corpora stay. */
  clearIndexes(): void {
    this.indexes.clear();
    this.dense.clearRetrievers();
  }

  /** The corpus for `key`: cached, else parsed from `docs`, else undefined (the caller must send them). */
  private corpus(key: string, docs: ParseInput[] | undefined): CachedCorpus | undefined {
    const hit = this.corpora.get(key);
    if (hit) return hit;
    if (!docs) return undefined;
    const parsed = new Map<string, Doc>();
    for (const d of docs) {
      if (parsed.has(d.id)) throw new InputError(`duplicate document id "${d.id}"`);
      parsed.set(d.id, parseDocument(d));
    }
    // The same language guess as an experiment makes.
    return this.corpora.set(key, { docs: parsed, language: corpusLanguage(docs), units: new Map() });
  }

  private unitsOf(c: CachedCorpus, doc: Doc): Unit[] {
    let u = c.units.get(doc.id);
    if (!u) c.units.set(doc.id, (u = docUnits(doc, doc.meta.language ?? c.language)));
    return u;
  }

  private async index(
    corpusKey: string,
    c: CachedCorpus,
    cfg: SearchChunking,
    stop: StopwordSet | 'auto',
    onProgress?: (f: number) => void,
    embed?: EmbedFn,
  ): Promise<CachedIndex> {
    const stopwords: StopwordSet = stop === 'auto' ? c.language : stop;
    // The semantic chunker: the page's model when one is given (cfg.embedder names it), else the
    // lexical embedder of each document.
    const model = cfg.chunker === 'semantic' && embed && cfg.embedder ? cfg.embedder : undefined;
    const key = JSON.stringify([corpusKey, cfg.chunker, cfg.params, stopwords, model ?? null]);
    const hit = this.indexes.get(key);
    if (hit) return hit;
    const tok = await this.tokenizer();
    const chunks = await chunkAll(
      [...c.docs.values()],
      cfg.chunker,
      cfg.params,
      { tokenizer: tok, embed: model ? embed : undefined, embedFor: cfg.chunker === 'semantic' && !model ? (d) => lexicalEmbedderFor(d).embed : undefined },
      (f) => void onProgress?.(f * 0.9),
    );
    const byId = new Map(chunks.map((ch) => [ch.id, ch]));
    const retriever = new Bm25Retriever({ stopwords });
    const entries = chunks.map((ch) => ({ id: ch.id, docId: ch.docId, text: indexText(ch, c.docs.get(ch.docId)!) }));
    await retriever.index(entries);
    if (onProgress) void onProgress(1);
    return this.indexes.set(key, { key, chunks, entries, byId, retriever, stopwords });
  }

  /**
   * BM25 top-k over the corpus chunked with `chunker`/`params`: hits merged into returned units
   * (parents, duplicates) exactly as an experiment merges them, with the matched words' offsets.
   */
  /**
   * `embed`: the page's model for the semantic chunker (req.embedder names it); without, the lexical
   * embedder. `lent.source` embeds for dense/hybrid (req.model names it), `lent.rerankScore` scores
   * for req.rerank: lent for this call only (the passage vectors stay cached).
   */
  async search(req: SearchRequest, onProgress?: (f: number) => void, embed?: EmbedFn, lent: SearchModels = {}): Promise<SearchAnswer | NeedDocs> {
    const c = this.corpus(req.corpusKey, req.docs);
    if (!c) return { status: 'need-docs' };
    if (!Number.isInteger(req.k) || req.k < 1 || req.k > 100) throw new InputError(`k must be a whole number from 1 to 100, got ${req.k}`, 'search');
    const kind = req.retriever ?? 'bm25';
    if (kind !== 'bm25' && kind !== 'dense' && kind !== 'hybrid') throw new InputError(`unknown retriever "${String(kind)}"`, 'search');
    if (kind !== 'bm25' && (!req.model || !lent.source)) throw new InputError(`retriever "${kind}" needs an embedding model, and none was given`, 'search');
    if (req.rerank && (!req.rerank.model || !lent.rerankScore)) throw new InputError('reranking needs a cross-encoder, and none was given', 'search');
    if (req.docId !== undefined && !c.docs.has(req.docId)) throw new InputError(`no document "${req.docId}" in this corpus`, 'search');
    const idx = await this.index(req.corpusKey, c, req, req.stopwords ?? 'auto', onProgress, embed);
    let retriever: Retriever = idx.retriever;
      let vectors: PassageVectors | undefined;
    if (kind !== 'bm25') {
      const ctx = { docs: c.docs, chunks: idx.chunks, language: c.language };
      const got = await this.dense.get({ indexKey: idx.key, kind, model: req.model!, stopwords: idx.stopwords, ctx, entries: idx.entries }, lent.source!);
      retriever = got.retriever;
      vectors = got.vectors;
    }
    let reranked: SearchAnswer['reranked'];
    if (req.rerank) {
      const top = req.rerank.top ?? DEFAULT_RERANK_TOP;
      // The retriever is indexed already: the stage only learns the entries' texts.
      const inner = retriever;
      const rr = new RerankingRetriever({ kind: inner.kind, index: async () => {}, search: (q, k, o) => inner.search(q, k, o) }, { score: lent.rerankScore!, top });
      await rr.index(idx.entries);
      retriever = rr;
      reranked = { model: req.rerank.model, top };
    }
    const filter = req.filter && Object.keys(req.filter).length ? req.filter : undefined;
    const metaOf = (id: string) => c.docs.get(idx.byId.get(id)!.docId)?.meta;
    const inDoc = req.docId;
    const accept =
      filter || inDoc !== undefined ? (id: string) => (inDoc === undefined || idx.byId.get(id)!.docId === inDoc) && (!filter || matchesAll(metaOf(id), filter)) : undefined;
    const accepted = accept ? idx.chunks.filter((ch) => accept(ch.id)).length : idx.chunks.length;
    const text = (docId: string) => c.docs.get(docId)!.text;
    let want = req.k * 4;
    let units;
    try {
      for (;;) {
        const hits = await retriever.search(req.query, want, { accept });
        units = mergeHits(hits, idx.byId, text, { limit: req.k });
        if (units.length >= req.k || hits.length < want) break;
        want *= 4;
      }
    } finally {
      // The lent embedder belongs to this call only (its hook is released when the call returns).
      vectors?.release();
    }
    const terms = idx.retriever.queryTerms(req.query);
    const wanted = new Set(terms);
    const stop = stopwordSet(idx.stopwords);
    const found: FoundUnit[] = units.map((u, i) => {
      const doc = c.docs.get(u.docId)!;
      const first = idx.byId.get(u.via[0])!;
      return {
        id: u.id,
        rank: i + 1,
        score: u.score,
        docId: u.docId,
        docTitle: doc.meta.title ?? doc.id,
        start: u.start,
        end: u.end,
        prefix: u.prefix,
        text: doc.text.slice(u.start, u.end),
        tokens: u.tokens,
        headingPath: first.headingPath,
        hits: termHits(doc.text.slice(u.start, u.end), u.start, wanted, stop),
        prefixHits: termHits(u.prefix, 0, wanted, stop),
        via: u.via,
      };
    });
    return {
      status: 'ok',
      units: found,
      terms,
      unknownTerms: terms.filter((t) => idx.retriever.idf(t) === 0),
      chunks: idx.chunks.length,
      accepted,
      stopwords: idx.stopwords,
      language: c.language,
      retriever: kind,
      ...(vectors ? { embedded: { passages: vectors.passagesEmbedded, queries: vectors.queriesEmbedded } } : {}),
      ...(reranked ? { reranked } : {}),
    };
  }

  /** Resolves gold references (spans are checked, key phrases become their sentence/line/row). */
  resolveGold(corpusKey: string, docs: ParseInput[] | undefined, refs: GoldRef[]): { status: 'ok'; resolved: ResolvedRef[] } | NeedDocs {
    const c = this.corpus(corpusKey, docs);
    if (!c) return { status: 'need-docs' };
    return { status: 'ok', resolved: refs.map((r) => resolveRef(c.docs.get(r.docId), (d) => this.unitsOf(c, d), r)) };
  }

  /** For each gold span: which returned units of this chunking contain it, or which it is split over. */
  async placeGold(
    corpusKey: string,
    docs: ParseInput[] | undefined,
    cfg: SearchChunking,
    spans: GoldSpan[],
    onProgress?: (f: number) => void,
    embed?: EmbedFn,
  ): Promise<{ status: 'ok'; placements: Placement[]; units: number } | NeedDocs> {
    const c = this.corpus(corpusKey, docs);
    if (!c) return { status: 'need-docs' };
    const idx = await this.index(corpusKey, c, cfg, 'auto', onProgress, embed);
    return { status: 'ok', ...placeSpans(idx.chunks, spans) };
  }

  /** A corpus document as parsed (its text is what every offset points into; for HTML, the extracted text). */
  corpusDoc(corpusKey: string, docs: ParseInput[] | undefined, docId: string): { status: 'ok'; doc: { id: string; text: string; meta: DocMeta } | null } | NeedDocs {
    const c = this.corpus(corpusKey, docs);
    if (!c) return { status: 'need-docs' };
    const d = c.docs.get(docId);
    return { status: 'ok', doc: d ? { id: d.id, text: d.text, meta: d.meta } : null };
  }
}
