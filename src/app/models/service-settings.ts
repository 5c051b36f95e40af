// The embedding-service choice as the page keeps it: the settings (no key) in localStorage
// "chunklab.embedding-service", the key in "chunklab.embedding-service-key" only when the user ticks
// "remember on this device", and the id the experiments grid uses for it. Pure (storage passed in).
import { PROVIDER_KINDS, checkEmbeddingConfig, type EmbeddingProviderConfig, type EmbeddingProviderKind, type EmbeddingProviderSettings } from '../../engine/embedding/providers/index.ts';

export const SERVICE_STORAGE = 'chunklab.embedding-service';
export const SERVICE_KEY_STORAGE = 'chunklab.embedding-service-key';

export interface SavedService {
  settings: EmbeddingProviderSettings;
  /** The grid embeds with the service (not the in-page model). */
  active: boolean;
  /**
   * The service was set up with a key (the key itself is kept only when remembered): after a reload
   * without it, the page says the key is missing instead of calling without one.
   */
  keyed?: boolean;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The grid's model id for a service: "kind:model" (a Hub id never has a colon). */
export function serviceGridId(s: Pick<EmbeddingProviderSettings, 'kind' | 'model'>): string {
  return `${s.kind}:${s.model}`;
}

/** Whether a grid model id names an embedding service. */
export function isServiceModelId(id: string | undefined): boolean {
  return !!id && PROVIDER_KINDS.some((k) => id.startsWith(`${k}:`));
}

/** Settings from the form's fields (blank base URL and dimensions: the service's own); checked, one-line errors. */
export function settingsFromForm(f: { kind: string; model: string; baseUrl: string; dimensions: string; batchSize?: string }): EmbeddingProviderSettings {
  const s: EmbeddingProviderSettings = { kind: f.kind as EmbeddingProviderKind, model: f.model.trim() };
  const num = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN);
  if (f.baseUrl.trim()) s.baseUrl = f.baseUrl.trim();
  if (f.dimensions.trim()) s.dimensions = num(f.dimensions);
  if (f.batchSize?.trim()) s.batchSize = num(f.batchSize);
  checkEmbeddingConfig(s);
  return s;
}

/** What localStorage holds, validated (anything else: null). */
export function readSavedService(storage: Storage | undefined): SavedService | null {
  try {
    const raw = JSON.parse(storage?.getItem(SERVICE_STORAGE) ?? 'null');
    if (!raw || typeof raw !== 'object') return null;
    const s = raw.settings ?? {};
    const settings: EmbeddingProviderSettings = { kind: s.kind, model: s.model };
    if (typeof s.baseUrl === 'string') settings.baseUrl = s.baseUrl;
    if (typeof s.dimensions === 'number') settings.dimensions = s.dimensions;
    if (typeof s.batchSize === 'number') settings.batchSize = s.batchSize;
    checkEmbeddingConfig(settings);
    return { settings, active: raw.active === true, ...(raw.keyed === true ? { keyed: true } : {}) };
  } catch {
    return null;
  }
}

/** Saves the settings (never a key field: only the listed ones are written). */
export function saveService(storage: Storage | undefined, saved: SavedService): void {
  const { kind, model, baseUrl, dimensions, batchSize } = saved.settings;
  try {
    const settings = { kind, model, ...(baseUrl ? { baseUrl } : {}), ...(dimensions ? { dimensions } : {}), ...(batchSize ? { batchSize } : {}) };
    storage?.setItem(SERVICE_STORAGE, JSON.stringify({ settings, active: saved.active, ...(saved.keyed ? { keyed: true } : {}) }));
  } catch {
    // not remembered; still used on this page
  }
}

/** Keeps the key on this device only when asked; otherwise removes any kept one. */
export function saveKey(storage: Storage | undefined, key: string, remember: boolean): void {
  try {
    if (remember && key) storage?.setItem(SERVICE_KEY_STORAGE, key);
    else storage?.removeItem(SERVICE_KEY_STORAGE);
  } catch {
    // private mode: the key stays in memory only
  }
}

export function readKey(storage: Storage | undefined): string {
  try {
    return storage?.getItem(SERVICE_KEY_STORAGE) ?? '';
  } catch {
    return '';
  }
}

/** The config the worker gets: settings plus the key (in memory only). */
export function serviceConfig(settings: EmbeddingProviderSettings, key: string): EmbeddingProviderConfig {
  return { ...settings, ...(key.trim() ? { apiKey: key.trim() } : {}) };
}
