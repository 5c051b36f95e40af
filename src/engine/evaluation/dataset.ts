// What every dataset reader returns: raw documents (not parsed yet) and question specs whose gold
// is explicit spans (UTF-16 offsets, already converted from the file's code points) or key
// phrases that evaluation/gold.ts resolves against the parsed document.
import { InputError, type Doc, type DocFormat, type DocMeta, type GoldSpan } from '../types.ts';
import { parseDocument } from '../documents/index.ts';
import type { SkippedQuestion } from './types.ts';

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

/** Where a generated question came from (absent for questions written by a person). */
export interface QuestionProvenance {
  /** The provider's id ("openai:gpt-4o-mini"): never a key or a URL. */
  model: string;
  promptVersion: string;
  kind: 'plain' | 'paraphrase' | 'twin';
  /** The passage the model was shown (UTF-16 offsets in memory, code points in files). */
  passage: GoldSpan;
  /** Share of the question's content words found in its excerpts (0–1). */
  overlap: number;
  /** How each excerpt was found: exact, normalised or loose. */
  located: string[];
}

/** A question's review state: absent means written by a person, which counts as accepted. */
export type ReviewState = 'unreviewed' | 'accepted' | 'rejected';

export interface QuestionSpec {
  id: string;
  text: string;
  gold: GoldRef[];
  notRelevant?: GoldRef[];
  filter?: Record<string, string>;
  tags?: string[];
  review?: ReviewState;
  provenance?: QuestionProvenance;
}

/** Whether a question takes part in an evaluation: rejected never; unreviewed only when asked. */
export function isEvaluated(q: Pick<QuestionSpec, 'review'>, includeUnreviewed: boolean): boolean {
  return q.review === undefined || q.review === 'accepted' || (includeUnreviewed && q.review === 'unreviewed');
}

/** 'documents': a plain folder (or set) of document files, with no questions. */
export type DatasetSource = 'squad' | 'chroma' | 'chunklab-folder' | 'chunklab-workspace' | 'documents';

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

/**
 * The dataset with only the questions an evaluation takes (see isEvaluated), and how many of those
 * are unreviewed generated questions.
 */
export function selectQuestions(ds: Dataset, includeUnreviewed: boolean): Dataset & { unreviewed: number } {
  const questions = ds.questions.filter((q) => isEvaluated(q, includeUnreviewed));
  return { ...ds, questions, unreviewed: questions.filter((q) => q.review === 'unreviewed').length };
}

/** Parsed documents by id; a repeated id is an InputError. */
export function parseDataset(ds: Dataset): Map<string, Doc> {
  const docs = new Map<string, Doc>();
  for (const d of ds.documents) {
    if (docs.has(d.id)) throw new InputError(`duplicate document id "${d.id}"`, ds.name);
    const meta = { ...(d.meta ?? {}) };
    if (ds.language && !meta.language) meta.language = ds.language;
    docs.set(d.id, parseDocument({ id: d.id, text: d.text, format: d.format, name: d.name, meta }));
  }
  return docs;
}
