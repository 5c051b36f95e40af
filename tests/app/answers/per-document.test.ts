// The per-document panel's runs: the largest group of runs sharing one question set (ids and gold
// spans), the rest counted as left out, names made unique, and the recipe's ids made from the
// configuration (never from the label shown in the page's language) and unique too.
import { expect, test } from 'vitest';
import { sameQuestionSet } from '../../../src/app/answers/per-document.ts';
import type { ResultsFile } from '../../../src/engine/evaluation/index.ts';

const file = (ids: string[], start = 0, config: Record<string, unknown> = { chunker: 'fixed', params: { maxTokens: 128 }, retriever: { kind: 'bm25' } }): ResultsFile =>
  ({ config, questions: ids.map((id) => ({ id, text: id, gold: [{ docId: 'd', start, end: start + 3 }], ranked: [] })) }) as unknown as ResultsFile;

test('the largest group sharing questions and gold spans; others left out; repeated names numbered', () => {
  const rows = [
    { id: '1', name: 'old', file: file(['a']) },
    { id: '2', name: 'fixed', file: file(['a', 'b']) },
    { id: '3', name: 'fixed', file: file(['a', 'b']) },
    { id: '4', name: 'moved gold', file: file(['a', 'b'], 5) },
    { id: '5', name: 'structure', file: file(['a', 'b']) },
    { id: '6', name: 'empty', file: file([]) },
  ];
  const s = sameQuestionSet(rows);
  expect(s.runs.map((r) => r.row.id)).toEqual(['2', '3', '5']);
  expect(s.runs.map((r) => r.name)).toEqual(['fixed', 'fixed (2)', 'structure']);
  expect(s.leftOut).toBe(3);
  expect(sameQuestionSet([]).runs).toEqual([]);
});

test('a numbered name never repeats the name of another run (the recipe is keyed by these names)', () => {
  const rows = [
    { id: '1', name: 'fixed', file: file(['a']) },
    { id: '2', name: 'fixed', file: file(['a']) },
    { id: '3', name: 'fixed (2)', file: file(['a']) },
    { id: '4', name: 'fixed', file: file(['a']) },
  ];
  const names = sameQuestionSet(rows).runs.map((r) => r.name);
  expect(new Set(names).size).toBe(rows.length);
  expect(names).toEqual(['fixed', 'fixed (3)', 'fixed (2)', 'fixed (4)']);
});

test('recipe ids come from the configuration, the same whatever the language of the label, numbered when configurations repeat', () => {
  const structure = { chunker: 'structure', params: { maxTokens: 256, overlap: 32 }, retriever: { kind: 'dense', model: 'Xenova/multilingual-e5-small' } };
  const pt = sameQuestionSet([
    { id: '1', name: 'estrutura · 256 · sobreposição 32 · densa', file: file(['a'], 0, structure) },
    { id: '2', name: 'fixo · 128 · bm25', file: file(['a']) },
    { id: '3', name: 'fixo · 128 · bm25', file: file(['a']) },
  ]);
  const en = sameQuestionSet([
    { id: '1', name: 'structure · 256 · overlap 32 · dense', file: file(['a'], 0, structure) },
    { id: '2', name: 'fixed · 128 · bm25', file: file(['a']) },
    { id: '3', name: 'fixed · 128 · bm25', file: file(['a']) },
  ]);
  expect(pt.runs.map((r) => r.id)).toEqual(['structure-256-ov32_dense-multilingual-e5-small', 'fixed-128_bm25', 'fixed-128_bm25-2']);
  expect(en.runs.map((r) => r.id)).toEqual(pt.runs.map((r) => r.id));
  expect(en.runs.map((r) => r.name)).not.toEqual(pt.runs.map((r) => r.name));
});
