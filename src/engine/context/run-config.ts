// The context part of an experiment's config, as a results file records it: the provider's settings
// without the key, the budgets, and a hash of each prompt template (the templates themselves when edited).

import { DEFAULT_CONTEXT_TOKENS, DEFAULT_DOCUMENT_BUDGET_TOKENS, DEFAULT_MAX_OUTPUT_TOKENS, type ContextSettings } from './add-context.ts';
import { DEFAULT_PROMPTS, promptHash, type PromptTemplate } from './prompt.ts';
import { redactForExport, type PromptLanguage, type ProviderConfig, type ProviderSettings } from '../llm/index.ts';
import { CHARS_PER_TOKEN } from './add-context.ts';

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
