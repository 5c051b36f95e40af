// Evaluation: gold resolution, metrics, intervals, paired tests and the experiment pipeline.
export * from './types.ts';
export * from './dataset.ts';
export { wilson, mcnemarExact, Z95 } from './stats.ts';
export { scoreResults, scoreQuestion, rangeScores, precisionOmega, contains, allContained, RANGE_K, DEFAULT_BUDGET, budgetUnits, budgetOf, hitRateAtBudgets } from './metrics.ts';
export type { QuestionScore, Scores, BudgetPoint } from './metrics.ts';
export { rescore } from './rescore.ts';
export { resolveQuestions, resolvePhrase, checkSpan, matchesFilter, matchesAll, occurrences } from './gold.ts';
export { compareResults } from './compare.ts';
export type { Comparison, PairedTest } from './compare.ts';
export { runExperiment, chunkAll, parseDataset, chunksFromLines, indexText, rankedDepth, MIN_RANKED } from './experiment.ts';
export type { ExperimentConfig, ExperimentDeps, RerankConfig, RetrieverConfig, Stage } from './experiment.ts';
export { questionsNeeded, minDetectableDifference, powerAfter, bootstrapRate, Z_ALPHA, Z_POWER80 } from './power.ts';
export type { PowerAfter, BootstrapInterval } from './power.ts';
export { choosePerDocument, choiceInputFromResults, splitHalves, questionScore, CHOICE_METRICS } from './per-document.ts';
export type { ChoiceInput, ChoiceMetric, ChoiceHalf, DocumentChoice, PerDocumentOptions, PerDocumentResult } from './per-document.ts';
