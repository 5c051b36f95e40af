// Enough questions, for the page: from two saved results over the same questions, the paired hit@5
// outcome (discordant questions, exact McNemar p, questions a decisive test needs) and each run's hit@5
// bootstrap resampling documents beside resampling questions. Every number comes from the engine's
// evaluation functions on the results files; nothing here is a metric of its own.
import { bootstrapRate, mcnemarExact, powerAfter, type BootstrapInterval, type PowerAfter, type ResultsFile } from '../../engine/evaluation/index.ts';

export interface Enough {
  power: PowerAfter;
  p: number;
  a: { byDocument: BootstrapInterval; byQuestion: BootstrapInterval };
  b: { byDocument: BootstrapInterval; byQuestion: BootstrapInterval };
}

/** hit@5 per question as a rescored results file records it: a hit has no miss reason. */
const hit5 = (q: ResultsFile['questions'][number]) => q.gold.length > 0 && q.miss === undefined;

function boot(file: ResultsFile) {
  const hits = file.questions.map(hit5);
  return { byDocument: bootstrapRate(file.questions, hits, { by: 'document' }), byQuestion: bootstrapRate(file.questions, hits, { by: 'question' }) };
}

/** The figures for runs A and B, or undefined when they do not share their questions (then nothing pairs). */
export function enoughQuestions(a: ResultsFile, b: ResultsFile): Enough | undefined {
  const inB = new Map(b.questions.map((q) => [q.id, q]));
  if (!a.questions.length || a.questions.length !== b.questions.length || !a.questions.every((q) => inB.has(q.id))) return undefined;
  let onlyA = 0;
  let onlyB = 0;
  for (const q of a.questions) {
    const x = hit5(q);
    const y = hit5(inB.get(q.id)!);
    if (x && !y) onlyA++;
    if (!x && y) onlyB++;
  }
  const p = mcnemarExact(onlyA, onlyB);
  return { power: powerAfter(a.questions.length, onlyA, onlyB, p), p, a: boot(a), b: boot(b) };
}
