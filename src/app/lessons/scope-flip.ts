// The scope lesson's claim, computed from its own saved runs (never typed): each configuration's
// rates when searching the whole corpus and when searching only the answer's document, and the pair
// of configurations whose order flips between the two scopes by the widest margin (in questions), if
// any does. Reads the engine's metrics from results files; computes no metric itself.
import type { ResultsFile } from '../../engine/evaluation/index.ts';
import { runKey, runLabel } from '../experiments/model.ts';
import type { ExperimentConfig } from '../../engine/evaluation/index.ts';

export type FlipMetric = 'hit@1' | 'hit@5';
export const FLIP_METRICS: readonly FlipMetric[] = ['hit@5', 'hit@1'];

export interface ScopeCell {
  key: string;
  label: string;
  /** Questions evaluated (the same set in both scopes). */
  questions: number;
  corpus: Record<FlipMetric, number>;
  document: Record<FlipMetric, number>;
}

export interface ScopeFlip {
  metric: FlipMetric;
  /** Wins across the corpus, loses within the document. */
  corpusWinner: ScopeCell;
  documentWinner: ScopeCell;
  /** The smaller of the two gaps, in questions. */
  margin: number;
}

/**
 * Configurations run in both scopes (the newest run of each, by `createdAt`), keyed by their
 * configuration without the scope.
 */
export function scopeCells(saved: readonly { createdAt: number; file: ResultsFile }[]): ScopeCell[] {
  const newest = new Map<string, { corpus?: ResultsFile; document?: ResultsFile; at: Record<string, number> }>();
  for (const s of [...saved].sort((a, b) => a.createdAt - b.createdAt)) {
    const cfg = s.file.config as unknown as ExperimentConfig & { scope?: string };
    if (!cfg?.params || !cfg.retriever) continue;
    const scope = cfg.scope === 'document' ? 'document' : 'corpus';
    const bare = bareConfig(cfg);
    const key = runKey(bare);
    const e = newest.get(key) ?? { at: {} };
    e[scope] = s.file;
    newest.set(key, e);
  }
  const rates = (f: ResultsFile) => ({ 'hit@1': f.metrics['hit@1'], 'hit@5': f.metrics['hit@5'] });
  const out: ScopeCell[] = [];
  for (const [key, e] of newest) {
    if (!e.corpus || !e.document || e.corpus.questions.length !== e.document.questions.length) continue;
    const cfg = e.corpus.config as unknown as ExperimentConfig;
    out.push({ key, label: runLabel(bareConfig(cfg)), questions: e.corpus.questions.length, corpus: rates(e.corpus), document: rates(e.document) });
  }
  return out;
}

/** A results file's configuration without its scope and budget (the header as the grid sets it). */
export function bareConfig(cfg: ExperimentConfig): ExperimentConfig {
  const header = cfg.header ?? (cfg.params as { header?: unknown }).header;
  return { ...cfg, header: header ? true : undefined, scope: undefined, budget: undefined } as ExperimentConfig;
}

/** The flip with the widest margin over the metrics (hit@5 first on ties), or undefined when none flips. */
export function widestFlip(cells: readonly ScopeCell[]): ScopeFlip | undefined {
  let best: ScopeFlip | undefined;
  for (const metric of FLIP_METRICS)
    for (const a of cells)
      for (const b of cells) {
        const n = a.questions;
        const dc = Math.round((a.corpus[metric] - b.corpus[metric]) * n);
        const dd = Math.round((b.document[metric] - a.document[metric]) * n);
        if (dc > 0 && dd > 0 && (!best || Math.min(dc, dd) > best.margin)) best = { metric, corpusWinner: a, documentWinner: b, margin: Math.min(dc, dd) };
      }
  return best;
}
