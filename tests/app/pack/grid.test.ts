// A pack's grid is untrusted: only known fields, checked; never autoRun, no model or reranker ids.
import { expect, test } from 'vitest';
import { gridFromPack } from '../../../src/app/pack/grid.ts';

test('known fields kept and checked, the rest dropped', () => {
  const g = gridFromPack(
    {
      chunkers: ['structure', 'rm -rf', 'fixed', 'structure'],
      sizes: [128, -1, 1e9, 64.5, 256],
      overlaps: [0, 16],
      headers: [true, 'yes'],
      retrievers: ['bm25', 'sql'],
      k: 500,
      budget: 2048,
      autoRun: true,
      models: ['/etc/passwd'],
      rerankers: ['x'],
      label: '<img src=x onerror=alert(1)>',
      __proto__: { polluted: true },
    },
    'corpus-9',
    'Aula 3',
  );
  expect(g).toEqual({ chunkers: ['structure', 'fixed'], sizes: [128, 256], overlaps: [0, 16], headers: [true], retrievers: ['bm25'], budget: 2048, corpusId: 'corpus-9', label: 'Aula 3' });
  expect(gridFromPack({ chunkers: 'structure' }, undefined, 'x')).toEqual({ label: 'x' });
});
