// A grid from a course pack (an untrusted file) as the experiments view takes it: only the fields
// it knows, each checked (ids from the registries, whole numbers in range); never autoRun, no model
// or reranker ids (those name files on the teacher's machine). Anything else is dropped.
import { CHUNKER_IDS } from '../../engine/chunkers/index.ts';
import type { ExperimentGrid } from '../experiments/model.ts';

const ints = (v: unknown, min: number, max: number): number[] | undefined =>
  Array.isArray(v) ? [...new Set(v.filter((x): x is number => Number.isInteger(x) && x >= min && x <= max))].slice(0, 20) : undefined;
const among = <T extends string>(v: unknown, allowed: readonly T[]): T[] | undefined =>
  Array.isArray(v) ? [...new Set(v.filter((x): x is T => typeof x === 'string' && (allowed as readonly string[]).includes(x)))] : undefined;
const int = (v: unknown, min: number, max: number): number | undefined => (Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? (v as number) : undefined);

/** The pack grid's known fields, checked; `corpusId` is the id the pack's corpus got here. */
export function gridFromPack(raw: Record<string, unknown>, corpusId: string | undefined, name: string): Partial<ExperimentGrid> {
  const g: Partial<ExperimentGrid> = {};
  const chunkers = among(raw.chunkers, CHUNKER_IDS);
  if (chunkers?.length) g.chunkers = chunkers;
  const sizes = ints(raw.sizes, 1, 8192);
  if (sizes?.length) g.sizes = sizes;
  const overlaps = ints(raw.overlaps, 0, 4096);
  if (overlaps?.length) g.overlaps = overlaps;
  if (Array.isArray(raw.headers)) {
    const h = [...new Set(raw.headers.filter((x): x is boolean => typeof x === 'boolean'))];
    if (h.length) g.headers = h;
  }
  const retrievers = among(raw.retrievers, ['bm25', 'dense', 'hybrid'] as const);
  if (retrievers?.length) g.retrievers = retrievers;
  const scopes = among(raw.scopes, ['corpus', 'document'] as const);
  if (scopes?.length) g.scopes = scopes;
  const k = int(raw.k, 1, 100);
  if (k !== undefined) g.k = k;
  const budget = int(raw.budget, 1, 1_000_000);
  if (budget !== undefined) g.budget = budget;
  if (typeof raw.late === 'boolean') g.late = raw.late;
  if (corpusId) g.corpusId = corpusId;
  g.label = name.slice(0, 200);
  return g;
}
