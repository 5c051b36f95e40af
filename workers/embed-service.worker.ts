// The embedding-service worker: the engine's provider client (src/engine/embedding/providers) over
// the page's IndexedDB vector cache (workers/idb-cache.ts), so HTTP calls, batching, retries and
// validation run off the main thread, and every finished batch is kept at once (a cancelled run
// resumes with only the missing calls; a rerun makes none). Counting: the model's tiktoken encoding
// for an OpenAI embedding model, else the bundled tokenizer (workers/tokenizer.ts). The key lives in
// this worker's memory only. Cancel is the page's job: it terminates this worker.
import * as Comlink from 'comlink';
import './errors.ts';
import {
  createProviderEmbedder,
  planEmbeddingRun,
  serviceTokenCounter,
  serviceTokenizer,
  type EmbeddingProviderConfig,
  type ProviderEmbedder,
  type ServiceTokenCounter,
} from '../src/engine/embedding/providers/index.ts';
import { InputError } from '../src/engine/types.ts';
import { IdbEmbeddingCache } from './idb-cache.ts';
import { tokenizer } from './tokenizer.ts';
import type { EmbedServiceWorkerApi, ServiceInfo } from './embed-service-api.ts';

const cache = new IdbEmbeddingCache();
let current: { config: EmbeddingProviderConfig; embedder: ProviderEmbedder; counter: ServiceTokenCounter } | null = null;

function need() {
  if (!current) throw new InputError('no embedding service is configured', 'embedding service', { code: 'no-service' });
  return current;
}

const api: EmbedServiceWorkerApi = {
  async configure(config) {
    const tok = await serviceTokenizer(config.kind, config.model, await tokenizer());
    const counter = serviceTokenCounter(config.kind, config.model, tok);
    const embedder = createProviderEmbedder(config, { cache, countTokens: counter.count, tokensExact: counter.exact });
    current = { config, embedder, counter };
    const info: ServiceInfo = { id: embedder.id, record: embedder.record(), tokenizer: counter.name, exact: counter.exact, maxTokens: embedder.maxTokens };
    return info;
  },

  async plan(groups) {
    const { config, embedder, counter } = need();
    const p = await planEmbeddingRun(config, embedder, counter, groups);
    return { estimate: p.estimate, missing: p.todo, personal: { counts: p.personal.counts, total: p.personal.total }, needsKey: p.needsKey };
  },

  async embed(texts, kind, onProgress) {
    const { embedder } = need();
    const r = await embedder.embed(texts, kind, { onProgress: onProgress ? (f) => void onProgress(f) : undefined });
    return { vectors: [...r], truncated: r.truncated, cacheHits: r.cacheHits };
  },

  record: () => current?.embedder.record() ?? null,
  stats: () => current?.embedder.stats() ?? { calls: 0, texts: 0, cacheHits: 0, billedTokens: 0 },
};

Comlink.expose(api);
