// A run opened for hand edits of its chunk boundaries: the documents parsed once, the run's chunking
// rebuilt (and checked against the run's file), its questions resolved, and the run re-ranked with the
// run's own retriever. Each scoring then replays a list of edits from that baseline and re-ranks every
// question with the same pipeline as runExperiment (rankQuestions, resultsChunks, rescore), so the
// edited run's file is what a full rerun on those chunks would write.
//
// What is not redone: BM25 keeps each indexed text's terms (Bm25Options.termCache), so re-indexing
// after an edit analyses only the chunks whose text changed (postings and weights are rebuilt whole:
// N, average length and idf all move with one boundary, and scores stay exactly a fresh index's);
// dense and hybrid runs keep every vector by text, so only changed chunks are embedded again;
// tokens are counted once per distinct text.
import { InputError } from '../types.ts';
import type { Chunk, ChunkerId, Doc, EmbedFn, Retriever, TextTokenizer } from '../types.ts';
import { CHUNKERS, createPrefixer } from '../chunkers/index.ts';
import { LEXICAL_EMBEDDER_ID, lexicalEmbedderFor } from '../embedding/index.ts';
import { chunkAll, indexText, offsetMaps, parseDataset, rankQuestions, resultsChunks, runQuestions, MIN_RANKED } from '../evaluation/experiment.ts';
import type { DocumentInput } from '../evaluation/dataset.ts';
import { DEFAULT_BUDGET } from '../evaluation/metrics.ts';
import { rescore } from '../evaluation/rescore.ts';
import type { ResultsFile } from '../evaluation/types.ts';
import { corpusLanguage, createRetriever, type EmbeddingSource, type RetrieverConfig } from '../retrieval/wiring.ts';
import { offsetMap } from '../util/codepoints.ts';
import { hash64 } from '../util/hash.ts';
import { applyBoundaryEdit, type BoundaryEdit } from './boundary.ts';
import { hitDeltas, type HitDeltas } from './delta.ts';

/** One edit of one document's chunking. */
export interface DocEdit {
  docId: string;
  edit: BoundaryEdit;
}

/** Chunkers whose chunking cannot be edited here, with why (a reason the page shows in its words). */
const UNSUPPORTED: Partial<Record<string, string>> = {
  external: 'chunks made elsewhere cannot be rebuilt with their prefixes',
  llm: 'the llm chunker asks a language model for its boundaries',
  'small-to-big': 'small-to-big returns parents of the indexed children',
  'sentence-window': 'sentence-window returns windows around the indexed sentences',
};

export interface EditOpenOptions {
  tokenizer: TextTokenizer;
  /** The run's embedding model, for a dense or hybrid run. */
  source?: EmbeddingSource;
  /** Re-rank with BM25 (the run's k1, b, stop words) instead of its dense/hybrid retriever: no model here. */
  bm25Instead?: boolean;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

export interface EditScore {
  /** The edited documents' chunks (UTF-16 offsets), by document id. */
  chunks: Record<string, Chunk[]>;
  /** Hits gained and lost against the run as it was, at 1, 3 and 5 and at the run's k. */
  deltas: HitDeltas[];
  metrics: ResultsFile['metrics'];
  /** Chunk texts analysed for BM25 and passages embedded by this scoring (unchanged ones are reused). */
  analysed: number;
  embedded: number;
  /** Edits replayed. */
  edits: number;
}

type EditConfig = Record<string, unknown> & {
  chunker?: string;
  params?: Record<string, unknown> & { maxTokens?: number };
  retriever?: RetrieverConfig;
  chunkingMaxTokens?: number;
  semanticEmbedder?: string;
  tokenizer?: string;
  language?: string;
  k?: number;
  scope?: 'corpus' | 'document';
  filter?: Record<string, string>;
  duplicates?: 'document' | 'corpus' | 'off';
};

/** Whether a run's chunking can be edited here (null) or why not. */
export function editableReason(config: Record<string, unknown>): string | null {
  const c = config as EditConfig;
  const id = String(c.chunker ?? 'external');
  if (UNSUPPORTED[id]) return UNSUPPORTED[id]!;
  if (!(id in CHUNKERS)) return `unknown chunker "${id}"`;
  if (id === 'semantic' && c.semanticEmbedder && c.semanticEmbedder !== LEXICAL_EMBEDDER_ID) return 'the semantic chunker cut this run with a model\'s vectors';
  if (c.context) return 'generated context sentences come from a language model';
  // Its chunks are the hand edits of another run: the chunker rebuilds that run's, not these.
  if (c.edited !== undefined) return 'its boundaries were already edited by hand (edit the original run)';
  if (c.rerank) return 'the run reranks with a cross-encoder';
  if (c.retriever?.late) return 'late chunking pools vectors over whole documents';
  return null;
}

export class EditSession {
  private readonly termCache = new Map<string, readonly string[]>();
  private readonly vectors = new Map<string, Float32Array>();
  private readonly counts = new Map<string, number>();
  private analysed = 0;
  private embedded = 0;
  /** The run's chunks, by document (rebuilt), and the whole list in the run's order. */
  private readonly base: Map<string, Chunk[]>;
  private current!: ResultsFile;
  /** The run re-ranked here on its own chunks (equal to the run's file when nothing changed since). */
  baseline!: ResultsFile;

  private constructor(
    readonly run: ResultsFile,
    private readonly config: EditConfig,
    private readonly docs: Map<string, Doc>,
    private readonly order: string[],
    private readonly questions: ReturnType<typeof runQuestions>['questions'],
    private readonly tags: Map<string, string[] | undefined>,
    private readonly retrieverConfig: RetrieverConfig,
    private readonly language: string,
    private readonly tokenizer: TextTokenizer,
    private readonly source: EmbeddingSource | undefined,
    chunks: Chunk[],
  ) {
    this.base = new Map(order.map((id) => [id, [] as Chunk[]]));
    for (const c of chunks) this.base.get(c.docId)!.push(c);
  }

  /**
   * Opens `run` over `documents` (the corpus it ran on). Throws an InputError with code
   * 'edit-unsupported' (a chunking this cannot rebuild), 'edit-needs-model' (a dense or hybrid run with
   * no model given and no bm25Instead), or 'edit-chunks-differ' (the documents or the tokenizer are not
   * those of the run).
   */
  static async open(documents: DocumentInput[], run: ResultsFile, o: EditOpenOptions): Promise<EditSession> {
    const config = run.config as EditConfig;
    const why = editableReason(config);
    if (why) throw new InputError(`this run's chunks cannot be edited: ${why}`, 'edit', { code: 'edit-unsupported', details: { reason: why } });
    const kind = config.retriever?.kind ?? 'bm25';
    if (kind !== 'bm25' && !o.source && !o.bm25Instead) {
      throw new InputError(`this ${kind} run needs its model (${String(config.retriever?.model ?? '?')}) to score edits`, 'edit', { code: 'edit-needs-model', details: { model: config.retriever?.model ?? '' } });
    }
    if (config.tokenizer && config.tokenizer !== o.tokenizer.name) {
      throw new InputError(`the run counted tokens with "${config.tokenizer}", the page counts with "${o.tokenizer.name}"`, 'edit', { code: 'edit-chunks-differ' });
    }
    o.onProgress?.(0);
    const docs = parseDataset({ name: 'edit', source: 'chunklab-workspace', documents, questions: [], skipped: [] });
    const order = documents.map((d) => d.id);
    const language = config.language ?? corpusLanguage(documents);
    // The run's questions, gold back in UTF-16 units of these documents.
    const specs = run.questions.map((q) => {
      const toU = (g: { docId: string; start: number; end: number }) => {
        const d = docs.get(g.docId);
        if (!d) throw new InputError(`the run's question "${q.id}" points into document "${g.docId}", which the corpus no longer has`, 'edit', { code: 'edit-chunks-differ' });
        const m = offsetMap(d.text);
        const start = m.toUtf16(g.start);
        const end = m.toUtf16(g.end);
        if (start === undefined || end === undefined) throw new InputError(`the run's question "${q.id}" has a span outside document "${g.docId}"`, 'edit', { code: 'edit-chunks-differ' });
        return { docId: g.docId, start, end };
      };
      return { id: q.id, text: q.text, gold: q.gold.map(toU), ...(q.notRelevant ? { notRelevant: q.notRelevant.map(toU) } : {}), ...(q.filter ? { filter: q.filter } : {}), ...(q.tags ? { tags: q.tags } : {}) };
    });
    const dataset = { name: 'edit', source: 'chunklab-workspace' as const, documents, questions: specs, skipped: [] };
    const { questions } = runQuestions(dataset, docs, language, config.filter);
    const chunker = config.chunker as ChunkerId;
    const params = { ...(config.params ?? {}), maxTokens: config.chunkingMaxTokens ?? config.params?.maxTokens };
    const chunks = await chunkAll([...docs.values()], chunker, params, {
      tokenizer: o.tokenizer,
      embedFor: chunker === 'semantic' ? (doc) => lexicalEmbedderFor(doc).embed as EmbedFn : undefined,
      signal: o.signal,
    }, (f) => o.onProgress?.(f * 0.3));
    // The chunks must be the run's: same ranges (code points), same order.
    const maps = offsetMaps(docs);
    const rebuilt = resultsChunks(chunks, maps);
    const differs = rebuilt.length !== run.chunks.length || rebuilt.some((c, i) => c.docId !== run.chunks[i].docId || c.start !== run.chunks[i].start || c.end !== run.chunks[i].end);
    if (differs) {
      throw new InputError(`the run's ${run.chunks.length} chunks could not be rebuilt here (got ${rebuilt.length}): the documents or the chunker changed since the run`, 'edit', { code: 'edit-chunks-differ' });
    }
    const rcfg: RetrieverConfig = o.bm25Instead ? { ...(config.retriever ?? { kind: 'bm25' }), kind: 'bm25' } : { ...(config.retriever ?? { kind: 'bm25' }) };
    const tags = new Map(run.questions.map((q) => [q.id, q.tags]));
    const session = new EditSession(run, config, docs, order, questions, tags, rcfg, language, o.tokenizer, o.source, chunks);
    session.baseline = session.current = await session.rank(chunks, o.signal, (f) => o.onProgress?.(0.3 + 0.7 * f));
    o.onProgress?.(1);
    return session;
  }

  /** The run's chunks of one document as rebuilt (UTF-16 offsets). */
  chunksOf(docId: string): Chunk[] {
    return this.base.get(docId) ?? [];
  }

  /** The chunking after replaying `edits` from the run's, by document (only documents with edits). */
  replay(edits: readonly DocEdit[]): Map<string, Chunk[]> {
    const out = new Map<string, Chunk[]>();
    const env = new Map<string, Parameters<typeof applyBoundaryEdit>[0]>();
    const params = this.config.params ?? {};
    const maxTokens = this.config.chunkingMaxTokens ?? params.maxTokens ?? 256;
    const counting = { count: (t: string) => this.count(t) };
    for (const e of edits) {
      const doc = this.docs.get(e.docId);
      if (!doc) throw new InputError(`there is no document "${e.docId}" in this run`, 'edit', { code: 'edit-bad-boundary' });
      let en = env.get(e.docId);
      if (!en) {
        const prefixer = createPrefixer(doc, this.tokenizer, maxTokens, params.header as never);
        env.set(e.docId, (en = { doc, tokenizer: counting, header: (path: string[]) => prefixer.header(path) }));
      }
      out.set(e.docId, applyBoundaryEdit(en, out.get(e.docId) ?? this.chunksOf(e.docId), e.edit));
    }
    return out;
  }

  private count(text: string): number {
    let n = this.counts.get(text);
    if (n === undefined) this.counts.set(text, (n = this.tokenizer.count(text)));
    return n;
  }

  /**
   * Scores the run with `edits` replayed from its own chunking: the edited documents' chunks, the
   * per-question hits gained and lost against the run, and the new metrics. An empty list is the run.
   */
  async score(edits: readonly DocEdit[], signal?: AbortSignal, onProgress?: (f: number) => void): Promise<EditScore> {
    const edited = this.replay(edits);
    const all: Chunk[] = [];
    for (const id of this.order) for (const c of edited.get(id) ?? this.chunksOf(id)) all.push(c);
    const before = { analysed: this.analysed, embedded: this.embedded };
    this.current = edits.length ? await this.rank(all, signal, onProgress) : this.baseline;
    const k = typeof this.config.k === 'number' ? this.config.k : 10;
    const ks = [...new Set([1, 3, 5, k])].sort((a, b) => a - b);
    return {
      chunks: Object.fromEntries(edited),
      deltas: ks.map((x) => hitDeltas(this.baseline, this.current, x)),
      metrics: this.current.metrics,
      analysed: this.analysed - before.analysed,
      embedded: this.embedded - before.embedded,
      edits: edits.length,
    };
  }

  /**
   * The last scored chunking as a results file: the run's config with `edited` (how many edits, in
   * which documents, and the retriever it was scored with when BM25 stood in for the run's model).
   */
  results(edits: readonly DocEdit[]): ResultsFile {
    const docs = [...new Set(edits.map((e) => e.docId))];
    const kind = this.config.retriever?.kind ?? 'bm25';
    // Which chunking this is (a hash of the edited documents' chunk ranges, code points): two different
    // edits of one run never read as repeats of one configuration.
    const ranges = this.current.chunks.filter((c) => docs.includes(c.docId)).map((c) => `${c.docId}:${c.start}-${c.end}`);
    const edited = {
      by: 'hand',
      edits: edits.length,
      documents: docs,
      chunking: hash64(ranges.join('\n')),
      ...(this.retrieverConfig.kind !== kind ? { scoredWith: this.retrieverConfig.kind } : {}),
    };
    const config = { ...this.current.config, ...(this.retrieverConfig.kind !== kind ? { retriever: this.retrieverConfig } : {}), edited };
    return { ...this.current, config };
  }

  /** Ranks every question over `chunks` with the run's retriever (caches kept), scored as a results file. */
  private async rank(chunks: Chunk[], signal?: AbortSignal, onProgress?: (f: number) => void): Promise<ResultsFile> {
    const docs = this.docs;
    const byId = new Map<string, Chunk>();
    for (const c of chunks) {
      if (byId.has(c.id)) throw new InputError(`duplicate chunk id "${c.id}"`, 'edit');
      byId.set(c.id, c);
    }
    const entries = chunks.map((c) => ({ id: c.id, docId: c.docId, text: indexText(c, docs.get(c.docId)!) }));
    if (this.retrieverConfig.kind !== 'dense') for (const e of entries) if (!this.termCache.has(e.text)) this.analysed++;
    const retriever: Retriever = createRetriever({ ...this.retrieverConfig }, { docs, chunks, language: this.language }, this.cachedSource(), { termCache: this.termCache });
    onProgress?.(0);
    await retriever.index(entries, signal);
    onProgress?.(0.3);
    const cfg = this.config;
    const k = typeof cfg.k === 'number' ? cfg.k : 10;
    const maps = offsetMaps(docs);
    const questions = await rankQuestions(this.questions, docs, byId, retriever, {
      depth: Math.max(k, MIN_RANKED),
      budget: typeof cfg.budget === 'number' ? cfg.budget : DEFAULT_BUDGET,
      scope: cfg.scope ?? 'corpus',
      filter: cfg.filter,
      duplicates: cfg.duplicates,
      tags: this.tags,
      maps,
      signal,
      onProgress: (f) => onProgress?.(0.3 + 0.7 * f),
    });
    const file: ResultsFile = {
      ...this.run,
      chunks: resultsChunks(chunks, maps),
      questions,
      index: { entries: chunks.length, meanTokens: chunks.length ? chunks.reduce((s, c) => s + c.tokens, 0) / chunks.length : 0 },
    };
    onProgress?.(1);
    return rescore(file);
  }

  /** The run's model with every vector kept by (kind, text): only texts not seen before are embedded. */
  private cachedSource(): EmbeddingSource | undefined {
    const source = this.source;
    if (!source) return undefined;
    return {
      embed: async (texts, kind, o) => {
        const key = (t: string) => `${kind}\u0000${t}`;
        const missing = [...new Set(texts.filter((t) => !this.vectors.has(key(t))))];
        if (missing.length) {
          const got = await source.embed(missing, kind, o);
          missing.forEach((t, i) => this.vectors.set(key(t), got[i]));
          if (kind === 'passage') this.embedded += missing.length;
        }
        return texts.map((t) => this.vectors.get(key(t))!);
      },
    };
  }
}
