// The per-document choice (evaluation/per-document.ts) computed in the engine worker, with the
// per-document recipe file's text.
import type * as Comlink from 'comlink';
import { engine } from '../bridge/engine.svelte.ts';
import type { ChoiceMetric, PerDocumentResult, ResultsFile } from '../../engine/evaluation/index.ts';
import type { ResultsApi } from '../../../workers/engine-api.ts';

/** The choice and the recipe file's text (plain data: pass snapshots, not reactive proxies). */
export function choosePerDocumentIn(runs: { name: string; file: ResultsFile }[], metric: ChoiceMetric): Promise<{ result: PerDocumentResult; recipe: string }> {
  return engine((api) => (api as unknown as Comlink.Remote<ResultsApi>).perDocumentChoice(runs, metric), 'per-document');
}
