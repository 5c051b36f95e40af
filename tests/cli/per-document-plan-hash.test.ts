// The hash of a per-document recipe (src/cli/batch/recipe-file.ts, the batch manifest's recipeHash)
// covers every configuration's recipe, also one named "__proto__" (configurations are named after
// results files: __proto__.json is a name like any other). Assigned into a plain object, that name
// set the object's prototype instead of a key, and two plans that differ only in its recipe hashed
// the same (a resumed batch would then mix both plans' chunks).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { loadRecipe } from '../../src/cli/batch/recipe-file.ts';
import { makeRecipe } from '../../src/engine/recipe/index.ts';

function plan(chunker: string): string {
  const recipe = makeRecipe({ chunker, params: { maxTokens: 128 }, tokenizer: 'cl100k_base' }, 'test');
  const other = makeRecipe({ chunker: 'fixed', params: { maxTokens: 64 }, tokenizer: 'cl100k_base' }, 'test');
  const file = {
    format: 'chunklab-per-document-recipe',
    version: 1,
    metric: 'hit@5',
    default: 'base',
    configurations: JSON.parse(`{"base": ${JSON.stringify({ recipe: other })}, "__proto__": ${JSON.stringify({ recipe })}}`),
    documents: { X: '__proto__' },
    gain: { estimate: 0, interval: [0, 0], inSample: 0, seed: 1, resamples: 0, questions: 2, documents: 1 },
  };
  return JSON.stringify(file);
}

test('two plans that differ only in the recipe of a configuration named "__proto__" hash differently', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'chunklab-plan-'));
  writeFileSync(join(dir, 'a.json'), plan('sentences'));
  writeFileSync(join(dir, 'b.json'), plan('structure'));
  const a = await loadRecipe(join(dir, 'a.json'));
  const b = await loadRecipe(join(dir, 'b.json'));
  expect(a.perDocument?.configurations['__proto__'].recipe?.chunker).toBe('sentences');
  expect(b.perDocument?.configurations['__proto__'].recipe?.chunker).toBe('structure');
  expect(a.hash).not.toBe(b.hash);
});
