// The personal-data warning lists only the kinds found, each in the right plural, in both languages
// ("0 CNPJs" was listed beside the one kind that was there).
import { expect, test, vi } from 'vitest';

vi.hoisted(() => {
  (globalThis as { $state?: unknown }).$state = <T>(v: T): T => v;
});
import { scanPersonalData } from '../../../src/engine/llm/index.ts';
import { piiCountsText } from '../../../src/app/i18n/pii-text.ts';
import { setLang } from '../../../src/app/i18n/index.svelte.ts';

test('only the kinds found, with their plurals, in English and Portuguese', () => {
  const scan = scanPersonalData('Escreva para ana@example.com ou joao@example.org; CPF 123.456.789-09.', 5);
  expect(scan.counts.email).toBe(2);
  expect(scan.counts.cpf).toBe(1);
  setLang('en');
  expect(piiCountsText(scan.counts)).toBe('2 e-mails, 1 CPF');
  setLang('pt-BR');
  expect(piiCountsText(scan.counts)).toBe('2 e-mails, 1 CPF');
  expect(piiCountsText({ email: 0, phone: 3, cpf: 0, cnpj: 0, card: 1 })).toBe('3 telefones, 1 cartão');
  setLang('en');
  expect(piiCountsText({ email: 0, phone: 1, cpf: 0, cnpj: 2, card: 0 })).toBe('1 phone number, 2 CNPJs');
});
