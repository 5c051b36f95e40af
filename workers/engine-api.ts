// The engine worker's API as types only: what workers/engine.worker.ts exposes and what the page
// (src/app/bridge/engine.svelte.ts and the views) calls through Comlink. Nothing here runs, so the
// page can import it without pulling a worker's implementation in.
import type { ParseInput } from '../src/engine/documents/index.ts';
import type { BreakpointCurve, ChunkerInfo, CutRule, LlmEstimate } from '../src/engine/chunkers/index.ts';
import type { PersonalDataScan, ProviderConfig } from '../src/engine/llm/index.ts';
import type { LintReport } from '../src/engine/lints/index.ts';
import type { ExperimentConfig, RetrieverConfig, Stage } from '../src/engine/evaluation/index.ts';
import type { Comparison } from '../src/engine/evaluation/index.ts';
import type { ChoiceMetric, PerDocumentOptions, PerDocumentResult } from '../src/engine/evaluation/index.ts';
import type { AgreementMetric, AgreementReport, AgreementRun, QuestionSide, RankAgreementOptions } from '../src/engine/evaluation/index.ts';
import type { ResultsFile, SkippedQuestion } from '../src/engine/evaluation/index.ts';
import type { LateSpan } from '../src/engine/embedding/index.ts';
import type { DecidedFile, DocumentsProgress, FileOutcome, ModelTokenizerFiles, ResultsSummary, UploadedFile, Workspace } from '../src/engine/formats/index.ts';
import type { Dataset, GoldRef } from '../src/engine/evaluation/index.ts';
import type { TuneProgress, TuneReport } from '../src/engine/tune/index.ts';
import type { NeedDocs, Placement, ResolvedRef, SearchAnswer, SearchChunking, SearchRequest } from '../src/engine/search/index.ts';
import type { Chunk, ChunkerId, Doc, DocMeta, GoldSpan } from '../src/engine/types.ts';
import type { DocEdit, EditScore } from '../src/engine/edit/index.ts';

export type { ModelTokenizerFiles, UploadedFile };
export type { ChunkRef, FoundUnit, NeedDocs, Placement, ResolvedRef, SearchAnswer, SearchChunking, SearchRequest } from '../src/engine/search/index.ts';

/** A progress callback (a Comlink.proxy on the page side): a fraction in [0, 1]. */
export type Progress = (fraction: number) => void;

/** What the interface needs of a chunker registry entry (the chunker function itself stays in the worker). */
export type ChunkerDescription = Omit<ChunkerInfo, 'chunker'>;

export type { DecidedFile, DocumentsProgress, FileOutcome };
export type { ConfirmOcr, OcrAsk } from './ocr.ts';
import type { ConfirmOcr } from './ocr.ts';

/**
 * How readDocuments reads: the size limit per file; after the page abandoned a read that hung (it
 * terminates the worker), the files the user stopped and those the abandoned read already decided.
 */
export interface ReadDocumentsOptions {
  maxBytes?: number;
  /** OCR languages for scanned PDF pages (Tesseract codes joined by "+"; default por+eng). */
  ocrLang?: string;
  stopped?: string[];
  decided?: DecidedFile[];
}

/** What readDocuments found: documents with each file's outcome, or a dataset to import. */
export type ReadDocuments =
  | { kind: 'documents'; name: string; documents: Dataset['documents']; files: FileOutcome[] }
  | ({ kind: 'dataset' } & ReadUpload);

export interface LintOptions {
  modelMaxTokens?: number;
  minTokens?: number;
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
  /** A semantic chunking: what made the vectors, and the breakpoint curve (no vectors: recut re-cuts it). */
  semantic?: SemanticView;
  /** An llm chunking: the model, the calls made and the answers read from the cache. */
  llm?: { generator: string; calls: number; cached: number };
}

export interface SemanticView {
  /** A model id, or 'lexical-tfidf' when no model was loaded. */
  embedder: string;
  curve: BreakpointCurve;
}

export type { BreakpointCurve, CutRule, LlmEstimate };

/** The models the page lends a chunking, by id (plain data: recorded, and part of the cache keys). */
export interface ChunkModels {
  /** The loaded embedding model: the semantic chunker embeds with it (through ChunkHooks.embed). */
  embedder?: string;
  /**
   * The configured language model ("kind:model"): the llm chunker asks it from this worker (the config
   * handed over with configureLlm; an in-page "local:" model through ChunkHooks.generate).
   */
  generator?: string;
}

/** What the page lends a chunking (a Comlink.proxy; each member returns a promise). */
export interface ChunkHooks {
  /** Unit vectors of `texts` with the page's chosen model (cached, cancellable on the page side). */
  embed?(texts: string[], kind: 'query' | 'passage'): Promise<Float32Array[]>;
  /** One answer of the in-page language model (it runs in the llm worker); HTTP services are called from this worker. */
  generate?(prompt: { system: string; user: string }, maxTokens: number): Promise<{ text: string }>;
}

/** What llm chunking will cost, and the personal data its prompts would carry. */
export interface LlmChunkEstimate extends LlmEstimate {
  personal: PersonalDataScan;
}

/** A read upload: the workspace to add, and the questions the files had but that cannot be evaluated. */
export interface ReadUpload {
  workspace: Workspace;
  skipped: SkippedQuestion[];
  /** Questions left out because their own metadata filter excludes their gold document. */
  filterExcluded: { id: string; docId: string; reason: string }[];
}

export interface OpenedResults {
  file: ResultsFile;
  summary: ResultsSummary;
}

export interface TokenizerInUse {
  tokenizer: string;
  modelMaxLength?: number;
  /** true: the model's tokenizer; false: the bundled one. */
  model: boolean;
}

/**
 * What the page lends an experiment (every member is called through Comlink, so each returns a promise):
 * the chunking hooks (the semantic chunker uses `embed` when config.semanticEmbedder names a model, the
 * llm chunker `generate` when config.generator names an in-page model) and these.
 */
export interface ExperimentHooks extends ChunkHooks {
  /** Late chunking: one vector per span, pooled from a pass over the span's whole document. */
  lateChunkCorpus?(docs: [string, string][], spans: LateSpan[]): Promise<{ vectors: Float32Array[] }>;
  /** The generated sentence of each chunk (by chunk id), from the page's cache only. */
  contextSentences?(docs: Map<string, Doc>, chunks: Chunk[]): Promise<Record<string, string>>;
  /** Cross-encoder scores of (query, passage) pairs with the page's reranker (config.rerank). */
  rerankScore?(query: string, passages: string[]): Promise<number[]>;
}

/** What the page lends a search: the chunking hooks, whose embed also serves dense/hybrid, and the cross-encoder. */
export type SearchHooks = ChunkHooks & Pick<ExperimentHooks, 'rerankScore'>;

export interface EngineApi extends EditApi {
  /** The chunker registry without its functions: ids, labels, summaries, parameters with help. */
  chunkers(): ChunkerDescription[];
  /** Parses documents (Markdown, text, HTML) into Docs with blocks. */
  parse(inputs: ParseInput[]): Doc[];
  /** Parses one document, chunks it and lints the chunks: what the chunk inspector shows. */
  inspect(input: ParseInput, chunkerId: ChunkerId, params: Record<string, unknown>, lint: LintOptions, onProgress?: Progress, models?: ChunkModels, hooks?: ChunkHooks): Promise<InspectResult>;
  /**
   * A semantic inspection re-cut under a new percentile or threshold from its curve (cutCurve +
   * chunksFromCurve): no embedding. `params` are the inspection's (the rule replaces percentile/threshold).
   */
  recut(input: ParseInput, params: Record<string, unknown>, lint: LintOptions, view: SemanticView, rule: CutRule): Promise<InspectResult>;
  /** Before any llm call: windows to ask (cached answers followed), tokens, and the personal data found. */
  llmEstimate(inputs: ParseInput[], params: Record<string, unknown>, generator: string, hooks?: ChunkHooks): Promise<LlmChunkEstimate>;
  /** Parses and chunks many documents, then lints each document's chunks; progress over characters. */
  chunkCorpus(inputs: ParseInput[], chunkerId: ChunkerId, params: Record<string, unknown>, lint: LintOptions, onProgress?: Progress, models?: ChunkModels, hooks?: ChunkHooks): Promise<CorpusChunks>;
  /**
   * Runs one experiment with the tokenizer in use; returns the results file. `hooks` (a Comlink.proxy
   * from the page) supply the embedding model (dense, hybrid, late) and the cached context sentences.
   */
  experiment(dataset: Dataset, config: ExperimentConfig, onProgress?: (stage: Stage, fraction: number) => void, hooks?: ExperimentHooks): Promise<ResultsFile>;
  /** Reads uploaded files (SQuAD, Chroma folder, ChunkLab folder or workspace file) as a workspace (src/engine/formats/detect.ts). */
  readUpload(files: UploadedFile[]): Promise<ReadUpload>;
  /**
   * Files dropped or chosen as documents (a folder or many files): a plain documents folder is read
   * file by file (a bad file is recorded in its outcome, the others go on); a dataset (ChunkLab
   * folder, Chroma, SQuAD, workspace file) comes back as an import. `files[i].blob` may be the File.
   */
  readDocuments(files: UploadedFile[], opts: ReadDocumentsOptions, onProgress?: (p: DocumentsProgress) => void, confirmOcr?: ConfirmOcr): Promise<ReadDocuments>;
  /** Serialises a workspace as the workspace file. */
  writeWorkspace(ws: Workspace): string;

  /**
   * BM25, dense or hybrid top-k (optionally reranked) with the matched words' offsets (src/engine/search).
   * `hooks.embed` embeds for the semantic chunker and for dense/hybrid (req.model), `hooks.rerankScore` for req.rerank.
   */
  search(req: SearchRequest, onProgress?: Progress, hooks?: SearchHooks): Promise<SearchAnswer | NeedDocs>;
  /** Resolves gold references (spans are checked, key phrases become their sentence/line/row). */
  resolveGold(corpusKey: string, docs: ParseInput[] | undefined, refs: GoldRef[]): { status: 'ok'; resolved: ResolvedRef[] } | NeedDocs;
  /** For each gold span: which returned units of this chunking contain it, or which it is split over. */
  placeGold(corpusKey: string, docs: ParseInput[] | undefined, cfg: SearchChunking, spans: GoldSpan[], onProgress?: Progress, hooks?: ChunkHooks): Promise<{ status: 'ok'; placements: Placement[]; units: number } | NeedDocs>;
  /** A corpus document as parsed (its text is what every offset points into). */
  corpusDoc(corpusKey: string, docs: ParseInput[] | undefined, docId: string): { status: 'ok'; doc: { id: string; text: string; meta: DocMeta } | null } | NeedDocs;

  /**
   * Generated versus human questions (src/engine/evaluation/agreement-grid.ts): runs each BM25
   * configuration once over the questions of both sets (`sides`: question id → 'a' written by people,
   * 'b' generated; others left out) and compares how the two sets rank them. Progress: runs done,
   * runs in all, and the fraction of the current run.
   */
  agreement(dataset: Dataset, runs: AgreementRun[], sides: Record<string, QuestionSide>, opts: RankAgreementOptions & { metric?: AgreementMetric }, onProgress?: (done: number, total: number, fraction: number) => void): Promise<AgreementReport>;

  /**
   * Recommends a configuration (src/engine/tune): splits the questions once, searches chunkers ×
   * sizes on the choosing half by successive halving (BM25 first; the later stages and the estimate
   * with `opts.retriever`, dense or hybrid over the page's model through `hooks.embed`, as the CLI's
   * `tune --retriever … --model …`), and scores the pick, the default and the baselines on the
   * estimating half. Chunkers that need a model are left out by the page. Returns the report and the
   * pick as a recipe file's text.
   */
  tune(
    dataset: Dataset,
    opts: { chunkers: ChunkerId[]; sizes: number[]; metric: ChoiceMetric; seed: number; maxRuns: number; retriever?: RetrieverConfig },
    onProgress?: (p: TuneProgress) => void,
    hooks?: ExperimentHooks,
  ): Promise<{ report: TuneReport; recipe: string }>;

  /** McNemar exact tests (hit@1/3/5) with the questions each configuration alone gets right. */
  compareResults(a: ResultsFile, b: ResultsFile, names?: [string, string]): Comparison;
  /** Per-document choice over runs of one question set (cross-fitted gain), with the per-document recipe file's text. */
  perDocumentChoice(runs: { name: string; file: ResultsFile }[], metric: ChoiceMetric, opts?: PerDocumentOptions): { result: PerDocumentResult; recipe: string };

  /** Reads a results file (throws InputError naming the problem), summarised for the leaderboard. */
  openResults(text: string, fileName: string): OpenedResults;
  /** The results file's text, with config.author set when an author is given. */
  writeResultsFile(file: ResultsFile, author?: string): string;
  /** Chunks every document and writes the chunks as JSON Lines (docs/CONTRACT.md's chunks format). */
  chunksJsonl(inputs: ParseInput[], chunkerId: ChunkerId, params: Record<string, unknown>, onProgress?: Progress): Promise<{ text: string; chunks: number }>;

  /** Counts with this model's tokenizer from now on (null: the bundled one); clears the search indexes. */
  useTokenizer(files: ModelTokenizerFiles | null): Promise<TokenizerInUse>;
  /** The language model the llm chunker calls (key included: it stays in this worker's memory; workers/llm-client.ts). */
  configureLlm(config: ProviderConfig | null): void;
  /** How many answers the llm chunker keeps in this browser. */
  llmAnswerCount(): Promise<number>;
}

/** A run opened for hand edits of its chunk boundaries (src/engine/edit), held by the worker. */
export interface EditOpened {
  /** Names the open session: a later call with another (or after the worker was replaced) gets code 'edit-session-gone'. */
  session: string;
  /** The retriever the edits are scored with ('bm25' also when BM25 stands in for a dense run's model). */
  retriever: string;
  metrics: ResultsFile['metrics'];
}

export type { BoundaryEdit, DocEdit, EditScore, HitDeltas, QuestionDelta } from '../src/engine/edit/index.ts';

/** The inspector's hand edits: open a run, read a document's chunks, score a list of edits, the edited run's file. */
export interface EditApi {
  /**
   * Opens `run` over the corpus's documents: rebuilds its chunks (checked against the file) and re-ranks
   * its questions. A dense or hybrid run embeds with `hooks.embed` (the page's model), unless `bm25Instead`.
   */
  editOpen(documents: ParseInput[], run: ResultsFile, opts: { bm25Instead?: boolean }, onProgress?: Progress, hooks?: ChunkHooks): Promise<EditOpened>;
  /** The run's chunks of one document (UTF-16 offsets), before any edit. */
  editChunks(session: string, docId: string): Chunk[];
  /** The run re-scored with `edits` replayed from its own chunks (the whole list each time: undo is a shorter list). */
  editScore(session: string, edits: DocEdit[], onProgress?: Progress, hooks?: ChunkHooks): Promise<EditScore>;
  /** The results file of the run with `edits` (scored by the last editScore with the same list), config.edited set. */
  editResults(session: string, edits: DocEdit[]): ResultsFile;
}

/** The results view's part of the API. */
export type ResultsApi = Pick<EngineApi, 'compareResults' | 'perDocumentChoice'>;
