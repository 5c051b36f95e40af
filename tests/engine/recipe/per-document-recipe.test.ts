// The per-document recipe file: made from a choice and the runs' configs (each configuration a full
// recipe, or null with the reason), read back with every check, and which recipe a document gets.
import { expect, test } from 'vitest';
import { choosePerDocument } from '../../../src/engine/evaluation/index.ts';
import { formatPerDocumentRecipe, makePerDocumentRecipe, parsePerDocumentRecipe, recipeForDocument } from '../../../src/engine/recipe/index.ts';

// Two documents: B wins on X, A on Y and overall; "__proto__" is a document id like any other.
const input = {
  names: ['A', 'B', 'C'],
  questions: [
    { id: 'x1', docId: 'X' },
    { id: 'x2', docId: 'X' },
    { id: 'y1', docId: 'Y' },
    { id: 'y2', docId: 'Y' },
    { id: 'y3', docId: 'Y' },
    { id: 'p1', docId: '__proto__' },
  ],
  scores: [
    [0, 0, 1, 1, 1, 1],
    [1, 1, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0],
  ],
};
const configs = [
  { chunker: 'structure', params: { maxTokens: 256 }, tokenizer: 'all-MiniLM-L6-v2', retriever: { kind: 'bm25' } },
  { chunker: 'sentences', params: { maxTokens: 128 }, tokenizer: 'cl100k_base', retriever: { kind: 'bm25' } },
  { chunker: 'external', params: {}, retriever: { kind: 'bm25' } },
];

test('made from a choice: documents to configurations, the used ones as full recipes, the single best as default', () => {
  const r = choosePerDocument(input, { resamples: 0 });
  const file = makePerDocumentRecipe(r, configs, { metric: 'hit@5', defaultTokenizer: 'all-MiniLM-L6-v2' });
  expect(file.default).toBe('A');
  expect(Object.keys(file.documents)).toEqual(['X', 'Y', '__proto__']);
  expect(file.documents.X).toBe('B');
  expect(Object.getPrototypeOf(file.documents)).toBe(Object.prototype);
  expect(file.documents['__proto__']).toBe('A');
  // Only configurations some document uses, each a recipe with its defaults filled in.
  expect(Object.keys(file.configurations)).toEqual(['A', 'B']);
  expect(file.configurations.B.recipe).toMatchObject({ format: 'chunklab-recipe', chunker: 'sentences', tokenizer: 'cl100k_base', params: { maxTokens: 128, overlap: 0 } });
  expect(file.configurations.A.retriever).toEqual({ kind: 'bm25' });
  const back = parsePerDocumentRecipe(formatPerDocumentRecipe(file), 'r.json');
  expect(recipeForDocument(back, 'X')?.chunker).toBe('sentences');
  expect(recipeForDocument(back, 'Y')?.chunker).toBe('structure');
  expect(recipeForDocument(back, '__proto__')?.chunker).toBe('structure');
  expect(recipeForDocument(back, 'not listed')?.chunker).toBe('structure');
  expect(recipeForDocument(back, 'toString')?.chunker).toBe('structure');
});

test('a configuration that cannot be a recipe is kept with null and its reason', () => {
  const r = choosePerDocument({ ...input, scores: [input.scores[0], input.scores[2], input.scores[1]] }, { resamples: 0 });
  const file = makePerDocumentRecipe(r, configs, { metric: 'hit@5', defaultTokenizer: 'x' });
  expect(file.documents.X).toBe('C');
  expect(file.configurations.C.recipe).toBeNull();
  expect(file.configurations.C.reason).toMatch(/chunks made elsewhere/);
  const back = parsePerDocumentRecipe(formatPerDocumentRecipe(file), 'r.json');
  expect(recipeForDocument(back, 'X')).toBeNull();
});

test('reading checks the file and says what is wrong', () => {
  const r = choosePerDocument(input, { resamples: 0 });
  const good = makePerDocumentRecipe(r, configs, { metric: 'hit@5', defaultTokenizer: 'x' });
  const bad = (patch: Record<string, unknown>) => formatPerDocumentRecipe({ ...good, ...patch } as typeof good);
  expect(() => parsePerDocumentRecipe('{', 'r.json')).toThrow(/r\.json: malformed JSON/);
  expect(() => parsePerDocumentRecipe('{"format":"chunklab-recipe"}', 'r.json')).toThrow(/not a per-document recipe/);
  expect(() => parsePerDocumentRecipe(bad({ version: 2 }), 'r.json')).toThrow(/version 2/);
  expect(() => parsePerDocumentRecipe(bad({ default: 'Z' }), 'r.json')).toThrow(/"default" must name one of the configurations, got "Z"/);
  expect(() => parsePerDocumentRecipe(bad({ documents: { X: 'Z' } }), 'r.json')).toThrow(/document "X" names no configuration/);
  expect(() => parsePerDocumentRecipe(bad({ configurations: { A: { recipe: { chunker: 'nope', params: {}, tokenizer: 't' } } } }), 'r.json')).toThrow(/configuration "A".*"chunker" must be one of/);
});
