// Node: the documents of --input, streamed one at a time (memory does not grow with the corpus):
// a folder (every document file ChunkLab reads, in the same path order as `chunk`), a JSONL of
// {"id", "text", "format"?, "meta"?} (read line by line) or a Parquet table with `id` and `text`
// columns (read one row group at a time with hyparquet).
// Every item carries the input's prefix hash: a chain of SHA-256 over each document's input (a
// JSONL line, a Parquet row, a folder file's path, size and modification time) up to it. The
// manifest commits it with each part, so a resume notices an input edited before the committed
// position, not only one whose document at that position has another id.
// Ids given twice in a JSONL or Parquet input would give colliding chunk ids: the later one is
// chunked as "<id> (2)" (then "(3)", …) and said once on stderr.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { InputError } from '../../engine/types.ts';
import { documentId, documentPaths } from '../../engine/formats/index.ts';
import { recipeDocumentOf } from '../../engine/recipe/index.ts';
import { documentOfLine, hashable, isBlankLine, withoutBom } from './jsonl-line.ts';
import type { Item } from './tasks.ts';
import { readOptions } from '../../node/files.ts';
import { boundedLineBytes, tooLongMessage } from '../../node/lines.ts';

export interface BatchInput {
  kind: 'folder' | 'jsonl' | 'parquet';
  /** Documents in all when known (folder, Parquet); else undefined and `totalBytes` drives the estimate. */
  totalDocs?: number;
  totalBytes?: number;
  /**
   * Items from sequence number `skip` (the ones before are read for the prefix hash and their ids,
   * not yielded). `quiet`: no warnings. `raw`: a JSONL's lines come as their bytes (`kind: 'raw'`),
   * to be parsed by a worker, and their ids are checked by the caller (`unique`, which also gets
   * the ids of the lines skipped); without it every line is parsed here.
   */
  items(skip: number, opts?: { quiet?: boolean; raw?: boolean; unique?: UniqueIds }): AsyncGenerator<InputItem>;
}

/** A JSONL line as bytes, not parsed yet (a view of the read buffer: copy it before keeping it long). */
export type RawLine = { seq: number; kind: 'raw'; n: number; raw: Buffer; bytes: number; inputHash: string };
export type InputItem = Exclude<Item, { kind: 'jsonl' }> | RawLine;

/**
 * The id the item at `seq` gets in the out folder (a folder's file: its document id, also when it
 * could not be read; out folders written before that recorded such a file's path, which is still
 * accepted), undefined past the end. Resuming checks it against the manifest's last committed id,
 * so a changed input is not silently skipped by count.
 */
export async function idsAt(input: BatchInput, seq: number): Promise<{ ids: string[]; inputHash?: string } | undefined> {
  for await (const item of input.items(seq, { quiet: true })) {
    if (item.kind === 'error') return { ids: [item.id], inputHash: item.inputHash };
    if (item.kind === 'raw') throw new Error('idsAt reads parsed items');
    return { ids: item.kind === 'doc' ? [item.doc.id] : [documentId(item.rel), item.rel], inputHash: item.inputHash };
  }
  return undefined;
}

/** The chain of hashes over the documents' inputs, in order. */
class PrefixHash {
  private h = '';
  add(...parts: (string | Buffer)[]): string {
    const x = createHash('sha256').update(this.h);
    for (const p of parts) x.update(p).update('\0');
    return (this.h = x.digest('hex'));
  }
}

/** Ids already given, in a JSONL or Parquet input: a repeated one gets a suffix, and a warning. */
export class UniqueIds {
  private seen = new Map<string, number>();
  private warned = 0;
  constructor(private readonly path: string) {}
  of(id: string, where: string, warn: boolean): string {
    const n = this.seen.get(id);
    if (n === undefined) {
      this.seen.set(id, 1);
      return id;
    }
    let k = n + 1;
    while (this.seen.has(`${id} (${k})`)) k++;
    this.seen.set(id, k);
    const renamed = `${id} (${k})`;
    this.seen.set(renamed, 1);
    if (!warn) return renamed;
    if (this.warned++ < 5) process.stderr.write(`warning    ${where}: the id "${id}" was given before; this document is chunked as "${renamed}" so its chunk ids do not collide\n`);
    else if (this.warned === 6) process.stderr.write(`warning    ${this.path}: more ids given twice (each chunked with a " (n)" suffix)\n`);
    return renamed;
  }
}

export async function openInput(path: string): Promise<BatchInput> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new InputError('no such file or folder', path);
  if (info.isDirectory()) return folderInput(path);
  if (/\.jsonl$/i.test(path)) return jsonlInput(path, info.size);
  if (/\.parquet$/i.test(path)) return parquetInput(path);
  throw new InputError('--input must be a folder of documents, a .jsonl of {"id", "text"} or a .parquet table with id and text columns', path);
}

async function folderInput(root: string): Promise<BatchInput> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const rels: string[] = [];
  const links: string[] = [];
  for (const e of entries) {
    if (!e.isFile() && !e.isSymbolicLink()) continue;
    const rel = relative(root, join(e.parentPath, e.name)).split(sep).join('/');
    rels.push(rel);
    if (e.isSymbolicLink()) links.push(rel);
  }
  const paths = documentPaths(rels);
  if (!paths.length) throw new InputError('the folder holds no documents (.md, .txt, .html, .pdf, .docx)', root);
  // As `chunk --dataset` reads a folder: a symbolic link is followed when it stays inside the
  // folder, and one that leaves it (or leads nowhere) refuses the folder, naming it.
  const realRoot = await realpath(root);
  const docLinks = new Set(documentPaths(links));
  for (const rel of docLinks) {
    const real = await realpath(resolve(root, rel)).catch(() => null);
    if (!real) throw new InputError(`"${rel}" is a symbolic link to nothing: fix or remove it`, root);
    const r = relative(realRoot, real);
    if (!r || r.startsWith('..') || isAbsolute(r)) throw new InputError(`"${rel}" is a symbolic link that leaves the folder (to ${real}): copy the file in instead`, root);
    if (!(await stat(real)).isFile()) throw new InputError(`"${rel}" is a symbolic link to a folder, not a document`, root);
  }
  // As `chunk --dataset` refuses it: a document id is the file name without its extension, so
  // a/intro.md and b/intro.md would share one and their chunks could share ids.
  const ids = new Map<string, string>();
  for (const rel of paths) {
    const id = documentId(rel);
    const other = ids.get(id);
    if (other !== undefined) throw new InputError(`two documents would have the id "${id}" (${other} and ${rel}): rename one`, root);
    ids.set(id, rel);
  }
  // Sizes (for progress and time left) and modification times (for the prefix hash), listed once.
  const infos = await Promise.all(paths.map((rel) => stat(join(root, rel)).catch(() => null)));
  return {
    kind: 'folder',
    totalDocs: paths.length,
    totalBytes: infos.reduce((s, i) => s + (i?.size ?? 0), 0),
    async *items(skip) {
      const prefix = new PrefixHash();
      for (let seq = 0; seq < paths.length; seq++) {
        const info = infos[seq];
        const inputHash = prefix.add(paths[seq], String(info?.size ?? -1), String(info?.mtimeMs ?? -1));
        if (seq >= skip) yield { seq, kind: 'file', root, rel: paths[seq], bytes: info?.size ?? 0, inputHash };
      }
    },
  };
}

function jsonlInput(path: string, size: number): BatchInput {
  return {
    kind: 'jsonl',
    totalBytes: size,
    async *items(skip, { quiet = false, raw = false, unique = new UniqueIds(path) } = {}) {
      // A line is at most one document's worth of bytes (CHUNKLAB_MAX_INPUT_BYTES): a longer one is
      // an errors.jsonl entry, skipped as it streams in and never held in memory.
      const maxBytes = readOptions().maxBytes!;
      const prefix = new PrefixHash();
      let seq = 0;
      for await (const item of boundedLineBytes(createReadStream(path), maxBytes)) {
        const n = item.n;
        const where = `${path} line ${n}`;
        if ('tooLong' in item) {
          const s = seq++;
          const inputHash = prefix.add(`too long: ${item.bytes}`);
          if (s >= skip) yield { seq: s, kind: 'error', id: `line ${n}`, error: `${where}: ${tooLongMessage(maxBytes)}`, bytes: item.bytes + 1, inputHash };
          continue;
        }
        const line = withoutBom(item.raw, n);
        if (isBlankLine(line)) continue;
        const s = seq++;
        const inputHash = prefix.add(hashable(line));
        const bytes = item.bytes + 1;
        // A worker parses it (batch): its id is checked when its group comes back.
        if (raw && s >= skip) {
          yield { seq: s, kind: 'raw', n, raw: line, bytes, inputHash };
          continue;
        }
        const r = documentOfLine(line.toString('utf8'), n, path);
        if ('error' in r) {
          if (s >= skip) yield { seq: s, kind: 'error', ...r.error, bytes, inputHash };
          continue;
        }
        // Every id is seen, the skipped ones too: a resumed run renames as the first run did.
        const doc = { ...r.doc, id: unique.of(r.doc.id, where, !quiet && s >= skip) };
        if (s >= skip) yield { seq: s, kind: 'doc', doc, bytes, inputHash };
      }
    },
  };
}

async function parquetInput(path: string): Promise<BatchInput> {
  const { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } = await import('hyparquet');
  const file = await asyncBufferFromFile(path);
  const meta = await parquetMetadataAsync(file).catch((e: Error) => {
    throw new InputError(`not a readable Parquet file (${e.message})`, path);
  });
  const names = new Set(meta.schema.map((s) => s.name));
  for (const c of ['id', 'text']) if (!names.has(c)) throw new InputError(`the Parquet table has no "${c}" column (it needs id and text)`, path);
  const columns = ['id', 'text', ...['format', 'meta'].filter((c) => names.has(c))];
  return {
    kind: 'parquet',
    totalDocs: Number(meta.num_rows),
    async *items(skip, { quiet = false, unique = new UniqueIds(path) } = {}) {
      // From the first row, the skipped ones too: the prefix hash and the ids given before cover them.
      const prefix = new PrefixHash();
      let rowStart = 0;
      for (const group of meta.row_groups) {
        const rowEnd = rowStart + Number(group.num_rows);
        const rows = (await parquetReadObjects({ file, metadata: meta, columns, rowStart, rowEnd })) as Record<string, unknown>[];
        let seq = rowStart;
        for (const r of rows) {
          const where = `${path} row ${seq + 1}`;
          const s = seq++;
          const raw: Record<string, unknown> = { ...r, id: typeof r.id === 'bigint' || typeof r.id === 'number' ? String(r.id) : r.id };
          if (typeof raw.meta === 'string') raw.meta = safeJson(raw.meta);
          const bytes = typeof r.text === 'string' ? Buffer.byteLength(r.text) : 0;
          const inputHash = prefix.add(JSON.stringify(raw, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)));
          let doc;
          try {
            doc = recipeDocumentOf(raw, where);
          } catch (e) {
            if (s >= skip) yield { seq: s, kind: 'error', id: typeof raw.id === 'string' && raw.id ? raw.id : `row ${s + 1}`, error: (e as Error).message, bytes, inputHash };
            continue;
          }
          doc = { ...doc, id: unique.of(doc.id, where, !quiet && s >= skip) };
          if (s >= skip) yield { seq: s, kind: 'doc', doc, bytes, inputHash };
        }
        rowStart = rowEnd;
      }
    },
  };
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}
