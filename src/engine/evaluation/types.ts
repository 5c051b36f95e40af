// The results file's shape (docs/CONTRACT.md "Results file") and the per-question scores around it.
// Every offset in a results file counts Unicode code points of the document text, like every other
// file ChunkLab reads or writes, so tools in any language can slice documents with them.
import type { GoldSpan } from '../types.ts';

/** A unit retrieval returns: for small-to-big the parent, for sentence-window the window. */
export interface ResultsChunk {
  id: string;
  docId: string;
  start: number;
  end: number;
  /** Tokens of the text handed to the reader, prefix included. */
  tokens: number;
}

export type MissReason = 'split' | 'below-k' | 'not-retrieved';
export type TwinOutcome = 'relevant-first' | 'look-alike-first' | 'same-unit' | 'neither';

export interface ResultsQuestion {
  id: string;
  text: string;
  gold: GoldSpan[];
  /** Unit ids, best first, after merging duplicates and repeated parents. */
  ranked: string[];
  /** Scores of `ranked`, same order (informative; never used for metrics). */
  scores?: number[];
  notRelevant?: GoldSpan[];
  filter?: Record<string, string>;
  tags?: string[];
  /** Filled by scoring (recomputed on read, never trusted). */
  rank?: number | null;
  miss?: MissReason;
  twin?: TwinOutcome;
}

export const METRIC_KEYS = [
  'hit@1',
  'hit@3',
  'hit@5',
  'mrr',
  'coverage',
  'ctx3',
  'recall@5',
  'precision@5',
  'iou@5',
  'hit@budget',
  'recall@budget',
  'chunks',
  'meanTokens',
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];
/** Metrics added after version 1 files were first written: a file without them still opens (they are recomputed). */
export const LATER_METRIC_KEYS: readonly MetricKey[] = ['hit@budget', 'recall@budget'];
export type Metrics = Record<MetricKey, number>;

/** The rates that get a Wilson interval (proportions of questions). */
export const RATE_KEYS = ['hit@1', 'hit@3', 'hit@5', 'coverage', 'hit@budget'] as const;
export type RateKey = (typeof RATE_KEYS)[number];

export interface TwinSummary {
  /** Questions that have look-alike (notRelevant) passages. */
  questions: number;
  relevantFirst: number;
  lookAlikeFirst: number;
  sameUnit: number;
  neither: number;
  /** relevantFirst / questions, with its Wilson interval. */
  rate: number;
  interval: [number, number];
}

export interface SkippedQuestion {
  id: string;
  reason: string;
}

export interface ResultsFile {
  format: 'chunklab-results';
  version: 1;
  config: Record<string, unknown>;
  chunks: ResultsChunk[];
  questions: ResultsQuestion[];
  metrics: Metrics;
  /** Wilson 95% intervals of the rates. */
  intervals?: Partial<Record<RateKey, [number, number]>>;
  twins?: TwinSummary;
  /** Questions the dataset had but that could not be evaluated (e.g. answer text not found). */
  skipped?: SkippedQuestion[];
  /** Counts of the indexed entries (differs from `chunks` for small-to-big and sentence-window). */
  index?: { entries: number; meanTokens: number };
  /** Offsets unit of every span in this file. Always 'codepoint'. */
  offsets?: 'codepoint';
}

/** One chunk given ready-made (`eval --chunks`, read by formats/chunks-jsonl.ts), offsets in UTF-16. */
export interface ChunkLine {
  id?: string;
  docId: string;
  start: number;
  end: number;
  prefix: string;
  returnStart?: number;
  returnEnd?: number;
  parentId?: string;
  headingPath?: string[];
  /** 1-based line in the file. */
  line: number;
}
