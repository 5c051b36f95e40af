// The messages between `batch` and its worker threads. The main thread hands a worker a group of
// consecutive documents; the worker chunks them, writes their Parquet part files itself (temporary
// names in the out folder) and answers with what each part holds, so the main thread only renames
// parts and commits them in order: no chunk text crosses between threads.
import type { RecipeDocument } from '../../engine/recipe/index.ts';

/**
 * One input document: a folder's file (read by the worker), a JSONL line's bytes (parsed by the
 * worker: `off` and `len` in the group's `lines` buffer, `n` its line number), a parsed document, or
 * a line that is already an error.
 */
export type Item = (
  | { seq: number; kind: 'file'; root: string; rel: string; bytes: number }
  | { seq: number; kind: 'jsonl'; n: number; off: number; len: number; bytes: number }
  | { seq: number; kind: 'doc'; doc: RecipeDocument; bytes: number }
  | { seq: number; kind: 'error'; id: string; error: string; bytes: number }
) & {
  /** The input's prefix hash up to and including this document (inputs.ts); the manifest commits it. */
  inputHash?: string;
};

export interface OutputSpec {
  dir: string;
  parquet: boolean;
  jsonl: boolean;
  /** A part holds whole documents and closes once it has this many chunks or this much text. */
  partRows: number;
  partBytes: number;
}

/**
 * A group's JSONL lines: shared memory for worker threads (nothing copied), bytes for worker
 * processes (copied once through the pipe).
 */
export type GroupLines = SharedArrayBuffer | Uint8Array;

export interface GroupTask {
  kind: 'group';
  group: number;
  items: Item[];
  out: OutputSpec;
  /**
   * The bytes of the group's JSONL lines, one after another (shared, not copied: the main thread
   * keeps it to hand the lines again if the worker dies), and the input's path for messages.
   */
  lines?: GroupLines;
  source?: string;
  /** Lines (by seq) whose id was given before: chunked under these ids instead (inputs.ts UniqueIds). */
  renames?: Record<number, string>;
}

/** A JSONL document's id as its line gave it, for the main thread to check that no id comes twice. */
export interface LineId {
  seq: number;
  n: number;
  id: string;
}

export interface DocError {
  id: string;
  /** A folder's file that failed: its path relative to the folder (errors.jsonl carries it beside the id). */
  path?: string;
  error: string;
}

/** One part as the worker wrote it: commit it by renaming `tmp` (null: no chunk in it, only errors). */
export interface WrittenPart {
  tmp: string | null;
  docs: number;
  chunks: number;
  errors: DocError[];
  lastId: string;
  /** The input's prefix hash up to lastId. */
  inputHash?: string;
  /**
   * The part's chunks as JSON lines in UTF-8 (when --jsonl; else empty), appended to chunks.jsonl at
   * commit: encoded by the worker and transferred, so the main thread neither copies nor encodes it.
   */
  jsonl: Uint8Array;
}

/**
 * serve --stdio's task: one document, answered with its whole answer line `{"id", "chunks"}` made in
 * the worker, so a document whose chunks would not fit in memory costs the worker (an error line the
 * server answers), never the server's own thread.
 */
export interface LineTask {
  kind: 'line';
  seq: number;
  doc: RecipeDocument;
}

export type WorkerTask = GroupTask | LineTask;

/** What a worker answers: for a group, progress now and then, then the group's parts; for a line, the line. */
export type WorkerMessage =
  /** Documents finished since the last such message (sent at most every few hundred ms). */
  | { kind: 'docs'; group: number; docs: number; bytes: number }
  /**
   * `cpu`: the CPU seconds the worker's thread has used so far (thread-cpu.ts), `thread` its threadId
   * (a process: its pid); a worker process also says its whole CPU so far and its peak RSS.
   */
  | { kind: 'group'; group: number; parts: WrittenPart[]; bytes: number; ids: LineId[]; cpu?: number; thread: number; processCpu?: number; maxRssMb?: number }
  | { kind: 'line'; seq: number; line?: string; error?: string }
  /** Writing failed (not one document's fault): the run stops with this message. */
  | { kind: 'fail'; error: string };
