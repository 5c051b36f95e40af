// Shared by chunk and eval: chunker parameters from flags, the tokenizer choice, the semantic
// chunker's lexical embedder, safe writing.
import { writeFile, rename } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';
import { InputError } from '../engine/types.ts';
import type { ChunkerId, Doc, TextTokenizer } from '../engine/types.ts';
import { lexicalEmbedderFor } from '../engine/embedding/lexical.ts';
import { CHUNKERS, CHUNKER_IDS } from '../engine/chunkers/index.ts';
import { intOption, type Parsed } from './args.ts';

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

export async function chooseTokenizer(dir: string | undefined): Promise<TextTokenizer> {
  const { loadDefaultTokenizer, loadTokenizerDir } = await import('./load-tokenizer.ts');
  return dir ? loadTokenizerDir(dir) : loadDefaultTokenizer();
}

/** Writes through a temporary file and a rename, so a failure never leaves half a file. */
export async function writeAtomic(path: string, text: string): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    await writeFile(tmp, text, 'utf8');
  } catch (e) {
    throw new InputError(`cannot write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, path);
  }
  await rename(tmp, path);
}

/**
 * The semantic chunker's vectors when no --model is given: the lexical TF-IDF embedder of each
 * document (src/engine/embedding/lexical.ts). Says so once on stderr.
 */
export function lexicalEmbed(): (doc: Doc) => (texts: string[]) => Promise<Float32Array[]> {
  console.error('semantic   no --model: sentence vectors from the lexical TF-IDF embedder (word overlap, not meaning); give --model <dir> for a real embedding model');
  return (doc) => lexicalEmbedderFor(doc).embed;
}
