import { expect, test } from 'vitest';
import { mergeHits, returnedUnits } from '../../../src/engine/retrieval/merge.ts';
import type { Chunk } from '../../../src/engine/types.ts';

const text = 'Alpha one. Beta two. Gamma three. Delta four. Alpha one.';
const mk = (id: string, start: number, end: number, extra: Partial<Chunk> = {}): Chunk => ({
  id, docId: 'd', index: 0, start, end, prefix: '', tokens: end - start, headingPath: [], flags: [], ...extra,
});

test('small-to-big children return their parent once; later children are merged into it', () => {
  const chunks = [
    mk('c0', 0, 10, { parentId: 'p0', returnStart: 0, returnEnd: 20, returnTokens: 20 }),
    mk('c1', 11, 20, { parentId: 'p0', returnStart: 0, returnEnd: 20, returnTokens: 20 }),
    mk('c2', 21, 33, { parentId: 'p1', returnStart: 21, returnEnd: 46, returnTokens: 25 }),
  ];
  const map = new Map(chunks.map((c) => [c.id, c]));
  const out = mergeHits([{ id: 'c1', score: 3 }, { id: 'c2', score: 2 }, { id: 'c0', score: 1 }], map, () => text, { limit: 10 });
  expect(out.map((u) => [u.id, u.start, u.end, u.tokens, u.score])).toEqual([
    ['p0', 0, 20, 20, 3],
    ['p1', 21, 46, 25, 2],
  ]);
  expect(out[0].via).toEqual(['c1', 'c0']);
  expect(returnedUnits(chunks).map((u) => u.id)).toEqual(['p0', 'p1']);
});

test('duplicate texts merge within a document by default, across documents on request', () => {
  const a = mk('a', 0, 10);
  const b = mk('b', 46, 56); // "Alpha one." again
  const c = { ...mk('c', 0, 10), docId: 'e' };
  const map = new Map([a, b, c].map((x) => [x.id, x]));
  const hits = [{ id: 'b', score: 5 }, { id: 'c', score: 4 }, { id: 'a', score: 3 }];
  expect(text.slice(0, 10)).toBe(text.slice(46, 56));
  expect(mergeHits(hits, map, () => text, { limit: 10 }).map((u) => u.id)).toEqual(['b', 'c']);
  expect(mergeHits(hits, map, () => text, { limit: 10, duplicates: 'corpus' }).map((u) => u.id)).toEqual(['b']);
  expect(mergeHits(hits, map, () => text, { limit: 10, duplicates: 'off' }).map((u) => u.id)).toEqual(['b', 'c', 'a']);
  // Same text but a different prefix is not a duplicate.
  const d = mk('d', 46, 56, { prefix: 'Doc > Sec\n' });
  const map2 = new Map([a, d].map((x) => [x.id, x]));
  expect(mergeHits([{ id: 'a', score: 2 }, { id: 'd', score: 1 }], map2, () => text, { limit: 10 })).toHaveLength(2);
});

test('limit applies after merging; empty and unknown hits', () => {
  const chunks = [mk('a', 0, 10), mk('b', 46, 56), mk('c', 11, 20), mk('e', 21, 33)];
  const map = new Map(chunks.map((x) => [x.id, x]));
  const out = mergeHits(['a', 'b', 'c', 'e'].map((id, i) => ({ id, score: 4 - i })), map, () => text, { limit: 2 });
  expect(out.map((u) => u.id)).toEqual(['a', 'c']);
  expect(mergeHits([], map, () => text, { limit: 5 })).toEqual([]);
  expect(() => mergeHits([{ id: 'zz', score: 1 }], map, () => text, { limit: 5 })).toThrow(/unknown chunk id "zz"/);
});
