// The metrics of docs/CONTRACT.md, computed from a results file's own chunks and rankings (nothing
// else), so a saved or shared file always scores the same: hit@1/3/5, mrr, coverage, ctx3,
// Chroma's character-range recall/precision/IoU over the first 5, chunk counts; Wilson intervals,
// per-question miss reasons and the twin (look-alike) report.
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
  /** Why hit@5 failed; absent on a hit. */
  miss?: MissReason;
  twin?: TwinOutcome;
}

export interface Scores {
  metrics: Metrics;
  intervals: Record<RateKey, [number, number]>;
  perQuestion: QuestionScore[];
  twins: TwinSummary;
}

/** The depth of the character-range metrics and of miss reasons. */
export const RANGE_K = 5;

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

function twinOutcome(rank: number | null, lookAlike: number | null): TwinOutcome {
  if (rank === null && lookAlike === null) return 'neither';
  if (lookAlike === null) return 'relevant-first';
  if (rank === null) return 'look-alike-first';
  if (rank === lookAlike) return 'same-unit';
  return rank < lookAlike ? 'relevant-first' : 'look-alike-first';
}

/** Scores one question against the unit list. */
export function scoreQuestion(q: ResultsQuestion, byId: ReadonlyMap<string, ResultsChunk>, all: readonly ResultsChunk[]): QuestionScore {
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
  };
  if (!hit5) score.miss = !covered ? 'split' : allContained(ranked, gold) ? 'below-k' : 'not-retrieved';
  if (q.notRelevant?.length) score.twin = twinOutcome(rank, firstRank(q.notRelevant));
  return score;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Every metric of the contract, with intervals, per-question scores and the twin report. */
export function scoreResults(chunks: readonly ResultsChunk[], questions: readonly ResultsQuestion[]): Scores {
  const byId = new Map(chunks.map((c) => [c.id, c]));
  const per = questions.map((q) => scoreQuestion(q, byId, chunks));
  const n = per.length;
  const count = (f: (s: QuestionScore) => boolean) => per.filter(f).length;
  const successes: Record<RateKey, number> = {
    'hit@1': count((s) => s.hit1),
    'hit@3': count((s) => s.hit3),
    'hit@5': count((s) => s.hit5),
    coverage: count((s) => s.covered),
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
