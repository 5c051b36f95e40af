// "Recommend a configuration" in the page: the engine's tune (src/engine/tune) run in the engine
// worker on the corpus and question set chosen in Experiments, with progress and cancel. This file
// gathers the inputs (the questions the grid would evaluate, the chunkers that need no model, and —
// with a model loaded and dense or hybrid chosen — the model's record and its embed hook, so the
// later stages and the estimate run as the CLI's `tune --retriever … --model …`) and keeps the phase,
// the progress and the last report; RecommendPanel.svelte shows them.
import * as Comlink from 'comlink';
import { selectQuestions, type RetrieverConfig } from '../../engine/evaluation/index.ts';
import { modelRecord } from '../../engine/embedding/index.ts';
import { DEFAULT_MAX_RUNS, DEFAULT_TUNE_CHUNKERS, DEFAULT_TUNE_SIZES, type TuneProgress, type TuneReport } from '../../engine/tune/index.ts';
import type { ChunkerId } from '../../engine/types.ts';
import { CancelledError, cancelEngine, engine, progress } from '../bridge/engine.svelte.ts';
import { datasetFor } from '../experiments/dataset.ts';
import { errorText } from '../i18n/error-text.ts';
import type { Corpus, QuestionSet } from '../state/types.ts';
import { embedVectors, ensureModel, modelState } from '../models/state.svelte.ts';
import { FolderNeededError } from '../components/folder.ts';
import type { ExperimentHooks } from '../../../workers/engine-api.ts';

export type RecommendPhase = 'idle' | 'running' | 'done' | 'cancelled' | 'error';

export const recommend = $state({
  phase: 'idle' as RecommendPhase,
  /** Which corpus and question set the last report is about. */
  key: null as string | null,
  chunkers: [...DEFAULT_TUNE_CHUNKERS] as ChunkerId[],
  sizes: [...DEFAULT_TUNE_SIZES] as number[],
  seed: 1,
  /** The retriever of the later stages and of the estimate; dense and hybrid need the page's model. */
  retriever: 'bm25' as RetrieverConfig['kind'],
  progress: null as TuneProgress | null,
  report: null as TuneReport | null,
  recipe: null as string | null,
  error: null as string | null,
});

export const keyOf = (corpus: Corpus, set: QuestionSet) => `${corpus.id}\u0000${set.id}`;

/** Runs tune in the engine worker (progress per run; cancel replaces the worker). */
export async function runRecommend(corpus: Corpus, set: QuestionSet, includeUnreviewed: boolean): Promise<void> {
  if (recommend.phase === 'running') return;
  recommend.phase = 'running';
  recommend.key = keyOf(corpus, set);
  recommend.report = null;
  recommend.recipe = null;
  recommend.error = null;
  recommend.progress = null;
  try {
    // Plain data across the worker boundary (the corpus is reactive state); the questions a grid would evaluate.
    const dataset = selectQuestions(datasetFor($state.snapshot(corpus) as Corpus, $state.snapshot(set) as QuestionSet), includeUnreviewed);
    const kind = recommend.retriever;
    let retriever: RetrieverConfig = { kind: 'bm25' };
    let hooks: ExperimentHooks | undefined;
    if (kind !== 'bm25') {
      // The model loaded in Models, recorded as an experiment records it (id, dtype, pooling, limit).
      if (modelState.needsFiles) throw new FolderNeededError('model', modelState.choice.id);
      retriever = { kind, ...modelRecord(await ensureModel(), false) };
      hooks = Comlink.proxy({ embed: (texts: string[], k: 'query' | 'passage') => embedVectors(texts, k) });
    }
    const opts = { chunkers: [...recommend.chunkers], sizes: [...recommend.sizes], metric: 'hit@5' as const, seed: recommend.seed, maxRuns: DEFAULT_MAX_RUNS, retriever };
    const out = await engine((api) => api.tune(dataset, opts, progress((p: TuneProgress) => (recommend.progress = p)), hooks), 'tune');
    recommend.report = out.report;
    recommend.recipe = out.recipe;
    recommend.phase = 'done';
  } catch (e) {
    if (e instanceof CancelledError) recommend.phase = 'cancelled';
    else {
      recommend.phase = 'error';
      recommend.error = errorText(e);
    }
  }
}

/** Stops the search: the engine worker is replaced by a fresh one. */
export function cancelRecommend(): void {
  if (recommend.phase === 'running') cancelEngine();
}

/** The "why not bigger/smaller" figures: the pick's neighbours in its family's curve, when it has any. */
export function neighbours(r: TuneReport): { smaller?: { maxTokens: number; score: number }; me: { maxTokens: number; score: number }; bigger?: { maxTokens: number; score: number } } | null {
  const i = r.family.findIndex((x) => x.chosen);
  if (i < 0 || r.family.length < 2) return null;
  return { smaller: r.family[i - 1], me: r.family[i], bigger: r.family[i + 1] };
}
