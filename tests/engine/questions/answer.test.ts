import { describe, expect, it } from 'vitest';
import { parseQuestionAnswer } from '../../../src/engine/questions/answer.ts';

describe('parsing the model answer', () => {
  it('reads the exact shape', () => {
    const r = parseQuestionAnswer('{"questions": [{"question": "Q?", "excerpts": ["a", "b"]}]}');
    expect(r).toEqual({ questions: [{ question: 'Q?', excerpts: ['a', 'b'] }], malformedItems: 0 });
  });
  it('reads an object inside a code fence or after a sentence', () => {
    expect(parseQuestionAnswer('Sure!\n```json\n{"questions": [{"question": "Q?", "excerpts": ["x"]}]}\n```').questions).toHaveLength(1);
    expect(parseQuestionAnswer('Here: {"questions": [{"question": "a {b} \\" }", "excerpts": ["x"]}]} thanks').questions?.[0].question).toBe('a {b} " }');
  });
  it('counts wrongly shaped items and keeps the rest', () => {
    const r = parseQuestionAnswer('{"questions": [{"question": 1, "excerpts": []}, {"question": "ok", "excerpts": "one"}, "x", {"question": "q", "excerpts": [2]}]}');
    expect(r.malformedItems).toBe(3);
    expect(r.questions).toEqual([{ question: 'ok', excerpts: ['one'] }]);
  });
  it('an answer that is not the object is malformed', () => {
    for (const bad of ['', 'no json here', '{"questions": 3}', '{"q": []}', '{"questions": [', 'null']) expect(parseQuestionAnswer(bad).questions).toBeNull();
  });
});
