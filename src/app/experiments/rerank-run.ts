// The reranker's part of a grid run: which cross-encoder ids the grid may use (the one chosen in the
// reranker picker), what config.rerank records about it, and the hook the engine worker calls for
// scores, timed per query (the time is shown with the run; it never goes into the results file,
// which stays deterministic).
import { ensureReranker, rerankerNeedsFiles, rerankScores, rerankState } from '../rerank/state.svelte.ts';
import { FolderNeededError } from '../components/folder.ts';

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
  // A reranker from a folder that must be picked again: this run says so (runs without it go on).
  if (rerankerNeedsFiles() && rerankState.choice) throw new FolderNeededError('reranker', rerankState.choice.id);
  const s = await ensureReranker(signal);
  return { modelId: s.cacheId, dtype: s.dtype, device: s.device, maxTokens: s.maxTokens };
}

/** The rerankScore hook for one run; adds each query's time to row.rerank. */
export function rerankHooks(row: { rerank?: RerankTiming; config: { rerank?: unknown } }, signal: AbortSignal) {
  if (!row.config.rerank) return {};
  return {
    rerankScore: async (query: string, passages: string[]) => {
      const t0 = performance.now();
      const out = await rerankScores(query, passages, signal);
      const prev = row.rerank ?? { queries: 0, pairs: 0, ms: 0 };
      row.rerank = { queries: prev.queries + 1, pairs: prev.pairs + passages.length, ms: prev.ms + (performance.now() - t0) };
      return out.scores;
    },
  };
}
