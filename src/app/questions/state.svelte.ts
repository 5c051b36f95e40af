// Which question set, question and document the editor shows, and the key phrase being typed: kept
// as a draft (state/drafts.ts) so switching tabs or views, or reloading, comes back to the same place.
import { readDraft, writeDraft, draftString } from '../state/drafts.ts';

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
