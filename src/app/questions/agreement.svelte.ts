// Generated versus human questions in the page: after questions are generated for a corpus that also
// has questions written by people, run the latest grid's BM25 configurations (or a small default grid)
// over both sets in the engine worker and show how the two rank them (Kendall's τ-b with its interval,
// the pairs ordered differently). The engine does the work (evaluation/agreement-grid.ts); this file
// picks the configurations, gathers the questions, and keeps progress, cancel and the last report.
import {
  agreementGrid,
  sideByProvenance,
  type AgreementMetric,
  type AgreementReport,
  type AgreementRun,
  type QuestionSide,
  type ResampleUnit,
} from '../../engine/evaluation/index.ts';
import { CancelledError, cancelEngine, engine, progress } from '../bridge/engine.svelte.ts';
import { datasetFor } from '../experiments/dataset.ts';
import { experimentsStore } from '../experiments/state.svelte.ts';
import { errorText } from '../i18n/error-text.ts';
import { workspace } from '../state/workspace.svelte.ts';
import type { Corpus, QuestionSet } from '../state/types.ts';

/** The corpus's questions of both kinds: written by people (no provenance) and generated (not rejected). */
export function questionCounts(corpusId: string): { human: number; generated: number } {
  let human = 0;
  let generated = 0;
  for (const set of workspace.questionsOf(corpusId)) {
    for (const q of set.questions) {
      const side = sideByProvenance(q);
      if (side === 'a') human++;
      else if (side === 'b') generated++;
    }
  }
  return { human, generated };
}

/** Chunkers that need a model (and so a page hook) are left out: the comparison runs BM25 on the tokenizer alone. */
const NEEDS_MODEL = new Set(['semantic', 'llm', 'external']);

/**
 * The configurations compared: the latest grid's BM25 runs whose chunking needs no model (generated
 * context and reranking left out), when there are at least two; else the small default grid.
 */
export function agreementRuns(): { runs: AgreementRun[]; source: 'grid' | 'default' } {
  const seen = new Set<string>();
  const runs: AgreementRun[] = [];
  for (const r of experimentsStore.runs) {
    const c = r.config;
    if (c.retriever.kind !== 'bm25' || NEEDS_MODEL.has(c.chunker) || c.context || c.contextBaseline || c.rerank || seen.has(r.label)) continue;
    seen.add(r.label);
    runs.push({ label: r.label, config: $state.snapshot(c) as AgreementRun['config'] });
  }
  return runs.length >= 2 ? { runs, source: 'grid' } : { runs: agreementGrid(), source: 'default' };
}

/** Every question set of the corpus as one (ids prefixed by their set, so two sets never collide), with each question's side. */
export function bothSets(corpus: Corpus): { set: QuestionSet; sides: Record<string, QuestionSide> } {
  const sides: Record<string, QuestionSide> = {};
  const questions: QuestionSet['questions'] = [];
  for (const s of workspace.questionsOf(corpus.id)) {
    for (const q of s.questions) {
      const side = sideByProvenance(q);
      if (!side) continue;
      const id = `${s.id}/${q.id}`;
      sides[id] = side;
      questions.push({ ...$state.snapshot(q), id } as QuestionSet['questions'][number]);
    }
  }
  return { set: { id: 'agreement', name: 'agreement', corpusId: corpus.id, questions, updatedAt: 0 }, sides };
}

export type AgreementPhase = 'idle' | 'running' | 'done' | 'cancelled' | 'error';

export const agreement = $state({
  phase: 'idle' as AgreementPhase,
  corpusId: null as string | null,
  source: 'default' as 'grid' | 'default',
  metric: 'hit@5' as AgreementMetric,
  by: 'document' as ResampleUnit,
  progress: { done: 0, total: 0, fraction: 0 },
  report: null as AgreementReport | null,
  /** The configurations the report compared (their configs give each label in the page's language). */
  runs: [] as AgreementRun[],
  error: null as string | null,
});

/** Resamples of the page's interval (the CLI's default). */
export const PAGE_RESAMPLES = 2000;

/** Runs the comparison for a corpus in the engine worker (progress per run; cancel stops the worker). */
export async function runAgreementFor(corpus: Corpus): Promise<void> {
  if (agreement.phase === 'running') return;
  const { runs, source } = agreementRuns();
  const { set, sides } = bothSets(corpus);
  agreement.phase = 'running';
  agreement.corpusId = corpus.id;
  agreement.source = source;
  agreement.report = null;
  agreement.error = null;
  agreement.progress = { done: 0, total: runs.length, fraction: 0 };
  const opts = { metric: agreement.metric, by: agreement.by, resamples: PAGE_RESAMPLES, seed: 1 };
  try {
    // Plain data across the worker boundary (the corpus is reactive state).
    const dataset = $state.snapshot(datasetFor(corpus, set));
    const report = await engine(
      (api) => api.agreement(dataset, runs, sides, opts, progress((done: number, total: number, fraction: number) => (agreement.progress = { done, total, fraction }))),
      'agreement',
    );
    agreement.report = report;
    agreement.runs = runs;
    agreement.phase = 'done';
  } catch (e) {
    if (e instanceof CancelledError) agreement.phase = 'cancelled';
    else {
      agreement.phase = 'error';
      agreement.error = errorText(e);
    }
  }
}

/** Stops the comparison: the engine worker is replaced by a fresh one. */
export function cancelAgreement(): void {
  if (agreement.phase === 'running') cancelEngine();
}
