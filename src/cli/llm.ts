// The CLI's language model: a generator built from a "kind:model" spec, its key read from the
// environment (never from the command line), its base URL, prices given as "IN,OUT[,CACHED]", and the
// one-line refusal when a vendor's endpoint is asked without a key. Generated context (`eval
// --context-model`, ./context.ts), the llm chunker (./llm-chunker.ts) and question generation
// (./questions.ts) all start here.

import { createHttpProvider, type Pricing, type ProviderConfig, type ProviderKind, type TextGenerator } from '../engine/llm/index.ts';
import { InputError } from '../engine/types.ts';

type Env = Record<string, string | undefined>;

/** The variables the CLI reads, each with the older name it still accepts (deprecated: says so once). */
const VARIABLES = {
  apiKey: { name: 'CHUNKLAB_LLM_API_KEY', old: 'CHUNKLAB_CONTEXT_API_KEY' },
  baseUrl: { name: 'CHUNKLAB_LLM_BASE_URL', old: 'CHUNKLAB_CONTEXT_BASE_URL' },
} as const;

export const LLM_API_KEY = VARIABLES.apiKey.name;
export const LLM_BASE_URL = VARIABLES.baseUrl.name;

const warned = new Set<string>();

/**
 * A variable by its name, else by its older name; the older name is deprecated and says so once per
 * process, on stderr (`warn`), so a script that still sets it keeps working and learns the new name.
 */
function variable(env: Env, which: keyof typeof VARIABLES, warn: (line: string) => void): string | undefined {
  const { name, old } = VARIABLES[which];
  if (env[name] !== undefined) return env[name];
  const value = env[old];
  if (value !== undefined && !warned.has(old)) {
    warned.add(old);
    warn(`warning    ${old} is deprecated: set ${name} instead (${old} is still read when ${name} is not set)`);
  }
  return value;
}

const stderr = (line: string) => console.error(line);

/**
 * A generator from "openai:<model>" or "anthropic:<model>". The key comes from CHUNKLAB_LLM_API_KEY,
 * else OPENAI_API_KEY / ANTHROPIC_API_KEY; the base URL from CHUNKLAB_LLM_BASE_URL (e.g. a local
 * Ollama at http://localhost:11434/v1). Returns the config too (redact it before writing it anywhere).
 */
export function providerFromSpec(spec: string, env: Env = process.env): { provider: TextGenerator; config: ProviderConfig } {
  const config = providerConfigFromSpec(spec, env);
  return { provider: createHttpProvider(config), config };
}

/** The configuration of a spec, key included (from the environment), without building the generator. */
export function providerConfigFromSpec(spec: string, env: Env = process.env, flag = '--context-model', warn = stderr): ProviderConfig {
  const m = /^(openai|anthropic):(.+)$/.exec(spec?.trim() ?? '');
  if (!m || !m[2].trim()) throw new InputError(`"${spec}" is not a provider spec (expected openai:<model> or anthropic:<model>)`, flag);
  const kind = m[1] as ProviderKind;
  const apiKey = variable(env, 'apiKey', warn) ?? (kind === 'openai' ? env.OPENAI_API_KEY : env.ANTHROPIC_API_KEY);
  const config: ProviderConfig = { kind, model: m[2].trim(), apiKey };
  const base = variable(env, 'baseUrl', warn);
  if (base) config.baseUrl = base;
  return config;
}

/** The environment with a base URL given on the command line in place of CHUNKLAB_LLM_BASE_URL. */
export function withBaseUrl(env: Env, baseUrl: string | undefined): Env {
  return baseUrl === undefined ? { ...env } : { ...env, [LLM_BASE_URL]: baseUrl };
}

/**
 * Refuses a call that cannot succeed: a vendor's endpoint without a key. A local OpenAI-compatible
 * server (a base URL given) needs none; `baseFlag` names the flag that gives one.
 */
export function requireKey(config: ProviderConfig, where: string, baseFlag: string): void {
  if (config.apiKey?.trim() || (config.kind === 'openai' && config.baseUrl)) return;
  const name = config.kind === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY';
  throw new InputError(`no API key: set ${name} (or ${LLM_API_KEY}) in the environment; a local OpenAI-compatible server needs ${baseFlag} instead`, where);
}

/** "IN,OUT[,CACHED]" dollars per million tokens. */
export function parsePricing(v: string, flag = '--context-price'): Pricing {
  const parts = v.split(',').map((x) => x.trim());
  const nums = parts.map(Number);
  if (parts.length < 2 || parts.length > 3 || nums.some((x, i) => !parts[i] || !Number.isFinite(x) || x < 0)) {
    throw new InputError(`must be IN,OUT or IN,OUT,CACHED dollars per million tokens (e.g. 0.15,0.60), got "${v}"`, flag);
  }
  const p: Pricing = { inputPerMillion: nums[0], outputPerMillion: nums[1] };
  if (parts.length === 3) p.cachedInputPerMillion = nums[2];
  return p;
}
