// Per-document choice, for the page: which saved runs of the results view share one question set and
// their unique names (pure); per-document-call.ts asks the worker for the engine's choice. Nothing here
// is a metric of its own.
import type { ChoiceMetric, ResultsFile } from '../../engine/evaluation/index.ts';
import { configId } from '../sharing/leaderboard.ts';

/** The metrics offered in the page (the engine takes more; these are the ones a reader knows). */
export const PAGE_CHOICE_METRICS: readonly ChoiceMetric[] = ['hit@5', 'hit@1', 'mrr', 'recall@5'];

/** A run's question set: ids and gold spans, in order (runs with equal keys can be paired question by question). */
function questionSetKey(file: ResultsFile): string {
  return JSON.stringify(file.questions.map((q) => [q.id, q.gold.map((g) => [g.docId, g.start, g.end])]));
}

/**
 * The runs of the largest group that shares one question set (same questions, same gold spans; ties:
 * the group of the earliest run), each with a name no other has (shown, in the page's language) and
 * an id no other has (the per-document recipe's key: from the configuration itself, so a recipe
 * saved from the Portuguese page is the one saved from the English page), and how many runs were
 * left out.
 */
export function sameQuestionSet<R extends { name: string; file: ResultsFile }>(rows: readonly R[]): { runs: { row: R; name: string; id: string }[]; leftOut: number } {
  const groups = new Map<string, R[]>();
  for (const r of rows) {
    if (!r.file.questions.length) continue;
    const k = questionSetKey(r.file);
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  let best: R[] = [];
  for (const g of groups.values()) if (g.length > best.length) best = g;
  const names = unique(best.map((row) => row.name), (base, n) => `${base} (${n})`);
  const ids = unique(best.map((row) => configId(row.file.config)), (base, n) => `${base}-${n}`);
  return { runs: best.map((row, i) => ({ row, name: names[i], id: ids[i] })), leftOut: rows.length - best.length };
}

/**
 * Each of `wanted` made distinct: a number is added (`add`) until the result is one no other has
 * (a run may itself be called "fixed (2)").
 */
function unique(wanted: readonly string[], add: (base: string, n: number) => string): string[] {
  const taken = new Set(wanted);
  const used = new Set<string>();
  return wanted.map((base) => {
    let name = base;
    for (let n = 2; used.has(name) || (name !== base && taken.has(name)); n++) name = add(base, n);
    used.add(name);
    return name;
  });
}
