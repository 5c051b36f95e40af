// What the playground keeps in the browser: corpora of raw documents, question sets and saved
// results. Documents are stored as their original text (parsing is the engine's job, in the worker).
import type { DocFormat, DocMeta } from '../../engine/types.ts';
import type { QuestionSpec } from '../../engine/evaluation/index.ts';

export interface StoredDoc {
  id: string;
  /** Display name: the title, or the file name. */
  name: string;
  text: string;
  format: DocFormat;
  meta: DocMeta;
  addedAt: number;
}

export interface Corpus {
  id: string;
  name: string;
  /** Set on the built-in sample corpora, so "restore samples" knows which to replace. */
  sample?: 'pt-BR' | 'en';
  documents: StoredDoc[];
  createdAt: number;
  updatedAt: number;
}

/** A question as stored: the engine's question spec (gold as spans or key phrases). */
export type StoredQuestion = QuestionSpec;

export interface QuestionSet {
  id: string;
  name: string;
  corpusId: string;
  questions: StoredQuestion[];
  updatedAt: number;
}

/** A saved results file (docs/CONTRACT.md's format), kept as the engine produced it. */
export interface SavedResults {
  id: string;
  name: string;
  corpusId: string;
  createdAt: number;
  results: unknown;
  /** The grid or lesson run that made it (absent for single runs and results saved before groups). */
  group?: ResultsGroup;
}

/** Which batch of runs a saved result belongs to: a grid (or a lesson's grid) started at `at`. */
export interface ResultsGroup {
  id: string;
  kind: 'grid' | 'lesson';
  /** The lesson's title, or empty for a grid built by hand (the page names it by its date). */
  label: string;
  /** An i18n key for the label (a lesson), translated when shown. */
  labelKey?: string;
  at: number;
  /** The run's key in its grid (src/app/experiments/model.ts runKey): what a resume skips. */
  runKey?: string;
}

/** The list of what exists, so loading never has to scan every key. */
export interface WorkspaceIndex {
  version: 1;
  corpusIds: string[];
  questionSetIds: string[];
  resultIds: string[];
  activeCorpusId?: string;
  activeDocId?: string;
  /** True once the first-visit samples were stored: deleting them later does not bring them back. */
  samplesSeeded: boolean;
}
