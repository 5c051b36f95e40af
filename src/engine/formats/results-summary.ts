// The short summary of an opened results file that a leaderboard shows: its configuration as a
// label, metrics and intervals, counts, and the signature of its question set (same questions and
// gold spans → same signature), so files evaluated on different questions are never ranked together.
import type { Metrics, RateKey, ResultsFile } from '../evaluation/types.ts';
import { fnv1a32 } from '../util/index.ts';

/** What the leaderboard shows of one opened results file. Every string in it is untrusted text. */
export interface ResultsSummary {
  fileName: string;
  /** config.author when the file has one (a string). */
  author?: string;
  /** config.dataset.name when present. */
  dataset?: string;
  /** chunker · cap · overlap · header · retriever, from the file's config. */
  label: string;
  metrics: Metrics;
  intervals: Partial<Record<RateKey, [number, number]>>;
  questions: number;
  skipped: number;
  /** Signature of the question set (ids and gold spans). */
  questionSet: string;
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** FNV-1a, 32 bits, as 8 hex digits: enough to tell question sets apart in a table. */
const fnv1a = (text: string) => fnv1a32(text).toString(16).padStart(8, '0');

/** Same question ids with the same gold spans (order of questions does not matter) → same signature. */
export function questionSetSignature(file: Pick<ResultsFile, 'questions'>): string {
  const lines = file.questions.map((q) => `${q.id}\u0000${q.gold.map((g) => `${g.docId}\u0001${g.start}\u0001${g.end}`).join('\u0002')}`);
  lines.sort();
  return fnv1a(lines.join('\u0003'));
}

/** A short, readable description of a run's configuration (chunker · cap · overlap · header · retriever). */
export function configLabel(config: Record<string, unknown>): string {
  const params = isRecord(config.params) ? config.params : {};
  const retriever = isRecord(config.retriever) ? config.retriever : {};
  const parts: string[] = [typeof config.chunker === 'string' ? config.chunker : '?'];
  if (typeof params.maxTokens === 'number') parts.push(`${params.maxTokens} tok`);
  if (typeof params.overlap === 'number' && params.overlap > 0) parts.push(`overlap ${params.overlap}`);
  const header = config.header ?? params.header;
  if (header === true || isRecord(header)) parts.push('header');
  if (typeof retriever.kind === 'string') {
    let r = retriever.kind;
    if (typeof retriever.model === 'string' && retriever.model) r += ` ${retriever.model}`;
    if (retriever.late === true) r += ' late';
    parts.push(r);
  }
  if (isRecord(config.context)) parts.push('context');
  return parts.join(' · ');
}

export function summarize(file: ResultsFile, fileName: string): ResultsSummary {
  const c = file.config;
  const dataset = isRecord(c.dataset) && typeof c.dataset.name === 'string' ? c.dataset.name : undefined;
  const out: ResultsSummary = {
    fileName,
    label: configLabel(c),
    metrics: file.metrics,
    intervals: file.intervals ?? {},
    questions: file.questions.length,
    skipped: file.skipped?.length ?? 0,
    questionSet: questionSetSignature(file),
  };
  if (typeof c.author === 'string' && c.author.trim()) out.author = c.author.trim();
  if (dataset) out.dataset = dataset;
  return out;
}

