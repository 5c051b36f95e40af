// Node: a batch's out folder, written so that a run killed at any moment resumes with no chunk lost
// or repeated. Chunks go out in parts (part-00000.parquet, …, each written by a worker thread to a
// temporary file and renamed here, in input order); chunks.jsonl and errors.jsonl are appended; then one line in manifest.jsonl commits the
// part: how many documents it covers, its last document id and the byte lengths of the two JSONL
// files. Resuming keeps what the manifest commits and nothing else (later parts are deleted, the
// JSONL files cut back to their committed length) and skips the documents already committed.
// What the manifest commits must still be there: a manifest line cut by a crash or a full disk is cut
// off before anything is appended; a JSONL file shorter than committed (or gone), or a committed part
// missing, refuses the resume (never padded, never silently lost); each part line carries the
// input's prefix hash, so an input edited before the committed position is refused too.
import { existsSync } from 'node:fs';
import { open, readFile, readdir, rename, rm, truncate, mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError } from '../../engine/types.ts';
import type { ChunkRow, PerDocumentRecipe, Recipe } from '../../engine/recipe/index.ts';
import type { WrittenPart } from './tasks.ts';

export const MANIFEST = 'manifest.jsonl';
export const CHUNKS_JSONL = 'chunks.jsonl';
export const ERRORS_JSONL = 'errors.jsonl';
export const MANIFEST_FORMAT = 'chunklab-batch';

export interface ManifestHead {
  format: typeof MANIFEST_FORMAT;
  version: 1;
  recipeHash: string;
  recipe: Recipe;
  /** A per-document recipe (`recipe` is then its default configuration's). */
  perDocument?: PerDocumentRecipe;
  input: string;
  outputs: { parquet: boolean; jsonl: boolean };
}

export interface PartLine {
  part: number;
  /** The Parquet file, or null when the part holds no chunk (only errors). */
  file: string | null;
  docs: number;
  chunks: number;
  errors: number;
  /** Documents committed up to and including this part, and the last one's id. */
  docsDone: number;
  lastId: string;
  chunksJsonlBytes: number;
  errorsBytes: number;
  /** The input's prefix hash up to lastId (inputs.ts); absent in folders written before it. */
  inputHash?: string;
}

export interface DoneLine {
  done: true;
  docs: number;
  chunks: number;
  errors: number;
}

export const partName = (n: number) => `part-${String(n).padStart(5, '0')}.parquet`;

async function appendSynced(path: string, text: string | Uint8Array): Promise<number> {
  const fd = await open(path, 'a');
  try {
    if (text.length) await fd.appendFile(text);
    await fd.sync();
    return (await fd.stat()).size;
  } finally {
    await fd.close();
  }
}

export interface ResumeState {
  docsDone: number;
  lastId: string | null;
  nextPart: number;
  chunks: number;
  errors: number;
  finished: boolean;
  parts: PartLine[];
  /** The last part's input prefix hash, when it has one. */
  inputHash?: string;
}

/**
 * Reads the manifest (a cut last line is ignored), or null when the folder holds none. `whole`: the
 * byte length of its complete lines (less than the file's when the last line was cut).
 */
export async function readManifest(dir: string): Promise<{ head: ManifestHead; parts: PartLine[]; done?: DoneLine; whole: number; size: number } | null> {
  const path = join(dir, MANIFEST);
  if (!existsSync(path)) return null;
  const bytes = await readFile(path);
  const whole = bytes.lastIndexOf(10) + 1;
  const text = bytes.subarray(0, whole).toString('utf8');
  const lines = text.split('\n');
  lines.pop();
  const rows = lines.filter((l) => l.trim()).map((l, i) => {
    try {
      return JSON.parse(l) as Record<string, unknown>;
    } catch {
      throw new InputError(`line ${i + 1} is not JSON: this is not a batch manifest`, path);
    }
  });
  const head = rows[0] as unknown as ManifestHead | undefined;
  if (!head || head.format !== MANIFEST_FORMAT) throw new InputError(`not a batch manifest (no "format": "${MANIFEST_FORMAT}")`, path);
  const parts = rows.filter((r) => typeof r.part === 'number') as unknown as PartLine[];
  const done = rows.find((r) => r.done === true) as unknown as DoneLine | undefined;
  return { head, parts, done, whole, size: bytes.length };
}

export class BatchOutput {
  state: ResumeState;

  private constructor(
    readonly dir: string,
    readonly opts: { parquet: boolean; jsonl: boolean },
    state: ResumeState,
  ) {
    this.state = state;
  }

  /**
   * Opens --out: a new or empty folder starts a run; a folder with a manifest of the same recipe
   * resumes it; anything else is refused (nothing is deleted that this command did not write).
   */
  static async open(dir: string, head: ManifestHead, opts: BatchOutput['opts']): Promise<BatchOutput> {
    await mkdir(dir, { recursive: true }).catch((e: NodeJS.ErrnoException) => {
      throw new InputError(`cannot create the out folder (${e.code ?? e.message})`, dir);
    });
    const info = await stat(dir);
    if (!info.isDirectory()) throw new InputError('--out must be a folder', dir);
    const m = await readManifest(dir);
    if (!m) {
      const present = (await readdir(dir)).filter((n) => !n.startsWith('.'));
      if (present.length) throw new InputError(`--out holds files but no ${MANIFEST} (not a batch's folder): give a new or empty folder`, dir);
      await appendSynced(join(dir, MANIFEST), JSON.stringify(head) + '\n');
      return new BatchOutput(dir, opts, { docsDone: 0, lastId: null, nextPart: 0, chunks: 0, errors: 0, finished: false, parts: [] });
    }
    if (m.head.recipeHash !== head.recipeHash) {
      throw new InputError(`--out holds a run of another recipe (${m.head.recipeHash}, this one is ${head.recipeHash}): give a new folder`, dir);
    }
    if (m.head.outputs.parquet !== head.outputs.parquet || m.head.outputs.jsonl !== head.outputs.jsonl) {
      throw new InputError('--out holds a run with other outputs (--jsonl / --no-parquet): resume it with the same options', dir);
    }
    const last = m.parts[m.parts.length - 1];
    // What is committed must be there, whole: checked before anything is changed.
    const lengths = [
      [CHUNKS_JSONL, m.head.outputs.jsonl ? (last?.chunksJsonlBytes ?? 0) : 0],
      [ERRORS_JSONL, last?.errorsBytes ?? 0],
    ] as const;
    for (const [name, bytes] of lengths) {
      const size = (await stat(join(dir, name)).catch(() => null))?.size;
      if (bytes > 0 && size === undefined) throw new InputError(`${name} is gone, though ${MANIFEST} commits ${bytes} bytes of it: its chunks would be lost; give a new folder (or put the file back)`, dir);
      if (size !== undefined && size < bytes) throw new InputError(`${name} is shorter (${size} bytes) than ${MANIFEST} commits (${bytes}): it was cut or changed after the run; give a new folder (or put the whole file back)`, dir);
    }
    for (const p of m.parts) {
      if (p.file && !existsSync(join(dir, p.file))) throw new InputError(`${p.file} is gone, though ${MANIFEST} commits it: its chunks would be lost; give a new folder (or put the file back)`, dir);
    }
    // A last line cut by a crash or a full disk: cut off, so the next line starts a line.
    if (m.whole < m.size) await truncate(join(dir, MANIFEST), m.whole);
    // Back to the last committed part: its JSONL lengths, and no part file after it.
    for (const [name, bytes] of lengths) {
      if (existsSync(join(dir, name))) await truncate(join(dir, name), bytes);
    }
    const committed = new Set(m.parts.map((p) => p.file).filter(Boolean));
    for (const name of await readdir(dir)) {
      if ((/^part-\d+\.parquet$/.test(name) && !committed.has(name)) || /\.tmp$/.test(name)) await rm(join(dir, name), { force: true });
    }
    const sum = (k: 'chunks' | 'errors') => m.parts.reduce((s, p) => s + p[k], 0);
    return new BatchOutput(dir, opts, {
      docsDone: last?.docsDone ?? 0,
      lastId: last?.lastId ?? null,
      nextPart: m.parts.length,
      chunks: sum('chunks'),
      errors: sum('errors'),
      finished: !!m.done,
      parts: m.parts,
      ...(last?.inputHash ? { inputHash: last.inputHash } : {}),
    });
  }

  /**
   * Commits one part a worker wrote (parts come here in input order): its Parquet file renamed to
   * the next part name, its chunks and errors appended to the JSONL files, then one manifest line.
   */
  async commitPart(p: WrittenPart): Promise<void> {
    if (!p.docs) return;
    const n = this.state.nextPart;
    let file: string | null = null;
    if (p.tmp) {
      file = partName(n);
      await rename(p.tmp, join(this.dir, file));
    }
    const chunksJsonlBytes = this.opts.jsonl ? await appendSynced(join(this.dir, CHUNKS_JSONL), p.jsonl) : 0;
    const errorsBytes = await appendSynced(join(this.dir, ERRORS_JSONL), p.errors.map((e) => JSON.stringify(e) + '\n').join(''));
    const line: PartLine = {
      part: n,
      file,
      docs: p.docs,
      chunks: p.chunks,
      errors: p.errors.length,
      docsDone: this.state.docsDone + p.docs,
      lastId: p.lastId,
      chunksJsonlBytes,
      errorsBytes,
      ...(p.inputHash ? { inputHash: p.inputHash } : {}),
    };
    await appendSynced(join(this.dir, MANIFEST), JSON.stringify(line) + '\n');
    this.state = {
      ...this.state,
      docsDone: line.docsDone,
      lastId: line.lastId,
      nextPart: n + 1,
      chunks: this.state.chunks + p.chunks,
      errors: this.state.errors + p.errors.length,
      parts: [...this.state.parts, line],
      inputHash: p.inputHash,
    };
  }

  async finish(): Promise<void> {
    const s = this.state;
    const done: DoneLine = { done: true, docs: s.docsDone, chunks: s.chunks, errors: s.errors };
    await appendSynced(join(this.dir, MANIFEST), JSON.stringify(done) + '\n');
    this.state = { ...s, finished: true };
  }
}

/** One part as Parquet (hyparquet-writer): one row per chunk; snake_case columns (docs/CONTRACT.md). */
export async function writeParquetPart(path: string, rows: readonly ChunkRow[], vectors?: readonly Float32Array[]): Promise<void> {
  const { parquetWriteFile } = await import('hyparquet-writer');
  const col = <T>(f: (r: ChunkRow) => T) => rows.map(f);
  const columnData = [
    { name: 'id', data: col((r) => r.id), type: 'STRING' as const },
    { name: 'doc_id', data: col((r) => r.docId), type: 'STRING' as const },
    { name: 'chunk_index', data: col((r) => r.index), type: 'INT32' as const },
    { name: 'start', data: col((r) => r.start), type: 'INT32' as const },
    { name: 'end', data: col((r) => r.end), type: 'INT32' as const },
    { name: 'text', data: col((r) => r.text), type: 'STRING' as const },
    { name: 'prefix', data: col((r) => r.prefix), type: 'STRING' as const },
    { name: 'tokens', data: col((r) => r.tokens), type: 'INT32' as const },
    { name: 'heading_path', data: col((r) => r.headingPath), type: 'JSON' as const },
    { name: 'page', data: col((r) => r.page ?? null), type: 'INT32' as const },
    { name: 'return_start', data: col((r) => r.returnStart ?? null), type: 'INT32' as const },
    { name: 'return_end', data: col((r) => r.returnEnd ?? null), type: 'INT32' as const },
    { name: 'parent_id', data: col((r) => r.parentId ?? null), type: 'STRING' as const },
    { name: 'recipe_hash', data: col((r) => r.recipeHash), type: 'STRING' as const },
  ];
  const all: { name: string; data: unknown[]; type?: string }[] = [...columnData];
  if (vectors) all.push({ name: 'vector', data: vectors.map((v) => Array.from(v)) });
  parquetWriteFile({ filename: path, columnData: all as never });
  const fd = await open(path, 'r+');
  try {
    await fd.sync();
  } finally {
    await fd.close();
  }
}
