// Node: --recipe <file> read and checked (a recipe, a results file or its config, or a per-document
// recipe), and its tokenizer. A per-document recipe cuts each document with its own configuration's
// recipe (the default configuration's for documents it does not list); every one is checked, and its
// tokenizer loaded, before any document is read.
import { readFile } from 'node:fs/promises';
import { InputError, type TextTokenizer } from '../../engine/types.ts';
import {
  PER_DOCUMENT_RECIPE_FORMAT,
  canonicalJson,
  parsePerDocumentRecipe,
  parseRecipe,
  recipeForDocument,
  recipeHash,
  type PerDocumentRecipe,
  type Recipe,
} from '../../engine/recipe/index.ts';
import { hash64 } from '../../engine/util/index.ts';
import { bundledTokenizerName, recipeTokenizer } from './tokenizer.ts';

export interface LoadedRecipe {
  /** The recipe (for a per-document recipe, the default configuration's). */
  recipe: Recipe;
  /** The recipe's hash (for a per-document recipe, a hash of the whole plan: the manifest's). */
  hash: string;
  tokenizer: TextTokenizer;
  /** Present for a per-document recipe. */
  perDocument?: PerDocumentRecipe;
}

export async function loadRecipe(path: string, tokenizerDir?: string): Promise<LoadedRecipe> {
  const text = await readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new InputError(e.code === 'ENOENT' ? 'no such file' : `cannot read (${e.code ?? e.message})`, path);
  });
  if (isPerDocument(text)) return loadPerDocument(text, path, tokenizerDir);
  const recipe = parseRecipe(text, path, await bundledTokenizerName());
  const tokenizer = await recipeTokenizer(recipe.tokenizer, tokenizerDir);
  return { recipe, hash: recipeHash(recipe), tokenizer };
}

function isPerDocument(text: string): boolean {
  try {
    const o = JSON.parse(text) as { format?: unknown } | null;
    return !!o && typeof o === 'object' && o.format === PER_DOCUMENT_RECIPE_FORMAT;
  } catch {
    return false;
  }
}

/**
 * The tokenizer a recipe of a per-document plan names: the bundled one and tiktoken encodings by
 * name, any other from --tokenizer (whose name must match).
 */
export async function planTokenizer(name: string, dir: string | undefined): Promise<TextTokenizer> {
  const byName = name === (await bundledTokenizerName()) || (await import('../../engine/tokens/index.ts')).isTiktokenEncoding(name);
  return recipeTokenizer(name, byName ? undefined : dir);
}

async function loadPerDocument(text: string, path: string, tokenizerDir: string | undefined): Promise<LoadedRecipe> {
  const plan = parsePerDocumentRecipe(text, path);
  const def = plan.configurations[plan.default].recipe;
  if (!def) throw new InputError(`the default configuration "${plan.default}" has no recipe (${plan.configurations[plan.default].reason ?? 'none recorded'})`, path);
  // Object.fromEntries defines own properties: a configuration named "__proto__" stays a key of the hash.
  const hashes: Record<string, string | null> = Object.fromEntries(Object.entries(plan.configurations).map(([name, c]) => [name, c.recipe ? recipeHash(c.recipe) : null]));
  for (const c of Object.values(plan.configurations)) if (c.recipe) await planTokenizer(c.recipe.tokenizer, tokenizerDir);
  const hash = hash64(canonicalJson({ perDocument: { default: plan.default, documents: plan.documents, recipes: hashes } }));
  return { recipe: def, hash, tokenizer: await planTokenizer(def.tokenizer, tokenizerDir), perDocument: plan };
}

export interface RecipeChoice {
  recipe: Recipe;
  hash: string;
  tokenizer: TextTokenizer;
}

/**
 * What each document is cut with: the one recipe, or under a per-document recipe its configuration's
 * (hash and tokenizer loaded once per recipe). A document whose configuration has no recipe is an
 * InputError naming it (it becomes that document's error; the run goes on).
 */
export function recipeChooser(
  loaded: Pick<LoadedRecipe, 'recipe' | 'hash' | 'perDocument'> & { tokenizer?: TextTokenizer },
  tokenizerDir: string | undefined,
): (docId: string) => Promise<RecipeChoice> {
  const { recipe, hash, perDocument } = loaded;
  if (!perDocument) {
    const ready = loaded.tokenizer ? Promise.resolve(loaded.tokenizer) : recipeTokenizer(recipe.tokenizer, tokenizerDir);
    return async () => ({ recipe, hash, tokenizer: await ready });
  }
  const tokenizers = new Map<string, Promise<TextTokenizer>>();
  const hashes = new Map<Recipe, string>();
  return async (docId) => {
    const r = recipeForDocument(perDocument, docId);
    if (!r) {
      const name = Object.hasOwn(perDocument.documents, docId) ? perDocument.documents[docId] : perDocument.default;
      throw new InputError(`its configuration "${name}" has no recipe (${perDocument.configurations[name]?.reason ?? 'none recorded'})`, docId);
    }
    if (!hashes.has(r)) hashes.set(r, recipeHash(r));
    if (!tokenizers.has(r.tokenizer)) tokenizers.set(r.tokenizer, planTokenizer(r.tokenizer, tokenizerDir));
    return { recipe: r, hash: hashes.get(r)!, tokenizer: await tokenizers.get(r.tokenizer)! };
  };
}
