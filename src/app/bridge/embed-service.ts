// The page's handle on the embedding-service worker (workers/embed-service.worker.ts) through the one
// worker bridge (./bridge.ts): calls queue, progress comes back through Comlink proxies, cancel
// terminates the worker (its call rejects with an AbortError) and the next call's fresh worker is
// configured again first (the key travels only to the worker, in memory).
import * as Comlink from 'comlink';
import type { EmbedServiceWorkerApi, EmbeddingProviderConfig, EmbeddingProviderRecord, InputKind, ProviderStats, ServiceEmbedOutput, ServiceInfo, ServicePlan } from '../../../workers/embed-service-api.ts';
import { WorkerBridge, wrapWorker } from './bridge.ts';

export type { ServiceInfo, ServicePlan, ServiceEmbedOutput, EmbeddingProviderRecord, ProviderStats };

type Remote = Comlink.Remote<EmbedServiceWorkerApi>;

export interface EmbedServiceClient {
  configure(config: EmbeddingProviderConfig): Promise<ServiceInfo>;
  plan(groups: { texts: string[]; kind: InputKind }[]): Promise<ServicePlan>;
  embed(texts: string[], kind: InputKind, onProgress?: (fraction: number) => void): Promise<ServiceEmbedOutput>;
  record(): Promise<EmbeddingProviderRecord | null>;
  stats(): Promise<ProviderStats>;
  /** Stops whatever is running (its promise rejects with an AbortError); finished batches stay cached. */
  cancel(): void;
}

export function createEmbedServiceClient(): EmbedServiceClient {
  let config: EmbeddingProviderConfig | null = null;
  /** What the worker said when it was last configured. */
  let info: ServiceInfo | null = null;
  const bridge = new WorkerBridge<Remote>((crashed) => {
    const worker = new Worker(new URL('../../../workers/embed-service.worker.ts', import.meta.url), { type: 'module', name: 'chunklab-embed-service' });
    return wrapWorker<EmbedServiceWorkerApi>(worker, 'embedding-service', crashed);
  }, 300_000)
    // A fresh worker (after a cancel, a crash or an idle let-go) gets the current config first.
    .prime(
      () => config,
      async (api, c) => {
        info = await api.configure(c!);
      },
    );
  return {
    configure(c) {
      config = c;
      return bridge.call(async () => info!, 'configure');
    },
    plan: (groups) => bridge.call((api) => api.plan(groups), 'plan'),
    embed: (texts, kind, onProgress) => bridge.call((api) => api.embed(texts, kind, onProgress ? Comlink.proxy(onProgress) : undefined), 'embed'),
    record: () => bridge.call((api) => api.record(), 'record'),
    stats: () => bridge.call((api) => api.stats(), 'stats'),
    cancel: () => bridge.cancel(() => new DOMException('cancelled', 'AbortError')),
  };
}
