// Which language to ask a model in: the document's own (meta.language), else a guess from its text.

import { guessLanguage } from '../documents/language.ts';
import type { Doc } from '../types.ts';

export type PromptLanguage = 'pt' | 'en';

/** 'pt' or 'en' from meta.language when it says so, else a guess from the text. */
export function promptLanguage(doc: Doc): PromptLanguage {
  const l = doc.meta.language?.toLowerCase();
  if (l?.startsWith('pt')) return 'pt';
  if (l?.startsWith('en')) return 'en';
  return guessLanguage(doc.text);
}
