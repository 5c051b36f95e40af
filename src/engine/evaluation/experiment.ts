// The one experiment pipeline the CLI and the page both call: parse documents → resolve gold →
// chunk (or take chunks made elsewhere) → index → retrieve per question (filters before ranking)
// → merge parents and duplicates → results file (code point offsets) → metrics.
// Generated context (contextual retrieval) is one more dimension: chunk at the cap less the room a
// sentence needs, then place a sentence per chunk through deps.contextualize; the baseline arm chunks
// at the same reduced cap without sentences, so the two arms' chunk boundaries are identical.
// Reranking (config.rerank) wraps whichever retriever in a cross-encoder stage; scope 'document'
// restricts each question's search to its gold documents; every question's ranking is kept deep
// enough (>= 10 units and past config.budget tokens) to recompute the budget metrics from the file.
import { InputError } from '../types.ts';
import type { AnswerCache, Chunk, ChunkerId, CommonParams, Doc, EmbedFn, HeaderOptions, Question, Retriever, TextGenerator, TextTokenizer } from '../types.ts';
import { docUnits, parseDocument } from '../documents/index.ts';
import { baselineOf, chunkCorpus } from '../chunkers/index.ts';
import { chunkingCap, DEFAULT_CONTEXT_TOKENS } from '../context/add-context.ts';
import type { ContextRunConfig } from '../context/run-config.ts';
import { corpusLanguage, createRetriever, type RetrieverConfig, type RetrieverContext } from '../retrieval/wiring.ts';
import { mergeHits, returnedUnits, type RankedUnit } from '../retrieval/merge.ts';
import { DEFAULT_RERANK_TOP, RerankingRetriever, type PairScorer, type RerankStats } from '../retrieval/rerank.ts';
import { parseDataset, type Dataset } from './dataset.ts';
// (parseDataset lives beside the Dataset type, so that `chunk` loads it without the experiment runner)
export { parseDataset };
import type { ChunkLine } from './types.ts';
import { offsetMap, type OffsetMap } from '../util/codepoints.ts';
import { rescore } from './rescore.ts';
import { matchesAll, resolveQuestions } from './gold.ts';
import { DEFAULT_BUDGET } from './metrics.ts';
import type { ResultsChunk, ResultsFile, ResultsQuestion, SkippedQuestion } from './types.ts';

export type { RetrieverConfig } from '../retrieval/wiring.ts';

export interface ExperimentConfig {
  /** A chunker id, or 'external' for chunks given in deps.chunks. */
  chunker: ChunkerId | 'external';
  /** Chunker parameters (maxTokens, overlap, and each chunker's own). */
  params: CommonParams & Record<string, unknown>;
  /** Context header; overrides params.header when given. */
  header?: boolean | HeaderOptions;
  retriever: RetrieverConfig;
  /** How many merged units each question keeps (the file keeps at least 10). Default 10. */
  k?: number;
  /** Run-level metadata filter, applied before ranking (questions add their own). */
  filter?: Record<string, string>;
  /** Which duplicate returned texts merge (see mergeHits). Default 'document'. */
  duplicates?: 'document' | 'corpus' | 'off';
  /**
   * Generated context: chunk at chunkingCap(params.maxTokens, context.contextTokens), then
   * deps.contextualize puts a sentence before each chunk (prefix + text stays within params.maxTokens).
   * Build it with contextRunConfig (src/engine/context): it holds no key. Recorded in the results file.
   */
  context?: ContextRunConfig;
  /**
   * The header-only arm of a context comparison: chunk at the same reduced cap as `context` would
   * (params.maxTokens − contextTokens), with no sentence. Recorded in the results file.
   */
  contextBaseline?: { contextTokens?: number };
  /** The llm chunker's model (e.g. 'openai:gpt-4o-mini'); recorded. */
  generator?: string;
  /** What made the semantic chunker's vectors (e.g. 'lexical-tfidf' or a model id); recorded. */
  semanticEmbedder?: string;
  /** Context budget in tokens of the budget metrics (default 1024); recorded as config.budget. */
  budget?: number;
  /** 'corpus' (default): search every unit; 'document': only the units of the question's gold document(s). */
  scope?: 'corpus' | 'document';
  /**
   * Cross-encoder reranking of the retriever's first `top` hits (default 50), scored by
   * deps.rerankScore; recorded as config.rerank (with whatever else the caller puts here: the
   * model's id, weights hash, dtype).
   */
  rerank?: RerankConfig;
}

export interface RerankConfig {
  /** Hub id or folder, as given. */
  model: string;
  top?: number;
  [key: string]: unknown;
}

export type Stage = 'parse' | 'chunk' | 'index' | 'retrieve' | 'score';

export interface ExperimentDeps {
  tokenizer: TextTokenizer;
  /** Unit-normalised embeddings (semantic chunker). */
  embed?: EmbedFn;
  /**
   * Per-document embeddings for the semantic chunker (e.g. the lexical embedder, whose IDF is the
   * document's own units). When given it wins over `embed`, and documents are chunked one at a time.
   */
  embedFor?: (doc: Doc) => EmbedFn;
  /** The llm chunker's model and where its answers are kept (ChunkerContext.generator/answers). */
  generator?: TextGenerator;
  answers?: AnswerCache;
  /**
   * Generated context (needed when config.context is set): the same chunks, in order, each with its
   * sentence placed (src/engine/context createContextualizer).
   */
  contextualize?: (docs: ReadonlyMap<string, Doc>, chunks: readonly Chunk[]) => Promise<Chunk[]>;
  /**
   * Wiring point for dense and hybrid retrieval: builds a retriever for config.retriever.
   * Without it only BM25 runs; asking for dense/hybrid then throws an InputError.
   */
  createRetriever?: (config: RetrieverConfig, ctx: RetrieverContext & { chunks: readonly Chunk[] }) => Retriever | Promise<Retriever>;
  /** Chunks made elsewhere (config.chunker 'external'). */
  chunks?: readonly ChunkLine[];
  /** The cross-encoder's scores (needed when config.rerank is set). */
  rerankScore?: PairScorer;
  /** Called once at the end with what reranking cost (pairs, milliseconds: for the terminal, not the file). */
  onRerankStats?: (stats: RerankStats) => void;
  onProgress?: (stage: Stage, fraction: number) => void;
  signal?: AbortSignal;
}

export const MIN_RANKED = 10;

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
}

/** Chunks from chunk lines: ids, tokens and returned tokens computed with the tokenizer. */
export function chunksFromLines(lines: readonly ChunkLine[], docs: ReadonlyMap<string, Doc>, tokenizer: TextTokenizer): Chunk[] {
  const perDoc = new Map<string, number>();
  return lines.map((l) => {
    const doc = docs.get(l.docId);
    if (!doc) throw new InputError(`unknown document "${l.docId}"`, `chunks line ${l.line}`);
    if (l.end > doc.text.length || (l.returnEnd ?? 0) > doc.text.length)
      throw new InputError(`range is outside document "${l.docId}"`, `chunks line ${l.line}`);
    const index = perDoc.get(l.docId) ?? 0;
    perDoc.set(l.docId, index + 1);
    const c: Chunk = {
      id: l.id ?? `${l.docId}#${index}`,
      docId: l.docId,
      index,
      start: l.start,
      end: l.end,
      prefix: l.prefix,
      tokens: tokenizer.count(l.prefix + doc.text.slice(l.start, l.end)),
      headingPath: l.headingPath ?? [],
      flags: [],
    };
    if (l.returnStart !== undefined && l.returnEnd !== undefined) {
      c.returnStart = l.returnStart;
      c.returnEnd = l.returnEnd;
      c.returnTokens = tokenizer.count(l.prefix + doc.text.slice(l.returnStart, l.returnEnd));
    }
    if (l.parentId) c.parentId = l.parentId;
    return c;
  });
}

/** The text a chunk is indexed with: its prefix, then its document range. */
export function indexText(chunk: Chunk, doc: Doc): string {
  return chunk.prefix + doc.text.slice(chunk.start, chunk.end);
}

export async function runExperiment(dataset: Dataset, config: ExperimentConfig, deps: ExperimentDeps): Promise<ResultsFile> {
  const { tokenizer, signal } = deps;
  const progress = deps.onProgress ?? (() => {});
  const k = config.k ?? 10;
  if (!Number.isInteger(k) || k < 1) throw new InputError(`k must be a whole number >= 1, got ${k}`);
  const depth = Math.max(k, MIN_RANKED);
  const budget = config.budget ?? DEFAULT_BUDGET;
  if (!Number.isInteger(budget) || budget < 1) throw new InputError(`budget must be a whole number >= 1, got ${budget}`);
  const scope = config.scope ?? 'corpus';
  if (scope !== 'corpus' && scope !== 'document') throw new InputError(`scope must be "corpus" or "document", got "${scope}"`);
  const rerank = config.rerank ? { ...config.rerank, top: config.rerank.top ?? DEFAULT_RERANK_TOP } : undefined;
  if (rerank && !deps.rerankScore) throw new InputError('reranking needs a cross-encoder, and none is available here', 'rerank');

  progress('parse', 0);
  const docs = parseDataset(dataset);
  const language = dataset.language ?? corpusLanguage(dataset.documents);
  const { questions, skipped } = runQuestions(dataset, docs, language, config.filter);
  progress('parse', 1);
  throwIfAborted(signal);

  // Chunk.
  progress('chunk', 0);
  let chunks: Chunk[];
  const params = { ...config.params, ...(config.header !== undefined ? { header: config.header } : {}) };
  const reserve = contextReserve(config, deps);
  const chunkingMaxTokens = reserve === undefined ? params.maxTokens : chunkingCap(params.maxTokens, reserve);
  if (config.chunker === 'external') {
    if (!deps.chunks) throw new InputError('chunker "external" needs chunks');
    chunks = chunksFromLines(deps.chunks, docs, tokenizer);
  } else {
    chunks = await chunkAll([...docs.values()], config.chunker, { ...params, maxTokens: chunkingMaxTokens }, deps, (f) => progress('chunk', f));
  }
  if (config.context) {
    chunks = await deps.contextualize!(docs, chunks);
    throwIfAborted(signal);
  }
  const byId = new Map<string, Chunk>();
  for (const c of chunks) {
    if (byId.has(c.id)) throw new InputError(`duplicate chunk id "${c.id}"`);
    byId.set(c.id, c);
  }
  progress('chunk', 1);
  throwIfAborted(signal);

  // Index.
  progress('index', 0);
  const rcfg: RetrieverConfig = { ...config.retriever };
  const rctx = { docs, chunks, language };
  let retriever: Retriever;
  if (rcfg.kind === 'bm25' || !deps.createRetriever) retriever = createRetriever(rcfg, rctx);
  else retriever = await deps.createRetriever(rcfg, rctx);
  const reranker = rerank ? new RerankingRetriever(retriever, { score: deps.rerankScore!, top: rerank.top }) : undefined;
  if (reranker) retriever = reranker;
  await retriever.index(
    chunks.map((c) => ({ id: c.id, docId: c.docId, text: indexText(c, docs.get(c.docId)!) })),
    signal,
  );
  progress('index', 1);

  // Retrieve.
  const maps = offsetMaps(docs);
  const rq = await rankQuestions(questions, docs, byId, retriever, {
    depth,
    budget,
    scope,
    filter: config.filter,
    duplicates: config.duplicates,
    tags: tagsOf(dataset),
    maps,
    signal,
    onProgress: (f) => progress('retrieve', f),
  });
  progress('retrieve', 1);
  if (reranker) deps.onRerankStats?.(reranker.report());

  // Results.
  progress('score', 0);
  const rchunks = resultsChunks(chunks, maps);
  const file: ResultsFile = {
    format: 'chunklab-results',
    version: 1,
    offsets: 'codepoint',
    config: {
      dataset: { name: dataset.name, source: dataset.source, documents: docs.size, questions: dataset.questions.length + dataset.skipped.length, repaired: dataset.repaired ?? 0 },
      chunker: config.chunker,
      // A baseline (another library's splitter, run with its own code): which library.
      ...(baselineOf(config.chunker) ? { baseline: baselineOf(config.chunker) } : {}),
      params,
      retriever: rcfg,
      k,
      budget,
      scope,
      ...(rerank ? { rerank } : {}),
      ...(config.filter ? { filter: config.filter } : {}),
      duplicates: config.duplicates ?? 'document',
      ...(config.context ? { context: config.context } : {}),
      ...(config.contextBaseline ? { contextBaseline: { contextTokens: reserve } } : {}),
      ...(reserve !== undefined ? { chunkingMaxTokens } : {}),
      ...(config.semanticEmbedder && config.chunker === 'semantic' ? { semanticEmbedder: config.semanticEmbedder } : {}),
      ...(config.chunker === 'llm' && (config.generator ?? deps.generator?.id) ? { generator: config.generator ?? deps.generator!.id } : {}),
      tokenizer: tokenizer.name,
      language,
    },
    chunks: rchunks,
    questions: rq,
    metrics: undefined as never,
    skipped,
    index: { entries: chunks.length, meanTokens: chunks.length ? chunks.reduce((s, c) => s + c.tokens, 0) / chunks.length : 0 },
  };
  const scored = rescore(file);
  progress('score', 1);
  return scored;
}

/**
 * Tokens kept free for a context sentence (config.context or config.contextBaseline), checked; undefined
 * when neither is set.
 */
function contextReserve(config: ExperimentConfig, deps: ExperimentDeps): number | undefined {
  if (config.context && config.contextBaseline) throw new InputError('give context or contextBaseline, not both', 'config');
  const c = config.context ?? config.contextBaseline;
  if (!c) return undefined;
  if (config.chunker === 'external') throw new InputError('generated context needs a chunker: chunks made elsewhere cannot be re-cut at the reduced cap', 'config.context');
  if (config.context) {
    if (!deps.contextualize) throw new InputError('config.context is set but no contextualizer was given', 'config.context');
    const provider = (config.context as unknown as { provider?: Record<string, unknown> }).provider;
    // A key must never reach a results file: refuse a config that was not built with contextRunConfig.
    if (provider && Object.keys(provider).some((k) => /key|secret|token|password/i.test(k))) {
      throw new InputError('the context provider settings carry a secret field: build them with contextRunConfig', 'config.context');
    }
  }
  const t = c.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
  if (!Number.isInteger(t) || t < 0) throw new InputError(`must be a whole number >= 0, got ${t}`, 'contextTokens');
  return t;
}

/**
 * How much of a merged ranking a results file keeps: at least `depth` units, and past the budget
 * (up to and including the first unit that would exceed it), so the budget metrics can be
 * recomputed from the file alone.
 */
export function rankedDepth<T extends { tokens: number }>(units: readonly T[], depth: number, budget: number): T[] {
  const out: T[] = [];
  let spent = 0;
  for (const u of units) {
    if (out.length >= depth && spent > budget) break;
    out.push(u);
    spent += u.tokens;
  }
  return out;
}

/**
 * chunkCorpus with what a chunker may need from `deps` (embedder, language model and its answers), or
 * one document at a time when the semantic chunker's embedder is per document (deps.embedFor). Used by
 * the experiment, the page's engine worker and the search session.
 */
export async function chunkAll(
  docs: Doc[],
  id: ChunkerId,
  params: Record<string, unknown>,
  deps: Pick<ExperimentDeps, 'tokenizer' | 'embed' | 'embedFor' | 'generator' | 'answers' | 'signal'>,
  onProgress: (f: number) => void,
): Promise<Chunk[]> {
  const { tokenizer, signal, generator, answers } = deps;
  if (!deps.embedFor || id !== 'semantic') return chunkCorpus(docs, id, params, { tokenizer, embed: deps.embed, generator, answers, signal, onProgress });
  const total = docs.reduce((n, d) => n + d.text.length, 0) || 1;
  let done = 0;
  const out: Chunk[] = [];
  onProgress(0);
  for (const doc of docs) {
    const base = done;
    const part = await chunkCorpus([doc], id, params, {
      tokenizer,
      embed: deps.embedFor(doc),
      signal,
      onProgress: (f) => onProgress(Math.min(1, (base + f * doc.text.length) / total)),
    });
    for (const c of part) out.push(c);
    done += doc.text.length;
  }
  onProgress(1);
  return out;
}

/** The questions a run evaluates: gold resolved in the parsed documents, those the run's filter excludes skipped. */
export function runQuestions(
  dataset: Dataset,
  docs: ReadonlyMap<string, Doc>,
  language: string,
  filter: Record<string, string> | undefined,
): { questions: Question[]; skipped: SkippedQuestion[] } {
  const allQuestions = resolveQuestions(dataset.questions, docs, (d) => docUnits(d, d.meta.language ?? language));
  const skipped: SkippedQuestion[] = [...dataset.skipped];
  const questions: Question[] = [];
  for (const q of allQuestions) {
    const out = q.gold.find((g) => !matchesAll(docs.get(g.docId)?.meta, filter));
    if (out) skipped.push({ id: q.id, reason: `gold document "${out.docId}" is excluded by the run's filter` });
    else questions.push(q);
  }
  return { questions, skipped };
}

/** Each question's tags as the dataset gives them (the first spec of an id wins). */
export function tagsOf(dataset: Pick<Dataset, 'questions'>): Map<string, string[] | undefined> {
  const tags = new Map<string, string[] | undefined>();
  for (const s of dataset.questions) if (!tags.has(s.id)) tags.set(s.id, s.tags);
  return tags;
}

/** One code-point map per document, made on first use (offsetMap's own cache keeps only a few documents). */
export function offsetMaps(docs: ReadonlyMap<string, Doc>): (docId: string) => OffsetMap {
  const maps = new Map<string, OffsetMap>();
  return (docId) => {
    let m = maps.get(docId);
    if (!m) maps.set(docId, (m = offsetMap(docs.get(docId)!.text)));
    return m;
  };
}

export interface RankOptions {
  /** Units kept per question at least (max(k, MIN_RANKED)). */
  depth: number;
  budget: number;
  scope: 'corpus' | 'document';
  filter?: Record<string, string>;
  duplicates?: ExperimentConfig['duplicates'];
  tags?: ReadonlyMap<string, string[] | undefined>;
  maps: (docId: string) => OffsetMap;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/**
 * Every question searched with an indexed retriever (filters and the scope's gold documents applied
 * before ranking), hits merged into returned units and kept as deep as rankedDepth says: the results
 * file's questions, in code points.
 */
export async function rankQuestions(
  questions: readonly Question[],
  docs: ReadonlyMap<string, Doc>,
  byId: ReadonlyMap<string, Chunk>,
  retriever: Retriever,
  o: RankOptions,
): Promise<ResultsQuestion[]> {
  const { depth, budget, scope, signal } = o;
  const metaOf = (id: string) => docs.get(byId.get(id)!.docId)?.meta;
  const text = (docId: string) => docs.get(docId)!.text;
  const rq: ResultsQuestion[] = [];
  for (const [i, q] of questions.entries()) {
    throwIfAborted(signal);
    // Filters (the run's, the question's, and the scope's gold documents) apply before ranking.
    const goldDocs = scope === 'document' ? new Set(q.gold.map((g) => g.docId)) : undefined;
    const accept =
      o.filter || q.filter || goldDocs
        ? (id: string) => (!goldDocs || goldDocs.has(byId.get(id)!.docId)) && matchesAll(metaOf(id), o.filter, q.filter)
        : undefined;
    let want = depth * 4;
    let units: RankedUnit[];
    for (;;) {
      const hits = await retriever.search(q.text, want, { accept, signal });
      // Merge only as many hits as the cut needs: merging with a smaller limit gives a prefix of the
      // full merge, and when the cut stops inside that prefix it is the same cut.
      let all: RankedUnit[];
      for (let limit = 2 * depth; ; limit *= 2) {
        all = mergeHits(hits, byId, text, { limit: Math.min(limit, hits.length), duplicates: o.duplicates });
        units = rankedDepth(all, depth, budget);
        if (units.length < all.length || all.length < limit || limit >= hits.length) break;
      }
      if (units.length < all.length || hits.length < want) break;
      want *= 4;
    }
    const out: ResultsQuestion = {
      id: q.id,
      text: q.text,
      gold: q.gold.map((g) => toCodePoints(g, o.maps(g.docId))),
      ranked: units.map((u) => u.id),
      scores: units.map((u) => u.score),
    };
    if (q.notRelevant?.length) out.notRelevant = q.notRelevant.map((g) => toCodePoints(g, o.maps(g.docId)));
    if (q.filter) out.filter = q.filter;
    const tags = o.tags?.get(q.id);
    if (tags?.length) out.tags = tags;
    rq.push(out);
    if (i % 16 === 0) o.onProgress?.(i / Math.max(1, questions.length));
  }
  return rq;
}

/** The units retrieval returns, as the results file lists them (code points). */
export function resultsChunks(chunks: readonly Chunk[], maps: (docId: string) => OffsetMap): ResultsChunk[] {
  return returnedUnits(chunks).map((u) => {
    const s = toCodePoints(u, maps(u.docId));
    return { id: u.id, docId: u.docId, start: s.start, end: s.end, tokens: u.tokens };
  });
}

function toCodePoints<T extends { start: number; end: number }>(s: T, map: OffsetMap): T {
  return { ...s, start: map.toCodePoint(s.start), end: map.toCodePoint(s.end) };
}
