// The metrics of docs/CONTRACT.md, computed from a results file's own chunks and rankings (nothing
// else), so a saved or shared file always scores the same: hit@1/3/5, mrr, coverage, ctx3,
// Chroma's character-range recall/precision/IoU over the first 5, hit and recall at a context
// budget (config.budget tokens), Chroma's Precision Ω (a property of the cuts alone), chunk counts; Wilson intervals, per-question miss reasons and the
// twin (look-alike) report; hit rate at several budgets (the fair comparison of chunk sizes).
import type { GoldSpan } from '../types.ts';
import { wilson } from './stats.ts';
import type {
  Metrics,
  MissReason,
  RateKey,
  ResultsChunk,
  ResultsQuestion,
  TwinOutcome,
  TwinSummary,
} from './types.ts';
import { RATE_KEYS } from './types.ts';

export interface QuestionScore {
  id: string;
  /** 1-based rank of the first ranked unit holding a whole gold span; null when none does. */
  rank: number | null;
  hit1: boolean;
  hit3: boolean;
  hit5: boolean;
  /** Every gold span lies inside some unit of the whole chunk list. */
  covered: boolean;
  recall5: number;
  precision5: number;
  iou5: number;
  ctx3: number;
  /** Every gold span inside a unit taken within the token budget (see budgetUnits). */
  hitBudget: boolean;
  /** Character recall of the units taken within the budget. */
  recallBudget: number;
  /** Chroma's Precision Ω over every chunk of the gold document(s) that meets a gold span (precisionOmega). */
  precisionOmega: number;
  /** Why hit@5 failed; absent on a hit. */
  miss?: MissReason;
  twin?: TwinOutcome;
}

/** The per-question scores a configuration can be compared by (each in [0, 1]; higher is better). */
export const PER_QUESTION_METRICS = ['hit@1', 'hit@3', 'hit@5', 'mrr', 'recall@5', 'iou@5', 'hit@budget', 'recall@budget'] as const;
export type PerQuestionMetric = (typeof PER_QUESTION_METRICS)[number];

/** One question's score under `metric` (its mean over questions is the results file's metric). */
export function perQuestionValue(s: QuestionScore, metric: PerQuestionMetric): number {
  switch (metric) {
    case 'hit@1':
      return s.hit1 ? 1 : 0;
    case 'hit@3':
      return s.hit3 ? 1 : 0;
    case 'hit@5':
      return s.hit5 ? 1 : 0;
    case 'mrr':
      return s.rank ? 1 / s.rank : 0;
    case 'recall@5':
      return s.recall5;
    case 'iou@5':
      return s.iou5;
    case 'hit@budget':
      return s.hitBudget ? 1 : 0;
    case 'recall@budget':
      return s.recallBudget;
  }
}

export interface Scores {
  metrics: Metrics;
  intervals: Record<RateKey, [number, number]>;
  perQuestion: QuestionScore[];
  twins: TwinSummary;
}

/** The depth of the character-range metrics and of miss reasons. */
export const RANGE_K = 5;

/** The context budget in tokens when a run or a file names none (config.budget). */
export const DEFAULT_BUDGET = 1024;

/**
 * The units a reader gets within `budget` tokens: ranked units in order while their summed tokens
 * stay within the budget; the first unit that would exceed it ends the list (none after it is taken,
 * even a smaller one).
 */
export function budgetUnits<T extends { tokens: number }>(ranked: readonly T[], budget: number): T[] {
  const out: T[] = [];
  let sum = 0;
  for (const u of ranked) {
    if (sum + u.tokens > budget) break;
    sum += u.tokens;
    out.push(u);
  }
  return out;
}

/** A budget as a results file may hold it: a whole number >= 1, else the default. */
export function budgetOf(config: Record<string, unknown> | undefined): number {
  const b = config?.budget;
  return typeof b === 'number' && Number.isInteger(b) && b >= 1 ? b : DEFAULT_BUDGET;
}

export function contains(unit: ResultsChunk, span: GoldSpan): boolean {
  return unit.docId === span.docId && unit.start <= span.start && span.end <= unit.end;
}

/** Whether every span lies inside some unit of `units`. */
export function allContained(units: readonly ResultsChunk[], spans: readonly GoldSpan[]): boolean {
  return spans.every((s) => units.some((u) => contains(u, s)));
}

/** Total length of the union of half-open intervals. */
function unionLength(ranges: Array<[number, number]>): number {
  if (!ranges.length) return 0;
  const sorted = ranges.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let total = 0;
  let curA = -1;
  let curB = -1;
  for (const [a, b] of sorted) {
    if (a > curB) {
      if (curB > curA) total += curB - curA;
      curA = a;
      curB = b;
    } else if (b > curB) curB = b;
  }
  if (curB > curA) total += curB - curA;
  return total;
}

/**
 * Chroma's character-range scores of `units` against `gold`: recall = |∪(unit ∩ gold)| / Σ|gold|,
 * precision = that / Σ|unit|, IoU = that / (Σ|unit| + gold left uncovered). Units in other
 * documents intersect nothing but still count in Σ|unit|.
 */
export function rangeScores(
  units: readonly ResultsChunk[],
  gold: readonly GoldSpan[],
): { recall: number; precision: number; iou: number } {
  const inter = new Map<string, Array<[number, number]>>();
  let goldLen = 0;
  let uncovered = 0;
  for (const g of gold) {
    goldLen += g.end - g.start;
    const parts: Array<[number, number]> = [];
    for (const u of units) {
      if (u.docId !== g.docId) continue;
      const a = Math.max(u.start, g.start);
      const b = Math.min(u.end, g.end);
      if (b > a) parts.push([a, b]);
    }
    uncovered += g.end - g.start - unionLength(parts);
    const list = inter.get(g.docId) ?? [];
    list.push(...parts);
    inter.set(g.docId, list);
  }
  let hit = 0;
  for (const list of inter.values()) hit += unionLength(list);
  const unitLen = units.reduce((s, u) => s + (u.end - u.start), 0);
  return {
    recall: goldLen > 0 ? hit / goldLen : 0,
    precision: unitLen > 0 ? hit / unitLen : 0,
    iou: unitLen + uncovered > 0 ? hit / (unitLen + uncovered) : 0,
  };
}

/**
 * Chroma's Precision Ω of one question (the "ω" of chunking_evaluation's _full_precision_score): every
 * chunk of the gold document(s) that meets a gold span is returned, as a reader given every relevant
 * chunk would be; Ω = |∪ (chunk ∩ span)| / |∪ those chunks ∪ the spans' parts no chunk covers|, in
 * characters. As in Chroma's code a chunk that only touches a span (ends where it starts) counts as
 * meeting it: it adds no characters to the top and all of its own to the bottom. 0 when no chunk
 * meets any span. A property of the cuts alone: the retriever plays no part.
 */
export function precisionOmega(chunks: readonly ResultsChunk[], gold: readonly GoldSpan[]): number {
  const inter: Array<[string, number, number]> = [];
  const bottom: Array<[string, number, number]> = [];
  // Gold left uncovered, per span: [docId, start, end] pieces.
  let unused: Array<[string, number, number]> = gold.map((g) => [g.docId, g.start, g.end]);
  let met = false;
  for (const c of chunks) {
    let meets = false;
    for (const g of gold) {
      if (g.docId !== c.docId) continue;
      const a = Math.max(c.start, g.start);
      const b = Math.min(c.end, g.end);
      if (a > b) continue;
      meets = true;
      inter.push([c.docId, a, b]);
      unused = unused.flatMap(([d, s, e]): Array<[string, number, number]> => {
        if (d !== c.docId || e <= a || s >= b) return [[d, s, e]];
        const rest: Array<[string, number, number]> = [];
        if (s < a) rest.push([d, s, a]);
        if (e > b) rest.push([d, b, e]);
        return rest;
      });
    }
    if (meets) {
      met = true;
      bottom.push([c.docId, c.start, c.end]);
    }
  }
  if (!met) return 0;
  const perDoc = (xs: Array<[string, number, number]>) => {
    const by = new Map<string, Array<[number, number]>>();
    for (const [d, s, e] of xs) {
      const l = by.get(d) ?? [];
      l.push([s, e]);
      by.set(d, l);
    }
    let n = 0;
    for (const l of by.values()) n += unionLength(l);
    return n;
  };
  const den = perDoc([...bottom, ...unused]);
  return den > 0 ? perDoc(inter) / den : 0;
}

function twinOutcome(rank: number | null, lookAlike: number | null): TwinOutcome {
  if (rank === null && lookAlike === null) return 'neither';
  if (lookAlike === null) return 'relevant-first';
  if (rank === null) return 'look-alike-first';
  if (rank === lookAlike) return 'same-unit';
  return rank < lookAlike ? 'relevant-first' : 'look-alike-first';
}

/** Scores one question against the unit list. */
export function scoreQuestion(
  q: ResultsQuestion,
  byId: ReadonlyMap<string, ResultsChunk>,
  all: readonly ResultsChunk[],
  budget = DEFAULT_BUDGET,
): QuestionScore {
  const ranked = q.ranked.map((id) => {
    const u = byId.get(id);
    if (!u) throw new Error(`question ${q.id} ranks unknown chunk "${id}"`);
    return u;
  });
  const firstRank = (spans: readonly GoldSpan[]): number | null => {
    const i = ranked.findIndex((u) => spans.some((s) => contains(u, s)));
    return i < 0 ? null : i + 1;
  };
  const gold = q.gold;
  const hitAt = (k: number) => gold.length > 0 && allContained(ranked.slice(0, k), gold);
  const rank = firstRank(gold);
  const hit5 = hitAt(5);
  const covered = gold.length > 0 && allContained(all, gold);
  const range = rangeScores(ranked.slice(0, RANGE_K), gold);
  const taken = budgetUnits(ranked, budget);
  const score: QuestionScore = {
    id: q.id,
    rank,
    hit1: hitAt(1),
    hit3: hitAt(3),
    hit5,
    covered,
    recall5: range.recall,
    precision5: range.precision,
    iou5: range.iou,
    ctx3: ranked.slice(0, 3).reduce((s, u) => s + u.tokens, 0),
    hitBudget: gold.length > 0 && allContained(taken, gold),
    recallBudget: rangeScores(taken, gold).recall,
    precisionOmega: precisionOmega(all, gold),
  };
  if (!hit5) score.miss = !covered ? 'split' : allContained(ranked, gold) ? 'below-k' : 'not-retrieved';
  if (q.notRelevant?.length) score.twin = twinOutcome(rank, firstRank(q.notRelevant));
  return score;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Every metric of the contract, with intervals, per-question scores and the twin report. */
export function scoreResults(chunks: readonly ResultsChunk[], questions: readonly ResultsQuestion[], opts: { budget?: number } = {}): Scores {
  const budget = opts.budget ?? DEFAULT_BUDGET;
  const byId = new Map(chunks.map((c) => [c.id, c]));
  const per = questions.map((q) => scoreQuestion(q, byId, chunks, budget));
  const n = per.length;
  const count = (f: (s: QuestionScore) => boolean) => per.filter(f).length;
  const successes: Record<RateKey, number> = {
    'hit@1': count((s) => s.hit1),
    'hit@3': count((s) => s.hit3),
    'hit@5': count((s) => s.hit5),
    coverage: count((s) => s.covered),
    'hit@budget': count((s) => s.hitBudget),
  };
  const metrics: Metrics = {
    'hit@1': n ? successes['hit@1'] / n : 0,
    'hit@3': n ? successes['hit@3'] / n : 0,
    'hit@5': n ? successes['hit@5'] / n : 0,
    mrr: mean(per.map((s) => (s.rank ? 1 / s.rank : 0))),
    coverage: n ? successes.coverage / n : 0,
    ctx3: mean(per.map((s) => s.ctx3)),
    'recall@5': mean(per.map((s) => s.recall5)),
    'precision@5': mean(per.map((s) => s.precision5)),
    'iou@5': mean(per.map((s) => s.iou5)),
    'hit@budget': n ? successes['hit@budget'] / n : 0,
    'recall@budget': mean(per.map((s) => s.recallBudget)),
    precisionOmega: mean(per.map((s) => s.precisionOmega)),
    chunks: chunks.length,
    meanTokens: mean(chunks.map((c) => c.tokens)),
  };
  const intervals = Object.fromEntries(RATE_KEYS.map((k) => [k, wilson(successes[k], n)])) as Record<RateKey, [number, number]>;
  const twinScores = per.filter((s) => s.twin);
  const tally = (o: TwinOutcome) => twinScores.filter((s) => s.twin === o).length;
  const relevantFirst = tally('relevant-first');
  const twins: TwinSummary = {
    questions: twinScores.length,
    relevantFirst,
    lookAlikeFirst: tally('look-alike-first'),
    sameUnit: tally('same-unit'),
    neither: tally('neither'),
    rate: twinScores.length ? relevantFirst / twinScores.length : 0,
    interval: wilson(relevantFirst, twinScores.length),
  };
  return { metrics, intervals, perQuestion: per, twins };
}

export interface BudgetPoint {
  budget: number;
  /** Fraction of questions with every gold span inside a unit taken within the budget. */
  hit: number;
  interval: [number, number];
  /** Mean character recall of the units taken within the budget. */
  recall: number;
  /**
   * Questions whose ranked list holds more than `budget` tokens, so the budget, not the list's end,
   * stopped it. Below `questions`, the file may not list every unit a bigger budget would take
   * (a file's lists are guaranteed to fill its own config.budget).
   */
  filled: number;
  questions: number;
}

/**
 * Hit rate and recall at each budget, from a results file's own chunks and rankings: the chart of
 * hit rate against context budget per configuration, where chunk sizes compare fairly.
 */
export function hitRateAtBudgets(file: { chunks: readonly ResultsChunk[]; questions: readonly ResultsQuestion[] }, budgets: readonly number[]): BudgetPoint[] {
  const byId = new Map(file.chunks.map((c) => [c.id, c]));
  const n = file.questions.length;
  const lists = file.questions.map((q) => ({
    gold: q.gold,
    ranked: q.ranked.map((id) => {
      const u = byId.get(id);
      if (!u) throw new Error(`question ${q.id} ranks unknown chunk "${id}"`);
      return u;
    }),
  }));
  return budgets.map((budget) => {
    if (!Number.isInteger(budget) || budget < 1) throw new Error(`a budget must be a whole number >= 1, got ${budget}`);
    let hits = 0;
    let recall = 0;
    let filled = 0;
    for (const { gold, ranked } of lists) {
      const taken = budgetUnits(ranked, budget);
      if (gold.length > 0 && allContained(taken, gold)) hits++;
      recall += rangeScores(taken, gold).recall;
      if (taken.length < ranked.length) filled++;
    }
    return { budget, hit: n ? hits / n : 0, interval: wilson(hits, n), recall: n ? recall / n : 0, filled, questions: n };
  });
}
