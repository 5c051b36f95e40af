import { expect, test } from 'vitest';
import { newTexts, resultsCandidates } from '../../src/app/sharing/dedupe.ts';

test('the same file twice (or already open) counts once; different files all count', () => {
  const a = JSON.stringify({ format: 'chunklab-results', metrics: { 'hit@5': 0.5 } });
  const b = JSON.stringify({ format: 'chunklab-results', metrics: { 'hit@5': 0.6 } });
  expect(newTexts([a, `${a}\n`, b, a], [])).toEqual([0, 2]);
  expect(newTexts([a, b], [b])).toEqual([0]);
  expect(newTexts([], [a])).toEqual([]);
});

test('a folder gives its .json files, hidden ones left out', () => {
  expect(resultsCandidates([{ name: 'ana.json' }, { name: '.DS_Store' }, { name: '._ana.json' }, { name: 'notes.txt' }, { name: 'BRUNO.JSON' }]).map((f) => f.name)).toEqual(['ana.json', 'BRUNO.JSON']);
});
