// The llm chunker in the experiment grid: before the grid runs, one estimate over the corpus (the
// windows and their answers do not depend on the grid's sizes, so every llm run shares them: the first
// makes the calls, the others read the cache), the personal-data scan, and the user's acceptance, which
// holds for that corpus version and model only.
import type { LlmChunkEstimate } from '../../../workers/engine-api.ts';
import { engine } from '../bridge/engine.svelte.ts';
import { providerPricing } from '../llm/settings.svelte.ts';
import { docInputs } from '../bridge/corpus.ts';
import type { Corpus } from '../state/types.ts';
import { errorMessage } from '../state/workspace.svelte.ts';
import { chunkHooks } from './hooks.ts';

export const gridLlm = $state({
  /** What the estimate was made for: corpus version and model. */
  key: '',
  estimate: null as (LlmChunkEstimate & { cost: number | null }) | null,
  accepted: false,
  busy: false,
  error: null as string | null,
});

export function gridLlmKey(corpus: Corpus, generator: string): string {
  return `${corpus.id}|${corpus.updatedAt}|${corpus.documents.length}|${generator}`;
}

/** Estimates the llm calls of chunking `corpus` (no call is made); resets the acceptance. */
export async function estimateGridLlm(corpus: Corpus, generator: string): Promise<void> {
  const key = gridLlmKey(corpus, generator);
  if (gridLlm.key === key && (gridLlm.estimate || gridLlm.busy)) return;
  Object.assign(gridLlm, { key, estimate: null, accepted: false, busy: true, error: null });
  try {
    const est = await engine((api) => api.llmEstimate(docInputs(corpus), { maxTokens: 256 }, generator, chunkHooks('llm')), 'llm-estimate');
    if (gridLlm.key !== key) return;
    const price = providerPricing();
    gridLlm.estimate = { ...est, cost: price ? (est.inputTokens * price.inputPerMillion + est.outputTokens * price.outputPerMillion) / 1e6 : null };
  } catch (e) {
    if (gridLlm.key === key) gridLlm.error = errorMessage(e);
  } finally {
    if (gridLlm.key === key) gridLlm.busy = false;
  }
}

/** Whether the grid's llm runs may call the model: estimated for this corpus and model, and accepted (or nothing to call). */
export function gridLlmAllowed(corpus: Corpus | undefined, generator: string | undefined): boolean {
  if (!corpus || !generator || gridLlm.key !== gridLlmKey(corpus, generator) || !gridLlm.estimate) return false;
  return gridLlm.accepted || gridLlm.estimate.calls === 0;
}
