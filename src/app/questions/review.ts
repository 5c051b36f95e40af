// Pure helpers of the review panel: which generated questions a filter shows, counts by review
// state, adding a run's questions to a set (fresh ids, never over a person's), and the review
// actions on one question. Persistence goes through the workspace (touchQuestionSet).
import type { QuestionSpec, ReviewState } from '../../engine/evaluation/index.ts';
import { isPhraseRef } from '../../engine/evaluation/index.ts';

export type StatusFilter = 'all' | ReviewState;

export interface ReviewFilter {
  /** Only questions with an answer in this document ('' for all). */
  docId: string;
  status: StatusFilter;
  /** Lexical overlap between question and excerpt (provenance.overlap), inclusive bounds 0–1. */
  minOverlap: number;
  maxOverlap: number;
}

export const ALL: ReviewFilter = { docId: '', status: 'all', minOverlap: 0, maxOverlap: 1 };

/** A question the review panel handles: one with a review state (generated, or imported with one). */
export function isReviewable(q: QuestionSpec): boolean {
  return q.review !== undefined;
}

/** The first document a question's answer is in (where the panel shows it). */
export function answerDoc(q: QuestionSpec): string | undefined {
  return q.gold[0]?.docId;
}

export function matchesFilter(q: QuestionSpec, f: ReviewFilter): boolean {
  if (!isReviewable(q)) return false;
  if (f.docId && !q.gold.some((g) => g.docId === f.docId)) return false;
  if (f.status !== 'all' && q.review !== f.status) return false;
  const o = q.provenance?.overlap;
  if (o !== undefined && (o < f.minOverlap || o > f.maxOverlap)) return false;
  return true;
}

export function filterQuestions(questions: readonly QuestionSpec[], f: ReviewFilter): QuestionSpec[] {
  return questions.filter((q) => matchesFilter(q, f));
}

export interface ReviewCounts {
  unreviewed: number;
  accepted: number;
  rejected: number;
  /** Written by a person (no review state): evaluated like accepted ones. */
  written: number;
}

export function reviewCounts(questions: readonly QuestionSpec[]): ReviewCounts {
  const c: ReviewCounts = { unreviewed: 0, accepted: 0, rejected: 0, written: 0 };
  for (const q of questions) c[q.review ?? 'written']++;
  return c;
}

/**
 * Appends generated questions to `target` (in place), renaming an id already used there
 * ("gen-ab12" → "gen-ab12-2"), so nothing already in the set is replaced. Returns the ids added.
 */
export function addGenerated(target: QuestionSpec[], specs: readonly QuestionSpec[]): string[] {
  const used = new Set(target.map((q) => q.id));
  const added: string[] = [];
  for (const s of specs) {
    let id = s.id;
    for (let n = 2; used.has(id); n++) id = `${s.id}-${n}`;
    used.add(id);
    target.push({ ...s, id });
    added.push(id);
  }
  return added;
}

/** Marks every question of `list` still unreviewed as accepted; returns how many changed. */
export function acceptAll(list: readonly QuestionSpec[]): number {
  let n = 0;
  for (const q of list) {
    if (q.review === 'unreviewed') {
      q.review = 'accepted';
      n++;
    }
  }
  return n;
}

/**
 * The answer replaced by a selection: one gold span in `docId`. The provenance's overlap no longer
 * describes the new answer, and its "located" list is now a person's choice.
 */
export function replaceAnswer(q: QuestionSpec, docId: string, start: number, end: number): void {
  if (!(end > start && start >= 0)) throw new RangeError(`empty answer ${start}–${end}`);
  q.gold = [{ docId, start, end }];
  if (q.provenance) q.provenance = { ...q.provenance, located: ['selected'] };
}

/** The answer's text in `text` (the document's), spans joined with " … "; key phrases as written. */
export function answerText(q: QuestionSpec, docId: string, text: string): string {
  return q.gold
    .filter((g) => g.docId === docId)
    .map((g) => (isPhraseRef(g) ? g.phrase : text.slice(g.start, g.end)))
    .join(' … ');
}
