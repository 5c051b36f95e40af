// What every dataset reader returns: raw documents (not parsed yet) and question specs whose gold
// is explicit spans (UTF-16 offsets, already converted from the file's code points) or key
// phrases that evaluation/gold.ts resolves against the parsed document.
import type { DocFormat, DocMeta, GoldSpan } from '../types.ts';
import type { SkippedQuestion } from '../evaluation/types.ts';

export interface DocumentInput {
  id: string;
  text: string;
  format?: DocFormat;
  name?: string;
  meta?: DocMeta;
}

/** A key phrase: gold is the whole sentence, line or table row of the document that contains it. */
export interface PhraseRef {
  docId: string;
  phrase: string;
}

export type GoldRef = GoldSpan | PhraseRef;

export function isPhraseRef(r: GoldRef): r is PhraseRef {
  return typeof (r as PhraseRef).phrase === 'string';
}

export interface QuestionSpec {
  id: string;
  text: string;
  gold: GoldRef[];
  notRelevant?: GoldRef[];
  filter?: Record<string, string>;
  tags?: string[];
}

export type DatasetSource = 'squad' | 'chroma' | 'chunklab-folder' | 'chunklab-workspace';

export interface Dataset {
  name: string;
  source: DatasetSource;
  language?: string;
  documents: DocumentInput[];
  questions: QuestionSpec[];
  /** Questions present in the input that cannot be evaluated, with why. */
  skipped: SkippedQuestion[];
  /** Gold spans that were not at their stated offset and were moved to the nearest occurrence. */
  repaired?: number;
}
