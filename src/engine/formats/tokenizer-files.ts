// A model's tokenizer files as text (what the page reads from a model folder or the Hub) → the
// engine's tokenizer, with a one-line error naming the file that is wrong.
import { createTokenizer } from '../tokens/index.ts';
import { createTiktokenTokenizer, isTiktokenEncoding } from '../tokens/tiktoken.ts';
import { InputError, type TextTokenizer } from '../types.ts';

/** A model's tokenizer files as text (tokenizer.json, tokenizer_config.json) and its input limit. */
export interface ModelTokenizerFiles {
  /** The name every result reports (the model's id or picked folder's name). */
  name: string;
  tokenizerJson: string;
  /** tokenizer_config.json's text; '' or absent when the model has none. */
  tokenizerConfig?: string;
  /** The model's input limit in tokens (the lints' "over model limit" default). */
  maxTokens?: number;
  /**
   * A tiktoken encoding ('cl100k_base', 'o200k_base') instead of files: an embedding service's OpenAI
   * model counts in its own encoding (tokenizerJson is then ignored).
   */
  tiktoken?: string;
}

/** A JSON object file's content; an empty tokenizer_config.json is {} (a model may have none). */
export function parseJsonObjectFile(text: string | undefined, file: string, where: string): object {
  if (text === undefined || text.trim() === '') {
    if (file === 'tokenizer_config.json') return {};
    throw new InputError(`${file} is empty`, where);
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${file} is not valid JSON (${(e as Error).message})`, where);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new InputError(`${file} must be a JSON object`, where);
  return v;
}

/** The tokenizer of a model's files, and the model's input limit when the files give a usable one. */
export function tokenizerFromFiles(files: ModelTokenizerFiles): { tok: TextTokenizer; maxTokens?: number } {
  const name = typeof files.name === 'string' && files.name.trim() ? files.name.trim() : 'model';
  const tok = createTokenizer(parseJsonObjectFile(files.tokenizerJson, 'tokenizer.json', name), parseJsonObjectFile(files.tokenizerConfig, 'tokenizer_config.json', name), name);
  const maxTokens = typeof files.maxTokens === 'number' && Number.isFinite(files.maxTokens) && files.maxTokens > 0 ? Math.floor(files.maxTokens) : undefined;
  return { tok, maxTokens };
}

/** tokenizerFromFiles, or the tiktoken encoding the spec names (its ranks imported on first use). */
export async function loadModelTokenizer(files: ModelTokenizerFiles): Promise<{ tok: TextTokenizer; maxTokens?: number }> {
  if (files.tiktoken === undefined) return tokenizerFromFiles(files);
  if (!isTiktokenEncoding(files.tiktoken)) throw new InputError(`unknown tiktoken encoding "${String(files.tiktoken).slice(0, 40)}" (known: cl100k_base, o200k_base)`, 'tokenizer');
  const maxTokens = typeof files.maxTokens === 'number' && Number.isFinite(files.maxTokens) && files.maxTokens > 0 ? Math.floor(files.maxTokens) : undefined;
  return { tok: await createTiktokenTokenizer(files.tiktoken, { modelMaxLength: maxTokens }), maxTokens };
}
