// The one wiring from a retriever configuration to a retriever, used by the experiment pipeline, the
// CLI (src/cli/retrievers.ts, onnxruntime-node), the engine worker (the page's model as hooks) and
// the search view: the corpus language guess, BM25's settings (recorded in the configuration the
// results file keeps), and dense / hybrid (RRF, k 60) / late-chunked retrievers over an
// EmbeddingSource, whatever runs the model.
import { InputError } from '../types.ts';
import type { Doc, Hit, IndexEntry, Retriever, SearchOptions } from '../types.ts';
import { guessLanguage } from '../documents/language.ts';
import { Bm25Retriever, type Bm25Options } from './bm25.ts';
import type { StopwordSet } from '../documents/terms.ts';
import { DenseRetriever } from './dense.ts';
import { HybridRetriever } from './hybrid.ts';
import type { LateSpan } from '../embedding/late-corpus.ts';

/** What a configuration asks for (ExperimentConfig.retriever; the results file keeps it, settings filled in). */
export interface RetrieverConfig {
  kind: 'bm25' | 'dense' | 'hybrid';
  /** bm25 */
  k1?: number;
  b?: number;
  /** 'auto' (the default) picks the dataset's language: pt → pt, en → en, else none. */
  stopwords?: StopwordSet | 'auto';
  /** dense/hybrid: model id or directory, and late chunking. */
  model?: string;
  late?: boolean;
  /** Anything else a dense/hybrid retriever takes (weights, fusion…), passed through. */
  [key: string]: unknown;
}

/** What a retriever is built over: the parsed documents, the chunks, and the corpus language. */
export interface RetrieverContext {
  docs: ReadonlyMap<string, Doc>;
  chunks: readonly { id: string; docId: string; start: number; end: number }[];
  /** The run's language (corpusLanguage, or the dataset's own); BM25's 'auto' stop words follow it. */
  language?: string;
}

/** Where vectors come from: the CLI's onnxruntime-node embedder, or the page's embedding worker. */
export interface EmbeddingSource {
  /** Unit vectors of `texts` (query/passage prefixes applied by the source). */
  embed(texts: string[], kind: 'query' | 'passage', opts?: { signal?: AbortSignal }): Promise<Float32Array[]>;
  /** Passages to index, when the source wants their ids (the CLI lists the chunks over the model's limit); else embed(…, 'passage'). */
  embedEntries?(entries: IndexEntry[], signal?: AbortSignal): Promise<Float32Array[]>;
  /** Late chunking: one vector per span, pooled from a pass over the span's whole document. */
  lateChunkCorpus?(docs: ReadonlyMap<string, string>, spans: LateSpan[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** The corpus language guess every run and the search view make: the first 5 documents' first 4,000 characters. */
export function corpusLanguage(texts: readonly { text: string }[]): 'pt' | 'en' {
  return guessLanguage(texts.slice(0, 5).map((d) => d.text.slice(0, 4000)).join('\n'));
}

/** BM25's stop words for a configuration: its own, else the language's (pt, en, else none). */
export function stopwordsFor(cfg: Pick<RetrieverConfig, 'stopwords'>, language: string | undefined): StopwordSet {
  const s = cfg.stopwords ?? 'auto';
  if (s !== 'auto') return s;
  if (language?.toLowerCase().startsWith('pt')) return 'pt';
  if (language?.toLowerCase().startsWith('en')) return 'en';
  return 'none';
}

/** BM25's settings as they are run, written into `cfg` (so the results file records them). */
export function bm25Settings(cfg: RetrieverConfig, language: string | undefined): { k1: number; b: number; stopwords: StopwordSet } {
  const k1 = typeof cfg.k1 === 'number' ? cfg.k1 : 1.2;
  const b = typeof cfg.b === 'number' ? cfg.b : 0.75;
  const stopwords = stopwordsFor(cfg, language);
  Object.assign(cfg, { k1, b, stopwords });
  return { k1, b, stopwords };
}

/** A dense retriever over `source`: passages embedded, or (late) pooled from whole documents. */
export function denseRetriever(source: EmbeddingSource, ctx: RetrieverContext, late: boolean): Retriever {
  const inner = new DenseRetriever({ embed: (texts, kind, o) => source.embed(texts, kind, { signal: o?.signal }) });
  if (!late && !source.embedEntries) return inner;
  if (!late) {
    const embedEntries = source.embedEntries!.bind(source);
    return {
      kind: 'dense',
      async index(entries: IndexEntry[], signal?: AbortSignal): Promise<void> {
        inner.indexVectors(entries, await embedEntries(entries, signal));
      },
      search: (query: string, k: number, o?: SearchOptions): Promise<Hit[]> => inner.search(query, k, o),
    };
  }
  if (!source.lateChunkCorpus) throw new InputError('late chunking needs a model that can pool whole documents, and none was given', 'late');
  const lateCorpus = source.lateChunkCorpus.bind(source);
  return {
    kind: 'dense',
    async index(entries: IndexEntry[], signal?: AbortSignal): Promise<void> {
      const byId = new Map(ctx.chunks.map((c) => [c.id, c]));
      const spans = entries.map((e) => {
        const c = byId.get(e.id);
        if (!c) throw new InputError(`late chunking: entry "${e.id}" is not one of the chunks`, 'late');
        return { id: c.id, docId: c.docId, start: c.start, end: c.end };
      });
      const used = new Set(spans.map((s) => s.docId));
      const docs = new Map([...ctx.docs].filter(([id]) => used.has(id)).map(([id, d]) => [id, d.text]));
      inner.indexVectors(entries, await lateCorpus(docs, spans, signal));
    },
    search: (query: string, k: number, o?: SearchOptions): Promise<Hit[]> => inner.search(query, k, o),
  };
}

/**
 * The retriever `cfg` asks for. BM25 needs nothing more; dense and hybrid need `source` (without it:
 * an InputError). The settings used are written into `cfg` (BM25's k1, b, stop words; hybrid's fusion).
 */
export function createRetriever(cfg: RetrieverConfig, ctx: RetrieverContext, source?: EmbeddingSource, opts: Pick<Bm25Options, 'termCache'> = {}): Retriever {
  const language = ctx.language ?? corpusLanguage([...ctx.docs.values()]);
  if (cfg.kind === 'bm25') return new Bm25Retriever({ ...bm25Settings(cfg, language), ...opts });
  if (cfg.kind !== 'dense' && cfg.kind !== 'hybrid') throw new InputError(`unknown retriever "${String(cfg.kind)}"`, 'retriever');
  if (!source) throw new InputError(`retriever "${cfg.kind}" needs an embedding model, and none is available here`);
  const dense = denseRetriever(source, ctx, !!cfg.late);
  if (cfg.kind === 'dense') return dense;
  const bm25 = new Bm25Retriever({ ...bm25Settings(cfg, language), ...opts });
  Object.assign(cfg, { fusion: 'rrf', rrfK: 60 });
  return new HybridRetriever(bm25, dense, { k: 60 });
}
