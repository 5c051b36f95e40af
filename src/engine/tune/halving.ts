// Successive halving (Jamieson & Talwalkar 2016; the rungs of Hyperband): score every configuration
// cheaply (BM25, a sample of the choosing questions), promote the best third to more questions (and
// to the retriever asked for), and so on until the last stage scores the finalists on every choosing
// question. Pure: the scores come from a TuneScorer (the experiment pipeline in the CLI and the page's
// worker, a matrix in tests), so the same search runs everywhere.
import { InputError } from '../types.ts';
import type { ExperimentConfig, RetrieverConfig } from '../evaluation/experiment.ts';
import { seededRandom } from '../util/index.ts';
import { shuffled } from './split.ts';
import type { TuneCandidate } from './space.ts';

/** Per-question scores of a configuration on the questions asked (a question whose gold cannot be resolved is absent). */
export interface TuneScorer {
  score(config: ExperimentConfig, questionIds: readonly string[], signal?: AbortSignal): Promise<Map<string, number>>;
}

/** Fewer sampled questions than this make a first stage too noisy to drop anything on. */
export const MIN_STAGE_QUESTIONS = 30;
/** The share promoted from one stage to the next (the best third). */
export const ETA = 3;

export interface StagePlan {
  /** Configurations scored at this stage. */
  candidates: number;
  /** Choosing questions they are scored on (a prefix of one seeded order: each stage's include the last's). */
  questions: number;
  /** 'first': BM25 (cheap); 'final': the retriever asked for. */
  retriever: 'first' | 'final';
}

/**
 * The stages for `candidates` configurations, `questions` choosing questions and at most `maxRuns`
 * runs (a run: one configuration scored on one stage's questions). Three stages when there are at
 * least 9 × MIN_STAGE_QUESTIONS questions and the runs allow each to keep the best third; else two
 * when there are at least 2 × MIN_STAGE_QUESTIONS questions, keeping the best third or as many as the
 * runs left allow (at least two); else one stage on every question. A space larger than the runs allow
 * is cut to its first configurations (`trimmed` says how many were left out).
 */
export function planStages(candidates: number, questions: number, maxRuns: number): { stages: StagePlan[]; trimmed: number } {
  if (candidates < 1) throw new InputError('there is no configuration to search', 'tune');
  if (!(maxRuns >= 1)) throw new InputError(`at most ${maxRuns} runs leaves nothing to score`, 'tune');
  const sample = (div: number) => Math.max(MIN_STAGE_QUESTIONS, Math.ceil(questions / div));
  if (questions >= ETA * ETA * MIN_STAGE_QUESTIONS && candidates >= ETA * ETA) {
    const c1 = Math.ceil(candidates / ETA);
    const c2 = Math.max(2, Math.ceil(c1 / ETA));
    if (candidates + c1 + c2 <= maxRuns) {
      return {
        stages: [
          { candidates, questions: sample(ETA * ETA), retriever: 'first' },
          { candidates: c1, questions: sample(ETA), retriever: 'final' },
          { candidates: c2, questions, retriever: 'final' },
        ],
        trimmed: 0,
      };
    }
  }
  if (questions >= 2 * MIN_STAGE_QUESTIONS && candidates >= 4 && maxRuns >= 4) {
    const c0 = Math.min(candidates, maxRuns - 2);
    const keep = Math.max(2, Math.min(Math.ceil(c0 / ETA), maxRuns - c0));
    return {
      stages: [
        { candidates: c0, questions: sample(ETA), retriever: 'first' },
        { candidates: keep, questions, retriever: 'final' },
      ],
      trimmed: candidates - c0,
    };
  }
  const c0 = Math.min(candidates, maxRuns);
  return { stages: [{ candidates: c0, questions, retriever: 'final' }], trimmed: candidates - c0 };
}

export interface ScoredCandidate {
  label: string;
  /** Mean score on the stage's questions. */
  score: number;
  /** Questions scored (the stage's, less any whose gold could not be resolved). */
  questions: number;
  promoted: boolean;
}

export interface StageReport {
  stage: number;
  retriever: RetrieverConfig['kind'];
  /** The stage's question count as planned. */
  questions: number;
  /** Every configuration scored at this stage, best first. */
  scored: ScoredCandidate[];
}

export interface HalvingResult {
  /** Index into the candidates of the pick. */
  chosen: number;
  /** The pick's config as scored at the last stage (the retriever asked for). */
  config: ExperimentConfig;
  stages: StageReport[];
  /** Every run: configuration, stage, retriever, questions and score. */
  runs: { label: string; stage: number; retriever: RetrieverConfig['kind']; questions: number; score: number }[];
  /** Set when the time limit ended the search early. */
  stoppedEarly?: string;
  trimmed: number;
  /** Per-question scores of the pick on the choosing half (its last stage's questions). */
  chosenScores: Map<string, number>;
}

export interface HalvingOptions {
  maxRuns: number;
  seed: number;
  /** The retriever of the later stages (and of the pick); the first stage runs BM25. */
  retriever: RetrieverConfig;
  /** Milliseconds since the epoch after which no new run starts (the best scored so far is kept). */
  deadline?: number;
  now?: () => number;
  signal?: AbortSignal;
  /** Before each run: which, at which stage, how many runs so far and planned. */
  onRun?: (e: { label: string; stage: number; done: number; planned: number }) => void;
}

const meanOf = (m: Map<string, number>) => {
  const xs = [...m.values()].sort((a, b) => a - b);
  return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0;
};

/** The search over `candidates` on the choosing questions `choosing`. */
export async function successiveHalving(candidates: readonly TuneCandidate[], choosing: readonly string[], scorer: TuneScorer, opts: HalvingOptions): Promise<HalvingResult> {
  if (!choosing.length) throw new InputError('no questions to choose on', 'tune');
  const { stages: plan, trimmed } = planStages(candidates.length, choosing.length, opts.maxRuns);
  const order = shuffled([...choosing].sort(), seededRandom(`tune-sample:${opts.seed}`));
  const now = opts.now ?? Date.now;
  const planned = plan.reduce((s, p) => s + p.candidates, 0);
  let alive = candidates.slice(0, plan[0].candidates).map((_, i) => i);
  const stages: StageReport[] = [];
  const runs: HalvingResult['runs'] = [];
  let stoppedEarly: string | undefined;
  let lastScores = new Map<number, Map<string, number>>();
  for (let s = 0; s < plan.length; s++) {
    const p = plan[s];
    const retriever: RetrieverConfig = p.retriever === 'first' ? { kind: 'bm25' } : { ...opts.retriever };
    const ids = order.slice(0, p.questions);
    const scores = new Map<number, Map<string, number>>();
    for (const i of alive) {
      if (opts.signal?.aborted) throw opts.signal.reason instanceof Error ? opts.signal.reason : new DOMException('Aborted', 'AbortError');
      if (opts.deadline !== undefined && now() >= opts.deadline && (scores.size >= 1 || s > 0)) {
        stoppedEarly = `the time limit ended stage ${s + 1} after ${scores.size} of ${alive.length} configurations`;
        break;
      }
      opts.onRun?.({ label: candidates[i].label, stage: s, done: runs.length, planned });
      const m = await scorer.score({ ...candidates[i].config, retriever }, ids, opts.signal);
      scores.set(i, m);
      runs.push({ label: candidates[i].label, stage: s, retriever: retriever.kind, questions: m.size, score: meanOf(m) });
    }
    if (!scores.size) break;
    // Best first; ties keep the space's order.
    const ranked = [...scores.keys()].sort((a, b) => meanOf(scores.get(b)!) - meanOf(scores.get(a)!) || a - b);
    const next = s + 1 < plan.length && !stoppedEarly ? ranked.slice(0, plan[s + 1].candidates) : ranked.slice(0, 1);
    stages.push({
      stage: s,
      retriever: retriever.kind,
      questions: p.questions,
      scored: ranked.map((i) => ({ label: candidates[i].label, score: meanOf(scores.get(i)!), questions: scores.get(i)!.size, promoted: s + 1 < plan.length && !stoppedEarly && next.includes(i) })),
    });
    lastScores = scores;
    alive = next;
    if (stoppedEarly) break;
  }
  const chosen = alive[0];
  return {
    chosen,
    config: { ...candidates[chosen].config, retriever: { ...opts.retriever } },
    stages,
    runs,
    stoppedEarly,
    trimmed,
    chosenScores: lastScores.get(chosen)!,
  };
}
