// Embedding service configuration: "kind:model" specs, base URLs checked and stripped of credentials,
// and the record a results file keeps (no key, no userinfo, no query string).
import { InputError } from '../../types.ts';
import { safeUrl } from '../../llm/index.ts';
import { PROTOCOLS, PROVIDER_KINDS } from './protocols.ts';
import type { EmbeddingProviderConfig, EmbeddingProviderKind, EmbeddingProviderRecord } from './types.ts';

/** "openai:text-embedding-3-small" → { kind, model }. */
export function parseEmbedderSpec(spec: string, where = '--embedder'): { kind: EmbeddingProviderKind; model: string } {
  const m = /^([a-z]+):(.+)$/.exec(String(spec ?? '').trim());
  if (!m || !(PROVIDER_KINDS as string[]).includes(m[1]) || !m[2].trim()) {
    throw new InputError(`"${spec}" is not an embedding service spec (expected ${PROVIDER_KINDS.map((k) => `${k}:<model>`).join(', ')})`, where);
  }
  return { kind: m[1] as EmbeddingProviderKind, model: m[2].trim() };
}

/** The base URL requests go to: the given one (checked, no trailing slash) or the service's own. */
export function baseUrlOf(config: Pick<EmbeddingProviderConfig, 'kind' | 'baseUrl'>): string {
  const raw = (config.baseUrl ?? PROTOCOLS[config.kind].defaultBase).trim().replace(/\/+$/, '');
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new InputError(`"${safeUrl(raw)}" is not a URL (expected e.g. ${PROTOCOLS[config.kind].defaultBase})`, 'embedding base URL');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new InputError('must start with http:// or https://', 'embedding base URL');
  return raw;
}

/** A base URL as it may be written down: no user:password@, no query string, no fragment, no trailing slash. */
export function publicBaseUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return u.toString().replace(/\/+$/, '');
  } catch {
    return '(invalid URL)';
  }
}

/** Whether requests go to the service itself (priced by the table) rather than the user's own server. */
export function isOfficialBase(config: Pick<EmbeddingProviderConfig, 'kind' | 'baseUrl'>): boolean {
  return publicBaseUrl(baseUrlOf(config)) === publicBaseUrl(PROTOCOLS[config.kind].defaultBase);
}

/** What the results file records: provider, model, dimensions and the base URL without credentials. */
export function embeddingRecord(config: EmbeddingProviderConfig, dimensions = config.dimensions): EmbeddingProviderRecord {
  return {
    provider: config.kind,
    model: config.model,
    ...(dimensions ? { dimensions } : {}),
    baseUrl: publicBaseUrl(baseUrlOf(config)),
  };
}

/** Checks the numbers of a config (dimensions, batch size, concurrency): one-line InputErrors. */
export function checkEmbeddingConfig(config: EmbeddingProviderConfig): void {
  if (!(PROVIDER_KINDS as string[]).includes(config?.kind)) throw new InputError(`unknown embedding service "${String(config?.kind)}" (expected ${PROVIDER_KINDS.join(', ')})`, 'embedder');
  if (typeof config.model !== 'string' || !config.model.trim()) throw new InputError('a model name is required', 'embedder');
  for (const k of ['dimensions', 'batchSize', 'concurrency', 'timeoutMs', 'maxAttempts'] as const) {
    const v = config[k];
    if (v !== undefined && !(Number.isInteger(v) && v >= 1)) throw new InputError(`${k} must be a whole number >= 1, got ${String(v)}`, 'embedder');
  }
  baseUrlOf(config);
}
