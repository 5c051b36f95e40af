// The embedding-service choice as the page keeps it: settings saved without any key field, the key
// only when remembered, form fields checked with one-line errors, grid ids told apart from Hub ids.
import { describe, expect, it } from 'vitest';
import {
  SERVICE_KEY_STORAGE,
  SERVICE_STORAGE,
  isServiceModelId,
  readKey,
  readSavedService,
  saveKey,
  saveService,
  serviceConfig,
  serviceGridId,
  settingsFromForm,
} from '../../../src/app/models/service-settings.ts';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}

const KEY = 'sk-settings-SECRET-123';

describe('service settings', () => {
  it('saves settings without the key, even when the object carries one; reads them back', () => {
    const st = memoryStorage();
    const withKey = { ...settingsFromForm({ kind: 'openai', model: ' text-embedding-3-small ', baseUrl: 'http://127.0.0.1:9/v1', dimensions: '256', batchSize: '16' }), apiKey: KEY };
    saveService(st, { settings: withKey, active: true });
    expect(st.m.get(SERVICE_STORAGE)).not.toContain(KEY);
    expect(readSavedService(st)).toEqual({ settings: { kind: 'openai', model: 'text-embedding-3-small', baseUrl: 'http://127.0.0.1:9/v1', dimensions: 256, batchSize: 16 }, active: true });
  });

  it('keeps the key only when remembered, and forgets it when unticked', () => {
    const st = memoryStorage();
    saveKey(st, KEY, false);
    expect(st.m.has(SERVICE_KEY_STORAGE)).toBe(false);
    saveKey(st, KEY, true);
    expect(readKey(st)).toBe(KEY);
    saveKey(st, KEY, false);
    expect(readKey(st)).toBe('');
  });

  it('form fields are checked with one-line errors', () => {
    expect(() => settingsFromForm({ kind: 'openai', model: 'm', baseUrl: 'ftp://x', dimensions: '' })).toThrow(/must start with http/);
    expect(() => settingsFromForm({ kind: 'openai', model: 'm', baseUrl: '', dimensions: 'abc' })).toThrow(/dimensions must be a whole number >= 1/);
    expect(() => settingsFromForm({ kind: 'cohere', model: '  ', baseUrl: '', dimensions: '' })).toThrow(/a model name is required/);
    expect(() => settingsFromForm({ kind: 'mistral', model: 'm', baseUrl: '', dimensions: '' })).toThrow(/unknown embedding service/);
    expect(settingsFromForm({ kind: 'voyage', model: 'voyage-3', baseUrl: '', dimensions: '' })).toEqual({ kind: 'voyage', model: 'voyage-3' });
  });

  it('unreadable or hostile storage reads as nothing', () => {
    for (const raw of ['{', '[]', '{"settings":{"kind":"openai","model":""}}', '{"settings":{"kind":"x","model":"m"}}', '{"settings":{"kind":"openai","model":"m","dimensions":-3}}']) {
      const st = memoryStorage();
      st.setItem(SERVICE_STORAGE, raw);
      expect(readSavedService(st), raw).toBeNull();
    }
    expect(readSavedService(undefined)).toBeNull();
  });

  it('grid ids name the service and never a Hub id; the config adds the key only when given', () => {
    expect(serviceGridId({ kind: 'jina', model: 'jina-embeddings-v3' })).toBe('jina:jina-embeddings-v3');
    expect(isServiceModelId('openai:text-embedding-3-small')).toBe(true);
    expect(isServiceModelId('Xenova/multilingual-e5-small')).toBe(false);
    expect(isServiceModelId(undefined)).toBe(false);
    expect(serviceConfig({ kind: 'openai', model: 'm' }, '  ')).toEqual({ kind: 'openai', model: 'm' });
    expect(serviceConfig({ kind: 'openai', model: 'm' }, ` ${KEY} `)).toEqual({ kind: 'openai', model: 'm', apiKey: KEY });
  });
});
