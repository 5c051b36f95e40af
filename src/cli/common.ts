// Shared by chunk and eval: --help, the options both take, chunker parameters from flags, the
// tokenizer choice, the semantic chunker's lexical embedder, safe writing.
import { writeFile, rename, rm } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { InputError } from '../engine/types.ts';
import type { ChunkerId, Doc, EmbedFn, TextTokenizer } from '../engine/types.ts';
import { lexicalEmbedderFor } from '../engine/embedding/lexical.ts';
import { CHUNKERS, CHUNKER_IDS } from '../engine/chunkers/index.ts';
import { intOption, type OptionSpec, type Parsed } from './args.ts';

/** Prints `help` and says so when argv asks for it (--help or -h anywhere). */
export function printedHelp(argv: readonly string[], help: string): boolean {
  if (!argv.includes('--help') && !argv.includes('-h')) return false;
  console.log(help);
  return true;
}

/** The options of every command that cuts a dataset: the dataset, the chunking and its tokenizer or model. */
export const CHUNKING_OPTIONS: Record<string, OptionSpec> = {
  dataset: { type: 'string' },
  chunker: { type: 'string' },
  'max-tokens': { type: 'string' },
  overlap: { type: 'string' },
  'context-header': { type: 'boolean' },
  tokenizer: { type: 'string' },
  model: { type: 'string' },
  dtype: { type: 'string' },
  'cache-dir': { type: 'string' },
  'no-cache': { type: 'boolean' },
};

/** --dtype, --cache-dir and --no-cache: valid values, only with --model, not cache dir and no cache together. */
export function checkModelOptions(o: Parsed, command: string): void {
  if (!o.model && !o.rerank && !o.embedder && (o.dtype || o['cache-dir'] || o['no-cache'])) throw new InputError('--dtype, --cache-dir and --no-cache need --model, --embedder or --rerank', command);
  if (o.dtype !== undefined && !['fp32', 'fp16', 'q8'].includes(String(o.dtype))) throw new InputError(`--dtype must be fp32, fp16 or q8, got "${o.dtype}"`, command);
  if (o['cache-dir'] && o['no-cache']) throw new InputError('give --cache-dir or --no-cache, not both', command);
}

export function chunkerId(v: unknown, command: string): ChunkerId {
  const id = String(v);
  if (!(CHUNKER_IDS as string[]).includes(id)) throw new InputError(`unknown chunker "${id}" (expected one of: ${CHUNKER_IDS.join(', ')})`, command);
  return id as ChunkerId;
}

/** Chunker parameters from --max-tokens, --overlap and --context-header. */
export function chunkerParams(id: ChunkerId, o: Parsed, command: string): { maxTokens: number; overlap?: number; header?: boolean } {
  const maxTokens = intOption(o['max-tokens'], 'max-tokens', command, 1);
  if (maxTokens === undefined) throw new InputError('--max-tokens is required', command);
  const params: { maxTokens: number; overlap?: number; header?: boolean } = { maxTokens };
  const overlap = intOption(o.overlap, 'overlap', command, 0);
  const names = new Set(CHUNKERS[id].params.map((p) => p.name));
  if (overlap !== undefined && overlap > 0) {
    if (!names.has('overlap')) throw new InputError(`chunker "${id}" takes no --overlap`, command);
    params.overlap = overlap;
  } else if (names.has('overlap')) params.overlap = 0;
  if (o['context-header']) {
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
  const { loadDefaultTokenizer, loadTokenizerDir } = await import('./load-tokenizer.ts');
  if (dir && !existsSync(dir)) {
    const { createTiktokenTokenizer, isTiktokenEncoding } = await import('../engine/tokens/index.ts');
    if (isTiktokenEncoding(dir)) return createTiktokenTokenizer(dir);
  }
  return dir ? loadTokenizerDir(dir) : loadDefaultTokenizer();
}

/** Writes through a temporary file and a rename, so a failure never leaves half a file. */
export async function writeAtomic(path: string, text: string): Promise<void> {
  checkOutPath(path);
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
