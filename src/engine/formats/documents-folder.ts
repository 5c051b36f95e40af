// A plain folder (or set of files) of documents as a dataset with no questions: every .md,
// .markdown, .txt, .html, .htm, .pdf and .docx file is a document whose id is its file name without
// the extension. PDF and Word bytes go through the engine's readers (documents/pdf, documents/docx)
// with pdf.js and mammoth handed in by the caller (the CLI: Node builds; the page: inside its
// worker). Each file's outcome is kept (read, refused and why, duplicate of which), so the page can
// list them and the CLI can refuse at the first bad file (strict) while the page goes on (keepGoing).
import { errorCode, InputError, type DocFormat, type DocMeta, type ErrorCode } from '../types.ts';
// The PDF reader (a fifth of the engine's code) loads with the first PDF of a folder: a folder of
// Markdown or text never parses it (the `chunk` command's start-up, every batch worker's too).
import type { ColumnCuts, PdfjsSource } from '../documents/pdf/pdf.ts';
import { COLUMN_CUTS_META, type Inflate } from '../documents/pdf/types.ts';
import { parseDocx, type MammothSource } from '../documents/docx.ts';
import type { OcrProgress, OcrReader } from '../documents/ocr/types.ts';
import type { Dataset, DocumentInput } from '../evaluation/dataset.ts';
import { checkSize, type ReadOptions } from './limits.ts';
import { trimLineEnds } from '../util/whitespace.ts';

/** The file types a documents folder takes, by extension. */
export type DocumentFileType = 'markdown' | 'text' | 'html' | 'pdf' | 'docx';

const TYPES: Record<string, DocumentFileType> = {
  md: 'markdown',
  markdown: 'markdown',
  txt: 'text',
  html: 'html',
  htm: 'html',
  pdf: 'pdf',
  docx: 'docx',
};

/** The document type of a file name (by its extension), or null when it is not a document. */
export function documentType(path: string): DocumentFileType | null {
  const m = /\.([a-z0-9]+)$/i.exec(path);
  return (m && TYPES[m[1].toLowerCase()]) || null;
}

/** Files a folder may hold beside its documents without being listed (system files, hidden files). */
export function isHiddenPath(path: string): boolean {
  return path.split('/').some((p) => p.startsWith('.') || p === '__MACOSX' || p === 'Thumbs.db' || p === 'desktop.ini');
}

/** The parsers for binary documents, as the caller loads them (lazily where it can). */
export interface DocumentReaders {
  pdfjs?: PdfjsSource;
  /** Extra pdf.js getDocument parameters (Node: standardFontDataUrl). */
  pdfDocumentOptions?: Record<string, unknown>;
  /** A synchronous zlib inflate for the PDF reader's own checks (Node: node:zlib's; see PdfOptions.inflate). */
  pdfInflate?: Inflate;
  mammoth?: MammothSource;
  /** Reads scanned pages (documents/ocr); without it a PDF with no text layer is refused. */
  ocr?: OcrReader;
}

/** Why a file was not added, as a code the page words in its own language (message: the engine's English). */
export type FileProblem =
  | 'too-large'
  | 'decompresses-too-large'
  | 'not-document'
  | 'duplicate'
  | 'same-id'
  | 'empty'
  | 'encrypted'
  | 'scanned'
  | 'truncated'
  | 'damaged'
  | 'wrong-type'
  | 'old-word'
  | 'no-reader'
  | 'ocr-language'
  | 'stopped'
  | 'other';

export interface FileOutcome {
  /** The file's path in the listing. */
  path: string;
  type: DocumentFileType | null;
  /** The document id it became (or would have become). */
  id: string;
  status: 'added' | 'skipped';
  problem?: FileProblem;
  /** One line: what is wrong (English, from the engine), or the duplicate's original. */
  message?: string;
  /** duplicate: the id of the document with the same text. */
  duplicateOf?: string;
  /** PDF and Word: the recovered heading outline. */
  outline?: { level: number; title: string }[];
  /** PDF: its page count. */
  pages?: number;
  /** PDF: lines the reader saw as cells (for the preview's "mark as table"). */
  columns?: ColumnCuts;
  /** PDF: the pages read by OCR (scanned), their words, how many under 60% confidence, the languages. */
  ocr?: { pages: number[]; words: number; lowConfidence: number; lang: string };
}

export interface DocumentsProgress {
  /** 0-based index of the file among the documents being read, and their count. */
  index: number;
  total: number;
  path: string;
  /** PDF: pages read so far and the page count (0 when not known yet). */
  pagesDone?: number;
  pageCount?: number;
  /** PDF: how far OCR is on its scanned pages (after the text pass). */
  ocr?: OcrProgress;
  /** The file's outcome, once it is done. */
  outcome?: FileOutcome;
  /** With an 'added' outcome: the document it became (a caller that may abandon the read keeps it; see `decided`). */
  doc?: DocumentInput;
}

/** A file already read (or refused) by an earlier, abandoned read of the same listing. */
export interface DecidedFile {
  outcome: FileOutcome;
  /** The document, when the outcome is 'added'. */
  doc?: DocumentInput;
}

export interface DocumentsOptions extends ReadOptions {
  readers?: DocumentReaders;
  /** Record a bad file in its outcome and go on (the page), instead of refusing the whole folder (the CLI). */
  keepGoing?: boolean;
  onProgress?: (p: DocumentsProgress) => void;
  signal?: AbortSignal;
  /** Size of a file before it is read (the page's File.size); the CLI checks sizes itself. */
  sizeOf?: (path: string) => number | undefined;
  /**
   * Files whose reading the user stopped (the page abandons a read that hangs by terminating its
   * worker and reads the listing again): each is left out with the problem 'stopped', never read.
   */
  stopped?: readonly string[];
  /**
   * Files an earlier, abandoned read already decided: their outcome (and document) is taken as it is,
   * not read again, and still counts for ids and duplicates. A path in `stopped` wins over this.
   */
  decided?: readonly DecidedFile[];
}

/** The listing as this reader needs it (see FileListing in detect.ts). */
interface Source {
  name: string;
  /** 'file': one document chosen on its own (messages name it by `name`). */
  kind?: 'file' | 'folder';
  title?: string;
  paths: readonly string[];
  read(path: string): string | Uint8Array | Promise<string | Uint8Array>;
  sizeOf?(path: string): number | undefined;
}

/** The documents of a listing, in path order (hidden files left out). */
export function documentPaths(paths: readonly string[]): string[] {
  return paths.filter((p) => !isHiddenPath(p) && documentType(p)).sort();
}

/** The same text, for duplicate detection: line ends and surrounding space do not count. */
export function duplicateKey(text: string): string {
  return trimLineEnds(text.replace(/\r\n?/g, '\n')).trim();
}

const decoder = new TextDecoder('utf-8');
const asText = (b: string | Uint8Array) => (typeof b === 'string' ? b : decoder.decode(b));
const asBytes = (b: string | Uint8Array) => (typeof b === 'string' ? new TextEncoder().encode(b) : b);

/**
 * A .md/.txt/.html file whose bytes are not text (an image or archive renamed, UTF-16 without a
 * mark): a NUL character, or more than 1% of it (and at least 8) undecodable bytes shown as U+FFFD.
 * Cut as text it gave chunks of U+FFFD and no error.
 */
function checkIsText(text: string, where: string): void {
  let bad = 0;
  let nul = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0xfffd) bad++;
    else if (c === 0) {
      nul = true;
      break;
    }
  }
  if (nul || (bad >= 8 && bad > text.length / 100)) {
    throw new InputError(`is not text: ${nul ? 'it holds NUL bytes' : `${bad} of its ${text.length} characters are not valid UTF-8`} (a binary file, or text in another encoding: save it as UTF-8)`, where, { code: 'wrong-file-type' });
  }
}

/** The file problem each refusal code stands for (the readers in documents/ and limits.ts throw them). */
const PROBLEM_OF_CODE: Partial<Record<ErrorCode, FileProblem>> = {
  'too-large': 'too-large',
  'duplicate-document': 'same-id',
  'empty-file': 'empty',
  'encrypted-file': 'encrypted',
  'old-word-file': 'old-word',
  'scanned-pdf': 'scanned',
  'truncated-file': 'truncated',
  'damaged-file': 'damaged',
  'wrong-file-type': 'wrong-type',
  'no-reader': 'no-reader',
  'ocr-language-missing': 'ocr-language',
  'decompressed-too-large': 'decompresses-too-large',
};

/** Why a file was refused, from the code its reader threw with ('other' for an uncoded error: its message is shown). */
export function problemOf(e: unknown): FileProblem {
  const code = errorCode(e);
  return (code && PROBLEM_OF_CODE[code]) ?? 'other';
}

function whereOf(src: Source, path: string): string {
  if (src.kind === 'file') return src.name || path;
  return src.name ? `${src.name}/${path}` : path;
}

function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The document id of a path: the file name without its extension. */
export function documentId(path: string): string {
  const name = fileName(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

type Read = { doc: DocumentInput } & Pick<FileOutcome, 'outline' | 'pages' | 'columns' | 'ocr'>;

async function readOne(src: Source, path: string, type: DocumentFileType, opts: DocumentsOptions, report: (p: Partial<DocumentsProgress>) => void): Promise<Read> {
  const where = whereOf(src, path);
  const size = (opts.sizeOf ?? src.sizeOf)?.(path);
  if (size !== undefined) checkSize(size, where, opts);
  const body = await src.read(path);
  checkSize(typeof body === 'string' ? body.length : body.byteLength, where, opts);
  const id = documentId(path);
  const name = fileName(path);
  const meta: DocMeta = { fileName: name, fileType: type };
  if (type === 'pdf' || type === 'docx') {
    const r = opts.readers ?? {};
    let doc;
    if (type === 'pdf') {
      if (!r.pdfjs) throw new InputError('no reader for PDF files here', where, { code: 'no-reader' });
      const { parsePdf } = await import('../documents/pdf/pdf.ts');
      doc = await parsePdf({ id, bytes: asBytes(body), name, meta }, r.pdfjs, {
        where,
        signal: opts.signal,
        documentOptions: r.pdfDocumentOptions,
        inflate: r.pdfInflate,
        ocr: r.ocr,
        onProgress: (pagesDone, pageCount) => report({ pagesDone, pageCount }),
        onOcrProgress: (ocr) => report({ ocr }),
      });
    } else {
      if (!r.mammoth) throw new InputError('no reader for Word files here', where, { code: 'no-reader' });
      doc = await parseDocx({ id, bytes: asBytes(body), name, meta }, r.mammoth);
    }
    if (!doc.text.trim()) throw new InputError(`no text was found in the ${type === 'pdf' ? 'PDF' : 'Word document'}`, where);
    const outline = doc.blocks.filter((b) => b.kind === 'heading').map((b) => ({ level: b.level ?? 1, title: b.title ?? '' }));
    const pages = doc.meta.pageCount ? Number(doc.meta.pageCount) : undefined;
    const { [COLUMN_CUTS_META]: cuts, ...docMeta } = doc.meta;
    const columns = cuts ? (JSON.parse(cuts) as ColumnCuts) : undefined;
    const ocr = docMeta.ocrPages ? { pages: docMeta.ocrPages.split(',').map(Number), words: Number(docMeta.ocrWords) || 0, lowConfidence: Number(docMeta.ocrLowConfidence) || 0, lang: docMeta.ocrLang ?? '' } : undefined;
    return { doc: { id, name, text: doc.text, format: 'markdown', meta: docMeta }, outline, ...(pages ? { pages } : {}), ...(columns ? { columns } : {}), ...(ocr ? { ocr } : {}) };
  }
  const text = asText(body);
  checkIsText(text, where);
  const format: DocFormat = type;
  return { doc: { id, name, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, format, meta } };
}

/**
 * The documents of a listing as a dataset with no questions, and each file's outcome. Strict (the
 * default): the first file that cannot be read, or an id taken twice, refuses the folder. keepGoing:
 * it is recorded in that file's outcome and the others are read. A document whose text is the same
 * as an earlier one's is left out with a note in either mode.
 */
export async function readDocumentsFolder(src: Source, opts: DocumentsOptions = {}): Promise<{ dataset: Dataset; files: FileOutcome[] }> {
  const paths = documentPaths(src.paths);
  const files: FileOutcome[] = [];
  const documents: DocumentInput[] = [];
  const byText = new Map<string, string>();
  const ids = new Map<string, string>();
  const stopped = new Set(opts.stopped ?? []);
  const decided = new Map((opts.decided ?? []).map((d) => [d.outcome.path, d]));
  for (const path of src.paths) {
    if (!documentType(path) && !isHiddenPath(path)) {
      files.push({ path, type: null, id: documentId(path), status: 'skipped', problem: 'not-document', message: 'not a document (.md, .txt, .html, .pdf or .docx): left out' });
    }
  }
  for (let index = 0; index < paths.length; index++) {
    opts.signal?.throwIfAborted();
    const path = paths[index];
    const type = documentType(path)!;
    const id = documentId(path);
    const progress = (extra: Partial<DocumentsProgress>) => opts.onProgress?.({ index, total: paths.length, path, ...extra });
    let outcome: FileOutcome;
    let doc: DocumentInput | undefined;
    const earlier = decided.get(path);
    if (stopped.has(path)) {
      outcome = { path, type, id, status: 'skipped', problem: 'stopped', message: 'its reading was stopped before it finished (skipped by the user): left out' };
      files.push(outcome);
      progress({ outcome });
      continue;
    }
    if (earlier && (earlier.outcome.status === 'skipped' || earlier.doc)) {
      outcome = earlier.outcome;
      if (outcome.status === 'added' || outcome.problem === 'duplicate') ids.set(id, path);
      if (earlier.doc && outcome.status === 'added') {
        byText.set(duplicateKey(earlier.doc.text), id);
        documents.push(earlier.doc);
      }
      files.push(outcome);
      progress({ outcome, ...(earlier.doc && outcome.status === 'added' ? { doc: earlier.doc } : {}) });
      continue;
    }
    progress({});
    try {
      const other = ids.get(id);
      if (other) throw new InputError(`two documents would have the id "${id}" (${other} and ${path}): rename one`, whereOf(src, path), { code: 'duplicate-document' });
      const r = await readOne(src, path, type, opts, progress);
      ids.set(id, path);
      const key = duplicateKey(r.doc.text);
      const same = byText.get(key);
      if (same !== undefined) {
        outcome = { path, type, id, status: 'skipped', problem: 'duplicate', duplicateOf: same, message: `the same text as "${same}": left out` };
      } else {
        byText.set(key, id);
        documents.push(r.doc);
        outcome = { path, type, id, status: 'added', ...(r.outline ? { outline: r.outline } : {}), ...(r.pages ? { pages: r.pages } : {}), ...(r.columns ? { columns: r.columns } : {}), ...(r.ocr ? { ocr: r.ocr } : {}) };
        doc = r.doc;
      }
    } catch (e) {
      if (!(e instanceof InputError) || !opts.keepGoing) throw e;
      const problem = problemOf(e);
      outcome = { path, type, id, status: 'skipped', problem, message: e.message };
    }
    files.push(outcome);
    progress({ outcome, ...(doc ? { doc } : {}) });
  }
  const name = src.title || (src.kind === 'file' ? documentId(paths[0] ?? '') : src.name.split('/').filter(Boolean).pop()) || 'Documents';
  return { dataset: { name, source: 'documents', documents, questions: [], skipped: [] }, files };
}
