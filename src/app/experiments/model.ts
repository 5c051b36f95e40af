// The experiment grid's model: which chunkers, sizes, overlaps, headers, retrievers, models and k
// the Experiments view crosses, and its expansion into one engine ExperimentConfig per run. Pure.
import { isBaselineChunker, type ChunkerId } from '../../engine/types.ts';
import type { ExperimentConfig } from '../../engine/evaluation/index.ts';
import type { ContextRunConfig } from '../../engine/context/index.ts';
import { DEFAULT_CONTEXT_TOKENS, leavesRoomForContext } from '../../engine/context/index.ts';
import { runLabel, shortModel } from '../results/label.ts';

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
  /**
   * Generated context off/on (default [false]). "On" places the context panel's cached sentences
   * (config.context); whenever "on" is in the grid, "off" is the header-only arm chunked at the same
   * reduced cap (config.contextBaseline), so both arms have identical chunk boundaries.
   */
  contexts?: boolean[];
  /** Units kept per question (the results file keeps at least 10). */
  k: number;
  /**
   * Reranker dimension (default ['']): '' runs without a reranker, an id reranks with that
   * cross-encoder (the page runs one at a time: the one chosen in the grid's reranker picker).
   */
  rerankers?: string[];
  /** How many of the retriever's first hits the reranker rescores (default 50). */
  rerankTop?: number;
  /** Search scope dimension (default ['corpus']): 'document' searches only each question's gold document(s). */
  scopes?: ('corpus' | 'document')[];
  /** Context budget in tokens of hit@budget and recall@budget (default 1024). */
  budget?: number;
  /** Start running as soon as the view opens (a lesson that wants results straight away). */
  autoRun?: boolean;
  /** A label shown above the grid (e.g. the lesson's title). */
  label?: string;
  /** An i18n message key for the label, translated when shown (so it follows the page's language). */
  labelKey?: string;
}

/** One run of a grid: the engine config and a short human label. */
export interface GridRun {
  key: string;
  label: string;
  config: ExperimentConfig;
}

export function defaultGrid(): ExperimentGrid {
  return { chunkers: ['fixed', 'structure'], sizes: [128], overlaps: [0], headers: [false], retrievers: ['bm25'], models: [], contexts: [false], k: 10 };
}

const uniq = <T>(xs: readonly T[]): T[] => [...new Set(xs)];

// The stored label of a run, e.g. "structure · 128 · ov 16 · hdr · bm25" (the English parts of label.ts).
export { runLabel, shortModel };

/** A stable key for a run's configuration (same grid cell → same key). */
export function runKey(config: ExperimentConfig): string {
  const r = config.retriever;
  const ctx = config.context ? 'c' : config.contextBaseline ? 'b' : '';
  const rr = config.rerank ? `${config.rerank.model}@${config.rerank.top ?? 50}` : '';
  const key = [config.chunker, config.params.maxTokens, config.params.overlap ?? 0, config.header ? 1 : 0, r.kind, r.model ?? '', r.late ? 1 : 0, config.k ?? 10, ctx, rr, config.scope ?? 'corpus', config.budget ?? 1024].join('|');
  // The model that made the semantic vectors or chose the llm boundaries (absent: lexical vectors).
  const borrowed = config.chunker === 'semantic' ? config.semanticEmbedder : config.chunker === 'llm' ? config.generator : undefined;
  return borrowed ? `${key}|${borrowed}` : key;
}

/**
 * Every run the grid makes, in a stable order. Dense/hybrid runs need a model: with no model they
 * are left out and counted in `needModel`. Context "on" needs `opts.context` (the context panel's
 * settings, without key): without it those runs are left out and counted in `needContext`. The
 * semantic chunker records `opts.semanticEmbedder` (the loaded model; absent: lexical vectors); llm
 * runs need `opts.generator` (the configured language model), else they count in `needModel`.
 */
export function expandGrid(
  grid: ExperimentGrid,
  opts: { context?: ContextRunConfig; semanticEmbedder?: string; generator?: string } = {},
): { runs: GridRun[]; needModel: number; needContext: number; invalid: number } {
  const runs: GridRun[] = [];
  let needModel = 0;
  let needContext = 0;
  let invalid = 0;
  const models = uniq(grid.models ?? []);
  const contexts = uniq(grid.contexts?.length ? grid.contexts : [false]);
  const withContext = contexts.includes(true);
  const reserve = opts.context?.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
  const rerankers = uniq(grid.rerankers?.length ? grid.rerankers : ['']);
  const scopes = uniq(grid.scopes?.length ? grid.scopes : ['corpus' as const]);
  const cross = crossRerankScope(rerankers, scopes, grid);
  for (const chunker of uniq(grid.chunkers))
    for (const size of uniq(grid.sizes))
      for (const overlap of uniq(grid.overlaps))
        for (const header of uniq(grid.headers))
          for (const kind of uniq(grid.retrievers))
            for (const ctx of contexts) {
              const n = (kind === 'bm25' ? 1 : Math.max(1, models.length)) * cross.length;
              const sizeOk = Number.isInteger(size) && size > 0 && Number.isInteger(overlap) && overlap >= 0 && overlap < size;
              // A baseline's chunks are the library's own: no context header to add (header "on" is left out).
              if (!sizeOk || (withContext && !leavesRoomForContext(size, reserve)) || (header && isBaselineChunker(chunker))) {
                invalid += n;
                continue;
              }
              if (ctx && !opts.context) {
                needContext += n;
                continue;
              }
              // The llm chunker needs the configured language model.
              if (chunker === 'llm' && !opts.generator) {
                needModel += n;
                continue;
              }
              const base: Omit<ExperimentConfig, 'retriever'> = { chunker, params: { maxTokens: size, overlap }, header, k: grid.k };
              if (chunker === 'semantic' && opts.semanticEmbedder) base.semanticEmbedder = opts.semanticEmbedder;
              if (chunker === 'llm') base.generator = opts.generator;
              if (ctx) base.context = opts.context;
              else if (withContext) base.contextBaseline = { contextTokens: reserve };
              const push = (retriever: ExperimentConfig['retriever']) => {
                for (const extra of cross) {
                  const config: ExperimentConfig = { ...base, retriever: { ...retriever }, ...extra };
                  runs.push({ key: runKey(config), label: runLabel(config), config });
                }
              };
              if (kind === 'bm25') push({ kind });
              else if (!models.length) needModel += cross.length;
              else for (const model of models) push({ kind, model, ...(grid.late ? { late: true } : {}) });
            }
  return { runs, needModel, needContext, invalid };
}

/** The reranker × scope cells (with the budget) each chunking × retriever cell runs in. */
function crossRerankScope(rerankers: readonly string[], scopes: readonly ('corpus' | 'document')[], grid: ExperimentGrid): Pick<ExperimentConfig, 'rerank' | 'scope' | 'budget'>[] {
  const out: Pick<ExperimentConfig, 'rerank' | 'scope' | 'budget'>[] = [];
  for (const model of rerankers)
    for (const scope of scopes) {
      const cell: Pick<ExperimentConfig, 'rerank' | 'scope' | 'budget'> = {};
      if (model) cell.rerank = { model, top: grid.rerankTop ?? 50 };
      if (scope !== 'corpus') cell.scope = scope;
      if (grid.budget !== undefined) cell.budget = grid.budget;
      out.push(cell);
    }
  return out;
}

// The model fields a dense/hybrid run records: one function in the engine, shared with the CLI.
export { modelRecord, type LoadedModelInfo } from '../../engine/embedding/index.ts';

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

