// Language-model provider settings and keys, one place for every feature that asks a model
// (contextual retrieval, question generation, the llm chunker): who answers (the in-page model, an
// OpenAI-compatible endpoint, a local server by its base URL, or Anthropic), which model, the prices,
// and the API key. The settings are saved in localStorage "chunklab.context" (a record they share
// with contextual retrieval's run settings, under the name it always had, so saved settings still
// load) WITHOUT the key; the key is kept in this browser only, in "chunklab.context.key.<kind>",
// never in any export, and is read only to build the provider's config.
//
//   providerState                      reactive: settings, hasKey, the in-page model's load, a picked folder
//   saveProviderSettings()             after a settings change (ProviderFields does it)
//   setApiKey(kind, key), forgetAllKeys()
//   providerConfig()                   the full config, key included: only for making the provider
//   llmWorkerConfig()                  that config as the workers that call the model are primed with it
//   providerId(), providerProblem(), providerPricing()
//   readRecord(), writeRecord(fields)  the shared localStorage record (contextual retrieval saves its fields there)
import { ANTHROPIC_DEFAULT_BASE, LOCAL_MODELS, OPENAI_DEFAULT_BASE, type ProviderConfig, type ProviderKind } from '../../engine/llm/index.ts';
import type { LocalFolder } from '../../../workers/llm-api.ts';
import { bridge } from '../bridge/engine.svelte.ts';
import { llmBridge } from '../bridge/llm.ts';

export type { LocalFolder };

/** The localStorage record of the provider settings (and of contextual retrieval's run settings). */
export const SETTINGS_KEY = 'chunklab.context';
const KEY_PREFIX = 'chunklab.context.key.';

export interface ProviderSettings {
  kind: ProviderKind;
  /** Model per provider kind. */
  openaiModel: string;
  openaiBase: string;
  anthropicModel: string;
  anthropicBase: string;
  localModel: string;
  localDtype: string;
  localDevice: 'webgpu' | 'wasm';
  /** Dollars per million tokens (prompt, answer). */
  priceIn: number;
  priceOut: number;
}

export const DEFAULT_PROVIDER: ProviderSettings = {
  kind: 'openai',
  openaiModel: 'gpt-4o-mini',
  openaiBase: OPENAI_DEFAULT_BASE,
  anthropicModel: 'claude-3-5-haiku-latest',
  anthropicBase: ANTHROPIC_DEFAULT_BASE,
  localModel: LOCAL_MODELS[0].id,
  localDtype: LOCAL_MODELS[0].defaultDtype,
  localDevice: 'webgpu',
  priceIn: 0.15,
  priceOut: 0.6,
};

/** The stored record (every owner's fields; never a key), {} when there is none or it cannot be read. */
export function readRecord(): Record<string, unknown> {
  try {
    const raw = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null');
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      delete raw.apiKey; // never read a key from the settings record
      return raw;
    }
  } catch {
    // nothing usable
  }
  return {};
}

/** Writes `fields` into the record, keeping the other owner's fields (a key field is never written). */
export function writeRecord(fields: Record<string, unknown>): void {
  try {
    const r = { ...readRecord(), ...fields };
    delete r.apiKey;
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(r));
  } catch {
    // not remembered
  }
}

/** The fields of `defaults` from the record, over the defaults. */
export function recordFields<T extends object>(defaults: T): T {
  const raw = readRecord();
  const out = structuredClone(defaults) as Record<string, unknown>;
  for (const k of Object.keys(defaults)) if (k in raw) out[k] = raw[k];
  return out as T;
}

/** localStorage: the name of the generator's folder from disk (never its files), so a reload can ask for it. */
const FOLDER_KEY = 'chunklab.generatorFolder';

export const providerState = $state({
  settings: recordFields(DEFAULT_PROVIDER),
  /** Whether a key is stored for the current kind (the key itself is never in reactive state). */
  hasKey: false,
  /** The in-page model's download and the device it runs on. */
  localLoad: null as null | { file?: string; loaded?: number; total?: number; device?: string },
  /** A model folder picked from disk for the in-page model (its name and file count; never stored). */
  localFolder: null as null | { name: string; files: number },
  /** The folder the in-page model used before a reload (its name only), until it is picked again or forgotten. */
  folderAgain: readFolderName(),
});

/** Saves the provider settings (never the key). */
export function saveProviderSettings(): void {
  const s = $state.snapshot(providerState.settings) as ProviderSettings & { apiKey?: unknown };
  delete s.apiKey;
  writeRecord(s as unknown as Record<string, unknown>);
  providerState.hasKey = !!readKey(providerState.settings.kind);
}

// ---------------------------------------------------------------- the key (this browser only)

function readKey(kind: ProviderKind): string {
  if (kind === 'local') return '';
  try {
    return localStorage.getItem(KEY_PREFIX + kind) ?? '';
  } catch {
    return '';
  }
}

/** Stores the key for a provider kind in this browser only ('' removes it). */
export function setApiKey(kind: ProviderKind, key: string): void {
  try {
    if (key.trim()) localStorage.setItem(KEY_PREFIX + kind, key.trim());
    else localStorage.removeItem(KEY_PREFIX + kind);
  } catch {
    // no storage: the key is not kept
  }
  providerState.hasKey = !!readKey(providerState.settings.kind);
}

export function forgetAllKeys(): void {
  for (const k of ['openai', 'anthropic'] as const) setApiKey(k, '');
}

providerState.hasKey = !!readKey(providerState.settings.kind);

// ---------------------------------------------------------------- the in-page model's folder


function readFolderName(): string | null {
  try {
    const v = localStorage.getItem(FOLDER_KEY);
    return v && v.trim() ? v : null;
  } catch {
    return null;
  }
}

/** The picked folder's files (kept out of reactive state: Blobs). */
let localFolder: LocalFolder | null = null;

/** Uses a text-generation model folder picked from disk (null: the catalogue model again). */
export function setLocalFolder(folder: LocalFolder | null): void {
  localFolder = folder && folder.files.length ? folder : null;
  providerState.localFolder = localFolder ? { name: localFolder.name, files: localFolder.files.length } : null;
  providerState.folderAgain = null;
  try {
    if (localFolder) localStorage.setItem(FOLDER_KEY, localFolder.name);
    else localStorage.removeItem(FOLDER_KEY);
  } catch {
    // not remembered: a reload then forgets it without asking
  }
}

/** The picked folder, if any (what the in-page model loads from). */
export function pickedLocalFolder(): LocalFolder | null {
  return localFolder;
}

// ---------------------------------------------------------------- the provider

/** The full config, key included: only for creating the provider, never stored or exported. */
export function providerConfig(s: ProviderSettings = providerState.settings): ProviderConfig {
  if (s.kind === 'openai') return { kind: 'openai', model: s.openaiModel, baseUrl: s.openaiBase, apiKey: readKey('openai') || undefined };
  if (s.kind === 'anthropic') return { kind: 'anthropic', model: s.anthropicModel, baseUrl: s.anthropicBase, apiKey: readKey('anthropic') || undefined };
  if (localFolder) return { kind: 'local', model: `folder:${localFolder.name}`, dtype: s.localDtype, device: s.localDevice };
  const info = LOCAL_MODELS.find((m) => m.id === s.localModel);
  return { kind: 'local', model: s.localModel, dtype: s.localDtype, device: s.localDevice, contextWindow: info?.contextWindow };
}

let handedConfig: { json: string; config: ProviderConfig } | null = null;

/**
 * The config the workers that call the model are primed with (src/app/bridge): the same object while
 * nothing changed, so the bridge hands it over again only after a change (or to a fresh worker).
 */
export function llmWorkerConfig(): ProviderConfig {
  const config = providerConfig();
  const json = JSON.stringify(config);
  if (handedConfig?.json !== json) handedConfig = { json, config };
  return handedConfig.config;
}

// The workers that call the model hold its config: the engine worker (the llm chunker) and the llm
// worker (contextual retrieval, question generation). The bridge knows no feature: this one declares
// what those workers must hold, once, when it is first imported (package.json lists this file among
// the modules with side effects). Every page part that reaches either worker for a model call imports
// this file, so the primers are in place before the first call.
bridge.prime(llmWorkerConfig, (api, config) => api.configureLlm(config));
llmBridge.prime(llmWorkerConfig, (api, config) => api.configureLlm(config));

/** "kind:model": the id cache keys and results use. */
export function providerId(): string {
  const c = providerConfig();
  return `${c.kind}:${c.model.trim()}`;
}

/**
 * Why the configured provider cannot answer yet ('key': OpenAI's own endpoint or Anthropic without a
 * key), or null. A local OpenAI-compatible server needs no key; the in-page model needs none.
 */
export function providerProblem(): 'key' | null {
  const c = providerConfig();
  if (c.kind === 'local') return null;
  if (c.apiKey) return null;
  return c.kind === 'anthropic' || (c.baseUrl ?? OPENAI_DEFAULT_BASE).replace(/\/+$/, '') === OPENAI_DEFAULT_BASE.replace(/\/+$/, '') ? 'key' : null;
}

/** Dollars per million prompt and answer tokens of the settings (null for the in-page model: no cost). */
export function providerPricing(): { inputPerMillion: number; outputPerMillion: number } | null {
  const s = providerState.settings;
  return s.kind === 'local' ? null : { inputPerMillion: Math.max(0, Number(s.priceIn) || 0), outputPerMillion: Math.max(0, Number(s.priceOut) || 0) };
}
