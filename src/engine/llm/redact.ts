// Keeping API keys out of everything that leaves the page: provider settings without the key (and
// without credentials a base URL may carry). The context part of an experiment's config builds on it
// (context/run-config.ts).

import type { ProviderConfig, ProviderSettings } from './types.ts';

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
