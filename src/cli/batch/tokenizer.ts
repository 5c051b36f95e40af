// Node: the tokenizer a recipe names. The bundled tokenizer and tiktoken encodings load by name;
// any other name needs --tokenizer <dir> pointing at that tokenizer's folder (its name must match,
// so a recipe is never cut with a tokenizer other than the one it was measured with).
import { InputError, type TextTokenizer } from '../../engine/types.ts';
import { createTiktokenTokenizer, isTiktokenEncoding } from '../../engine/tokens/index.ts';
import { loadDefaultTokenizer, loadTokenizerDir } from '../../node/tokenizer-folder.ts';

export async function recipeTokenizer(name: string, dir: string | undefined): Promise<TextTokenizer> {
  if (dir) {
    const t = await loadTokenizerDir(dir);
    if (t.name !== name) throw new InputError(`the recipe counts with "${name}" but --tokenizer holds "${t.name}"`, dir);
    return t;
  }
  const bundled = await loadDefaultTokenizer();
  if (bundled.name === name) return bundled;
  if (isTiktokenEncoding(name)) return createTiktokenTokenizer(name);
  throw new InputError(`the recipe counts with the tokenizer "${name}": give its folder with --tokenizer <dir>`, '--recipe');
}

/** The bundled tokenizer's name: what a results file without config.tokenizer counted with. */
export async function bundledTokenizerName(): Promise<string> {
  return (await loadDefaultTokenizer()).name;
}
