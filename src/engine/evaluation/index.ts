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
export { kendallTauB, rankAgreement, ranksOf } from './rank-agreement.ts';
export type { RankAgreement, RankAgreementOptions, ScoredSet, ResampleUnit, ConfigurationRanks, Disagreement } from './rank-agreement.ts';
export { AGREEMENT_METRICS, DEFAULT_AGREEMENT_CHUNKERS, DEFAULT_AGREEMENT_SIZES, agreementGrid, combineQuestionSets, questionValue, runAgreement, scoredSets, sideByProvenance } from './agreement-grid.ts';
export type { AgreementMetric, AgreementReport, AgreementRun, QuestionSide } from './agreement-grid.ts';
