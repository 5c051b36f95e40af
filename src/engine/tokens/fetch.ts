// Loads a tokenizer from a URL folder holding tokenizer.json and tokenizer_config.json (the Hugging
// Face layout). Uses only fetch, so it works in browser workers and in Node 20.
import { InputError } from '../types.ts';
import { createTokenizer, type AlignedTokenizer } from './tokenizer.ts';

async function getJson(url: string, required: boolean): Promise<object | null> {
  let res: Response;
  try {
    res = await fetch(url);
  } catch (e) {
    throw new InputError(`cannot download (${(e as Error).message})`, url);
  }
  if (!res.ok) {
    if (!required && res.status === 404) return null;
    throw new InputError(`download failed with HTTP ${res.status}`, url);
  }
  try {
    return (await res.json()) as object;
  } catch {
    throw new InputError('is not valid JSON', url);
  }
}

/**
 * Fetches `${baseUrl}/tokenizer.json` and `${baseUrl}/tokenizer_config.json` (optional) and builds
 * the tokenizer. `name` defaults to the last segment of the URL path.
 */
export async function loadTokenizerFromUrl(baseUrl: string, name?: string): Promise<AlignedTokenizer> {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const [json, config] = await Promise.all([
    getJson(`${base}tokenizer.json`, true),
    getJson(`${base}tokenizer_config.json`, false),
  ]);
  const fallbackName = base.replace(/\/+$/, '').split('/').pop() || 'tokenizer';
  return createTokenizer(json!, config ?? {}, name ?? decodeURIComponent(fallbackName));
}
