// tune: recommend a configuration with an estimate it did not choose on. See tune.ts.
export { tune, DEFAULT_MAX_RUNS, DEFAULT_LABEL } from './tune.ts';
export type { TuneOptions, TuneProgress, TuneQuestion, TuneReport, TuneBaseline } from './tune.ts';
export { splitQuestions, MIN_DOCUMENTS } from './split.ts';
export type { QuestionSplit, SplitQuestion } from './split.ts';
export { planStages, successiveHalving, MIN_STAGE_QUESTIONS, ETA } from './halving.ts';
export type { TuneScorer, StagePlan, StageReport, ScoredCandidate, HalvingResult } from './halving.ts';
export { clopperPearson, mcnemarInterval, meanInterval, pairedFigure } from './paired.ts';
export type { Interval, PairedFigure } from './paired.ts';
export { tuneSpace, tuneBaselines, tuneCandidate, tuneLabel, DEFAULT_TUNE_CHUNKERS, DEFAULT_TUNE_SIZES, DEFAULT_CHUNKER, DEFAULT_SIZE } from './space.ts';
export type { TuneCandidate } from './space.ts';
export { experimentScorer } from './scorer.ts';
export type { ExperimentScorer } from './scorer.ts';
export { tuneQuestions, tuneRecipe } from './questions.ts';
