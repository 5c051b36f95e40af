// Per-document choice, for the page: which saved runs of the results view share one question set and
// their unique names (pure); per-document-call.ts asks the worker for the engine's choice. Nothing here
// is a metric of its own.
import type { ChoiceMetric, ResultsFile } from '../../engine/evaluation/index.ts';

/** The metrics offered in the page (the engine takes more; these are the ones a reader knows). */
export const PAGE_CHOICE_METRICS: readonly ChoiceMetric[] = ['hit@5', 'hit@1', 'mrr', 'recall@5'];

/** A run's question set: ids and gold spans, in order (runs with equal keys can be paired question by question). */
function questionSetKey(file: ResultsFile): string {
  return JSON.stringify(file.questions.map((q) => [q.id, q.gold.map((g) => [g.docId, g.start, g.end])]));
}

/**
 * The runs of the largest group that shares one question set (same questions, same gold spans; ties:
 * the group of the earliest run), each with a name no other has, and how many runs were left out.
 */
export function sameQuestionSet<R extends { name: string; file: ResultsFile }>(rows: readonly R[]): { runs: { row: R; name: string }[]; leftOut: number } {
  const groups = new Map<string, R[]>();
  for (const r of rows) {
    if (!r.file.questions.length) continue;
    const k = questionSetKey(r.file);
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  let best: R[] = [];
  for (const g of groups.values()) if (g.length > best.length) best = g;
  // Names are the per-document recipe's keys: a number is added until the name is one no run has
  // (a run may itself be called "fixed (2)").
  const taken = new Set(best.map((row) => row.name));
  const used = new Set<string>();
  const runs = best.map((row) => {
    let name = row.name;
    for (let n = 2; used.has(name) || (name !== row.name && taken.has(name)); n++) name = `${row.name} (${n})`;
    used.add(name);
    return { row, name };
  });
  return { runs, leftOut: rows.length - runs.length };
}
