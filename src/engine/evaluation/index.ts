// Evaluation: gold resolution, metrics, intervals, paired tests and the experiment pipeline.
export * from './types.ts';
export { wilson, mcnemarExact, Z95 } from './stats.ts';
export { scoreResults, scoreQuestion, rangeScores, contains, allContained, RANGE_K } from './metrics.ts';
export type { QuestionScore, Scores } from './metrics.ts';
export { resolveQuestions, resolvePhrase, checkSpan, matchesFilter, matchesAll, occurrences } from './gold.ts';
export { compareResults } from './compare.ts';
export type { Comparison, PairedTest } from './compare.ts';
export { runExperiment, parseDataset, chunksFromLines, indexText, MIN_RANKED } from './experiment.ts';
export type { ExperimentConfig, ExperimentDeps, RetrieverConfig, Stage } from './experiment.ts';
