// The scorer the CLI and the page's engine worker give the search: the one experiment pipeline
// (runExperiment: chunk the whole corpus, index every chunk, rank each question), run on the questions
// asked, each question scored as a results file scores it. A question's score does not depend on the
// other questions of a run (the index is the whole corpus either way), so a score on a subset is the
// score `eval` gives that question over the whole dataset. Scores are kept per configuration: asking
// again for questions already scored runs nothing.
import { canonicalJson } from '../recipe/canonical.ts';
import type { Dataset } from '../evaluation/dataset.ts';
import { runExperiment, type ExperimentConfig, type ExperimentDeps } from '../evaluation/experiment.ts';
import { budgetOf, perQuestionValue, scoreResults, type PerQuestionMetric } from '../evaluation/metrics.ts';
import type { TuneScorer } from './halving.ts';

export interface ExperimentScorer extends TuneScorer {
  /** Pipeline runs made so far (a request whose questions were all scored already makes none). */
  readonly pipelineRuns: number;
}

/** Scores by running the experiment pipeline on `dataset`'s questions (`deps` as runExperiment takes them). */
export function experimentScorer(dataset: Dataset, deps: ExperimentDeps, metric: PerQuestionMetric, hooks: { onRunStart?: (config: ExperimentConfig) => void } = {}): ExperimentScorer {
  const specs = new Map(dataset.questions.map((q) => [q.id, q]));
  // Per configuration: question id → score, or null when its gold could not be resolved.
  const cache = new Map<string, Map<string, number | null>>();
  let pipelineRuns = 0;
  return {
    get pipelineRuns() {
      return pipelineRuns;
    },
    async score(config, questionIds, signal) {
      const key = canonicalJson(config);
      const known = cache.get(key) ?? new Map<string, number | null>();
      cache.set(key, known);
      const missing = questionIds.filter((id) => !known.has(id) && specs.has(id));
      if (missing.length) {
        hooks.onRunStart?.(config);
        pipelineRuns++;
        const subset: Dataset = { ...dataset, questions: missing.map((id) => specs.get(id)!) };
        const file = await runExperiment(subset, config, { ...deps, signal: signal ?? deps.signal });
        const per = scoreResults(file.chunks, file.questions, { budget: budgetOf(file.config) }).perQuestion;
        for (const id of missing) known.set(id, null);
        for (const s of per) known.set(s.id, perQuestionValue(s, metric));
      }
      const out = new Map<string, number>();
      for (const id of questionIds) {
        const v = known.get(id);
        if (v !== undefined && v !== null) out.set(id, v);
      }
      return out;
    },
  };
}
