// Per-document choice, for the page: which saved runs of the results view share one question set,
// their unique names, and the engine's choice (evaluation/per-document.ts) computed in the worker with
// the per-document recipe file's text. Nothing here is a metric of its own.
import type * as Comlink from 'comlink';
import { engine } from '../bridge/engine.svelte.ts';
import type { ChoiceMetric, PerDocumentResult, ResultsFile } from '../../engine/evaluation/index.ts';
import type { ResultsApi } from '../../../workers/engine-api.ts';

/** The metrics offered in the page (the engine takes more; these are the ones a reader knows). */
export const PAGE_CHOICE_METRICS: readonly ChoiceMetric[] = ['hit@5', 'hit@1', 'mrr', 'recall@5'];

/** The runs that share the first run's questions (same ids, same count), each with a name no other has. */
export function sameQuestionSet<R extends { name: string; file: ResultsFile }>(rows: readonly R[]): { row: R; name: string }[] {
  const first = rows.find((r) => r.file.questions.length > 0);
  if (!first) return [];
  const ids = new Set(first.file.questions.map((q) => q.id));
  const same = rows.filter((r) => r.file.questions.length === ids.size && r.file.questions.every((q) => ids.has(q.id)));
  const seen = new Map<string, number>();
  return same.map((row) => {
    const n = (seen.get(row.name) ?? 0) + 1;
    seen.set(row.name, n);
    return { row, name: n > 1 ? `${row.name} (${n})` : row.name };
  });
}

/** The choice and the recipe file's text (plain data: pass snapshots, not reactive proxies). */
export function choosePerDocumentIn(runs: { name: string; file: ResultsFile }[], metric: ChoiceMetric): Promise<{ result: PerDocumentResult; recipe: string }> {
  return engine((api) => (api as unknown as Comlink.Remote<ResultsApi>).perDocumentChoice(runs, metric), 'per-document');
}
