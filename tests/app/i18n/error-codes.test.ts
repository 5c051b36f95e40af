// Every error code has its sentence in both languages: the codes the engine declares
// (src/engine/types.ts ERROR_CODES) and every `code: '…'` an InputError is thrown with anywhere in
// src/ or workers/ (read from the sources, so a new code without a translation fails here).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ERROR_CODES, InputError, errorCode } from '../../../src/engine/types.ts';
import { ptBR } from '../../../src/app/i18n/pt-BR.ts';
import { en } from '../../../src/app/i18n/en.ts';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|svelte)$/.test(n) && !n.endsWith('.d.ts') ? [p] : [];
  });
}

const sources = [...files('src'), ...files('workers')].map((f) => ({ f, text: readFileSync(f, 'utf8') }));
const thrownCodes = new Set(sources.flatMap(({ text }) => [...text.matchAll(/\bcode: '([a-z-]+)'/g)].map((m) => m[1])));

describe('error codes', () => {
  test('the scan finds the codes thrown (engine, page and workers)', () => {
    for (const c of ['bad-json', 'no-service', 'no-api-key', 'bad-model-output', 'http-error', 'model-not-loaded']) expect(thrownCodes.has(c), c).toBe(true);
  });

  test('every code thrown is a declared code', () => {
    expect([...thrownCodes].filter((c) => !(ERROR_CODES as readonly string[]).includes(c))).toEqual([]);
  });

  test('every declared code has a sentence in Portuguese and in English, and they differ', () => {
    const pt = ptBR as Record<string, string>;
    const english = en as Record<string, string>;
    for (const c of ERROR_CODES) {
      const key = `error.${c}`;
      expect(pt[key], `pt-BR ${key}`).toBeTruthy();
      expect(english[key], `en ${key}`).toBeTruthy();
      expect(pt[key], key).not.toBe(english[key]);
    }
  });

  test('a coded error keeps its code and its English detail', () => {
    const e = new InputError('no embedding service is chosen', 'embedding service', { code: 'no-service' });
    expect(errorCode(e)).toBe('no-service');
    expect(e.message).toBe('embedding service: no embedding service is chosen');
  });
});
