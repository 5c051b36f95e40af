// Node only: load a tokenizer from a folder (tokenizer.json + tokenizer_config.json), and the
// bundled default (all-MiniLM-L6-v2's WordPiece) that sizes chunks when no model is chosen.
import { readFile, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTokenizer, type AlignedTokenizer } from '../engine/tokens/index.ts';
import { InputError } from '../engine/types.ts';

export const DEFAULT_TOKENIZER_DIR = fileURLToPath(new URL('../../public/tokenizers/all-MiniLM-L6-v2', import.meta.url));

async function readJson(file: string): Promise<object> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (e) {
    throw new InputError(`cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, file);
  }
  try {
    return JSON.parse(raw) as object;
  } catch (e) {
    throw new InputError(`is not valid JSON (${(e as Error).message})`, file);
  }
}

/** Builds the tokenizer in `dir`; its name is the folder's name. */
export async function loadTokenizerDir(dir: string): Promise<AlignedTokenizer> {
  const abs = resolve(dir);
  const info = await stat(abs).catch(() => null);
  if (!info?.isDirectory()) throw new InputError('is not a folder (expected a folder with tokenizer.json)', abs);
  const jsonPath = join(abs, 'tokenizer.json');
  if (!(await stat(jsonPath).catch(() => null))?.isFile()) {
    throw new InputError('has no tokenizer.json (a Hugging Face tokenizer folder is expected)', abs);
  }
  const configPath = join(abs, 'tokenizer_config.json');
  const config = (await stat(configPath).catch(() => null))?.isFile() ? await readJson(configPath) : {};
  return createTokenizer(await readJson(jsonPath), config, basename(abs));
}

let defaultTokenizer: Promise<AlignedTokenizer> | null = null;

/** The bundled all-MiniLM-L6-v2 tokenizer, loaded once. */
export function loadDefaultTokenizer(): Promise<AlignedTokenizer> {
  defaultTokenizer ??= loadTokenizerDir(DEFAULT_TOKENIZER_DIR).catch((e) => {
    defaultTokenizer = null;
    throw e;
  });
  return defaultTokenizer;
}
