// A run whose chunk boundaries were edited by hand in the inspector (config.edited, docs/CONTRACT.md)
// keeps the original run's chunker and params in its config: read as a recipe it would give the
// chunks before the edits, not the ones it scored. It is refused as a recipe (batch --recipe), and
// in a per-document recipe its configuration has no recipe, with the reason.
import { expect, test } from 'vitest';
import { choosePerDocument } from '../../../src/engine/evaluation/index.ts';
import { makePerDocumentRecipe, parseRecipe } from '../../../src/engine/recipe/index.ts';
import { InputError } from '../../../src/engine/types.ts';

const original = { chunker: 'structure', params: { maxTokens: 256 }, tokenizer: 'all-MiniLM-L6-v2', retriever: { kind: 'bm25' } };
const edited = { ...original, edited: { by: 'hand', edits: 2, documents: ['X'], chunking: '0123456789abcdef' } };

test('a hand-edited run is not a recipe', () => {
  expect(parseRecipe(JSON.stringify(original), 'a.json', 'x').chunker).toBe('structure');
  const results = JSON.stringify({ format: 'chunklab-results', config: edited });
  expect(() => parseRecipe(results, 'edited.json', 'x')).toThrow(InputError);
  expect(() => parseRecipe(results, 'edited.json', 'x')).toThrow(/edited by hand/);
  expect(() => parseRecipe(JSON.stringify(edited), 'config.json', 'x')).toThrow(/edited by hand/);
});

test('in a per-document recipe, the hand-edited configuration has no recipe, with the reason', () => {
  const r = choosePerDocument(
    {
      names: ['original', 'edited'],
      questions: [
        { id: 'x1', docId: 'X' },
        { id: 'x2', docId: 'X' },
        { id: 'y1', docId: 'Y' },
        { id: 'y2', docId: 'Y' },
      ],
      scores: [
        [0, 0, 1, 1],
        [1, 1, 1, 1],
      ],
    },
    { resamples: 0 },
  );
  const file = makePerDocumentRecipe(r, [original, edited], { metric: 'hit@5', defaultTokenizer: 'x' });
  expect(file.default).toBe('edited');
  expect(file.configurations.edited.recipe).toBeNull();
  expect(file.configurations.edited.reason).toMatch(/edited by hand/);
});
