// Per-document choice: for each document, the configuration of a grid that scores best on it, and an
// honest figure for what choosing that way gains over one configuration for every document.
// Choosing on the very questions one then scores with flatters the choice (with enough configurations
// some win on any document by luck alone), so the gain is cross-fitted: each document's questions are
// split in two halves by a seeded shuffle; the configuration chosen on one half scores the other half,
// and the other way round, so every question is scored once by a choice it took no part in. The best
// single configuration it is compared with is chosen the same way (on the union of the same training
// halves). The interval is a 95% percentile bootstrap that resamples whole documents and redoes every
// choice in each resample (a document's questions share its cuts: they are not independent).
import { InputError } from '../types.ts';
import { seededRandom } from '../util/index.ts';
import { budgetOf, perQuestionValue, PER_QUESTION_METRICS, scoreResults, type QuestionScore } from './metrics.ts';
import { percentile } from './power.ts';
import type { ResultsFile } from './types.ts';

/** The per-question scores a choice can be made on (each in [0, 1]; higher is better). */
export const CHOICE_METRICS = PER_QUESTION_METRICS;
export type ChoiceMetric = (typeof CHOICE_METRICS)[number];

/** A question's score under `metric`, from its QuestionScore. */
export function questionScore(s: QuestionScore, metric: ChoiceMetric): number {
  return perQuestionValue(s, metric);
}

/** Configurations' scores on one question set. */
export interface ChoiceInput {
  /** The configurations, in order (ties go to the earlier one). */
  names: string[];
  /** The questions, each with its document (a question's first gold document). */
  questions: { id: string; docId: string }[];
  /** scores[c][i]: configuration c's score on question i. */
  scores: number[][];
}

export interface PerDocumentOptions {
  /** Seeds the split of each document's questions and the bootstrap (default 1). */
  seed?: number;
  /** Bootstrap resamples (default 2000; 0: no interval). */
  resamples?: number;
  /**
   * A document with fewer questions keeps the single best configuration (default 2, the least that
   * gives both halves a question). Its questions still count, each with a gain of zero.
   */
  minQuestions?: number;
}

export interface ChoiceHalf {
  /** Question ids of this half. */
  questions: string[];
  /** Mean score of every configuration on this half (empty half: all 0). */
  means: number[];
  /** The configuration chosen on this half, which scores the other half. */
  chosen: number;
  /** The single best configuration chosen on this half of every document. */
  single: number;
}

export interface DocumentChoice {
  docId: string;
  questions: number;
  /** Fewer questions than minQuestions: keeps the single best configuration, gains nothing. */
  tooFew: boolean;
  /** The configuration chosen on all its questions: the recipe's. */
  chosen: number;
  /** Mean score of every configuration on all its questions. */
  means: number[];
  /** `chosen` differs from the single best configuration chosen on all questions. */
  changed: boolean;
  /** The cross-fitting halves. */
  halves: [ChoiceHalf, ChoiceHalf];
  /** Mean held-out score of the per-document choice, and of the single best, on this document. */
  heldOut: number;
  heldOutSingle: number;
}

export interface PerDocumentResult {
  names: string[];
  questions: number;
  documents: number;
  seed: number;
  minQuestions: number;
  /** The single best configuration: chosen on all questions (`all`), and on each training half (`folds`). */
  single: { all: number; folds: [number, number] };
  /** Cross-fitted means over every question: the per-document choice and the single best. */
  crossFitted: { perDocument: number; single: number };
  /** Cross-fitted gain (perDocument − single), with its document-resampling 95% interval. */
  gain: { estimate: number; interval: [number, number]; resamples: number };
  /** The flattering in-sample figures: choices made on the very questions scored. */
  inSample: { perDocument: number; single: number; gain: number };
  /** One row per document, in order of first appearance. */
  perDocument: DocumentChoice[];
}

const argmaxWithTieTo = (values: readonly number[], prefer: number): number => {
  let best = 0;
  for (let c = 1; c < values.length; c++) if (values[c] > values[best]) best = c;
  return prefer >= 0 && values[prefer] === values[best] ? prefer : best;
};

/** Fisher–Yates with a seeded generator. */
function shuffled<T>(xs: readonly T[], rand: () => number): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

interface DocData {
  docId: string;
  rows: number[];
  halves: [number[], number[]];
  /** sums[h][c]: configuration c's summed score on half h. */
  sums: [number[], number[]];
  eligible: boolean;
}

/**
 * The halves of each document's questions: its question indices (in input order) shuffled with a
 * generator seeded by `${seed}:${docId}` (util's seededRandom), the first ⌈n/2⌉ in half 0, the rest
 * in half 1. Independent of the other documents and of their order.
 */
export function splitHalves(rows: readonly number[], docId: string, seed: number): [number[], number[]] {
  const order = shuffled(rows, seededRandom(`${seed}:${docId}`));
  const cut = Math.ceil(order.length / 2);
  return [order.slice(0, cut).sort((a, b) => a - b), order.slice(cut).sort((a, b) => a - b)];
}

/**
 * Each configuration's summed scores on the question indices `rows`, summed in ascending order: two
 * configurations with the same scores on different questions (MRR 1/3, 1, 1/7 … in another order)
 * get the very same sum, a tie, where summing in question order can leave a rounding error between them.
 */
const sumsOf = (scores: readonly number[][], rows: readonly number[]) =>
  scores.map((s) =>
    rows
      .map((i) => s[i])
      .sort((a, b) => a - b)
      .reduce((t, v) => t + v, 0),
  );

/** The per-document choice with its cross-fitted gain. */
export function choosePerDocument(input: ChoiceInput, opts: PerDocumentOptions = {}): PerDocumentResult {
  const { names, questions, scores } = input;
  const seed = opts.seed ?? 1;
  const resamples = opts.resamples ?? 2000;
  const minQuestions = Math.max(2, opts.minQuestions ?? 2);
  const C = names.length;
  const n = questions.length;
  if (C < 2) throw new InputError(`a per-document choice needs at least two configurations, got ${C}`, 'per-document');
  if (!n) throw new InputError('there are no questions to choose on', 'per-document');
  scores.forEach((s, c) => {
    if (s.length !== n) throw new InputError(`configuration ${names[c]} has ${s.length} scores for ${n} questions`, 'per-document');
    s.forEach((x, i) => {
      if (!(x >= 0 && x <= 1)) throw new InputError(`configuration ${names[c]}: the score of question ${questions[i].id} must lie in [0, 1], got ${x}`, 'per-document');
    });
  });

  // Documents in order of first appearance, with their question indices.
  const byDoc = new Map<string, number[]>();
  // Appended in place: copying the list per question made this quadratic in one document's questions
  // (100k questions on one document took 34–76 s and 1 GB).
  questions.forEach((q, i) => {
    const rows = byDoc.get(q.docId);
    if (rows) rows.push(i);
    else byDoc.set(q.docId, [i]);
  });
  const docs: DocData[] = [...byDoc].map(([docId, rows]) => {
    const halves = splitHalves(rows, docId, seed);
    return { docId, rows, halves, sums: [sumsOf(scores, halves[0]), sumsOf(scores, halves[1])], eligible: rows.length >= minQuestions };
  });

  // The single best on training half h of every document (ties: the earlier configuration).
  const singleOn = (ds: readonly DocData[], h: 0 | 1): number => {
    const tot = new Array<number>(C).fill(0);
    for (const d of ds) for (let c = 0; c < C; c++) tot[c] += d.sums[h][c];
    return argmaxWithTieTo(tot, -1);
  };
  // A document's choice on half h: the best there, ties (and too-small documents) to the single best.
  const choiceOn = (d: DocData, h: 0 | 1, single: number): number => (d.eligible ? argmaxWithTieTo(d.sums[h], single) : single);

  // Cross-fitted: fold h trains on half h of every document and scores half 1 − h.
  const folds: [number, number] = [singleOn(docs, 0), singleOn(docs, 1)];
  let perDocSum = 0;
  let singleSum = 0;
  const held = docs.map((d) => {
    let pd = 0;
    let sg = 0;
    for (const h of [0, 1] as const) {
      const choice = choiceOn(d, h, folds[h]);
      pd += d.sums[1 - h][choice];
      sg += d.sums[1 - h][folds[h]];
    }
    perDocSum += pd;
    singleSum += sg;
    return { pd, sg };
  });

  // In sample: everything chosen on all questions.
  const totals = sumsOf(scores, questions.map((_, i) => i));
  const singleAll = argmaxWithTieTo(totals, -1);
  let inPerDoc = 0;
  const perDocument: DocumentChoice[] = docs.map((d, k) => {
    const all = sumsOf(scores, d.rows);
    const chosen = d.eligible ? argmaxWithTieTo(all, singleAll) : singleAll;
    inPerDoc += all[chosen];
    const half = (h: 0 | 1): ChoiceHalf => ({
      questions: d.halves[h].map((i) => questions[i].id),
      means: d.sums[h].map((x) => (d.halves[h].length ? x / d.halves[h].length : 0)),
      chosen: choiceOn(d, h, folds[h]),
      single: folds[h],
    });
    return {
      docId: d.docId,
      questions: d.rows.length,
      tooFew: !d.eligible,
      chosen,
      means: all.map((x) => x / d.rows.length),
      changed: chosen !== singleAll,
      halves: [half(0), half(1)],
      heldOut: held[k].pd / d.rows.length,
      heldOutSingle: held[k].sg / d.rows.length,
    };
  });

  // Bootstrap over documents; each resample redoes the single best of each fold (the per-document
  // choices depend on the document's own questions and on that single best only).
  const stats: number[] = [];
  const rand = seededRandom(seed);
  const m = docs.length;
  for (let b = 0; b < resamples; b++) {
    const drawn: DocData[] = [];
    for (let j = 0; j < m; j++) drawn.push(docs[Math.floor(rand() * m)]);
    const f: [number, number] = [singleOn(drawn, 0), singleOn(drawn, 1)];
    let diff = 0;
    let size = 0;
    for (const d of drawn) {
      size += d.rows.length;
      for (const h of [0, 1] as const) diff += d.sums[1 - h][choiceOn(d, h, f[h])] - d.sums[1 - h][f[h]];
    }
    stats.push(diff / size);
  }
  stats.sort((x, y) => x - y);
  const estimate = (perDocSum - singleSum) / n;
  return {
    names: [...names],
    questions: n,
    documents: m,
    seed,
    minQuestions,
    single: { all: singleAll, folds },
    crossFitted: { perDocument: perDocSum / n, single: singleSum / n },
    gain: { estimate, interval: resamples > 0 ? [percentile(stats, 0.025), percentile(stats, 0.975)] : [estimate, estimate], resamples },
    inSample: { perDocument: inPerDoc / n, single: totals[singleAll] / n, gain: (inPerDoc - totals[singleAll]) / n },
    perDocument,
  };
}

const sameGold = (x: ResultsFile['questions'][number], y: ResultsFile['questions'][number]) =>
  x.gold.length === y.gold.length && x.gold.every((g, i) => g.docId === y.gold[i].docId && g.start === y.gold[i].start && g.end === y.gold[i].end);

/**
 * The input of choosePerDocument from results files of one question set: every file must hold the
 * same questions (ids and gold spans); each is scored from its own chunks and rankings. A question's
 * document is its first gold span's (a question without gold is a document of its own). Errors name
 * a run by its `where` (a file path) when given, else by its name.
 */
export function choiceInputFromResults(runs: readonly { name: string; file: ResultsFile; where?: string }[], metric: ChoiceMetric = 'hit@5'): ChoiceInput {
  if (runs.length < 2) throw new InputError(`a per-document choice needs at least two results files, got ${runs.length}`, 'per-document');
  const first = runs[0];
  const at = (r: (typeof runs)[number]) => r.where ?? r.name;
  const ref = new Map(first.file.questions.map((q) => [q.id, q]));
  for (const r of runs.slice(1)) {
    if (r.file.questions.length !== ref.size) {
      throw new InputError(`holds ${r.file.questions.length} questions, ${at(first)} holds ${ref.size}: runs of one question set are needed`, at(r));
    }
    for (const q of r.file.questions) {
      const p = ref.get(q.id);
      if (!p) throw new InputError(`question ${q.id} is not in ${at(first)}: runs of one question set are needed`, at(r));
      if (!sameGold(p, q)) throw new InputError(`question ${q.id} has other gold spans than in ${at(first)}`, at(r));
    }
  }
  const questions = first.file.questions.map((q) => ({ id: q.id, docId: q.gold[0]?.docId ?? `#${q.id}` }));
  const scores = runs.map((r) => {
    const per = scoreResults(r.file.chunks, r.file.questions, { budget: budgetOf(r.file.config) }).perQuestion;
    const byId = new Map(per.map((s) => [s.id, s]));
    return questions.map((q) => questionScore(byId.get(q.id)!, metric));
  });
  return { names: runs.map((r) => r.name), questions, scores };
}
