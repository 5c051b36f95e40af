// What tune searches: chunkers × sizes (BM25 first), each configuration's parameters completed with
// the registry's defaults exactly as a recipe completes them (so `eval --recipe` on the pick cuts the
// very chunks tune scored), the default every pick is compared with (recursive, 512 tokens) and the
// baselines (other libraries' splitters, at the default's size).
import type { ChunkerId } from '../types.ts';
import { BASELINE_IDS, resolveParams } from '../chunkers/index.ts';
import type { ExperimentConfig, RetrieverConfig } from '../evaluation/experiment.ts';

export interface TuneCandidate {
  /** "chunker · size" (with "· hdr" when a context header is on). */
  label: string;
  config: ExperimentConfig;
}

/** The default search: four chunkers × five caps = 20 configurations. */
export const DEFAULT_TUNE_CHUNKERS: readonly ChunkerId[] = ['recursive', 'sentences', 'structure', 'fixed'];
export const DEFAULT_TUNE_SIZES: readonly number[] = [64, 128, 256, 512, 1024];
/** The configuration a pick is compared with when nobody says otherwise. */
export const DEFAULT_CHUNKER: ChunkerId = 'recursive';
export const DEFAULT_SIZE = 512;

/** The label of a configuration: chunker, cap, header. */
export function tuneLabel(chunker: string, maxTokens: number, header = false): string {
  return `${chunker} · ${maxTokens}${header ? ' · hdr' : ''}`;
}

/** One configuration, parameters completed (overlap 0, header off unless asked). */
export function tuneCandidate(chunker: ChunkerId, maxTokens: number, opts: { header?: boolean; retriever?: RetrieverConfig; k?: number } = {}): TuneCandidate {
  const raw: Record<string, unknown> = { maxTokens };
  if (opts.header) raw.header = true;
  const params = resolveParams(chunker, raw) as ExperimentConfig['params'];
  return { label: tuneLabel(chunker, maxTokens, !!opts.header), config: { chunker, params, retriever: { ...(opts.retriever ?? { kind: 'bm25' }) }, k: opts.k ?? 10 } };
}

/** chunkers × sizes, in that order (chunker-major): the search space. */
export function tuneSpace(chunkers: readonly ChunkerId[] = DEFAULT_TUNE_CHUNKERS, sizes: readonly number[] = DEFAULT_TUNE_SIZES, opts: { header?: boolean; k?: number } = {}): TuneCandidate[] {
  const out: TuneCandidate[] = [];
  for (const c of chunkers) for (const s of sizes) out.push(tuneCandidate(c, s, opts));
  return out;
}

/** The baselines a pick is compared with: the default, then every other library's splitter at the default's size. */
export function tuneBaselines(size = DEFAULT_SIZE, opts: { k?: number; baselines?: readonly ChunkerId[] } = {}): TuneCandidate[] {
  return [DEFAULT_CHUNKER, ...(opts.baselines ?? BASELINE_IDS)].map((c) => tuneCandidate(c, size, { k: opts.k }));
}
