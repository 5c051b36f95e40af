// The engine in a Web Worker: a thin Comlink.expose over src/engine that only adapts (loads the
// bundled tokenizer once, turns uploaded files into the engine's reader inputs, returns plain data).
// Long calls take an optional progress callback (a Comlink.proxy on the page side). Errors (InputError
// included) reach the page through Comlink with their name and message.
import * as Comlink from 'comlink';
import { parseDocument, type ParseInput } from '../src/engine/documents/index.ts';
import { createTokenizer, loadTokenizerFromUrl } from '../src/engine/tokens/index.ts';
import { CHUNKERS, chunkCorpus, chunkDocument, type ChunkerInfo } from '../src/engine/chunkers/index.ts';
import { lintChunks, type LintReport } from '../src/engine/lints/index.ts';
import { lexicalEmbedderFor } from '../src/engine/embedding/lexical.ts';
import { runExperiment, type ExperimentConfig, type Stage } from '../src/engine/evaluation/experiment.ts';
import type { ResultsFile, SkippedQuestion } from '../src/engine/evaluation/types.ts';
import {
  readChromaFolder,
  readChunklabFolder,
  readResults,
  readSquad,
  readWorkspace,
  workspaceFromDataset,
  writeWorkspace,
  type Dataset,
  type Workspace,
} from '../src/engine/formats/index.ts';
import { InputError, type Chunk, type ChunkerId, type Doc, type TextTokenizer } from '../src/engine/types.ts';
import { appUrl } from './app-base.ts';

export const TOKENIZER_NAME = 'all-MiniLM-L6-v2';

let tokenizerPromise: Promise<TextTokenizer> | null = null;
/** The loaded embedding model's tokenizer, set by useTokenizer (null: the bundled one counts). */
let modelTokenizer: { tok: TextTokenizer; maxTokens?: number } | null = null;

/** The tokenizer every call counts with: the model's (useTokenizer), else the bundled one. */
function tokenizer(): Promise<TextTokenizer> {
  if (modelTokenizer) return Promise.resolve(modelTokenizer.tok);
  if (!tokenizerPromise) {
    const base = appUrl(`tokenizers/${TOKENIZER_NAME}/`);
    tokenizerPromise = loadTokenizerFromUrl(base, TOKENIZER_NAME);
    tokenizerPromise.catch(() => (tokenizerPromise = null));
  }
  return tokenizerPromise;
}

export type Progress = (fraction: number) => void;

/** Lets go of a page-side progress callback (a Comlink proxy) once a call is over. */
function release(cb: unknown): void {
  const r = (cb as { [Comlink.releaseProxy]?: () => void } | undefined)?.[Comlink.releaseProxy];
  if (typeof r === 'function') r.call(cb);
}

/** Runs `fn`, then releases the progress callback whatever happened. */
async function withProgress<T>(cb: unknown, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } finally {
    release(cb);
  }
}

export interface LintOptions {
  modelMaxTokens?: number;
  minTokens?: number;
}

/** The model's input limit: the loaded model's (useTokenizer), else the tokenizer's own. */
function modelLimit(tok: TextTokenizer): number | undefined {
  return (modelTokenizer?.tok === tok ? modelTokenizer.maxTokens : undefined) ?? tok.modelMaxLength;
}

/** The model limit defaults to the model's (or the tokenizer's) own when the page gives none. */
function lintOptions(lint: LintOptions, tok: TextTokenizer) {
  return { modelMaxTokens: lint.modelMaxTokens ?? modelLimit(tok) ?? 512, minTokens: lint.minTokens ?? 0 };
}

export interface CorpusChunks {
  chunks: Chunk[];
  /** Lint report per document id. */
  lint: Record<string, LintReport>;
  tokenizer: string;
}

export interface InspectResult {
  doc: Doc;
  chunks: Chunk[];
  lint: LintReport;
  tokenizer: string;
  modelMaxLength?: number;
}

/** An uploaded file as the page reads it. `path` is the folder-relative path when a folder was chosen. */
export interface UploadedFile {
  name: string;
  path?: string;
  text: string;
}

function base(f: UploadedFile): string {
  return (f.path || f.name).replace(/\\/g, '/').split('/').pop() ?? f.name;
}

/** Which reader an upload is for, by its files; the readers themselves validate the content. */
/** A read upload: the workspace to add, and the questions the file had but that cannot be evaluated. */
export interface ReadUpload {
  workspace: Workspace;
  skipped: SkippedQuestion[];
}

function asUpload(ds: Dataset, id: string): ReadUpload {
  return { workspace: workspaceFromDataset(ds, id), skipped: ds.skipped };
}

function readUpload(files: UploadedFile[]): ReadUpload {
  if (!files.length) throw new InputError('no file chosen');
  const csv = files.find((f) => base(f).toLowerCase() === 'questions_df.csv');
  if (csv) {
    const corpora: Record<string, string> = {};
    for (const f of files) if (f !== csv && /\.(md|markdown|txt)$/i.test(base(f))) corpora[base(f)] = f.text;
    const folder = (csv.path ?? '').split('/').filter(Boolean)[0];
    return asUpload(readChromaFolder({ corpora, csv: csv.text, name: folder && folder !== csv.path ? folder : 'Chroma' }), 'chroma');
  }
  const docsJson = files.find((f) => base(f) === 'documents.json');
  if (docsJson) {
    const questions = files.find((f) => base(f) === 'questions.json');
    const byPath: Record<string, string> = {};
    for (const f of files) {
      const p = (f.path || f.name).replace(/\\/g, '/');
      // Paths in documents.json are relative to its folder: index every suffix of the chosen path.
      const parts = p.split('/');
      for (let i = 0; i < parts.length; i++) byPath[parts.slice(i).join('/')] = f.text;
    }
    return asUpload(readChunklabFolder({ documents: docsJson.text, files: byPath, questions: questions?.text }), 'corpus');
  }
  if (files.length > 1) throw new InputError('choose one JSON file, or a whole Chroma or ChunkLab folder', files.map(base).join(', '));
  const f = files[0];
  let root: unknown;
  try {
    root = JSON.parse(f.text);
  } catch {
    // readSquad reports the JSON error with its line and column.
    return asUpload(readSquad(f.text, base(f)), 'squad');
  }
  const format = root && typeof root === 'object' ? (root as { format?: unknown }).format : undefined;
  if (format === 'chunklab-workspace') return { workspace: readWorkspace(f.text, base(f)), skipped: [] };
  if (format === 'chunklab-results') {
    readResults(f.text, base(f));
    throw new InputError('this is a results file, not a dataset: open it in the results view', base(f));
  }
  return asUpload(readSquad(f.text, base(f)), 'squad');
}

/**
 * The semantic chunker's vectors in the page until a model is chosen: the lexical TF-IDF embedder of
 * the document (word overlap, not meaning), as the CLI does without --model.
 */
const LEXICAL_EMBEDDER = 'lexical-tfidf';
function semanticEmbed(chunkerId: ChunkerId, doc: Doc): ((texts: string[]) => Promise<Float32Array[]>) | undefined {
  return chunkerId === 'semantic' ? lexicalEmbedderFor(doc).embed : undefined;
}

/** What the interface needs of a registry entry (the chunker function itself stays here). */
export type ChunkerDescription = Omit<ChunkerInfo, 'chunker'>;

const api = {
  /** The chunker registry without its functions: ids, labels, summaries, parameters with help. */
  chunkers(): ChunkerDescription[] {
    return Object.values(CHUNKERS).map(({ chunker: _chunker, ...info }) => info);
  },

  /** Parses documents (Markdown, text, HTML) into Docs with blocks. */
  parse(inputs: ParseInput[]): Doc[] {
    return inputs.map((d) => parseDocument(d));
  },

  /** Parses one document, chunks it and lints the chunks: what the chunk inspector shows. */
  inspect(input: ParseInput, chunkerId: ChunkerId, params: Record<string, unknown>, lint: LintOptions, onProgress?: Progress): Promise<InspectResult> {
    return withProgress(onProgress, async () => {
      const tok = await tokenizer();
      const doc = parseDocument(input);
      const chunks = await chunkDocument(doc, chunkerId, params, {
        tokenizer: tok,
        embed: semanticEmbed(chunkerId, doc),
        onProgress: onProgress ? (f) => void onProgress(f) : undefined,
      });
      const report = lintChunks(doc, chunks, lintOptions(lint, tok));
      return { doc, chunks, lint: report, tokenizer: tok.name, modelMaxLength: modelLimit(tok) };
    });
  },

  /** Parses and chunks many documents, then lints each document's chunks; progress over characters. */
  chunkCorpus(inputs: ParseInput[], chunkerId: ChunkerId, params: Record<string, unknown>, lint: LintOptions, onProgress?: Progress): Promise<CorpusChunks> {
    return withProgress(onProgress, async () => {
      const tok = await tokenizer();
      const docs = inputs.map((d) => parseDocument(d));
      const chunks: Chunk[] = [];
      if (chunkerId === 'semantic') {
        // The lexical embedder's statistics are per document: chunk one document at a time.
        for (let i = 0; i < docs.length; i++) {
          chunks.push(...(await chunkCorpus([docs[i]], chunkerId, params, { tokenizer: tok, embed: semanticEmbed(chunkerId, docs[i]) })));
          onProgress?.((i + 1) / docs.length);
        }
      } else {
        chunks.push(...(await chunkCorpus(docs, chunkerId, params, { tokenizer: tok, onProgress: onProgress ? (f) => void onProgress(f) : undefined })));
      }
      const byDoc = new Map<string, Chunk[]>(docs.map((d) => [d.id, []]));
      for (const c of chunks) byDoc.get(c.docId)?.push(c);
      const reports: Record<string, LintReport> = {};
      for (const d of docs) reports[d.id] = lintChunks(d, byDoc.get(d.id)!, lintOptions(lint, tok));
      return { chunks, lint: reports, tokenizer: tok.name };
    });
  },

  /**
   * Runs one experiment over a dataset with the tokenizer in use (see useTokenizer); returns the results file.
   * `hooks` (a Comlink.proxy from the page) supply what lives on the page side: the embedding model
   * (dense, hybrid, late) and the cached context sentences (config.context). See ExperimentHooks.
   */
  experiment(dataset: Dataset, config: ExperimentConfig, onProgress?: (stage: Stage, fraction: number) => void, hooks?: ExperimentHooks): Promise<ResultsFile> {
    return withProgress(onProgress, async () => {
      try {
        const tok = await tokenizer();
        const semantic = config.chunker === 'semantic';
        return await runExperiment(dataset, semantic ? { ...config, semanticEmbedder: config.semanticEmbedder ?? LEXICAL_EMBEDDER } : config, {
          tokenizer: tok,
          embedFor: semantic ? (doc) => lexicalEmbedderFor(doc).embed : undefined,
          createRetriever: hooks && config.retriever.kind !== 'bm25' ? pageRetrieverFactory(hooks) : undefined,
          contextualize: hooks && config.context ? pageContextualizer(hooks, tok, config.params.maxTokens, config.context.contextTokens, config.context.model) : undefined,
          onProgress: onProgress ? (stage, f) => void onProgress(stage, f) : undefined,
        });
      } finally {
        release(hooks);
      }
    });
  },

  /** Reads uploaded files (SQuAD, Chroma folder, ChunkLab folder or workspace file) as a workspace. */
  readUpload(files: UploadedFile[]): ReadUpload {
    return readUpload(files);
  },

  /** Serialises a workspace as the workspace file. */
  writeWorkspace(ws: Workspace): string {
    return writeWorkspace(ws);
  },
};

export type EngineApi = typeof api & SearchApi & SharingApi & TokenizerApi;

Comlink.expose(api);

// ================================================================ search and question tools
// Added for the search view and the question editor (src/app/search, src/app/questions). Parsed
// corpora and their BM25 indexes are cached here per (corpus, chunking configuration), so a query
// typed key by key never re-parses nor re-chunks. The page names a corpus by a key it derives from
// the corpus's contents; when this worker does not hold that key (first call, fresh worker) it
// answers { status: 'need-docs' } and the page repeats the call with the documents.
import { docUnits, guessLanguage } from '../src/engine/documents/index.ts';
import { Bm25Retriever, bm25Terms, mergeHits, returnedUnits, stopwordSet, type StopwordSet } from '../src/engine/retrieval/index.ts';
import { matchesAll, occurrences, resolvePhrase } from '../src/engine/evaluation/gold.ts';
import { indexText } from '../src/engine/evaluation/experiment.ts';
import { isPhraseRef, type GoldRef } from '../src/engine/formats/dataset.ts';
import type { DocMeta, GoldSpan, Span, Unit } from '../src/engine/types.ts';

interface CachedCorpus {
  docs: Map<string, Doc>;
  language: 'pt' | 'en';
  units: Map<string, Unit[]>;
}

interface CachedIndex {
  chunks: Chunk[];
  byId: Map<string, Chunk>;
  retriever: Bm25Retriever;
  stopwords: StopwordSet;
}

const searchCorpora = new Map<string, CachedCorpus>();
const searchIndexes = new Map<string, CachedIndex>();
/** How many corpora / indexes stay cached (least recently used goes first). */
const SEARCH_CACHE = 3;

function remember<V>(map: Map<string, V>, key: string, value: V): V {
  map.delete(key);
  map.set(key, value);
  while (map.size > SEARCH_CACHE) map.delete(map.keys().next().value as string);
  return value;
}

function recall<V>(map: Map<string, V>, key: string): V | undefined {
  const v = map.get(key);
  if (v !== undefined) remember(map, key, v);
  return v;
}

/** The corpus for `key`: cached, else parsed from `docs`, else undefined (the page must send them). */
function searchCorpus(key: string, docs: ParseInput[] | undefined): CachedCorpus | undefined {
  const hit = recall(searchCorpora, key);
  if (hit) return hit;
  if (!docs) return undefined;
  const parsed = new Map<string, Doc>();
  for (const d of docs) {
    if (parsed.has(d.id)) throw new InputError(`duplicate document id "${d.id}"`);
    parsed.set(d.id, parseDocument(d));
  }
  // The same language guess as an experiment makes (documents.ts, experiment.ts).
  const language = guessLanguage(docs.slice(0, 5).map((d) => d.text.slice(0, 4000)).join('\n'));
  return remember(searchCorpora, key, { docs: parsed, language, units: new Map() });
}

function unitsOf(c: CachedCorpus, doc: Doc): Unit[] {
  let u = c.units.get(doc.id);
  if (!u) c.units.set(doc.id, (u = docUnits(doc, doc.meta.language ?? c.language)));
  return u;
}

export interface SearchChunking {
  chunker: ChunkerId;
  params: Record<string, unknown>;
}

async function searchIndex(corpusKey: string, c: CachedCorpus, cfg: SearchChunking, stop: StopwordSet | 'auto', onProgress?: Progress): Promise<CachedIndex> {
  const stopwords: StopwordSet = stop === 'auto' ? c.language : stop;
  const key = JSON.stringify([corpusKey, cfg.chunker, cfg.params, stopwords]);
  const hit = recall(searchIndexes, key);
  if (hit) return hit;
  const tok = await tokenizer();
  const chunks = await chunkCorpus([...c.docs.values()], cfg.chunker, cfg.params, {
    tokenizer: tok,
    onProgress: onProgress ? (f) => void onProgress(f * 0.9) : undefined,
  });
  const byId = new Map(chunks.map((ch) => [ch.id, ch]));
  const retriever = new Bm25Retriever({ stopwords });
  await retriever.index(chunks.map((ch) => ({ id: ch.id, docId: ch.docId, text: indexText(ch, c.docs.get(ch.docId)!) })));
  if (onProgress) void onProgress(1);
  return remember(searchIndexes, key, { chunks, byId, retriever, stopwords });
}

export interface SearchRequest extends SearchChunking {
  corpusKey: string;
  /** Needed only when the worker answered 'need-docs'. */
  docs?: ParseInput[];
  query: string;
  k: number;
  /** Only documents whose meta[key] === value compete (applied before ranking). */
  filter?: Record<string, string>;
  stopwords?: StopwordSet | 'auto';
}

/** A returned unit as the search view shows it. Offsets are UTF-16 into the parsed document's text. */
export interface FoundUnit {
  id: string;
  rank: number;
  score: number;
  docId: string;
  docTitle: string;
  start: number;
  end: number;
  prefix: string;
  /** The returned range's text (document text, without the prefix). */
  text: string;
  tokens: number;
  headingPath: string[];
  /** Words of the returned range that match a query term (document offsets), from bm25Terms. */
  hits: Span[];
  /** The same in the prefix (offsets into `prefix`). */
  prefixHits: Span[];
  /** The chunk ids that brought this unit in, best first. */
  via: string[];
}

export type NeedDocs = { status: 'need-docs' };

export interface SearchAnswer {
  status: 'ok';
  units: FoundUnit[];
  /** The distinct folded query terms, stop words removed. */
  terms: string[];
  /** Query terms the index does not know (no chunk has them). */
  unknownTerms: string[];
  /** Indexed chunks, and how many the filter let compete. */
  chunks: number;
  accepted: number;
  stopwords: StopwordSet;
  language: string;
}

function termHits(text: string, offset: number, want: ReadonlySet<string>, stop: ReadonlySet<string> | undefined): Span[] {
  return bm25Terms(text, stop)
    .filter((t) => want.has(t.term))
    .map((t) => ({ start: offset + t.start, end: offset + t.end }));
}

export interface ChunkRef {
  id: string;
  index: number;
  docId: string;
  start: number;
  end: number;
}

/** Where a gold span falls under a chunking: the returned units containing it, or the ones it is split over. */
export interface Placement {
  span: GoldSpan;
  /** Units (as retrieval returns them) that contain the whole span. */
  containedIn: ChunkRef[];
  /** Units overlapping the span when none contains it (two or more: split across chunks). */
  overlapping: ChunkRef[];
}

export type ResolvedRef =
  | { ok: true; span: GoldSpan; phrase?: string }
  | { ok: false; error: 'missing' | 'ambiguous' | 'empty' | 'unknown-doc' | 'bad-span'; message: string; count?: number };

function resolveOne(c: CachedCorpus, ref: GoldRef): ResolvedRef {
  const doc = c.docs.get(ref.docId);
  if (!doc) return { ok: false, error: 'unknown-doc', message: `unknown document "${ref.docId}"` };
  if (isPhraseRef(ref)) {
    if (!ref.phrase.trim()) return { ok: false, error: 'empty', message: 'empty key phrase' };
    const found = occurrences(doc.text, ref.phrase, 3).length;
    if (found === 0) return { ok: false, error: 'missing', message: `key phrase does not occur in document "${doc.id}"`, count: 0 };
    if (found > 1) return { ok: false, error: 'ambiguous', message: `key phrase occurs more than once in document "${doc.id}"`, count: found };
    return { ok: true, span: resolvePhrase(doc, unitsOf(c, doc), ref.phrase, 'phrase'), phrase: ref.phrase };
  }
  const { start, end } = ref;
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > doc.text.length || start >= end)
    return { ok: false, error: 'bad-span', message: `span [${start}, ${end}) is outside document "${doc.id}" (length ${doc.text.length}) or empty` };
  return { ok: true, span: { docId: doc.id, start, end } };
}

const searchApi = {
  /**
   * BM25 top-k over the corpus chunked with `chunker`/`params`: hits merged into returned units
   * (parents, duplicates) exactly as an experiment merges them, with the matched words' offsets.
   */
  search(req: SearchRequest, onProgress?: Progress): Promise<SearchAnswer | NeedDocs> {
    return withProgress(onProgress, async () => {
      const c = searchCorpus(req.corpusKey, req.docs);
      if (!c) return { status: 'need-docs' } as const;
      if (!Number.isInteger(req.k) || req.k < 1 || req.k > 100) throw new InputError(`k must be a whole number from 1 to 100, got ${req.k}`, 'search');
      const idx = await searchIndex(req.corpusKey, c, req, req.stopwords ?? 'auto', onProgress);
      const filter = req.filter && Object.keys(req.filter).length ? req.filter : undefined;
      const metaOf = (id: string) => c.docs.get(idx.byId.get(id)!.docId)?.meta;
      const accept = filter ? (id: string) => matchesAll(metaOf(id), filter) : undefined;
      const accepted = accept ? idx.chunks.filter((ch) => accept(ch.id)).length : idx.chunks.length;
      const text = (docId: string) => c.docs.get(docId)!.text;
      let want = req.k * 4;
      let units;
      for (;;) {
        const hits = await idx.retriever.search(req.query, want, { accept });
        units = mergeHits(hits, idx.byId, text, { limit: req.k });
        if (units.length >= req.k || hits.length < want) break;
        want *= 4;
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
      } satisfies SearchAnswer;
    });
  },

  /** Resolves gold references (spans are checked, key phrases become their sentence/line/row). */
  resolveGold(corpusKey: string, docs: ParseInput[] | undefined, refs: GoldRef[]): { status: 'ok'; resolved: ResolvedRef[] } | NeedDocs {
    const c = searchCorpus(corpusKey, docs);
    if (!c) return { status: 'need-docs' };
    return { status: 'ok', resolved: refs.map((r) => resolveOne(c, r)) };
  },

  /** For each gold span: which returned units of this chunking contain it, or which it is split over. */
  placeGold(
    corpusKey: string,
    docs: ParseInput[] | undefined,
    cfg: SearchChunking,
    spans: GoldSpan[],
    onProgress?: Progress,
  ): Promise<{ status: 'ok'; placements: Placement[]; units: number } | NeedDocs> {
    return withProgress(onProgress, async () => {
      const c = searchCorpus(corpusKey, docs);
      if (!c) return { status: 'need-docs' } as const;
      const idx = await searchIndex(corpusKey, c, cfg, 'auto', onProgress);
      const firstIndex = new Map<string, number>();
      for (const ch of idx.chunks) if (!firstIndex.has(ch.parentId ?? ch.id)) firstIndex.set(ch.parentId ?? ch.id, ch.index);
      const units = returnedUnits(idx.chunks).map((u) => ({ ...u, index: firstIndex.get(u.id) ?? 0 }));
      const ref = (u: (typeof units)[number]): ChunkRef => ({ id: u.id, index: u.index, docId: u.docId, start: u.start, end: u.end });
      const placements = spans.map((span) => {
        const mine = units.filter((u) => u.docId === span.docId);
        const containedIn = mine.filter((u) => u.start <= span.start && span.end <= u.end).map(ref);
        const overlapping = containedIn.length ? [] : mine.filter((u) => u.start < span.end && span.start < u.end).map(ref);
        return { span, containedIn, overlapping };
      });
      return { status: 'ok', placements, units: units.length } as const;
    });
  },

  /** A corpus document as parsed (its text is what every offset points into; for HTML, the extracted text). */
  corpusDoc(corpusKey: string, docs: ParseInput[] | undefined, docId: string): { status: 'ok'; doc: { id: string; text: string; meta: DocMeta } | null } | NeedDocs {
    const c = searchCorpus(corpusKey, docs);
    if (!c) return { status: 'need-docs' };
    const d = c.docs.get(docId);
    return { status: 'ok', doc: d ? { id: d.id, text: d.text, meta: d.meta } : null };
  },
};

Object.assign(api, searchApi);
export type SearchApi = typeof searchApi;

// ---------------------------------------------------------------- experiments area (results view)
// Added after the main api so other areas' additions do not collide: the paired test of two results
// files (the engine's compareResults). Comlink looks methods up on each call, so adding it here after
// expose() serves it; the page reaches it through ResultsApi.
import { compareResults, type Comparison } from '../src/engine/evaluation/compare.ts';

const resultsApi = {
  /** McNemar exact tests (hit@1/3/5) with the questions each configuration alone gets right. */
  compareResults(a: ResultsFile, b: ResultsFile, names?: [string, string]): Comparison {
    return compareResults(a, b, names);
  },
};

export type ResultsApi = typeof resultsApi;
Object.assign(api, resultsApi);

// ================================================================ sharing (src/app/sharing)
// Added for sharing: open results files (validated and rescored by the engine's reader, summarised
// for the leaderboard), write one to share, and write a corpus's chunks as JSONL for a vector database.
import { writeResults, writeChunksJsonl } from '../src/engine/formats/index.ts';
import { summarize, type ResultsSummary } from '../src/app/sharing/leaderboard.ts';

export interface OpenedResults {
  file: ResultsFile;
  summary: ResultsSummary;
}

const sharingApi = {
  /** Reads a results file (throws InputError naming the problem); metrics are recomputed from its chunks and rankings. */
  openResults(text: string, fileName: string): OpenedResults {
    const file = readResults(text, fileName);
    return { file, summary: summarize(file, fileName) };
  },

  /** The results file's text, with config.author set when an author is given. */
  writeResultsFile(file: ResultsFile, author?: string): string {
    const a = author?.trim();
    return writeResults(a ? { ...file, config: { ...file.config, author: a } } : file);
  },

  /** Chunks every document and writes the chunks as JSON Lines (CONTRACT.md's chunks format). */
  chunksJsonl(inputs: ParseInput[], chunkerId: ChunkerId, params: Record<string, unknown>, onProgress?: Progress): Promise<{ text: string; chunks: number }> {
    return withProgress(onProgress, async () => {
      const tok = await tokenizer();
      const docs = new Map<string, Doc>();
      for (const d of inputs) {
        if (docs.has(d.id)) throw new InputError(`duplicate document id "${d.id}"`);
        docs.set(d.id, parseDocument(d));
      }
      const chunks = await chunkCorpus([...docs.values()], chunkerId, params, { tokenizer: tok, onProgress: onProgress ? (f) => void onProgress(f) : undefined });
      return { text: writeChunksJsonl(chunks, (id) => docs.get(id)!.text), chunks: chunks.length };
    });
  },
};

Object.assign(api, sharingApi);
export type SharingApi = typeof sharingApi;

// ================================================================ experiments with page-side hooks
// Dense, hybrid and late-chunked retrieval and generated context for `experiment`: the model runs in
// the page's embedding worker and the context sentences sit in the page's IndexedDB cache, so the
// page hands them in as hooks (one Comlink.proxy object). The retrievers mirror the CLI's
// (src/cli/retrievers.ts): the same DenseRetriever / HybridRetriever(Bm25Retriever, dense, RRF k 60),
// the same BM25 defaults and the same fields written to the results file's retriever config.
// (Replicated here rather than shared: the CLI's version is tied to its onnxruntime-node embedder.)
import { DenseRetriever } from '../src/engine/retrieval/dense.ts';
import { HybridRetriever } from '../src/engine/retrieval/hybrid.ts';
import { applyContext } from '../src/engine/context/index.ts';
import type { LateSpan } from '../src/engine/embedding/late-corpus.ts';
import type { ExperimentDeps, RetrieverConfig } from '../src/engine/evaluation/experiment.ts';
import type { Retriever } from '../src/engine/types.ts';

/** What the page lends an experiment (every member is called through Comlink, so each returns a promise). */
export interface ExperimentHooks {
  /** Unit vectors of `texts` with the page's chosen model (query/passage prefixes applied there). */
  embed?(texts: string[], kind: 'query' | 'passage'): Promise<Float32Array[]>;
  /** Late chunking: one vector per span, pooled from a pass over the span's whole document. */
  lateChunkCorpus?(docs: [string, string][], spans: LateSpan[]): Promise<{ vectors: Float32Array[] }>;
  /** The generated sentence of each chunk (by chunk id), from the page's cache only. */
  contextSentences?(docs: Map<string, Doc>, chunks: Chunk[]): Promise<Record<string, string>>;
}

/**
 * A hook as a plain function. Called as a method of `hooks`: a Comlink remote answers every property
 * (so presence cannot be tested there; a page that lacks the hook rejects the call), a plain object
 * may lack it.
 */
function needHook<K extends keyof ExperimentHooks>(hooks: ExperimentHooks, name: K, what: string): NonNullable<ExperimentHooks[K]> {
  if (!hooks[name]) throw new InputError(`${what} needs the page's ${name} hook, and none was given`, 'experiment');
  return ((...args: unknown[]) => (hooks as Record<K, (...a: unknown[]) => unknown>)[name](...args)) as NonNullable<ExperimentHooks[K]>;
}

/** ExperimentDeps.createRetriever over the page's model (dense, hybrid; late with config.late). */
function pageRetrieverFactory(hooks: ExperimentHooks): NonNullable<ExperimentDeps['createRetriever']> {
  return (cfg: RetrieverConfig, ctx) => {
    const embed = needHook(hooks, 'embed', `retriever "${cfg.kind}"`);
    const late = !!cfg.late;
    const lateCorpus = late ? needHook(hooks, 'lateChunkCorpus', 'late chunking') : undefined;
    const inner = new DenseRetriever({ embed: (texts, kind) => embed(texts, kind) });
    const dense: Retriever = {
      kind: 'dense',
      async index(entries, signal) {
        if (!lateCorpus) return inner.index(entries, signal);
        const byId = new Map(ctx.chunks.map((c) => [c.id, c]));
        const spans = entries.map((e) => {
          const c = byId.get(e.id);
          if (!c) throw new InputError(`late chunking: entry "${e.id}" is not one of the chunks`, 'late');
          return { id: c.id, docId: c.docId, start: c.start, end: c.end };
        });
        const used = new Set(spans.map((s) => s.docId));
        const docs = [...ctx.docs].filter(([id]) => used.has(id)).map(([id, d]) => [id, d.text] as [string, string]);
        const r = await lateCorpus(docs, spans);
        inner.indexVectors(entries, r.vectors);
      },
      search: (query, k, o) => inner.search(query, k, o),
    };
    if (cfg.kind === 'dense') return dense;
    if (cfg.kind !== 'hybrid') throw new InputError(`unknown retriever "${cfg.kind}"`, 'experiment');
    // BM25's settings as the bm25 retriever resolves them (stop words by the corpus language), recorded.
    const docs = [...ctx.docs.values()];
    const language = docs[0]?.meta.language ?? guessLanguage(docs.slice(0, 5).map((d) => d.text.slice(0, 4000)).join('\n'));
    const k1 = typeof cfg.k1 === 'number' ? cfg.k1 : 1.2;
    const b = typeof cfg.b === 'number' ? cfg.b : 0.75;
    const stopwords = cfg.stopwords && cfg.stopwords !== 'auto' ? cfg.stopwords : language.startsWith('pt') ? 'pt' : language.startsWith('en') ? 'en' : 'none';
    Object.assign(cfg, { k1, b, stopwords, fusion: 'rrf', rrfK: 60 });
    return new HybridRetriever(new Bm25Retriever({ k1, b, stopwords }), dense, { k: 60 });
  };
}

/**
 * ExperimentDeps.contextualize from the page's cached sentences: each document's chunks get their
 * sentence placed by the engine's applyContext (prefix + text within maxTokens). Nothing is generated
 * here: a chunk without a cached sentence is an InputError pointing at the context panel.
 */
function pageContextualizer(hooks: ExperimentHooks, tok: TextTokenizer, maxTokens: number, contextTokens: number, model: string): NonNullable<ExperimentDeps['contextualize']> {
  return async (docs, chunks) => {
    const sentencesOf = needHook(hooks, 'contextSentences', 'generated context');
    const sentences = new Map(Object.entries(await sentencesOf(new Map(docs), [...chunks])));
    const byDoc = new Map<string, Chunk[]>();
    for (const c of chunks) (byDoc.get(c.docId) ?? byDoc.set(c.docId, []).get(c.docId)!).push(c);
    const placed = new Map<string, Chunk>();
    let missing = 0;
    for (const [docId, list] of byDoc) {
      const doc = docs.get(docId);
      if (!doc) throw new InputError(`unknown document "${docId}"`, `chunk ${list[0].id}`);
      const r = applyContext(doc, list, sentences, { tokenizer: tok, maxTokens, contextTokens });
      missing += r.missing.length;
      for (const c of r.chunks) placed.set(c.id, c);
    }
    if (missing) {
      // Same wording as the context store's error: the experiments view recognises it and translates it.
      throw new InputError(`${missing} of ${chunks.length} chunks have no generated context for ${model} yet: generate them in the context panel first, with the same strategy and size`, 'context');
    }
    return chunks.map((c) => placed.get(c.id)!);
  };
}

// ================================================================ the model's tokenizer
// Sizes are counted in the chosen embedding model's tokens: when the page has loaded a model it hands
// its tokenizer files here (src/app/bridge/engine.svelte.ts useModelTokenizer, which repeats the call
// on every fresh worker). null goes back to the bundled all-MiniLM-L6-v2.

/** A model's tokenizer files as text (tokenizer.json, tokenizer_config.json) and its input limit. */
export interface ModelTokenizerFiles {
  /** The name every result reports (the model's id or picked folder's name). */
  name: string;
  tokenizerJson: string;
  /** tokenizer_config.json's text; '' or absent when the model has none. */
  tokenizerConfig?: string;
  /** The model's input limit in tokens (the lints' "over model limit" default). */
  maxTokens?: number;
}

export interface TokenizerInUse {
  tokenizer: string;
  modelMaxLength?: number;
  /** true: the model's tokenizer; false: the bundled one. */
  model: boolean;
}

function parseJsonFile(text: string | undefined, file: string, name: string): object {
  if (text === undefined || text.trim() === '') {
    if (file === 'tokenizer_config.json') return {};
    throw new InputError(`${file} is empty`, name);
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${file} is not valid JSON (${(e as Error).message})`, name);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new InputError(`${file} must be a JSON object`, name);
  return v;
}

const tokenizerApi = {
  /**
   * Counts with this model's tokenizer from now on (inspect, chunkCorpus, experiment, search, chunks
   * export); null goes back to the bundled one. Files that cannot be built are an InputError, and the
   * bundled tokenizer is then used.
   */
  async useTokenizer(files: ModelTokenizerFiles | null): Promise<TokenizerInUse> {
    // Cached search indexes were chunked with the previous tokenizer.
    searchIndexes.clear();
    modelTokenizer = null;
    if (!files) {
      const tok = await tokenizer();
      return { tokenizer: tok.name, modelMaxLength: tok.modelMaxLength, model: false };
    }
    const name = typeof files.name === 'string' && files.name.trim() ? files.name.trim() : 'model';
    const tok = createTokenizer(parseJsonFile(files.tokenizerJson, 'tokenizer.json', name), parseJsonFile(files.tokenizerConfig, 'tokenizer_config.json', name), name);
    const maxTokens = typeof files.maxTokens === 'number' && Number.isFinite(files.maxTokens) && files.maxTokens > 0 ? Math.floor(files.maxTokens) : undefined;
    modelTokenizer = { tok, maxTokens };
    return { tokenizer: tok.name, modelMaxLength: modelLimit(tok), model: true };
  },
};

Object.assign(api, tokenizerApi);
export type TokenizerApi = typeof tokenizerApi;
