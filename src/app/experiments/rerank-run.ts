// The reranker's part of a grid run: which cross-encoder ids the grid may use (the one chosen in the
// reranker picker), what config.rerank records about it, and the hook the engine worker calls for
// scores, timed per query (the time is shown with the run; it never goes into the results file,
// which stays deterministic).
import { readyReranker, rerankScoreHook, rerankState } from '../rerank/state.svelte.ts';

export interface RerankTiming {
  queries: number;
  pairs: number;
  /** Milliseconds from the page's side (worker scoring plus the trip between workers). */
  ms: number;
}

/** Reranker ids the grid can run now: the chosen one. */
export function availableRerankers(): string[] {
  return rerankState.choice ? [rerankState.choice.id] : [];
}

/** What config.rerank records beside {model, top}: the loaded model's id, dtype, device and limit. */
export async function rerankRecord(signal: AbortSignal): Promise<Record<string, unknown>> {
  const s = await readyReranker(signal);
  return { modelId: s.cacheId, dtype: s.dtype, device: s.device, maxTokens: s.maxTokens };
}

/** The rerankScore hook for one run; adds each query's time to row.rerank. */
export function rerankHooks(row: { rerank?: RerankTiming; config: { rerank?: unknown } }, signal: AbortSignal) {
  if (!row.config.rerank) return {};
  return {
    rerankScore: rerankScoreHook(signal, (pairs, ms) => {
      const prev = row.rerank ?? { queries: 0, pairs: 0, ms: 0 };
      row.rerank = { queries: prev.queries + 1, pairs: prev.pairs + pairs, ms: prev.ms + ms };
    }),
  };
}
