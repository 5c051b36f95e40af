// Paired comparison of two results files over the same questions: for hit@1/3/5, the exact
// McNemar test on the questions exactly one configuration gets right, with those questions listed.
import { InputError } from '../types.ts';
import { scoreResults } from './metrics.ts';
import { mcnemarExact } from './stats.ts';
import type { ResultsFile } from './types.ts';

export interface PairedTest {
  metric: 'hit@1' | 'hit@3' | 'hit@5';
  a: number;
  b: number;
  /** Questions only A gets right / only B gets right. */
  onlyA: string[];
  onlyB: string[];
  /** Exact two-sided McNemar p-value. */
  p: number;
}

export interface Comparison {
  questions: number;
  tests: PairedTest[];
}

const sameGold = (x: ResultsFile['questions'][number], y: ResultsFile['questions'][number]) =>
  x.gold.length === y.gold.length && x.gold.every((g, i) => g.docId === y.gold[i].docId && g.start === y.gold[i].start && g.end === y.gold[i].end);

/** Scores both files from their own chunks and rankings and tests them pairwise. */
export function compareResults(a: ResultsFile, b: ResultsFile, names: [string, string] = ['A', 'B']): Comparison {
  const ids = new Map(b.questions.map((q, i) => [q.id, i]));
  const onlyInA = a.questions.filter((q) => !ids.has(q.id)).map((q) => q.id);
  const inB = new Set(a.questions.map((q) => q.id));
  const onlyInB = b.questions.filter((q) => !inB.has(q.id)).map((q) => q.id);
  if (onlyInA.length || onlyInB.length) {
    const list = (xs: string[]) => xs.slice(0, 5).join(', ') + (xs.length > 5 ? ', …' : '');
    throw new InputError(
      `the files do not hold the same questions (${onlyInA.length ? `only in ${names[0]}: ${list(onlyInA)}` : ''}${onlyInA.length && onlyInB.length ? '; ' : ''}${onlyInB.length ? `only in ${names[1]}: ${list(onlyInB)}` : ''})`,
    );
  }
  for (const q of a.questions) {
    if (!sameGold(q, b.questions[ids.get(q.id)!])) throw new InputError(`question ${q.id} has different gold spans in the two files`);
  }
  const sa = scoreResults(a.chunks, a.questions).perQuestion;
  const sbAll = scoreResults(b.chunks, b.questions).perQuestion;
  const sb = a.questions.map((q) => sbAll[ids.get(q.id)!]);
  const tests: PairedTest[] = (['hit1', 'hit3', 'hit5'] as const).map((key, i) => {
    const onlyA: string[] = [];
    const onlyB: string[] = [];
    sa.forEach((x, j) => {
      if (x[key] && !sb[j][key]) onlyA.push(x.id);
      if (!x[key] && sb[j][key]) onlyB.push(x.id);
    });
    const n = sa.length;
    return {
      metric: (['hit@1', 'hit@3', 'hit@5'] as const)[i],
      a: n ? sa.filter((x) => x[key]).length / n : 0,
      b: n ? sb.filter((x) => x[key]).length / n : 0,
      onlyA,
      onlyB,
      p: mcnemarExact(onlyA.length, onlyB.length),
    };
  });
  return { questions: sa.length, tests };
}
