// The tokenizer a worker counts with: the loaded embedding model's (handed over by the page with
// useTokenizer; an embedding service's OpenAI model hands its tiktoken encoding), else the bundled all-MiniLM-L6-v2 from public/tokenizers (fetched once per worker).
// The one loader of the bundled tokenizer for every worker (engine, context).
import { loadTokenizerFromUrl } from '../src/engine/tokens/index.ts';
import { appUrl } from './app-base.ts';
import { loadModelTokenizer, type ModelTokenizerFiles } from '../src/engine/formats/index.ts';
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

/** A useTokenizer still building (a tiktoken encoding imports its ranks): calls after it wait for it. */
let pending: Promise<unknown> | null = null;
/** Counts useTokenizer calls: only the latest one's tokenizer is kept. */
let generation = 0;

/** The tokenizer every call counts with: the model's (useTokenizer), else the bundled one. */
export async function tokenizer(): Promise<TextTokenizer> {
  if (pending) await pending.catch(() => undefined);
  return model ? model.tok : bundledTokenizer();
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
  const gen = ++generation;
  model = null;
  if (!files) {
    pending = null;
    const tok = await bundledTokenizer();
    return { tokenizer: tok.name, modelMaxLength: tok.modelMaxLength, model: false };
  }
  const building = loadModelTokenizer(files);
  pending = building;
  let built: Awaited<typeof building>;
  try {
    built = await building;
  } finally {
    if (pending === building) pending = null;
  }
  // A later useTokenizer call wins.
  if (gen === generation) model = built;
  return { tokenizer: built.tok.name, modelMaxLength: built.maxTokens ?? built.tok.modelMaxLength, model: true };
}
