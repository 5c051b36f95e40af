// The one split tune makes: the questions cut in two halves, once, before anything is scored. The
// configuration is chosen on the choosing half only; its figure is reported on the estimating half,
// which took no part in the choice. Questions of one document share its cuts (their outcomes move
// together), so the cut is by document; with fewer than MIN_DOCUMENTS documents a by-document cut
// leaves halves too lumpy to mean anything, and the cut is by question (the report says which).
import { seededRandom } from '../util/index.ts';

/** Below this many documents the halves are cut by question, not by document. */
export const MIN_DOCUMENTS = 10;

export interface SplitQuestion {
  id: string;
  /** The question's document (its first gold document). */
  docId: string;
}

export interface QuestionSplit {
  by: 'document' | 'question';
  seed: number;
  /** Documents that have questions. */
  documents: number;
  /** Question ids, in input order. */
  choosing: string[];
  estimating: string[];
}

/** Fisher–Yates with a seeded generator. */
export function shuffled<T>(xs: readonly T[], rand: () => number): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/**
 * Splits the questions in two halves seeded by `seed`: by document (each document's questions all in
 * one half; documents taken in a seeded order, each to the half with fewer questions so far) when
 * there are at least `minDocuments` documents, else by question (a seeded shuffle, the first ⌈n/2⌉
 * choosing). The same questions and seed always give the same halves, whatever their order.
 */
export function splitQuestions(questions: readonly SplitQuestion[], seed: number, minDocuments = MIN_DOCUMENTS): QuestionSplit {
  const rand = seededRandom(`tune-split:${seed}`);
  const byDoc = new Map<string, string[]>();
  // Appended in place (copying the list per question is quadratic in one document's questions, the
  // cost per-document.ts had: 100k questions on one document took 34–76 s).
  for (const q of questions) {
    const ids = byDoc.get(q.docId);
    if (ids) ids.push(q.id);
    else byDoc.set(q.docId, [q.id]);
  }
  const order = new Map(questions.map((q, i) => [q.id, i]));
  const inOrder = (ids: Iterable<string>) => [...ids].sort((a, b) => order.get(a)! - order.get(b)!);
  if (byDoc.size >= minDocuments) {
    const docs = shuffled([...byDoc.keys()].sort(), rand);
    const halves: [Set<string>, Set<string>] = [new Set(), new Set()];
    for (const d of docs) {
      const h = halves[0].size <= halves[1].size ? 0 : 1;
      for (const id of byDoc.get(d)!) halves[h].add(id);
    }
    return { by: 'document', seed, documents: byDoc.size, choosing: inOrder(halves[0]), estimating: inOrder(halves[1]) };
  }
  const ids = shuffled([...questions.map((q) => q.id)].sort(), rand);
  const cut = Math.ceil(ids.length / 2);
  return { by: 'question', seed, documents: byDoc.size, choosing: inOrder(ids.slice(0, cut)), estimating: inOrder(ids.slice(cut)) };
}
