// Node: reading files from disk, as the CLI and the library's node entry do: a dataset from a path
// (which dataset the files are is decided by the engine, src/engine/formats/detect.ts, the same rule
// the page uses; this file only does the file work: listing the folder, size-checking every file
// before it is read, refusing a path that leaves the folder by ".." or a symbolic link), text files
// size-checked, and a file's SHA-256.
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, realpathSync, statSync } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { InputError } from '../engine/types.ts';
import type { Dataset } from '../engine/evaluation/index.ts';
import { MAX_INPUT_BYTES, checkSize, type ReadOptions } from '../engine/formats/index.ts';
import { datasetOf, detectDataset, type FileListing, type FileOutcome } from '../engine/formats/index.ts';
import { documentType } from '../engine/formats/index.ts';
import { nodeDocumentReaders } from './document-readers.ts';
import type { NodeOcrOptions } from './ocr/tesseract.ts';

/** The size limit for one input file: CHUNKLAB_MAX_INPUT_BYTES overrides the default 200 MB. */
export function readOptions(): ReadOptions {
  const env = Number(process.env.CHUNKLAB_MAX_INPUT_BYTES);
  return { maxBytes: Number.isFinite(env) && env > 0 ? env : MAX_INPUT_BYTES };
}

/**
 * Reads a text file after checking its size; a missing file is an InputError. The file work is
 * synchronous (stat, read): a dataset folder is hundreds of small files read one after the other,
 * and Node's promise-based stat/readFile cost about 0.4 ms of CPU a file in thread-pool round trips
 * (on the bench's 221-file folder, 100 ms against 30 ms), for no overlap the reader would use.
 */
export async function readText(path: string, shown = path): Promise<string> {
  return readTextSync(path, shown);
}

function readTextSync(path: string, shown: string): string {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) throw new InputError('no such file', shown);
  if (!info.isFile()) throw new InputError('is not a file', shown);
  checkSize(info.size, shown, readOptions());
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    return unreadable(e, shown);
  }
}

/**
 * A file the system will not hand over, as an InputError naming it (the CLI printed "internal
 * error (EACCES)"): permission denied, a folder where a file was expected, gone since the listing.
 */
function unreadable(e: unknown, shown: string): never {
  const code = (e as NodeJS.ErrnoException)?.code;
  const why: Record<string, string> = { EACCES: 'permission denied', EPERM: 'not permitted', EISDIR: 'is a folder', ENOENT: 'no such file (removed while reading?)', EIO: 'input/output error' };
  throw new InputError(`cannot be read: ${code && why[code] ? `${why[code]} (${code})` : String((e as Error)?.message ?? e).slice(0, 120)}`, shown);
}

/** How many entries a dataset folder may hold (a guard against pointing at a huge tree). */
const MAX_FOLDER_ENTRIES = 100_000;

/** Every file under `root`, as '/'-separated relative paths (symbolic links are followed only when they stay inside). */
async function listFolder(root: string, shown: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  if (entries.length > MAX_FOLDER_ENTRIES) throw new InputError(`the folder holds more than ${MAX_FOLDER_ENTRIES} entries: point at the dataset's own folder`, shown);
  for (const e of entries) {
    if (!e.isFile() && !e.isSymbolicLink()) continue;
    const full = join(e.parentPath ?? (e as unknown as { path: string }).path, e.name);
    const rel = relative(root, full).split(sep).join('/');
    // A name that is not valid UTF-8 comes back with U+FFFD in it and cannot be opened by that
    // name: that one file is left out, said on stderr, instead of refusing the whole folder.
    if (rel.includes('\uFFFD') && !(await lstat(full).then(() => true, () => false))) {
      process.stderr.write(`warning    left out "${join(shown, rel)}": its file name is not valid UTF-8 (rename it to read it)\n`);
      continue;
    }
    out.push(rel);
  }
  return out.sort();
}

/** Reads a file's bytes after checking its size (PDF and Word documents); synchronous like readText. */
function readBytes(path: string, shown = path): Uint8Array {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) throw new InputError('no such file', shown);
  if (!info.isFile()) throw new InputError('is not a file', shown);
  checkSize(info.size, shown, readOptions());
  let b: Buffer;
  try {
    b = readFileSync(path);
  } catch (e) {
    return unreadable(e, shown);
  }
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

const isBinary = (path: string) => ['pdf', 'docx'].includes(documentType(path) ?? '');

/** A folder's file as the engine reads it: inside the folder (after links), size-checked. */
async function readInside(root: string, realRoot: string, rel: string, shown: string): Promise<string | Uint8Array> {
  const full = resolve(root, rel);
  let real: string;
  try {
    real = realpathSync(full);
  } catch {
    throw new InputError('no such file', shown);
  }
  const r = relative(realRoot, real);
  if (!r || r.startsWith('..') || r.split(sep).includes('..') || isAbsolute(r)) throw new InputError(`path "${rel}" leaves the folder`, shown);
  return isBinary(rel) ? readBytes(real, shown) : readTextSync(real, shown);
}

/** A dataset from disk; `ocr` reads scanned PDF pages (default: pages with no text layer, por+eng). */
export async function loadDataset(path: string, o: { ocr?: NodeOcrOptions; files?: (outcomes: FileOutcome[]) => void } = {}): Promise<Dataset> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new InputError('no such file or folder', path);
  const opts = readOptions();
  let listing: FileListing;
  if (info.isDirectory()) {
    const root = resolve(path);
    const realRoot = realpathSync(root);
    listing = { name: path, title: basename(root), kind: 'folder', paths: await listFolder(root, path), read: (rel) => readInside(root, realRoot, rel, join(path, rel)) };
  } else {
    listing = { name: path, kind: 'file', paths: [basename(path)], read: () => (isBinary(path) ? readBytes(path) : readText(path)) };
  }
  const detected = await detectDataset(listing, { ...opts, readers: nodeDocumentReaders(o.ocr) });
  if (detected.kind === 'documents') o.files?.(detected.files);
  return datasetOf(detected);
}

/** SHA-256 of a file, streamed (a 470 MB model hashes in about a second). */
export async function sha256File(file: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(file)) h.update(chunk as Buffer);
  return h.digest('hex');
}
