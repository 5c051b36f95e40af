// Which questions gain or lose their hit between two results of the same questions (a run and the
// same run with hand-edited boundaries): hit@k as the results file defines it, every gold span inside
// one of the first k ranked units.
import { allContained } from '../evaluation/metrics.ts';
import type { ResultsChunk, ResultsFile } from '../evaluation/types.ts';

export interface QuestionDelta {
  id: string;
  text: string;
  before: boolean;
  after: boolean;
}

export interface HitDeltas {
  k: number;
  /** Questions that hit at k after the edit and did not before. */
  gained: QuestionDelta[];
  /** Questions that hit at k before the edit and no longer do. */
  lost: QuestionDelta[];
  /** Hits at k before and after, over the questions both results hold. */
  hitsBefore: number;
  hitsAfter: number;
  questions: number;
}

type Scored = Pick<ResultsFile, 'chunks' | 'questions'>;

/** Per question id: whether every gold span lies inside one of the first k ranked units. */
export function hitsAt(file: Scored, k: number): Map<string, boolean> {
  const byId = new Map<string, ResultsChunk>(file.chunks.map((c) => [c.id, c]));
  const out = new Map<string, boolean>();
  for (const q of file.questions) {
    const units = q.ranked.slice(0, k).map((id) => byId.get(id)).filter((u): u is ResultsChunk => !!u);
    out.set(q.id, q.gold.length > 0 && allContained(units, q.gold));
  }
  return out;
}

/** The questions (in `before`'s order) whose hit at k differs between the two results. */
export function hitDeltas(before: Scored, after: Scored, k: number): HitDeltas {
  const a = hitsAt(before, k);
  const b = hitsAt(after, k);
  const gained: QuestionDelta[] = [];
  const lost: QuestionDelta[] = [];
  let hitsBefore = 0;
  let hitsAfter = 0;
  let questions = 0;
  for (const q of before.questions) {
    const x = a.get(q.id);
    const y = b.get(q.id);
    if (x === undefined || y === undefined) continue;
    questions++;
    if (x) hitsBefore++;
    if (y) hitsAfter++;
    if (x !== y) (y ? gained : lost).push({ id: q.id, text: q.text, before: x, after: y });
  }
  return { k, gained, lost, hitsBefore, hitsAfter, questions };
}
