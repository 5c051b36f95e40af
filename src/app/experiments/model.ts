// The experiment grid's model: which chunkers, sizes, overlaps, headers, retrievers, models and k
// the Experiments view crosses, and its expansion into one engine ExperimentConfig per run. Pure.
import type { ChunkerId } from '../../engine/types.ts';
import type { ExperimentConfig } from '../../engine/evaluation/experiment.ts';

export type RetrieverKind = 'bm25' | 'dense' | 'hybrid';

/**
 * A grid of experiments. Every run is one combination of chunker × size × overlap × header ×
 * retriever (× model, for dense/hybrid). Combinations where overlap >= size are left out.
 *
 * Presets (e.g. a lesson) fill it and call `openGrid(grid)`; omitted fields keep the view's current
 * choice (corpus, question set) or take the defaults of `defaultGrid()`.
 */
export interface ExperimentGrid {
  /** Workspace corpus id. */
  corpusId?: string;
  /** Or: the built-in sample corpus in that language (used when corpusId is absent or unknown). */
  sample?: 'pt-BR' | 'en';
  /** Question set id (of that corpus); default: the corpus's first question set. */
  questionSetId?: string;
  /** Chunker ids from the engine's CHUNKERS registry. */
  chunkers: ChunkerId[];
  /** Caps (maxTokens), in tokens of the bundled tokenizer. */
  sizes: number[];
  /** Overlaps in tokens (0 = none). */
  overlaps: number[];
  /** Context header off/on; [false, true] runs both. */
  headers: boolean[];
  retrievers: RetrieverKind[];
  /** Embedding model ids for dense/hybrid runs (ignored by BM25). */
  models?: string[];
  /** Late chunking for dense/hybrid runs. */
  late?: boolean;
  /** Units kept per question (the results file keeps at least 10). */
  k: number;
  /** Start running as soon as the view opens (a lesson that wants results straight away). */
  autoRun?: boolean;
  /** A label shown above the grid (e.g. the lesson's title). */
  label?: string;
}

/** One run of a grid: the engine config and a short human label. */
export interface GridRun {
  key: string;
  label: string;
  config: ExperimentConfig;
}

export function defaultGrid(): ExperimentGrid {
  return { chunkers: ['fixed', 'structure'], sizes: [128], overlaps: [0], headers: [false], retrievers: ['bm25'], models: [], k: 10 };
}

const uniq = <T>(xs: readonly T[]): T[] => [...new Set(xs)];

/** The short label of a run, e.g. "structure · 128 tok · overlap 16 · header · bm25". */
export function runLabel(config: ExperimentConfig): string {
  const p = config.params;
  const parts: string[] = [String(config.chunker), `${p.maxTokens}`];
  if (p.overlap) parts.push(`ov ${p.overlap}`);
  if (config.header) parts.push('hdr');
  const r = config.retriever;
  parts.push(r.kind + (r.model ? ` ${r.model}` : '') + (r.late ? ' late' : ''));
  if (config.k !== undefined && config.k !== 10) parts.push(`k=${config.k}`);
  return parts.join(' · ');
}

/** A stable key for a run's configuration (same grid cell → same key). */
export function runKey(config: ExperimentConfig): string {
  const r = config.retriever;
  return [config.chunker, config.params.maxTokens, config.params.overlap ?? 0, config.header ? 1 : 0, r.kind, r.model ?? '', r.late ? 1 : 0, config.k ?? 10].join('|');
}

/**
 * Every run the grid makes, in a stable order. Dense/hybrid runs need a model: with no model they
 * are left out and counted in `needModel`.
 */
export function expandGrid(grid: ExperimentGrid): { runs: GridRun[]; needModel: number; invalid: number } {
  const runs: GridRun[] = [];
  let needModel = 0;
  let invalid = 0;
  const models = uniq(grid.models ?? []);
  for (const chunker of uniq(grid.chunkers))
    for (const size of uniq(grid.sizes))
      for (const overlap of uniq(grid.overlaps))
        for (const header of uniq(grid.headers))
          for (const kind of uniq(grid.retrievers)) {
            if (!(Number.isInteger(size) && size > 0 && Number.isInteger(overlap) && overlap >= 0 && overlap < size)) {
              invalid += kind === 'bm25' ? 1 : Math.max(1, models.length);
              continue;
            }
            const base = { chunker, params: { maxTokens: size, overlap }, header, k: grid.k } satisfies Omit<ExperimentConfig, 'retriever'>;
            if (kind === 'bm25') {
              const config: ExperimentConfig = { ...base, retriever: { kind } };
              runs.push({ key: runKey(config), label: runLabel(config), config });
            } else if (!models.length) {
              needModel++;
            } else {
              for (const model of models) {
                const config: ExperimentConfig = { ...base, retriever: { kind, model, ...(grid.late ? { late: true } : {}) } };
                runs.push({ key: runKey(config), label: runLabel(config), config });
              }
            }
          }
  return { runs, needModel, invalid };
}

/** Parses "128, 256 512" into whole numbers; returns undefined for anything else. */
export function parseNumberList(text: string): number[] | undefined {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (!parts.length) return undefined;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^\d+$/.test(p)) return undefined;
    out.push(Number(p));
  }
  return uniq(out);
}

