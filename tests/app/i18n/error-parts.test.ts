// A coded engine error as the page shows it (src/app/i18n/error-text.ts): the sentence in the page's
// language, apart from the engine's own English message (the detail), so a view can keep the
// sentence in one language and show the detail as code. Commands in the sentence are marked with
// backticks for CodeSpans.svelte; the plain errorText has none of them.
import { expect, test, vi } from 'vitest';

// The language module holds its state in a Svelte rune; outside a Svelte build a plain object does.
vi.hoisted(() => {
  (globalThis as { $state?: unknown }).$state = <T>(v: T): T => v;
});
import { InputError } from '../../../src/engine/types.ts';
import { errorParts, errorText } from '../../../src/app/i18n/error-text.ts';
import { setLang } from '../../../src/app/i18n/index.svelte.ts';

const cors = () =>
  new InputError('openai:m at http://10.0.0.5:11434/v1/embeddings, batch 1 of 3 (64 texts): http://10.0.0.5:11434 answers, but not to this page', 'embedding service', {
    code: 'cors-blocked',
    details: { target: 'http://10.0.0.5:11434' },
  });

test('the CORS refusal: a Portuguese sentence with the relay command marked as code, the English detail apart', () => {
  setLang('pt-BR');
  const p = errorParts(cors());
  expect(p.marked).toBe(true);
  expect(p.detail).toBe(cors().message);
  expect(p.text).toMatch(/^O servidor em http:\/\/10\.0\.0\.5:11434 responde/);
  // The command, the relay's address and each server's switch are between backticks.
  const code = [...p.text.matchAll(/`([^`]*)`/g)].map((m) => m[1]);
  expect(code[0]).toMatch(/^npm run cli -- proxy --to http:\/\/10\.0\.0\.5:11434 --allow-origin \S+$/);
  expect(code).toContain('http://127.0.0.1:8788');
  expect(code.some((c) => c.startsWith('OLLAMA_ORIGINS='))).toBe(true);
  expect(p.text.replace(/`[^`]*`/g, '')).not.toMatch(/\b(run|the|to)\b/);
  // The plain form (other views): no backticks, the detail in parentheses at the end.
  const plain = errorText(cors());
  expect(plain).not.toContain('`');
  expect(plain.endsWith(`(${cors().message})`)).toBe(true);
  expect(plain.startsWith(p.text.replaceAll('`', ''))).toBe(true);
});

test('an error without a code is its message alone, never marked', () => {
  setLang('pt-BR');
  const e = new Error('a `quoted` thing failed');
  expect(errorParts(e)).toEqual({ text: 'a `quoted` thing failed' });
  expect(errorText(e)).toBe('a `quoted` thing failed');
});
