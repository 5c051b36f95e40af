// Which question set, question and document the editor shows, and the key phrase being typed: kept
// as a draft (state/drafts.ts) so switching tabs or views, or reloading, comes back to the same place.
// Also the editor's edits of question sets, questions and their references (autosaved with the workspace).
import { readDraft, writeDraft, draftString } from '../state/drafts.ts';
import { t } from '../i18n/index.svelte.ts';
import { workspace, touchQuestionSet, deleteQuestionSet } from '../state/workspace.svelte.ts';
import type { QuestionSet } from '../state/types.ts';
import type { GoldRef, QuestionSpec } from '../../engine/evaluation/index.ts';
import { nextQuestionId, sameRef } from './edit.ts';

const saved = readDraft<Record<string, string>>('question-editor');
const opt = (field: string) => draftString(saved, field) || undefined;

export const editor = $state<{ setId?: string; questionId?: string; docId?: string; phrase: string }>({
  setId: opt('setId'),
  questionId: opt('questionId'),
  docId: opt('docId'),
  phrase: draftString(saved, 'phrase'),
});

/** Writes the editor's place and phrase draft (call from an effect that reads them). */
export function keepEditorDraft(): void {
  writeDraft('question-editor', { setId: editor.setId, questionId: editor.questionId, docId: editor.docId, phrase: editor.phrase || undefined });
}

/** A reference list of a question: its answers, or its look-alikes (spans that must not count). */
export type RefKind = 'gold' | 'notRelevant';

/** A new, empty question set for `corpus`, shown at once. */
export function newQuestionSet(corpus: { id: string; name: string }): void {
  const qs = workspace.addQuestionSet(corpus.id, t('search.q.newSetName', { corpus: corpus.name }), []);
  editor.setId = qs.id;
  editor.questionId = undefined;
}

/** Deletes a question set after the user confirms. */
export function removeQuestionSet(qset: QuestionSet): void {
  if (!confirm(t('search.q.deleteSetConfirm', { name: qset.name, count: qset.questions.length }))) return;
  deleteQuestionSet(workspace, qset.id);
  editor.setId = undefined;
  editor.questionId = undefined;
}

/** Adds an empty question with the next free id and shows it. */
export function addQuestion(qset: QuestionSet): void {
  const q: QuestionSpec = { id: nextQuestionId(qset.questions), text: '', gold: [] };
  qset.questions.push(q);
  editor.questionId = q.id;
  touchQuestionSet(workspace, qset.id);
}

/** Deletes a question after the user confirms. */
export function removeQuestion(qset: QuestionSet, question: QuestionSpec): void {
  if (!confirm(t('search.q.deleteConfirm', { id: question.id }))) return;
  const i = qset.questions.findIndex((q) => q.id === question.id);
  if (i >= 0) qset.questions.splice(i, 1);
  editor.questionId = undefined;
  touchQuestionSet(workspace, qset.id);
}

/** Shows a question (and the document of its first answer). */
export function selectQuestion(q: QuestionSpec): void {
  editor.questionId = q.id;
  const first = q.gold[0];
  if (first) editor.docId = first.docId;
}

/** Adds a reference to a question's list unless it is already there. */
export function addRef(qset: QuestionSet, question: QuestionSpec, kind: RefKind, ref: GoldRef): void {
  if (kind === 'notRelevant' && !question.notRelevant) question.notRelevant = [];
  // Read back through the state proxy (the array just assigned is wrapped, not the same object).
  const list = kind === 'gold' ? question.gold : question.notRelevant!;
  if (list.some((r) => sameRef(r, ref))) return;
  list.push(ref);
  touchQuestionSet(workspace, qset.id);
}

/** Removes the i-th reference of a list (an empty look-alike list is dropped). */
export function removeRef(qset: QuestionSet, question: QuestionSpec, kind: RefKind, i: number): void {
  const list = kind === 'gold' ? question.gold : question.notRelevant;
  list?.splice(i, 1);
  if (kind === 'notRelevant' && question.notRelevant && !question.notRelevant.length) delete question.notRelevant;
  touchQuestionSet(workspace, qset.id);
}

/** Sets a question's metadata filter (none when empty). */
export function setQuestionFilter(qset: QuestionSet, question: QuestionSpec, f: Record<string, string>): void {
  if (Object.keys(f).length) question.filter = f;
  else delete question.filter;
  touchQuestionSet(workspace, qset.id);
}
