// The inspector's hand edits, page side: where keyboard steps and "split" put a boundary (word starts,
// whole characters), and the label an edited run is stored and shown with ("edited by hand" /
// "editado à mão"), for a generated label and for one given elsewhere.
import { expect, test } from 'vitest';
import { charStep, middleCut, snapToWord, wordStep } from '../../../src/app/inspector/edit-steps.ts';
import { fileLabel, shownLabel } from '../../../src/app/results/label.ts';
import { runLabel } from '../../../src/app/experiments/model.ts';
import * as areas from '../../../src/app/i18n/areas/run-labels.ts';
import type { ExperimentConfig } from '../../../src/engine/evaluation/index.ts';

const TEXT = 'Um dois  três\nquatro 📱 cinco';

test('word steps go to the next or previous word start; at the ends they stay', () => {
  expect(wordStep(TEXT, 0, 1)).toBe(3); // "dois"
  expect(wordStep(TEXT, 3, 1)).toBe(9); // "três", past two blanks
  expect(wordStep(TEXT, 9, 1)).toBe(14); // "quatro", after the line break
  expect(wordStep(TEXT, 14, -1)).toBe(9);
  expect(wordStep(TEXT, 3, -1)).toBe(3); // no word start before "dois" but the text's own start
  expect(wordStep(TEXT, TEXT.indexOf('cinco'), 1)).toBe(TEXT.indexOf('cinco'));
});

test('character steps never stop inside a surrogate pair', () => {
  const phone = TEXT.indexOf('📱');
  expect(charStep(TEXT, phone, 1)).toBe(phone + 2);
  expect(charStep(TEXT, phone + 2, -1)).toBe(phone);
  expect(charStep(TEXT, 0, -1)).toBe(0);
  expect(charStep(TEXT, TEXT.length, 1)).toBe(TEXT.length);
});

test('a split lands on the word start nearest the middle, strictly inside the chunk', () => {
  // Word starts inside (0, 28): 3, 9, 14, 21 (the emoji), 24; the middle is 14.
  expect(middleCut(TEXT, 0, TEXT.length)).toBe(14);
  expect(middleCut(TEXT, 0, 8)).toBe(3);
  expect(middleCut('abcdef', 0, 6)).toBe(3); // no word start: the middle
});

const lookup = (dict: Record<string, string>) => (key: never, params?: Record<string, string | number>) =>
  (dict[key as string] ?? (key as string)).replace(/\{(\w+)\}/g, (m, p: string) => (params && p in params ? String(params[p]) : m));

test('an edited run is stored under its generated label with "edited by hand", shown translated', () => {
  const config = { chunker: 'fixed', params: { maxTokens: 128, overlap: 0, header: false }, retriever: { kind: 'bm25', k1: 1.2 }, k: 10 } as unknown as ExperimentConfig;
  const edited = { ...config, edited: { by: 'hand', edits: 1, documents: ['d'] } };
  const stored = fileLabel(edited, runLabel(config));
  expect(stored).toBe('fixed · 128 · bm25 · edited by hand');
  expect(shownLabel(edited, stored, lookup(areas.pt))).toBe('fixo · 128 · bm25 · editado à mão');
  expect(shownLabel(edited, stored, lookup(areas.en))).toBe(stored);
  // A run stored under a name of its own keeps it, with the suffix in the page's language.
  const named = fileLabel(edited, 'Minha execução');
  expect(named).toBe('Minha execução · edited by hand');
  expect(shownLabel(edited, named, lookup(areas.pt))).toBe('Minha execução · editado à mão');
  // The suffix is only translated for a run that is edited.
  expect(shownLabel(config, named, lookup(areas.pt))).toBe(named);
});

test('a boundary dropped inside a word goes to the nearer word start; on a blank, to the next word', () => {
  const text = 'o pagamento vence hoje';
  const at = (w: string) => text.indexOf(w);
  // "pagament|o": nearer the next word's start than its own.
  expect(snapToWord(text, at('pagamento') + 8)).toBe(at('vence'));
  // "pa|gamento": its own start.
  expect(snapToWord(text, at('pagamento') + 2)).toBe(at('pagamento'));
  // Already a word start, or on a blank: the word start.
  expect(snapToWord(text, at('vence'))).toBe(at('vence'));
  expect(snapToWord(text, at('vence') - 1)).toBe(at('vence'));
  // Inside the first word: never the document's start.
  expect(snapToWord(text, 0)).toBe(0);
  expect(snapToWord('palavra', 3)).toBe(3);
  expect(snapToWord('abcdef ghi', 2)).toBe(7);
});
