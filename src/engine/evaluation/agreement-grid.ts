// Generated versus human questions over a grid: run each configuration once on both question sets
// together (the chunks and the index are the same; only the questions differ), score every question,
// split the scores by set and ask rank-agreement.ts how the two sets rank the configurations. Used
// by the CLI's `agreement` and the page's engine worker. Pure.
import type { ChunkerId } from '../types.ts';
import { InputError } from '../types.ts';
import { isEvaluated, type Dataset, type QuestionSpec } from './dataset.ts';
import { runExperiment, type ExperimentConfig, type ExperimentDeps, type Stage } from './experiment.ts';
import { budgetOf, perQuestionValue, scoreResults, type QuestionScore } from './metrics.ts';
import { rankAgreement, type RankAgreement, type RankAgreementOptions, type ScoredSet } from './rank-agreement.ts';
import type { Metrics, ResultsFile } from './types.ts';

/** The per-question scores a configuration's mean can be ranked by (all: higher is better). */
export const AGREEMENT_METRICS = ['hit@1', 'hit@3', 'hit@5', 'mrr', 'recall@5', 'hit@budget', 'recall@budget'] as const;
export type AgreementMetric = (typeof AGREEMENT_METRICS)[number];

/** One question's score under a metric (its mean over questions is the file's metric). */
export function questionValue(s: QuestionScore, metric: AgreementMetric): number {
  return perQuestionValue(s, metric);
}

export type QuestionSide = 'a' | 'b';

/**
 * The two sets' scores from runs of the same questions (one results file per configuration, every
 * file with the same question ids): `sideOf` says which set a question belongs to (undefined: none).
 * A question's resampling document is its first gold span's document.
 */
export function scoredSets(runs: readonly ResultsFile[], sideOf: (questionId: string) => QuestionSide | undefined, metric: AgreementMetric): { a: ScoredSet; b: ScoredSet } {
  if (!runs.length) return { a: { documents: [], values: [] }, b: { documents: [], values: [] } };
  const ids = runs[0].questions.map((q) => q.id);
  const documents = { a: [] as string[], b: [] as string[] };
  const sides = runs[0].questions.map((q) => {
    const side = sideOf(q.id);
    if (side) documents[side].push(q.gold[0]?.docId ?? `#${q.id}`);
    return side;
  });
  const values = { a: [] as number[][], b: [] as number[][] };
  runs.forEach((file, r) => {
    if (file.questions.length !== ids.length || file.questions.some((q, i) => q.id !== ids[i])) {
      throw new InputError(`run ${r + 1} was scored on other questions than run 1: the configurations must be compared on the same questions`, 'agreement', { code: 'agreement-sets' });
    }
    const per = scoreResults(file.chunks, file.questions, { budget: budgetOf(file.config) }).perQuestion;
    const row = { a: [] as number[], b: [] as number[] };
    per.forEach((s, i) => {
      const side = sides[i];
      if (side) row[side].push(questionValue(s, metric));
    });
    values.a.push(row.a);
    values.b.push(row.b);
  });
  return { a: { documents: documents.a, values: values.a }, b: { documents: documents.b, values: values.b } };
}

/** Written by a person (no provenance) → 'a'; generated and not rejected → 'b'. */
export function sideByProvenance(q: Pick<QuestionSpec, 'provenance' | 'review'>): QuestionSide | undefined {
  if (!q.provenance) return isEvaluated(q, true) ? 'a' : undefined;
  return q.review === 'rejected' ? undefined : 'b';
}

/**
 * One dataset holding both sets: `human`'s documents, its evaluated questions as set A and
 * `generated`'s non-rejected questions as set B (ids prefixed so the two never collide). The
 * generated set must be about the same documents: each of its gold documents must exist in `human`
 * with the same text.
 */
export function combineQuestionSets(human: Dataset, generated: Dataset, where = 'agreement'): { dataset: Dataset; sides: Map<string, QuestionSide> } {
  const texts = new Map(human.documents.map((d) => [d.id, d.text]));
  const theirs = new Map(generated.documents.map((d) => [d.id, d.text]));
  const sides = new Map<string, QuestionSide>();
  const questions: QuestionSpec[] = [];
  for (const q of human.questions) {
    if (!isEvaluated(q, true)) continue;
    const id = `human/${q.id}`;
    sides.set(id, 'a');
    questions.push({ ...q, id });
  }
  for (const q of generated.questions) {
    if (q.review === 'rejected') continue;
    for (const g of q.gold) {
      const mine = texts.get(g.docId);
      if (mine === undefined) throw new InputError(`generated question "${q.id}" is about document "${g.docId}", which the human set's dataset does not have`, where, { code: 'agreement-sets' });
      const other = theirs.get(g.docId);
      if (other !== undefined && other !== mine) throw new InputError(`document "${g.docId}" differs between the two datasets: both sets must be about the same text`, where, { code: 'agreement-sets' });
    }
    const id = `generated/${q.id}`;
    sides.set(id, 'b');
    questions.push({ ...q, id });
  }
  return { dataset: { ...human, questions, skipped: [...human.skipped, ...generated.skipped] }, sides };
}

/** The small grid used when there is no grid to take configurations from: four chunkers × three caps, BM25. */
export const DEFAULT_AGREEMENT_CHUNKERS: readonly ChunkerId[] = ['fixed', 'recursive', 'sentences', 'structure'];
export const DEFAULT_AGREEMENT_SIZES: readonly number[] = [64, 128, 256];

export interface AgreementRun {
  label: string;
  config: ExperimentConfig;
}

/** chunkers × sizes (× overlaps below the size), BM25, labelled "chunker · size[ · ov n]". */
export function agreementGrid(chunkers: readonly ChunkerId[] = DEFAULT_AGREEMENT_CHUNKERS, sizes: readonly number[] = DEFAULT_AGREEMENT_SIZES, overlaps: readonly number[] = [0], k = 10): AgreementRun[] {
  const out: AgreementRun[] = [];
  for (const chunker of chunkers) {
    for (const maxTokens of sizes) {
      for (const overlap of overlaps) {
        if (overlap >= maxTokens) continue;
        out.push({
          label: `${chunker} · ${maxTokens}${overlap ? ` · ov ${overlap}` : ''}`,
          config: { chunker, params: { maxTokens, overlap }, retriever: { kind: 'bm25' }, k },
        });
      }
    }
  }
  return out;
}

const STAGES: readonly Stage[] = ['parse', 'chunk', 'index', 'retrieve', 'score'];

export interface AgreementReport {
  metric: AgreementMetric;
  agreement: RankAgreement;
  /** Each configuration's metrics on all the questions of both sets (as a results file has them). */
  runs: { label: string; config: Record<string, unknown>; metrics: Metrics }[];
}

/**
 * Runs every configuration once on the dataset's questions of both sets (others are left out), then
 * compares the sets' rankings. Needs at least one question in each set and two configurations.
 */
export async function runAgreement(
  dataset: Dataset,
  runs: readonly AgreementRun[],
  sideOf: (q: QuestionSpec) => QuestionSide | undefined,
  deps: ExperimentDeps,
  opts: RankAgreementOptions & { metric?: AgreementMetric; onRun?: (done: number, total: number, fraction: number) => void } = {},
): Promise<AgreementReport> {
  const metric = opts.metric ?? 'hit@5';
  const sides = new Map<string, QuestionSide>();
  const questions = dataset.questions.filter((q) => {
    const side = sideOf(q);
    if (side) sides.set(q.id, side);
    return side !== undefined;
  });
  const count = (s: QuestionSide) => [...sides.values()].filter((x) => x === s).length;
  if (!count('a') || !count('b')) {
    throw new InputError(`comparing rankings needs questions in both sets: ${count('a')} written by people, ${count('b')} generated`, 'agreement', { code: 'agreement-sets' });
  }
  if (runs.length < 2) throw new InputError(`comparing rankings needs at least two configurations, got ${runs.length}`, 'agreement', { code: 'agreement-sets' });
  const files: ResultsFile[] = [];
  const subset: Dataset = { ...dataset, questions };
  for (let i = 0; i < runs.length; i++) {
    opts.onRun?.(i, runs.length, 0);
    files.push(
      await runExperiment(subset, runs[i].config, {
        ...deps,
        onProgress: (stage, f) => {
          deps.onProgress?.(stage, f);
          opts.onRun?.(i, runs.length, (STAGES.indexOf(stage) + f) / STAGES.length);
        },
      }),
    );
  }
  opts.onRun?.(runs.length, runs.length, 1);
  const sets = scoredSets(files, (id) => sides.get(id), metric);
  if (!sets.a.documents.length || !sets.b.documents.length) {
    throw new InputError(`after resolving gold spans, ${sets.a.documents.length} human and ${sets.b.documents.length} generated questions are left: both sets need at least one`, 'agreement', { code: 'agreement-sets' });
  }
  const agreement = rankAgreement(
    runs.map((r) => r.label),
    sets.a,
    sets.b,
    opts,
  );
  return { metric, agreement, runs: files.map((f, i) => ({ label: runs[i].label, config: f.config, metrics: f.metrics })) };
}
