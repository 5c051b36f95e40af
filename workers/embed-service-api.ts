// The embedding-service worker's API as types only: what workers/embed-service.worker.ts exposes and
// what the page (src/app/bridge/embed-service.ts) calls through Comlink.
import type { EmbeddingEstimate, EmbeddingProviderConfig, EmbeddingProviderRecord, InputKind, ProviderStats } from '../src/engine/embedding/providers/index.ts';
import type { PersonalDataScan } from '../src/engine/llm/index.ts';

export type { EmbeddingEstimate, EmbeddingProviderConfig, EmbeddingProviderRecord, InputKind, ProviderStats };

/** What the page learns about a configured service (no key). */
export interface ServiceInfo {
  /** `${kind}:${model}` */
  id: string;
  record: EmbeddingProviderRecord;
  /** The tokenizer texts are counted with, and whether it is the service's own. */
  tokenizer: string;
  exact: boolean;
  /** The service's input limit per text, in tokens. */
  maxTokens: number;
}

/** The estimate before any call, with the personal-data scan of the texts to send. */
export interface ServicePlan {
  estimate: EmbeddingEstimate;
  /** Distinct texts with no vector in the cache yet. */
  missing: number;
  personal: Pick<PersonalDataScan, 'counts' | 'total'>;
  /** The official endpoint and no key: nothing can be sent. */
  needsKey: boolean;
}

export interface ServiceEmbedOutput {
  vectors: Float32Array[];
  /** Texts over the input limit (the service cuts or refuses them). */
  truncated: number[];
  cacheHits: number;
}

export interface EmbedServiceWorkerApi {
  /** Sets the service (the key stays in this worker's memory; never stored here). */
  configure(config: EmbeddingProviderConfig): Promise<ServiceInfo>;
  /** What embedding these groups would take: texts not cached, tokens, calls, price, time; personal data. */
  plan(groups: { texts: string[]; kind: InputKind }[]): Promise<ServicePlan>;
  /** Unit vectors of `texts`: the cache first (IndexedDB), then the service in batches. */
  embed(texts: string[], kind: InputKind, onProgress?: (fraction: number) => void): Promise<ServiceEmbedOutput>;
  /** The record once the service answered (dimensions included). */
  record(): EmbeddingProviderRecord | null;
  stats(): ProviderStats;
}
