// The pieces of tune: the split made once (by document, or by question under 10 documents), the
// stages of successive halving within the run budget, and the exact interval of a paired difference.
import { describe, expect, it } from 'vitest';
import { clopperPearson, mcnemarInterval, planStages, splitQuestions, successiveHalving, tuneSpace, type TuneScorer } from '../../../src/engine/tune/index.ts';
import { mcnemarExact } from '../../../src/engine/evaluation/index.ts';
import { growth } from '../work-count.ts';

const questions = (docs: number, perDoc: number) => Array.from({ length: docs * perDoc }, (_, i) => ({ id: `q${i}`, docId: `d${i % docs}` }));

describe('splitQuestions', () => {
  it('keeps each document in one half when there are at least 10 documents, balanced, seeded', () => {
    const qs = questions(12, 5);
    const s = splitQuestions(qs, 7);
    expect(s.by).toBe('document');
    const docOf = new Map(qs.map((q) => [q.id, q.docId]));
    const docsA = new Set(s.choosing.map((id) => docOf.get(id)));
    const docsB = new Set(s.estimating.map((id) => docOf.get(id)));
    expect([...docsA].filter((d) => docsB.has(d))).toEqual([]);
    expect(s.choosing.length + s.estimating.length).toBe(60);
    expect(Math.abs(s.choosing.length - s.estimating.length)).toBeLessThanOrEqual(5);
    const again = splitQuestions([...qs].reverse(), 7);
    expect([...again.choosing].sort()).toEqual([...s.choosing].sort());
    expect(splitQuestions(qs, 8).choosing).not.toEqual(s.choosing);
  });

  it('is linear in one document\'s questions: four times the questions, about four times the work (counted, not timed: a copy per question made it sixteen)', () => {
    const big = (n: number) => [...Array.from({ length: n }, (_, i) => ({ id: `big${i}`, docId: 'big' })), ...questions(11, 10)];
    const g = growth(big, (qs) => splitQuestions(qs, 3), 2_000);
    expect(g.ratio, `work ${g.small} at 2k questions, ${g.large} at 8k`).toBeLessThan(5);
    expect(g.large / 8_000).toBeLessThan(50);
  });

  it('200k questions on one document among 12 are split whole, in order', () => {
    const qs = [...Array.from({ length: 200_000 }, (_, i) => ({ id: `big${i}`, docId: 'big' })), ...questions(11, 10)];
    const s = splitQuestions(qs, 3);
    expect(s.by).toBe('document');
    expect(s.documents).toBe(12);
    expect(s.choosing.length + s.estimating.length).toBe(200_110);
    // The big document is all in one half, in input order.
    const half = s.choosing.includes('big0') ? s.choosing : s.estimating;
    const big = half.filter((id) => id.startsWith('big'));
    expect(big.length).toBe(200_000);
    expect(big[199_999]).toBe('big199999');
  });

  it('cuts by question under 10 documents, and says so', () => {
    const s = splitQuestions(questions(4, 9), 1);
    expect(s.by).toBe('question');
    expect(s.documents).toBe(4);
    expect(s.choosing.length).toBe(18);
    expect(new Set([...s.choosing, ...s.estimating]).size).toBe(36);
  });
});

describe('planStages', () => {
  it('fits the default space (20 configurations) in 24 runs: all on a sample, the best four on every question', () => {
    const { stages, trimmed } = planStages(20, 200, 24);
    expect(trimmed).toBe(0);
    expect(stages.map((s) => s.candidates)).toEqual([20, 4]);
    expect(stages[0].questions).toBe(67);
    expect(stages[1].questions).toBe(200);
    expect(stages[0].retriever).toBe('first');
  });

  it('uses three stages when questions and runs allow, one when questions are few, and never more runs than allowed', () => {
    expect(planStages(12, 600, 24).stages.map((s) => [s.candidates, s.questions])).toEqual([[12, 67], [4, 200], [2, 600]]);
    expect(planStages(20, 40, 24).stages.map((s) => s.candidates)).toEqual([20]);
    for (const [c, q, r] of [[20, 1000, 24], [30, 100, 24], [8, 90, 6], [50, 10, 24], [3, 500, 24]]) {
      const { stages, trimmed } = planStages(c, q, r);
      expect(stages.reduce((s, x) => s + x.candidates, 0)).toBeLessThanOrEqual(r);
      expect(stages[0].candidates + trimmed).toBe(c);
      expect(stages.at(-1)!.questions).toBe(q);
    }
  });

  it('successive halving promotes the best and scores the pick on every choosing question', async () => {
    const space = tuneSpace(['recursive', 'fixed'], [64, 128, 256, 512]);
    const ids = Array.from({ length: 90 }, (_, i) => `q${i}`);
    // fixed · 256 wins on every question; the others on a third of them.
    const asked: { label: string; n: number }[] = [];
    const scorer: TuneScorer = {
      async score(config, qs) {
        asked.push({ label: `${config.chunker} · ${config.params.maxTokens}`, n: qs.length });
        return new Map(qs.map((id, i) => [id, config.chunker === 'fixed' && config.params.maxTokens === 256 ? 1 : Number(id.slice(1)) % 3 === 0 ? 1 : 0]));
      },
    };
    const r = await successiveHalving(space, ids, scorer, { maxRuns: 24, seed: 1, retriever: { kind: 'bm25' } });
    expect(space[r.chosen].label).toBe('fixed · 256');
    expect(r.runs.length).toBe(asked.length);
    expect(asked.slice(0, 8).every((a) => a.n === 30)).toBe(true);
    expect(asked.slice(8).every((a) => a.n === 90)).toBe(true);
    expect(r.chosenScores.size).toBe(90);
  });

  it('stops starting runs at the deadline and keeps the best scored', async () => {
    const space = tuneSpace(['recursive'], [64, 128, 256, 512]);
    let t = 0;
    const scorer: TuneScorer = { score: async (c, qs) => ((t += 10), new Map(qs.map((id) => [id, c.params.maxTokens === 128 ? 1 : 0]))) };
    const r = await successiveHalving(space, ['a', 'b', 'c', 'd'], scorer, { maxRuns: 24, seed: 1, retriever: { kind: 'bm25' }, deadline: 25, now: () => t });
    expect(r.runs.length).toBe(3);
    expect(r.stoppedEarly).toMatch(/time limit/);
    expect(space[r.chosen].label).toBe('recursive · 128');
  });
});

describe('the interval of a paired difference', () => {
  it('Clopper–Pearson matches published values', () => {
    const [a, b] = clopperPearson(5, 10);
    expect(a).toBeCloseTo(0.1871, 4);
    expect(b).toBeCloseTo(0.8129, 4);
    expect(clopperPearson(0, 10)[1]).toBeCloseTo(0.3085, 4);
    expect(clopperPearson(10, 10)[0]).toBeCloseTo(0.6915, 4);
  });

  it('holds 0 exactly when the exact McNemar test finds no difference', () => {
    for (let b = 0; b <= 25; b++) {
      for (let c = 0; c <= 25; c++) {
        if (b + c === 0) continue;
        const [lo, hi] = mcnemarInterval(b, c, 100);
        expect(lo).toBeLessThanOrEqual((b - c) / 100 + 1e-12);
        expect(hi).toBeGreaterThanOrEqual((b - c) / 100 - 1e-12);
        const holds0 = lo <= 0 && hi >= 0;
        // Clopper–Pearson's two tails against the doubled smaller tail: equivalent at 5%.
        expect(holds0).toBe(mcnemarExact(b, c) >= 0.05);
      }
    }
  });
});
