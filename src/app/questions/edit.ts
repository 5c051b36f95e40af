// Small pure helpers of the question editor: fresh question ids, and how a gold reference is
// described in a list. Persistence goes through the workspace (touchQuestionSet).
import type { GoldRef, QuestionSpec } from '../../engine/evaluation/index.ts';
import { isPhraseRef } from '../../engine/evaluation/index.ts';

/** The next free id of the form q1, q2… (after the highest number already used). */
export function nextQuestionId(questions: readonly QuestionSpec[]): string {
  const used = new Set(questions.map((q) => q.id));
  let n = questions.length + 1;
  for (const q of questions) {
    const m = /^q(\d+)$/.exec(q.id);
    if (m) n = Math.max(n, Number(m[1]) + 1);
  }
  while (used.has(`q${n}`)) n++;
  return `q${n}`;
}

/** Whether two references point at the same thing (same document, same span or same phrase). */
export function sameRef(a: GoldRef, b: GoldRef): boolean {
  if (a.docId !== b.docId) return false;
  if (isPhraseRef(a) || isPhraseRef(b)) return isPhraseRef(a) && isPhraseRef(b) && a.phrase === b.phrase;
  return a.start === b.start && a.end === b.end;
}

/** What an experiment needs of a question: text and at least one answer. */
export function isComplete(q: QuestionSpec): boolean {
  return q.text.trim() !== '' && q.gold.length > 0;
}
