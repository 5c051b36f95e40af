// The tokenizer a worker counts with: the loaded embedding model's (handed over by the page with
// useTokenizer), else the bundled all-MiniLM-L6-v2 from public/tokenizers (fetched once per worker).
// The one loader of the bundled tokenizer for every worker (engine, context).
import { loadTokenizerFromUrl } from '../src/engine/tokens/index.ts';
import { appUrl } from './app-base.ts';
import { tokenizerFromFiles, type ModelTokenizerFiles } from '../src/engine/formats/tokenizer-files.ts';
import type { TextTokenizer } from '../src/engine/types.ts';
import type { TokenizerInUse } from './engine-api.ts';

export const BUNDLED_TOKENIZER = 'all-MiniLM-L6-v2';

let bundled: Promise<TextTokenizer> | null = null;
/** The loaded embedding model's tokenizer (null: the bundled one counts). */
let model: { tok: TextTokenizer; maxTokens?: number } | null = null;

function bundledTokenizer(): Promise<TextTokenizer> {
  if (!bundled) {
    const base = appUrl(`tokenizers/${BUNDLED_TOKENIZER}/`);
    bundled = loadTokenizerFromUrl(base, BUNDLED_TOKENIZER);
    bundled.catch(() => (bundled = null));
  }
  return bundled;
}

/** The tokenizer every call counts with: the model's (useTokenizer), else the bundled one. */
export function tokenizer(): Promise<TextTokenizer> {
  return model ? Promise.resolve(model.tok) : bundledTokenizer();
}

/** The model's input limit: the loaded model's (useTokenizer), else the tokenizer's own. */
export function modelLimit(tok: TextTokenizer): number | undefined {
  return (model?.tok === tok ? model.maxTokens : undefined) ?? tok.modelMaxLength;
}

/**
 * Counts with this model's tokenizer from now on; null goes back to the bundled one. Files that
 * cannot be built are an InputError, and the bundled tokenizer is then used.
 */
export async function useTokenizer(files: ModelTokenizerFiles | null): Promise<TokenizerInUse> {
  model = null;
  if (!files) {
    const tok = await tokenizer();
    return { tokenizer: tok.name, modelMaxLength: tok.modelMaxLength, model: false };
  }
  model = tokenizerFromFiles(files);
  return { tokenizer: model.tok.name, modelMaxLength: modelLimit(model.tok), model: true };
}
