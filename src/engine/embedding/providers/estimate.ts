// What embedding a corpus through a service will cost before any call: texts, tokens, calls (the
// client's own batch packing), dollars from the editable price table (prices.json: sources and date
// inside), and time at the service's rate limit or the calls' latency, whichever is slower.
import PRICE_TABLE from './prices.json' with { type: 'json' };
import { isOfficialBase } from './config.ts';
import type { CountTokens } from './tokens.ts';
import type { EmbeddingProviderConfig, EmbeddingProviderKind } from './types.ts';

export interface PriceEntry {
  usdPerMillionTokens: number;
  source: string;
}

export interface RateLimit {
  requestsPerMinute: number | null;
  tokensPerMinute: number | null;
  source: string;
}

export interface PriceTable {
  checked: string;
  services: Record<EmbeddingProviderKind, { rateLimit: RateLimit | null; models: Record<string, PriceEntry> }>;
}

export const EMBEDDING_PRICES = PRICE_TABLE as unknown as PriceTable;

export interface EmbeddingEstimate {
  /** Distinct texts still to send, and those already in the cache. */
  texts: number;
  cached: number;
  tokens: number;
  calls: number;
  /** Dollars; null when the table has no price (or the base URL is the user's own server). */
  costUSD: number | null;
  /** Where the price (or its absence) comes from, for the printed line. */
  priceNote: string;
  seconds: number;
  /** Whether tokens are the service's own (false: the closest known tokenizer). */
  tokensExact: boolean;
  /** Texts longer than the service's per-input limit (by this count). */
  overLimit: number;
}

export interface EstimateInput {
  config: Pick<EmbeddingProviderConfig, 'kind' | 'model' | 'baseUrl'>;
  /** Texts still to send, one group per input type (queries and documents go in separate calls). */
  groups: readonly (readonly string[])[];
  /** Texts already cached (for the line). */
  cached?: number;
  countTokens: CountTokens;
  tokensExact?: boolean;
  /** The client's batch packing (ProviderEmbedder.plan) and limits. */
  plan: (tokenCounts: readonly number[]) => number[][];
  maxTokensPerInput: number;
  concurrency: number;
  /** Seconds per call at the service (default 0.5). */
  latencySeconds?: number;
  prices?: PriceTable;
}

export function priceOf(config: EstimateInput['config'], table: PriceTable = EMBEDDING_PRICES): { entry?: PriceEntry; note: string } {
  if (!isOfficialBase(config)) return { note: 'no price: your own server' };
  const entry = table.services[config.kind]?.models[config.model];
  if (!entry) return { note: `no price for ${config.kind}:${config.model} in the price table (src/engine/embedding/providers/prices.json)` };
  return { entry, note: `$${entry.usdPerMillionTokens} per million tokens, price table of ${table.checked}` };
}

export function estimateEmbeddingRun(input: EstimateInput): EmbeddingEstimate {
  const table = input.prices ?? EMBEDDING_PRICES;
  let texts = 0;
  let tokens = 0;
  let calls = 0;
  let overLimit = 0;
  for (const group of input.groups) {
    const counts = group.map((t) => input.countTokens(t));
    texts += group.length;
    tokens += counts.reduce((s, n) => s + n, 0);
    overLimit += counts.filter((n) => n > input.maxTokensPerInput).length;
    calls += counts.length ? input.plan(counts).length : 0;
  }
  const { entry, note } = priceOf(input.config, table);
  const costUSD = entry ? (tokens * entry.usdPerMillionTokens) / 1e6 : null;
  const rate = isOfficialBase(input.config) ? table.services[input.config.kind]?.rateLimit : null;
  const latency = input.latencySeconds ?? 0.5;
  const seconds = Math.max(
    (calls * latency) / Math.max(1, input.concurrency),
    rate?.requestsPerMinute ? (calls / rate.requestsPerMinute) * 60 : 0,
    rate?.tokensPerMinute ? (tokens / rate.tokensPerMinute) * 60 : 0,
  );
  return { texts, cached: input.cached ?? 0, tokens, calls, costUSD, priceNote: note, seconds, tokensExact: !!input.tokensExact, overLimit };
}

const n0 = (x: number) => Math.round(x).toLocaleString('en-US');

/** The estimate as one line for a terminal. */
export function formatEmbeddingEstimate(id: string, e: EmbeddingEstimate, tokenizerName: string): string {
  const cost = e.costUSD === null ? e.priceNote : `about $${e.costUSD < 0.01 ? e.costUSD.toFixed(4) : e.costUSD.toFixed(2)} (${e.priceNote})`;
  return (
    `embedder   ${id}: ${n0(e.texts)} texts to embed, ${n0(e.cached)} in the cache; ${n0(e.calls)} calls, ` +
    `about ${n0(e.tokens)} tokens (${e.tokensExact ? 'exact' : `counted with ${tokenizerName}, not the service's tokenizer`}), ${cost}, ` +
    `about ${Math.ceil(e.seconds)} s` +
    (e.overLimit ? `; ${e.overLimit} texts may exceed the model's input limit` : '')
  );
}
