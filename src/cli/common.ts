// Shared by chunk and eval: chunker parameters from flags, the tokenizer choice, the semantic chunker's lexical embedder, safe writing.
import { writeFile, rename, rm } from 'node:fs/promises';
import { existsSync, lstatSync, realpathSync, statSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { InputError } from '../engine/types.ts';
import type { ChunkerId, Doc, EmbedFn, TextTokenizer } from '../engine/types.ts';
import { lexicalEmbedderFor } from '../engine/embedding/index.ts';
import { CHUNKERS } from '../engine/chunkers/index.ts';
import { requireFlag } from './args.ts';

/** The values chunkerParams reads (chunk's and eval's flags). */
export interface ChunkingFlags {
  readonly 'max-tokens'?: number;
  readonly overlap?: number;
  readonly 'context-header': boolean;
}

/** Chunker parameters from --max-tokens, --overlap and --context-header, as the chunker takes them. */
export function chunkerParams(id: ChunkerId, f: ChunkingFlags, command: string): { maxTokens: number; overlap?: number; header?: boolean } {
  const params: { maxTokens: number; overlap?: number; header?: boolean } = { maxTokens: requireFlag(f['max-tokens'], 'max-tokens', command) };
  const names = new Set(CHUNKERS[id].params.map((p) => p.name));
  if (f.overlap !== undefined && f.overlap > 0) {
    if (!names.has('overlap')) throw new InputError(`chunker "${id}" takes no --overlap`, command);
    params.overlap = f.overlap;
  } else if (names.has('overlap')) params.overlap = 0;
  if (f['context-header']) {
    if (!names.has('header')) throw new InputError(`chunker "${id}" takes no --context-header`, command);
    params.header = true;
  }
  return params;
}

/**
 * The tokenizer of --tokenizer: a folder, or a tiktoken encoding's name (`cl100k_base`, `o200k_base`)
 * when no folder of that name exists (Chroma's evaluation sizes chunks in cl100k_base), else the
 * bundled one.
 */
export async function chooseTokenizer(dir: string | undefined): Promise<TextTokenizer> {
  const { loadDefaultTokenizer, loadTokenizerDir } = await import('../node/tokenizer-folder.ts');
  if (dir && !existsSync(dir)) {
    const { createTiktokenTokenizer, isTiktokenEncoding } = await import('../engine/tokens/index.ts');
    if (isTiktokenEncoding(dir)) return createTiktokenTokenizer(dir);
  }
  return dir ? loadTokenizerDir(dir) : loadDefaultTokenizer();
}

/** Writes through a temporary file and a rename, so a failure never leaves half a file. */
export async function writeAtomic(out: string, text: string): Promise<void> {
  checkOutPath(out);
  // A symbolic link stays a link: its target is written (the rename would have replaced the link
  // with a regular file). A link to nowhere is refused.
  let path = out;
  if (lstatSync(out, { throwIfNoEntry: false })?.isSymbolicLink()) {
    try {
      path = realpathSync(out);
    } catch {
      throw new InputError('is a symbolic link to nothing: give a file name, or fix the link', out);
    }
    checkOutPath(path);
  }
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    await writeFile(tmp, text, 'utf8');
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw new InputError(`cannot write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, path);
  }
}

/**
 * An output file path checked before any work: not a folder, not ending with a separator, in a
 * folder that exists. (A crash at the very end, after minutes of work, helps nobody.)
 */
export function checkOutPath(path: string, flag = '--out'): void {
  if (/[\\/]$/.test(path)) throw new InputError(`${flag} names a folder ("${path}"): give a file name`, path);
  const info = statSync(path, { throwIfNoEntry: false });
  if (info?.isDirectory()) throw new InputError(`${flag} is a folder: give a file name inside it`, path);
  const dir = statSync(dirname(path) || '.', { throwIfNoEntry: false });
  if (!dir?.isDirectory()) throw new InputError(`${flag}: the folder "${dirname(path)}" does not exist`, path);
}

/**
 * The semantic chunker's vectors when no --model is given: the lexical TF-IDF embedder of each
 * document (src/engine/embedding/lexical.ts). Says so once on stderr.
 */
export function lexicalEmbed(): (doc: Doc) => EmbedFn {
  console.error('semantic   no --model: sentence vectors from the lexical TF-IDF embedder (word overlap, not meaning); give --model <dir> for a real embedding model');
  return (doc) => lexicalEmbedderFor(doc).embed;
}

/** "1 chunk", "2 chunks", "0 chunks": a count with its noun, singular for exactly one. */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
