// The user's agreement to download the OCR models (src/app/documents/ocr.svelte.ts) holds for one
// version of the OCR files (ocr/manifest.json's hash of them): after a deploy that changes those files
// (not kept by the service worker, a new download) the page asks again; the same files, not again.
// An agreement stored in the earlier form (a bare list of codes, which outlived the cached files) is none.
import { beforeEach, expect, test, vi } from 'vitest';

vi.hoisted(() => {
  // Svelte runes outside a Svelte build: plain values; localStorage as a Map.
  (globalThis as { $state?: unknown }).$state = Object.assign(<T>(v: T): T => v, { raw: <T>(v: T): T => v });
  const m = new Map<string, string>();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, String(v)),
    removeItem: (k: string) => void m.delete(k),
    clear: () => m.clear(),
  };
});

import { consented, noteConsent } from '../../../src/app/documents/ocr.svelte.ts';

beforeEach(() => localStorage.clear());

test('an agreement covers the codes agreed to, for the same OCR files only', () => {
  expect(consented(['por', 'eng'], 'v1')).toBe(false);
  noteConsent(['por'], 'v1');
  expect(consented(['por'], 'v1')).toBe(true);
  expect(consented(['por', 'eng'], 'v1')).toBe(false);
  noteConsent(['eng'], 'v1');
  expect(consented(['por', 'eng'], 'v1')).toBe(true);
  // A deploy with other OCR files: asked again, for every model.
  expect(consented(['por'], 'v2')).toBe(false);
  noteConsent(['eng'], 'v2');
  expect(consented(['eng'], 'v2')).toBe(true);
  expect(consented(['por'], 'v2')).toBe(false);
  // The agreement is the latest version's: going back to v1's files asks again too.
  expect(consented(['eng'], 'v1')).toBe(false);
});

test('an agreement in the earlier form (a list of codes with no version) or unreadable is none', () => {
  localStorage.setItem('chunklab.ocrModels', JSON.stringify(['por', 'eng']));
  expect(consented(['por'], 'v1')).toBe(false);
  localStorage.setItem('chunklab.ocrModels', '{not json');
  expect(consented(['por'], 'v1')).toBe(false);
  noteConsent(['por'], 'v1');
  expect(consented(['por'], 'v1')).toBe(true);
});
