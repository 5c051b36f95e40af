// Keeping API keys out of everything that leaves the page: provider settings without the key (and
// without credentials a base URL may carry), and the context part of an experiment's config.

import { DEFAULT_CONTEXT_TOKENS, DEFAULT_DOCUMENT_BUDGET_TOKENS, DEFAULT_MAX_OUTPUT_TOKENS, type ContextSettings } from './add-context.ts';
import { DEFAULT_PROMPTS, promptHash, type PromptLanguage, type PromptTemplate } from './prompt.ts';
import type { ProviderConfig, ProviderSettings } from './types.ts';
import { CHARS_PER_TOKEN } from './add-context.ts';

const SECRET_PARAM = /key|token|secret|auth|sig|password|pass|credential/i;

/** A base URL without user:password@ and without query parameters that look like credentials. */
export function redactUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return '(invalid URL)';
  }
  u.username = '';
  u.password = '';
  for (const name of [...u.searchParams.keys()]) if (SECRET_PARAM.test(name)) u.searchParams.set(name, 'REDACTED');
  u.hash = '';
  return u.toString().replace(/\/$/, '');
}

/**
 * The provider's settings as they may be saved or shared: `apiKey` removed, the base URL cleaned,
 * unknown fields dropped (only the known settings are copied, so a stray secret field cannot leak),
 * and any remaining string that contains the key replaced.
 */
export function redactForExport(config: ProviderConfig): ProviderSettings {
  const key = config.apiKey?.trim();
  const out: ProviderSettings = { kind: config.kind, model: config.model };
  if (config.baseUrl !== undefined) out.baseUrl = redactUrl(config.baseUrl);
  for (const k of ['timeoutMs', 'maxAttempts', 'anthropicVersion', 'promptCaching', 'contextWindow', 'device', 'dtype'] as const) {
    if (config[k] !== undefined) (out as unknown as Record<string, unknown>)[k] = config[k];
  }
  if (key && key.length >= 4) {
    for (const [k, v] of Object.entries(out)) {
      if (typeof v === 'string' && v.includes(key)) (out as unknown as Record<string, unknown>)[k] = v.split(key).join('REDACTED');
    }
  }
  return out;
}

/** What a results file records about generated context: enough to know (and redo) how it was made, no secrets. */
export interface ContextRunConfig {
  provider: ProviderSettings;
  /** The provider id the cache keys use (`kind:model`). */
  model: string;
  contextTokens: number;
  documentBudgetTokens: number;
  maxOutputTokens: number;
  /** Hash of the template used per language (and the full templates when they are not the defaults). */
  promptHash: Record<PromptLanguage, string>;
  customPrompt?: Partial<Record<PromptLanguage, PromptTemplate>>;
}

export function contextRunConfig(config: ProviderConfig, settings: ContextSettings & { contextTokens?: number } = {}): ContextRunConfig {
  const provider = redactForExport(config);
  const budget = settings.documentBudgetTokens ?? DEFAULT_DOCUMENT_BUDGET_TOKENS;
  const chars = Math.floor(budget * CHARS_PER_TOKEN);
  const templates = {} as Record<PromptLanguage, PromptTemplate>;
  const custom: Partial<Record<PromptLanguage, PromptTemplate>> = {};
  for (const lang of ['pt', 'en'] as const) {
    const p = settings.prompt as (PromptTemplate & Partial<Record<PromptLanguage, PromptTemplate>>) | undefined;
    const t = p && typeof p.system === 'string' ? p : (p?.[lang] ?? DEFAULT_PROMPTS[lang]);
    templates[lang] = { system: t.system, user: t.user };
    if (t.system !== DEFAULT_PROMPTS[lang].system || t.user !== DEFAULT_PROMPTS[lang].user) custom[lang] = templates[lang];
  }
  const out: ContextRunConfig = {
    provider,
    model: `${provider.kind}:${provider.model.trim()}`,
    contextTokens: settings.contextTokens ?? DEFAULT_CONTEXT_TOKENS,
    documentBudgetTokens: budget,
    maxOutputTokens: settings.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
    promptHash: { pt: promptHash(templates.pt, chars), en: promptHash(templates.en, chars) },
  };
  if (Object.keys(custom).length) out.customPrompt = custom;
  return out;
}
