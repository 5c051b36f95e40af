// The per-document panel's runs: the largest group of runs sharing one question set (ids and gold
// spans), the rest counted as left out, and names made unique.
import { expect, test } from 'vitest';
import { sameQuestionSet } from '../../../src/app/answers/per-document.ts';
import type { ResultsFile } from '../../../src/engine/evaluation/index.ts';

const file = (ids: string[], start = 0): ResultsFile =>
  ({ questions: ids.map((id) => ({ id, text: id, gold: [{ docId: 'd', start, end: start + 3 }], ranked: [] })) }) as unknown as ResultsFile;

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
