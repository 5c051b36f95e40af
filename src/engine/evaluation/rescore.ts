// A results file's numbers recomputed from its own chunks and rankings: what reading a file and
// finishing a run both do, so a stored number is never trusted.

import type { ResultsFile, ResultsQuestion } from './types.ts';
import { budgetOf, scoreResults } from './metrics.ts';

/** The file with metrics, intervals, twins and per-question rank/miss/twin recomputed (at config.budget). */
export function rescore(file: ResultsFile): ResultsFile {
  const s = scoreResults(file.chunks, file.questions, { budget: budgetOf(file.config) });
  const questions = file.questions.map((q, i) => {
    const p = s.perQuestion[i];
    const out: ResultsQuestion = { ...q, rank: p.rank };
    delete out.miss;
    delete out.twin;
    if (p.miss) out.miss = p.miss;
    if (p.twin) out.twin = p.twin;
    return out;
  });
  return { ...file, questions, metrics: s.metrics, intervals: s.intervals, twins: s.twins };
}
