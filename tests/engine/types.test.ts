import { expect, test } from 'vitest';
import { InputError } from '../../src/engine/types';

test('InputError says where the problem is', () => {
  const e = new InputError('answer_start is outside the context', 'questions.json, question q7');
  expect(e.message).toBe('questions.json, question q7: answer_start is outside the context');
  expect(e.where).toBe('questions.json, question q7');
});
