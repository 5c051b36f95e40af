// Presentation helpers for saved results: rows for the results table (engine metrics and Wilson
// intervals as the results file carries them), sorting, the Pareto front of hit@1 against context
// tokens, compact number formats, and the facts behind the "why this one wins" sentence. Nothing here
// computes a metric: every number comes from the engine's results file.
import type { MetricKey, RateKey, ResultsFile } from '../../engine/evaluation/index.ts';
import type { SavedResults } from '../state/types.ts';
import { budgetOf } from '../../engine/evaluation/index.ts';
import { shownLabel, type Translate } from './label.ts';

export interface ResultRow {
  id: string;
  /** The label shown: translated from the stored config (label.ts), else the stored label. */
  name: string;
  /** The label as stored with the result (English ids and abbreviations). */
  stored: string;
  createdAt: number;
  /** The dataset the run evaluated ("corpus / question set"): only rows with the same one compare. */
  dataset: string;
  file: ResultsFile;
}

export const COLUMNS = ['name', 'hit@1', 'hit@3', 'hit@5', 'mrr', 'coverage', 'hit@budget', 'recall@budget', 'ctx3', 'iou@5', 'chunks', 'meanTokens'] as const;
export type Column = (typeof COLUMNS)[number];
export const RATE_COLUMNS: readonly string[] = ['hit@1', 'hit@3', 'hit@5', 'coverage', 'hit@budget'];

/** The context budgets (config.budget, 1024 when a file names none) of these rows, distinct, ascending. */
export function rowBudgets(rows: readonly ResultRow[]): number[] {
  return [...new Set(rows.map((r) => budgetOf(r.file.config)))].sort((a, b) => a - b);
}

function isResultsFile(x: unknown): x is ResultsFile {
  const f = x as ResultsFile | null;
  return !!f && typeof f === 'object' && f.format === 'chunklab-results' && !!f.metrics && Array.isArray(f.questions);
}

export function datasetName(file: ResultsFile): string {
  const d = file.config?.dataset as { name?: unknown } | undefined;
  return typeof d?.name === 'string' ? d.name : '';
}

/** Rows for saved results that hold a results file (others are ignored); with `tr`, names in the page's language (label.ts). */
export function toRows(saved: readonly SavedResults[], tr?: Translate): ResultRow[] {
  return saved.filter((s) => isResultsFile(s.results)).map((s) => {
    const file = s.results as ResultsFile;
    return { id: s.id, name: tr ? shownLabel(file.config, s.name, tr) : s.name, stored: s.name, createdAt: s.createdAt, dataset: datasetName(file), file };
  });
}

export function cell(row: ResultRow, col: Column): number | string {
  return col === 'name' ? row.name : row.file.metrics[col as MetricKey];
}

/** Rows sorted by a column; ties keep the order they came in. */
export function sortRows<T extends ResultRow>(rows: readonly T[], col: Column, dir: 'asc' | 'desc'): T[] {
  const sign = dir === 'asc' ? 1 : -1;
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => {
      const x = cell(a.r, col);
      const y = cell(b.r, col);
      const c = typeof x === 'string' || typeof y === 'string' ? String(x).localeCompare(String(y)) : x - y;
      return c !== 0 ? sign * c : a.i - b.i;
    })
    .map((x) => x.r);
}

export interface Point {
  id: string;
  x: number;
  y: number;
}

/**
 * The Pareto front for "more hit@1 (y) with fewer context tokens (x)": the points no other point
 * beats on both (at most as many tokens and at least as high hit@1, better on one). Sorted by x.
 */
export function paretoFront(points: readonly Point[]): Point[] {
  const front = points.filter((p) => !points.some((q) => q !== p && q.x <= p.x && q.y >= p.y && (q.x < p.x || q.y > p.y)));
  return [...front].sort((a, b) => a.x - b.x || b.y - a.y);
}

export function interval(row: ResultRow, key: RateKey): [number, number] | undefined {
  return row.file.intervals?.[key];
}

export interface Verdict {
  best: ResultRow;
  runnerUp?: ResultRow;
  /** The two hit@5 intervals overlap: the data do not separate them by intervals alone. */
  overlap?: boolean;
  /** Rows tied with the best on hit@5. */
  ties: number;
}

/** The best row on hit@5 (ties broken by MRR, then fewer ctx3 tokens) and the runner-up. */
export function verdict(rows: readonly ResultRow[]): Verdict | undefined {
  if (!rows.length) return undefined;
  const ranked = [...rows].sort(
    (a, b) => b.file.metrics['hit@5'] - a.file.metrics['hit@5'] || b.file.metrics.mrr - a.file.metrics.mrr || a.file.metrics.ctx3 - b.file.metrics.ctx3,
  );
  const [best, runnerUp] = ranked;
  const ties = ranked.filter((r) => r !== best && r.file.metrics['hit@5'] === best.file.metrics['hit@5']).length;
  if (!runnerUp) return { best, ties };
  const a = interval(best, 'hit@5');
  const b = interval(runnerUp, 'hit@5');
  const overlap = a && b ? a[0] <= b[1] && b[0] <= a[1] : undefined;
  return { best, runnerUp, overlap, ties };
}

/** Gold text from code point offsets (results files count code points). */
export function sliceCodePoints(text: string, start: number, end: number): string {
  return Array.from(text).slice(start, end).join('');
}
