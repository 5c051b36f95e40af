// The i18n helper's plural blocks: the branch Intl.PluralRules names for the number, zero as plural,
// exact branches first, placeholders inside branches, several blocks in one message.
import { expect, test } from 'vitest';
import { plurals } from '../../src/app/i18n/plural.ts';

const DOCS = '{count, plural, one {# documento} other {# documentos}}';

test('one and other follow Intl.PluralRules; zero reads as plural', () => {
  expect(plurals(DOCS, { count: 1 }, 'pt-BR')).toBe('1 documento');
  expect(plurals(DOCS, { count: 2 }, 'pt-BR')).toBe('2 documentos');
  expect(plurals(DOCS, { count: 0 }, 'pt-BR')).toBe('0 documentos');
  expect(plurals('{n, plural, one {# file} other {# files}}', { n: 1 }, 'en')).toBe('1 file');
  expect(plurals('{n, plural, one {# file} other {# files}}', { n: 0 }, 'en')).toBe('0 files');
});

test('exact branches, placeholders inside branches, formatted strings and several blocks', () => {
  expect(plurals('{n, plural, =0 {nenhum} one {um} other {#}}', { n: 0 }, 'pt-BR')).toBe('nenhum');
  expect(plurals('{count, plural, one {A pergunta {ids} ficou} other {As perguntas {ids} ficaram}}', { count: 2, ids: 'a, b' }, 'pt-BR')).toBe(
    'As perguntas {ids} ficaram',
  );
  expect(plurals(DOCS, { count: '1.234' }, 'pt-BR')).toBe('1.234 documentos');
  expect(plurals(`${DOCS}, {q, plural, one {# pergunta} other {# perguntas}}.`, { count: 1, q: 3 }, 'pt-BR')).toBe('1 documento, 3 perguntas.');
});
