// Node: the documents of --input, streamed one at a time (memory does not grow with the corpus):
// a folder (every document file ChunkLab reads, in the same path order as `chunk`), a JSONL of
// {"id", "text", "format"?, "meta"?} (read line by line) or a Parquet table with `id` and `text`
// columns (read one row group at a time with hyparquet).
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { InputError } from '../../engine/types.ts';
import { documentId, documentPaths } from '../../engine/formats/index.ts';
import { recipeDocumentOf } from '../../engine/recipe/index.ts';
import type { Item } from './tasks.ts';
import { readOptions } from '../../node/files.ts';
import { boundedLines, tooLongMessage } from '../../node/lines.ts';

export interface BatchInput {
  kind: 'folder' | 'jsonl' | 'parquet';
  /** Documents in all when known (folder, Parquet); else undefined and `totalBytes` drives the estimate. */
  totalDocs?: number;
  totalBytes?: number;
  /** Items from sequence number 0; `skip` leading items are counted but not read. */
  items(skip: number): AsyncGenerator<Item>;
}

/**
 * The id the item at `seq` gets in the out folder (a folder's file: its document id, also when it
 * could not be read; out folders written before that recorded such a file's path, which is still
 * accepted), undefined past the end. Resuming checks it against the manifest's last committed id,
 * so a changed input is not silently skipped by count.
 */
export async function idsAt(input: BatchInput, seq: number): Promise<string[] | undefined> {
  for await (const item of input.items(seq)) {
    if (item.kind === 'error') return [item.id];
    return item.kind === 'doc' ? [item.doc.id] : [documentId(item.rel), item.rel];
  }
  return undefined;
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
  for (const e of entries) {
    if (!e.isFile()) continue;
    rels.push(relative(root, join(e.parentPath, e.name)).split(sep).join('/'));
  }
  const paths = documentPaths(rels);
  if (!paths.length) throw new InputError('the folder holds no documents (.md, .txt, .html, .pdf, .docx)', root);
  // As `chunk --dataset` refuses it: a document id is the file name without its extension, so
  // a/intro.md and b/intro.md would share one and their chunks could share ids.
  const ids = new Map<string, string>();
  for (const rel of paths) {
    const id = documentId(rel);
    const other = ids.get(id);
    if (other !== undefined) throw new InputError(`two documents would have the id "${id}" (${other} and ${rel}): rename one`, root);
    ids.set(id, rel);
  }
  return {
    kind: 'folder',
    totalDocs: paths.length,
    async *items(skip) {
      for (let seq = skip; seq < paths.length; seq++) yield { seq, kind: 'file', root, rel: paths[seq], bytes: 0 };
    },
  };
}

function jsonlInput(path: string, size: number): BatchInput {
  return {
    kind: 'jsonl',
    totalBytes: size,
    async *items(skip) {
      // A line is at most one document's worth of bytes (CHUNKLAB_MAX_INPUT_BYTES): a longer one is
      // an errors.jsonl entry, skipped as it streams in and never held in memory.
      const maxBytes = readOptions().maxBytes!;
      let seq = 0;
      for await (const item of boundedLines(createReadStream(path), maxBytes)) {
        const n = item.n;
        const where = `${path} line ${n}`;
        if ('tooLong' in item) {
          const s = seq++;
          if (s >= skip) yield { seq: s, kind: 'error', id: `line ${n}`, error: `${where}: ${tooLongMessage(maxBytes)}`, bytes: item.bytes + 1 };
          continue;
        }
        const line = item.line;
        if (!line.trim()) continue;
        const s = seq++;
        if (s < skip) continue;
        const bytes = item.bytes + 1;
        let v: unknown;
        try {
          v = JSON.parse(line);
        } catch (e) {
          yield { seq: s, kind: 'error', id: `line ${n}`, error: `${where}: malformed JSON (${(e as Error).message})`, bytes };
          continue;
        }
        try {
          yield { seq: s, kind: 'doc', doc: recipeDocumentOf(v, where), bytes };
        } catch (e) {
          const id = v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : `line ${n}`;
          yield { seq: s, kind: 'error', id, error: (e as Error).message, bytes };
        }
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
    async *items(skip) {
      let rowStart = 0;
      for (const group of meta.row_groups) {
        const rowEnd = rowStart + Number(group.num_rows);
        if (rowEnd > skip) {
          const rows = (await parquetReadObjects({ file, metadata: meta, columns, rowStart: Math.max(rowStart, skip), rowEnd })) as Record<string, unknown>[];
          let seq = Math.max(rowStart, skip);
          for (const r of rows) {
            const where = `${path} row ${seq + 1}`;
            const s = seq++;
            const raw: Record<string, unknown> = { ...r, id: typeof r.id === 'bigint' || typeof r.id === 'number' ? String(r.id) : r.id };
            if (typeof raw.meta === 'string') raw.meta = safeJson(raw.meta);
            const bytes = typeof r.text === 'string' ? Buffer.byteLength(r.text) : 0;
            try {
              yield { seq: s, kind: 'doc', doc: recipeDocumentOf(raw, where), bytes };
            } catch (e) {
              yield { seq: s, kind: 'error', id: typeof raw.id === 'string' && raw.id ? raw.id : `row ${s + 1}`, error: (e as Error).message, bytes };
            }
          }
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
