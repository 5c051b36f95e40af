// The work counter that the linearity tests rely on (per-document-linear, tune/search) sees the
// copy those tests guard against: the old grouping loop, which copied a document's list for each of
// its questions, grows sixteenfold at four times the questions; the loop that appends in place,
// fourfold. Slices and concats are copies too, and a list walked once per document (filter) is
// quadratic work as well.
import { describe, expect, test } from 'vitest';
import { countWork, growth, WALKS } from './work-count.ts';

const questions = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `q${i}`, docId: 'd' }));

describe('countWork', () => {
  test('a list copied per question (spread) grows with the square of the questions', () => {
    const copying = (qs: { docId: string }[]) => {
      const byDoc = new Map<string, number[]>();
      qs.forEach((q, i) => byDoc.set(q.docId, [...(byDoc.get(q.docId) ?? []), i]));
      return byDoc;
    };
    const g = growth(questions, copying, 1_000);
    expect(g.ratio).toBeGreaterThan(14);
    expect(g.ratio).toBeLessThan(17);
  });

  test('a list copied per question with concat or slice grows with the square too', () => {
    const concatenating = (qs: { docId: string }[]) => {
      const byDoc = new Map<string, number[]>();
      qs.forEach((q, i) => byDoc.set(q.docId, (byDoc.get(q.docId) ?? []).concat(i)));
      return byDoc;
    };
    const slicing = (qs: { docId: string }[]) => {
      let rows: number[] = [];
      qs.forEach((_, i) => {
        rows = rows.slice();
        rows.push(i);
      });
      return rows;
    };
    expect(growth(questions, concatenating, 1_000).ratio).toBeGreaterThan(14);
    expect(growth(questions, slicing, 1_000).ratio).toBeGreaterThan(14);
  });

  test('the questions walked once per document (filter, or a search per question) grow with the square', () => {
    // Many documents, a few questions each: nothing is copied, but every document filters them all.
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `q${i}`, docId: `d${i % (n / 10)}` }));
    const filtering = (qs: { docId: string }[]) => {
      const docs = [...new Set(qs.map((q) => q.docId))];
      return docs.map((d) => qs.filter((q) => q.docId === d).length);
    };
    const searching = (qs: { id: string }[]) => {
      const seen: string[] = [];
      for (const q of qs) if (!seen.includes(q.id)) seen.push(q.id);
      return seen;
    };
    expect(growth(many, filtering, 1_000).ratio).toBeGreaterThan(14);
    expect(growth(questions, searching, 1_000).ratio).toBeGreaterThan(14);
  });

  test('a list appended in place grows with the questions, and the count is exact', () => {
    const appending = (qs: { docId: string }[]) => {
      const byDoc = new Map<string, number[]>();
      for (const [i, q] of qs.entries()) {
        const rows = byDoc.get(q.docId);
        if (rows) rows.push(i);
        else byDoc.set(q.docId, [i]);
      }
      return byDoc;
    };
    // qs.entries(): n steps and the last, empty one; destructuring [i, q] walks each pair's two
    // elements, asking the pair's iterator no further (array destructuring stops at its pattern).
    const { work, result } = countWork(() => appending(questions(1_000)));
    expect(result.get('d')).toHaveLength(1_000);
    expect(work).toBe(1_001 + 2 * 1_000);
    expect(growth(questions, appending, 1_000).ratio).toBeCloseTo(4, 2);
  });

  test('restores the iterators and the array methods, even when the call throws', () => {
    const { slice, concat } = Array.prototype;
    const walks = WALKS.map((name) => Array.prototype[name]);
    const next = Object.getPrototypeOf([][Symbol.iterator]()).next;
    expect(() =>
      countWork(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(Array.prototype.slice).toBe(slice);
    expect(Array.prototype.concat).toBe(concat);
    expect(WALKS.map((name) => Array.prototype[name])).toEqual(walks);
    expect(Object.getPrototypeOf([][Symbol.iterator]()).next).toBe(next);
    // Nothing counts outside a call.
    expect(countWork(() => 1).work).toBe(0);
  });
});
