// The review panel's pure helpers: filters (document, status, overlap bounds), counts, adding a
// run's questions without replacing any already in the set, accept-all, answer replacement.
import { describe, expect, test } from 'vitest';
import type { QuestionSpec } from '../../../src/engine/evaluation/dataset.ts';
import { isEvaluated, selectQuestions } from '../../../src/engine/evaluation/dataset.ts';
import { ALL, acceptAll, addGenerated, answerText, filterQuestions, replaceAnswer, reviewCounts } from '../../../src/app/questions/review.ts';

const prov = (overlap: number) => ({ model: 'openai:m', promptVersion: 'q1', kind: 'plain' as const, passage: { docId: 'a', start: 0, end: 10 }, overlap, located: ['exact'] });
function qs(): QuestionSpec[] {
  return [
    { id: 'q1', text: 'written by a person', gold: [{ docId: 'a', start: 0, end: 4 }] },
    { id: 'gen-1', text: 'one', gold: [{ docId: 'a', start: 2, end: 6 }], review: 'unreviewed', provenance: prov(0.2) },
    { id: 'gen-2', text: 'two', gold: [{ docId: 'b', start: 1, end: 3 }], review: 'accepted', provenance: prov(0.8) },
    { id: 'gen-3', text: 'three', gold: [{ docId: 'b', start: 5, end: 9 }], review: 'rejected', provenance: prov(0.5) },
    { id: 'gen-4', text: 'four', gold: [{ docId: 'a', start: 7, end: 9 }], review: 'unreviewed', provenance: prov(1) },
  ];
}
const ids = (list: QuestionSpec[]) => list.map((q) => q.id);

describe('review filters', () => {
  test('all shows only questions with a review state', () => {
    expect(ids(filterQuestions(qs(), ALL))).toEqual(['gen-1', 'gen-2', 'gen-3', 'gen-4']);
  });
  test('by document, status and overlap (inclusive bounds)', () => {
    expect(ids(filterQuestions(qs(), { ...ALL, docId: 'b' }))).toEqual(['gen-2', 'gen-3']);
    expect(ids(filterQuestions(qs(), { ...ALL, status: 'unreviewed' }))).toEqual(['gen-1', 'gen-4']);
    expect(ids(filterQuestions(qs(), { ...ALL, minOverlap: 0.5, maxOverlap: 0.8 }))).toEqual(['gen-2', 'gen-3']);
    expect(ids(filterQuestions(qs(), { ...ALL, docId: 'a', status: 'unreviewed', maxOverlap: 0.5 }))).toEqual(['gen-1']);
  });
  test('counts by state, persons’ questions apart', () => {
    expect(reviewCounts(qs())).toEqual({ unreviewed: 2, accepted: 1, rejected: 1, written: 1 });
  });
});

describe('review actions', () => {
  test('accept all changes only the unreviewed ones of the list given', () => {
    const list = qs();
    const shown = filterQuestions(list, { ...ALL, docId: 'a' });
    expect(acceptAll(shown)).toBe(2);
    expect(list.map((q) => q.review)).toEqual([undefined, 'accepted', 'accepted', 'rejected', 'accepted']);
    // What an evaluation takes follows: everything but the rejected one, without unreviewed ones asked for.
    expect(list.filter((q) => isEvaluated(q, false)).map((q) => q.id)).toEqual(['q1', 'gen-1', 'gen-2', 'gen-4']);
  });
  test('adding generated questions never replaces one already in the set', () => {
    const set = qs();
    const added = addGenerated(set, [
      { id: 'gen-1', text: 'new one', gold: [{ docId: 'a', start: 0, end: 2 }], review: 'unreviewed' },
      { id: 'gen-1', text: 'another', gold: [{ docId: 'a', start: 0, end: 2 }], review: 'unreviewed' },
      { id: 'gen-9', text: 'nine', gold: [{ docId: 'a', start: 0, end: 2 }], review: 'unreviewed' },
    ]);
    expect(added).toEqual(['gen-1-2', 'gen-1-3', 'gen-9']);
    expect(set.find((q) => q.id === 'gen-1')!.text).toBe('one');
    expect(new Set(set.map((q) => q.id)).size).toBe(set.length);
  });
  test('an answer replaced by a selection is one span, marked as selected', () => {
    const q = qs()[1];
    replaceAnswer(q, 'b', 3, 8);
    expect(q.gold).toEqual([{ docId: 'b', start: 3, end: 8 }]);
    expect(q.provenance!.located).toEqual(['selected']);
    expect(q.provenance!.overlap).toBe(0.2);
    expect(() => replaceAnswer(q, 'b', 4, 4)).toThrow(RangeError);
  });
  test('answer text is sliced from the document by UTF-16 offsets', () => {
    const text = 'Café 🙂 às 8h. Açúcar';
    const start = text.indexOf('🙂');
    const q: QuestionSpec = { id: 'x', text: '?', gold: [{ docId: 'd', start, end: start + 8 }, { docId: 'd', phrase: 'Açúcar' }], review: 'unreviewed' };
    expect(answerText(q, 'd', text)).toBe('🙂 às 8h … Açúcar');
  });
  test('selectQuestions counts the unreviewed it lets in', () => {
    const ds = { name: 'd', source: 'chunklab-workspace' as const, documents: [], questions: qs(), skipped: [] };
    expect(selectQuestions(ds, false).questions.map((q) => q.id)).toEqual(['q1', 'gen-2']);
    const all = selectQuestions(ds, true);
    expect([all.questions.length, all.unreviewed]).toEqual([4, 2]);
  });
});
