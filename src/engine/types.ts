// The shared vocabulary of the engine: documents, tokenizers, chunks and chunkers.
// Everything is a character offset (UTF-16 code units, end exclusive) into Doc.text; a chunk never
// owns a copy of the text that could drift from the document.

/** A half-open range [start, end) of UTF-16 offsets into a document's text. */
export interface Span {
  start: number;
  end: number;
}

export type DocFormat = 'markdown' | 'text' | 'html';

/** Document metadata. Markdown front matter fills title/version/date; importers and users add keys. */
export interface DocMeta {
  title?: string;
  version?: string;
  date?: string;
  language?: string;
  tenant?: string;
  [key: string]: string | undefined;
}

export type BlockKind =
  | 'heading'
  | 'paragraph'
  | 'list-item'
  | 'table'
  | 'code'
  | 'rule'
  | 'front-matter'
  | 'blockquote'
  | 'html';

/**
 * A block of the document, in reading order. Blocks never overlap; together they cover every
 * non-blank character of the text (blank lines between blocks belong to no block).
 */
export interface Block {
  kind: BlockKind;
  start: number;
  end: number;
  /** Texts of the headings this block sits under, outermost first. A heading block's own path ends with itself. */
  headingPath: string[];
  /** heading: 1-6; list-item: nesting depth starting at 1. */
  level?: number;
  /** heading: its text without markup ("Prazos", not "## Prazos"). */
  title?: string;
  /** table: the header row (the line, plus its delimiter line for Markdown) and each body row's line. */
  header?: Span;
  rows?: Span[];
  /** code: language tag of a fence, and whether the fence was closed. */
  lang?: string;
  closed?: boolean;
}

export interface Doc {
  id: string;
  /** The text every offset points into. For HTML it is the extracted text, not the markup. */
  text: string;
  format: DocFormat;
  meta: DocMeta;
  blocks: Block[];
}

/** The indivisible pieces the sentence-level chunkers group. */
export type UnitKind = 'heading' | 'sentence' | 'table-header' | 'table-row' | 'code' | 'rule' | 'front-matter';

export interface Unit {
  kind: UnitKind;
  start: number;
  end: number;
  /** Index into doc.blocks of the block it comes from. */
  block: number;
  headingPath: string[];
}

// ---------------------------------------------------------------- tokens

/** One token of an encoding: its vocabulary id and the characters of the input it came from. */
export interface TokenSpan extends Span {
  id: number;
}

/**
 * A tokenizer as the engine sees it. Counts exclude special tokens ([CLS], [SEP], <s>…).
 * Implementations cache per pre-tokenized word, so counting the same words again is cheap.
 */
export interface TextTokenizer {
  /** A stable name (the model or tokenizer id), used in cache keys and results files. */
  readonly name: string;
  /** Input limit of the model this tokenizer belongs to, in tokens including special tokens, when known. */
  readonly modelMaxLength?: number;
  /** Number of tokens of `text`, without special tokens. Exact: equals encode(text).length. */
  count(text: string): number;
  /** Token ids with their character spans in `text`, without special tokens. */
  encode(text: string): TokenSpan[];
}

// ---------------------------------------------------------------- chunks

export type LintFlag =
  | 'orphan-heading' // the chunk ends with a heading whose body is in the next chunk
  | 'starts-mid-sentence'
  | 'ends-mid-sentence'
  | 'row-without-header' // a table row whose header is neither in the chunk nor in its prefix
  | 'split-code' // part of a fenced code block
  | 'over-model-limit' // prefix + text exceed the embedding model's input limit
  | 'micro-chunk' // under the minimum size
  | 'no-heading-path' // empty heading path in a document that has headings
  | 'oversized-unit' // a single unit was larger than the cap and had to be cut inside
  | 'table-header-only' // the chunk holds a table's header row but none of its data rows (they come after)
  | 'ends-on-list-marker' // the chunk's last line is a bare list marker ("4.", "-"): its item is in the next chunk
  | 'over-cap'; // over the cap on purpose: a table's header row with the first word of its first row did not fit (set by the chunker)

export interface Chunk {
  /** `${docId}#${index}` */
  id: string;
  docId: string;
  index: number;
  /** The document range whose text is indexed. */
  start: number;
  end: number;
  /**
   * Text put before the document text in the indexed (and returned) text: a context header,
   * a table's header row repeated, a generated context sentence. '' when none.
   */
  prefix: string;
  /** Tokens of prefix + text, without special tokens. Never above the cap. */
  tokens: number;
  headingPath: string[];
  /** small-to-big and sentence-window: the range returned to the reader (absent: same as start/end). */
  returnStart?: number;
  returnEnd?: number;
  /** Tokens of what is returned (prefix + returned range), when it differs from `tokens`. */
  returnTokens?: number;
  /** small-to-big: id of the parent this child returns; children of one parent merge at retrieval. */
  parentId?: string;
  /** Generated context sentence (contextual retrieval); also the start of `prefix`. Absent when none. */
  context?: string;
  flags: LintFlag[];
}

/** Which fields the "Document > Section | version" context header carries. */
export interface HeaderOptions {
  title?: boolean;
  path?: boolean;
  version?: boolean;
}

/** Parameters every chunker takes. Sizes are tokens of ctx.tokenizer, without special tokens. */
export interface CommonParams {
  /** Hard cap on prefix + text. */
  maxTokens: number;
  overlap?: number;
  /** Prepend the context header; `true` means all fields. */
  header?: boolean | HeaderOptions;
}

/** A sparse vector: sorted dimension indices and their values (the lexical embedder's vectors). */
export interface SparseVector {
  indices: Uint32Array;
  values: Float32Array;
}

/**
 * An embedder as the semantic chunker sees it: one vector per text, from any embedder (the chosen model's
 * dense vectors, or the lexical embedder's sparse ones). Only directions matter (cosine).
 */
export type EmbedFn = (texts: string[]) => Promise<Array<Float32Array | SparseVector>>;

/** What a language model is asked: a system instruction and one user message. */
export interface Prompt {
  system: string;
  user: string;
  /**
   * Length (UTF-16 units) of the start of `user` that is the same for every chunk of one document
   * (instructions + document). Generators with prompt caching mark it cacheable; 0 or absent: none.
   */
  sharedPrefixLength?: number;
}

export interface GenerateOptions {
  signal?: AbortSignal;
  /** Most tokens the model may write (in the model's own tokens). */
  maxTokens: number;
  /**
   * The answer must be one JSON object: OpenAI-compatible servers get response_format json_object
   * (and are asked again without it when they refuse the field); Anthropic's answer is prefilled
   * with "{" (returned text includes it).
   */
  json?: boolean;
}

export interface GenerateResult {
  text: string;
  /** Prompt tokens billed, when the service says (cached reads included). */
  inputTokens?: number;
  outputTokens?: number;
  /** Prompt tokens read from the service's prompt cache, when it says. */
  cachedInputTokens?: number;
}

/**
 * A language model that writes text from a prompt: an HTTP service (OpenAI-compatible, Anthropic) or
 * a model running in the page (src/engine/llm builds them). Contextual retrieval, question generation
 * and the llm chunker all ask one. Implementations hold their key privately: it is never an enumerable
 * property.
 */
export interface TextGenerator {
  /** A stable name for cache keys and results files: `${kind}:${model}` (never the key, never the URL's secrets). */
  readonly id: string;
  generate(prompt: Prompt, opts: GenerateOptions): Promise<GenerateResult>;
  /** Releases resources (a local model's session). Optional. */
  dispose?(): Promise<void>;
}

/** A model's answers kept by key, so a rerun costs nothing (in memory, a JSONL file, IndexedDB). */
export interface AnswerCache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
}

export interface ChunkerContext {
  tokenizer: TextTokenizer;
  /** Only for chunkers that need vectors (semantic). */
  embed?: EmbedFn;
  /** Only for the llm chunker: the model that chooses boundaries, and where its answers are kept. */
  generator?: TextGenerator;
  answers?: AnswerCache;
  /** Called with a fraction in [0, 1] during long work. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export type ChunkerId =
  | 'fixed'
  | 'recursive'
  | 'sentences'
  | 'structure'
  | 'semantic'
  | 'small-to-big'
  | 'sentence-window'
  | 'llm'
  | BaselineChunkerId;

/**
 * The baseline chunkers: other libraries' splitters run with their own code (the npm package named),
 * sized in ChunkLab's tokenizer. Their ids and libraries live here, in the shared vocabulary, so the
 * page can mark a run as a baseline without loading the chunkers; the registry's entries carry them.
 */
export const BASELINE_CHUNKERS = {
  'langchain-recursive': { library: '@langchain/textsplitters', splitter: 'RecursiveCharacterTextSplitter' },
  'chonkie-recursive': { library: '@chonkiejs/core', splitter: 'RecursiveChunker' },
  'llamaindex-sentence': { library: '@llamaindex/core', splitter: 'SentenceSplitter' },
  'mastra-recursive': { library: '@mastra/rag', splitter: 'MDocument recursive' },
  'mastra-markdown': { library: '@mastra/rag', splitter: 'MDocument markdown' },
} as const;
export type BaselineChunkerId = keyof typeof BASELINE_CHUNKERS;

/** Whether a chunker id names a baseline (another library's splitter). */
export function isBaselineChunker(id: unknown): id is BaselineChunkerId {
  return typeof id === 'string' && Object.prototype.hasOwnProperty.call(BASELINE_CHUNKERS, id);
}

export interface Chunker<P extends CommonParams = CommonParams> {
  id: ChunkerId;
  chunk(doc: Doc, params: P, ctx: ChunkerContext): Chunk[] | Promise<Chunk[]>;
}

/** A user-facing error with a message that says what is wrong and where. */
/**
 * Conditions a caller reacts to rather than only shows: a context sentence missing from the cache,
 * no embedding model loaded. They travel as InputError.code (across a worker too: workers/errors.ts).
 */
export const ERROR_CODES = [
  'context-missing',
  'model-not-loaded',
  // Common user-facing input errors: the page translates them (the message stays as the detail).
  'too-large',
  'bad-json',
  'bad-field',
  'no-file',
  'unknown-format',
  'results-not-dataset',
  'folder-manifest',
  'phrase-not-found',
  'phrase-ambiguous',
  'unknown-document',
  'bad-span',
  'filter-excludes-gold',
  // What the page and its workers meet (the page translates them the same way).
  'http-error',
  'fetch-failed',
  'files-gone',
  'no-tokenizer-file',
  'no-model-config',
  'no-service',
  'no-llm-provider',
  'no-api-key',
  'not-confirmed',
  'unknown-dtype',
  'bad-model-output',
  'duplicate-document',
  'stale-chunk',
  // The inspector's hand-edited chunk boundaries (src/engine/edit).
  'edit-unsupported',
  'edit-needs-model',
  'edit-chunks-differ',
  'edit-bad-boundary',
  'edit-session-gone',
  // Document files the readers refuse (documents/pdf, documents/docx, formats/documents-folder.ts).
  'empty-file',
  'encrypted-file',
  'old-word-file',
  'scanned-pdf',
  'ocr-language-missing',
  'truncated-file',
  'damaged-file',
  // The import preview's structure fixes (documents/markdown-edits.ts).
  'bad-structure-edit',
  'wrong-file-type',
  'no-reader',
  'decompressed-too-large',
  // A language model or embedding service failed (the provider's error kind; src/engine/llm/http.ts).
  'provider-auth',
  'provider-not-found',
  'provider-bad-request',
  'provider-rate-limit',
  'provider-server',
  'provider-network',
  'provider-timeout',
  'provider-bad-response',
  'cors-blocked',
  // Generated versus human questions needs both sets and two configurations (evaluation/agreement-grid.ts).
  'agreement-sets',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export class InputError extends Error {
  /** Set when the caller may react to this condition (see ErrorCode). */
  public readonly code?: ErrorCode;
  /** Plain data about the condition (e.g. context-missing: { missing, total, model }). */
  public readonly details?: Record<string, unknown>;
  constructor(
    message: string,
    /** Where: a file name, a line, a question id… */
    public readonly where?: string,
    condition?: { code: ErrorCode; details?: Record<string, unknown> },
  ) {
    // Bounded: a message quotes untrusted input, which may be megabytes long.
    super(where ? `${clip(where, 200)}: ${clip(message, 500)}` : clip(message, 500));
    this.name = 'InputError';
    if (condition) {
      this.code = condition.code;
      if (condition.details) this.details = condition.details;
    }
  }
}

/** The ErrorCode of an error (an InputError, or one that crossed a worker boundary), if any. */
export function errorCode(e: unknown): ErrorCode | undefined {
  const c = (e as { code?: unknown } | null | undefined)?.code;
  return typeof c === 'string' && (ERROR_CODES as readonly string[]).includes(c) ? (c as ErrorCode) : undefined;
}

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}

// ---------------------------------------------------------------- questions and retrieval

/** A gold span: the answer lies in [start, end) of document docId. */
export interface GoldSpan {
  docId: string;
  start: number;
  end: number;
}

export interface Question {
  id: string;
  text: string;
  /** Every span must be inside one retrieved unit for a hit (see docs/CONTRACT.md). */
  gold: GoldSpan[];
  /** Twin questions: look-alike passages that should NOT be retrieved. */
  notRelevant?: GoldSpan[];
  /** Metadata filter applied before ranking: only documents whose meta[key] === value. */
  filter?: Record<string, string>;
}

/** What a retriever indexes: one entry per chunk, with the text to index (prefix + document text). */
export interface IndexEntry {
  id: string;
  docId: string;
  text: string;
}

export interface Hit {
  id: string;
  score: number;
}

export interface SearchOptions {
  /** Only entries for which this returns true are ranked (metadata filters). */
  accept?: (id: string) => boolean;
  signal?: AbortSignal;
}

/** BM25, dense and hybrid all look like this. Ranking is deterministic: ties broken by id order of indexing. */
export interface Retriever {
  readonly kind: 'bm25' | 'dense' | 'hybrid';
  index(entries: IndexEntry[], signal?: AbortSignal): Promise<void>;
  search(query: string, k: number, opts?: SearchOptions): Promise<Hit[]>;
}
