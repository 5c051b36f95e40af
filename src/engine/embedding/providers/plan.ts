// What a run through an embedding service will cost before any call: the texts its cache lacks, the
// estimate (calls, tokens, price) and the personal-data scan of what would be sent. The CLI prints
// it and asks; the page's service worker returns it for the confirmation dialog.
import { scanPersonalData, type PersonalDataScan } from '../../llm/index.ts';
import { isOfficialBase } from './config.ts';
import { estimateEmbeddingRun, type EmbeddingEstimate } from './estimate.ts';
import type { ProviderEmbedder } from './client.ts';
import type { InputKind } from './protocols.ts';
import type { ServiceTokenCounter } from './tokens.ts';
import type { EmbeddingProviderConfig } from './types.ts';

export interface EmbeddingRunPlan {
  /** Per group, the distinct texts the cache does not hold. */
  missing: string[][];
  /** How many texts would be sent. */
  todo: number;
  estimate: EmbeddingEstimate;
  /** Likely personal data in the texts to send. */
  personal: PersonalDataScan;
  /** The official endpoint with no key: nothing can be sent. */
  needsKey: boolean;
}

export async function planEmbeddingRun(
  config: EmbeddingProviderConfig,
  embedder: ProviderEmbedder,
  counter: ServiceTokenCounter,
  groups: readonly { texts: readonly string[]; kind: InputKind }[],
): Promise<EmbeddingRunPlan> {
  const missing = await Promise.all(groups.map((g) => embedder.missing(g.texts, g.kind)));
  const todo = missing.reduce((s, m) => s + m.length, 0);
  const distinct = groups.reduce((s, g) => s + new Set(g.texts).size, 0);
  const estimate = estimateEmbeddingRun({
    config,
    groups: missing,
    cached: distinct - todo,
    countTokens: counter.count,
    tokensExact: counter.exact,
    plan: embedder.plan,
    maxTokensPerInput: embedder.maxTokens,
    concurrency: embedder.concurrency,
  });
  const personal = scanPersonalData(missing.flat().join('\n'), 0);
  return { missing, todo, estimate, personal, needsKey: !config.apiKey && isOfficialBase(config) };
}
