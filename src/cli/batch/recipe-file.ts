// Node: --recipe <file> read and checked (a recipe, a results file or its config), and its tokenizer.
import { readFile } from 'node:fs/promises';
import { InputError, type TextTokenizer } from '../../engine/types.ts';
import { parseRecipe, recipeHash, type Recipe } from '../../engine/recipe/index.ts';
import { bundledTokenizerName, recipeTokenizer } from './tokenizer.ts';

export interface LoadedRecipe {
  recipe: Recipe;
  hash: string;
  tokenizer: TextTokenizer;
}

export async function loadRecipe(path: string, tokenizerDir?: string): Promise<LoadedRecipe> {
  const text = await readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new InputError(e.code === 'ENOENT' ? 'no such file' : `cannot read (${e.code ?? e.message})`, path);
  });
  const recipe = parseRecipe(text, path, await bundledTokenizerName());
  const tokenizer = await recipeTokenizer(recipe.tokenizer, tokenizerDir);
  return { recipe, hash: recipeHash(recipe), tokenizer };
}
