// tune: "which configuration for my corpus?" answered with a figure it did not choose on.
//   1. split the questions once, seeded, into a choosing and an estimating half (split.ts);
//   2. search the space on the choosing half only, cheap first (halving.ts);
//   3. score the pick on the estimating half, with its 95% interval, beside the default and each
//      baseline on the very same questions, with the paired difference and test (paired.ts).
// Also what explains the pick: the path (every stage's scores, who was dropped where), the pick's
// family across sizes (why not bigger or smaller) and the questions that flip between the pick and the
// default. Pure; the CLI (`tune`) and the page's engine worker give it a scorer.
import { InputError } from '../types.ts';
import type { ExperimentConfig, RetrieverConfig } from '../evaluation/experiment.ts';
import type { PerQuestionMetric } from '../evaluation/metrics.ts';
import { successiveHalving, type HalvingResult, type StageReport, type TuneScorer } from './halving.ts';
import { meanInterval, pairedFigure, type Interval } from './paired.ts';
import { DEFAULT_CHUNKER, DEFAULT_SIZE, tuneBaselines, tuneSpace, type TuneCandidate } from './space.ts';
import { splitQuestions, type SplitQuestion } from './split.ts';

export const DEFAULT_MAX_RUNS = 24;

export interface TuneQuestion extends SplitQuestion {
  text: string;
}

export interface TuneOptions {
  metric?: PerQuestionMetric;
  seed?: number;
  /** At most this many search runs (default 24). */
  maxRuns?: number;
  /** No search run starts after this time (ms since the epoch); the best scored so far is kept. */
  deadline?: number;
  now?: () => number;
  /** The retriever of the later stages and of the estimate (default BM25). */
  retriever?: RetrieverConfig;
  /** The configurations searched (default tuneSpace()). */
  space?: readonly TuneCandidate[];
  /** The default first, then the baselines (default tuneBaselines()). */
  baselines?: readonly TuneCandidate[];
  /** Below this many documents the halves are cut by question (default 10). */
  minDocuments?: number;
  /** Bootstrap resamples for scores that are not rates (default 2000). */
  resamples?: number;
  signal?: AbortSignal;
  onProgress?: (e: TuneProgress) => void;
}

export interface TuneProgress {
  phase: 'search' | 'estimate';
  label: string;
  /** Runs done and planned (search), or configurations estimated and to estimate. */
  done: number;
  total: number;
  stage?: number;
}

export interface TuneBaseline {
  label: string;
  config: ExperimentConfig;
  /** Its score on the estimating half, with a 95% interval. */
  value: number;
  low: number;
  high: number;
  /** The pick minus this configuration on the same questions: gain with its interval, test, questions each gets and the other misses. */
  vsChosen: { gain: Interval; p: number; test: 'mcnemar' | 'sign-flip'; onlyChosen: string[]; onlyBaseline: string[] };
}

export interface TuneReport {
  seed: number;
  metric: PerQuestionMetric;
  retriever: RetrieverConfig['kind'];
  split: { by: 'document' | 'question'; documents: number; choosing: number; estimating: number };
  /** Configurations in the space, and how many the run budget left out. */
  space: number;
  trimmed: number;
  chosen: { label: string; config: ExperimentConfig };
  /** The pick's score on the questions it was chosen on: optimistic by construction (the winner's curse). */
  inSample: { value: number; questions: number };
  estimate: { metric: PerQuestionMetric; value: number; low: number; high: number; questions: string[] };
  /** The default (first) and each baseline on the estimating half. */
  baselines: TuneBaseline[];
  stages: StageReport[];
  /** Every search run. */
  runs: HalvingResult['runs'];
  /** Runs on the estimating half (the pick, the default, the baselines: one each). */
  estimateRuns: number;
  /** The pick's chunker across the sizes scored at the first stage, on the same sample (smallest first). */
  family: { label: string; maxTokens: number; score: number; chosen: boolean }[];
  /** Questions of the estimating half the pick gets and the default misses, and the reverse. */
  flips: { chosenOnly: { id: string; text: string }[]; defaultOnly: { id: string; text: string }[] };
  stoppedEarly?: string;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);

/** The search and its honest estimate. */
export async function tune(questions: readonly TuneQuestion[], scorer: TuneScorer, opts: TuneOptions = {}): Promise<TuneReport> {
  const metric = opts.metric ?? 'hit@5';
  const seed = opts.seed ?? 1;
  const retriever = opts.retriever ?? { kind: 'bm25' };
  const space = opts.space ?? tuneSpace();
  const baselines = opts.baselines ?? tuneBaselines();
  if (!space.length) throw new InputError('the search space is empty: give at least one chunker and one size', 'tune');
  if (!baselines.length) throw new InputError('no default configuration to compare the pick with', 'tune');
  if (questions.length < 4) throw new InputError(`tune needs at least 4 questions (2 to choose on, 2 to estimate on), got ${questions.length}`, 'tune');
  const split = splitQuestions(questions, seed, opts.minDocuments);
  const texts = new Map(questions.map((q) => [q.id, q.text]));
  const docOf = new Map(questions.map((q) => [q.id, q.docId]));

  const search = await successiveHalving(space, split.choosing, scorer, {
    maxRuns: opts.maxRuns ?? DEFAULT_MAX_RUNS,
    seed,
    retriever,
    deadline: opts.deadline,
    now: opts.now,
    signal: opts.signal,
    onRun: (e) => opts.onProgress?.({ phase: 'search', label: e.label, done: e.done, total: e.planned, stage: e.stage }),
  });
  const chosen = { label: space[search.chosen].label, config: search.config };

  // The estimating half: the pick, then the default and the baselines, each once.
  const arms = [chosen, ...baselines.map((b) => ({ label: b.label, config: { ...b.config, retriever: { ...retriever } } }))];
  const scores: Map<string, number>[] = [];
  for (let i = 0; i < arms.length; i++) {
    opts.onProgress?.({ phase: 'estimate', label: arms[i].label, done: i, total: arms.length });
    scores.push(await scorer.score(arms[i].config, split.estimating, opts.signal));
  }
  const ids = split.estimating.filter((id) => scores.every((m) => m.has(id)));
  if (!ids.length) throw new InputError('no question of the estimating half could be scored (their gold spans do not resolve)', 'tune');
  const clusters = ids.map((id) => (split.by === 'document' ? docOf.get(id)! : id));
  const values = (m: Map<string, number>) => ids.map((id) => m.get(id)!);
  const resamples = opts.resamples ?? 2000;
  const est = meanInterval(values(scores[0]), clusters, seed, resamples);
  const rows: TuneBaseline[] = arms.slice(1).map((arm, j) => {
    const own = meanInterval(values(scores[j + 1]), clusters, seed, resamples);
    const pf = pairedFigure(ids, values(scores[0]), values(scores[j + 1]), clusters, seed, resamples);
    return { label: arm.label, config: arm.config, value: own.value, low: own.low, high: own.high, vsChosen: { gain: pf.gain, p: pf.p, test: pf.test, onlyChosen: pf.onlyA, onlyBaseline: pf.onlyB } };
  });
  const def = rows[0];
  const first = search.stages[0];
  const chunker = chosen.config.chunker;
  const sameFamily = (c: TuneCandidate) => c.config.chunker === chunker && (c.config.params.header ?? false) === (space[search.chosen].config.params.header ?? false);
  const family = space
    .filter(sameFamily)
    .map((c) => ({ c, s: first.scored.find((x) => x.label === c.label) }))
    .filter((x) => x.s)
    .map(({ c, s }) => ({ label: c.label, maxTokens: c.config.params.maxTokens, score: s!.score, chosen: c.label === chosen.label }))
    .sort((a, b) => a.maxTokens - b.maxTokens);
  return {
    seed,
    metric,
    retriever: retriever.kind,
    split: { by: split.by, documents: split.documents, choosing: split.choosing.length, estimating: split.estimating.length },
    space: space.length,
    trimmed: search.trimmed,
    chosen,
    inSample: { value: mean([...search.chosenScores.values()]), questions: search.chosenScores.size },
    estimate: { metric, value: est.value, low: est.low, high: est.high, questions: ids },
    baselines: rows,
    stages: search.stages,
    runs: search.runs,
    estimateRuns: arms.length,
    family,
    flips: {
      chosenOnly: def.vsChosen.onlyChosen.map((id) => ({ id, text: texts.get(id) ?? '' })),
      defaultOnly: def.vsChosen.onlyBaseline.map((id) => ({ id, text: texts.get(id) ?? '' })),
    },
    ...(search.stoppedEarly ? { stoppedEarly: search.stoppedEarly } : {}),
  };
}

/** The default configuration's label ("recursive · 512"). */
export const DEFAULT_LABEL = `${DEFAULT_CHUNKER} · ${DEFAULT_SIZE}`;
