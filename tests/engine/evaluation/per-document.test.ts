// Per-document choice with cross-fitting: hand cases whose answer does not depend on the split, one
// that does (computed here from the split), documents too small to split, an independent
// re-implementation compared on random grids (choices, cross-fitted and in-sample figures, and the
// bootstrap interval drawn with the same documented generator), and the honesty case: configurations
// that differ only by noise look better per document in sample, and gain nothing cross-fitted.
import { describe, expect, test } from 'vitest';
import { choiceInputFromResults, choosePerDocument, splitHalves, type ChoiceInput, type ResultsFile } from '../../../src/engine/evaluation/index.ts';
import { rng, seededRandom } from '../../../src/engine/util/index.ts';

/** Builds a ChoiceInput from per-document score lists: docs[d][c] = scores of config c on doc d's questions. */
function grid(docs: Record<string, number[][]>, names?: string[]): ChoiceInput {
  const C = Object.values(docs)[0].length;
  const questions: ChoiceInput['questions'] = [];
  const scores: number[][] = Array.from({ length: C }, () => []);
  for (const [docId, perConfig] of Object.entries(docs)) {
    perConfig[0].forEach((_, j) => {
      questions.push({ id: `${docId}-q${j}`, docId });
      for (let c = 0; c < C; c++) scores[c].push(perConfig[c][j]);
    });
  }
  return { names: names ?? Array.from({ length: C }, (_, c) => `cfg${c}`), questions, scores };
}

describe('hand cases', () => {
  test('one configuration wins everywhere on one document, the other elsewhere: both halves agree, gain 1/3', () => {
    const r = choosePerDocument(grid({ X: [[0, 0], [1, 1]], Y: [[1, 1, 1, 1], [0, 0, 0, 0]] }, ['A', 'B']), { resamples: 500 });
    expect(r.single).toEqual({ all: 0, folds: [0, 0] });
    expect(r.perDocument.map((d) => [d.docId, d.chosen, d.changed])).toEqual([
      ['X', 1, true],
      ['Y', 0, false],
    ]);
    expect(r.crossFitted.perDocument).toBeCloseTo(1, 12);
    expect(r.crossFitted.single).toBeCloseTo(4 / 6, 12);
    expect(r.gain.estimate).toBeCloseTo(1 / 3, 12);
    expect(r.inSample.gain).toBeCloseTo(1 / 3, 12);
    // Every resample gains between 0 (only X drawn: B becomes the single best) and 1/2 (X drawn m − 1 times).
    expect(r.gain.interval[0]).toBeGreaterThanOrEqual(0);
    expect(r.gain.interval[1]).toBeLessThanOrEqual(1 / 2 + 1e-12);
    // Why X changed: B is better on each half.
    const x = r.perDocument[0];
    for (const h of x.halves) {
      expect(h.chosen).toBe(1);
      expect(h.means).toEqual([0, 1]);
      expect(h.questions).toHaveLength(1);
    }
  });

  test('a document with one question keeps the single best and adds zero gain, but counts in the denominator', () => {
    const r = choosePerDocument(grid({ X: [[0, 0], [1, 1]], Y: [[1, 1, 1, 1], [0, 0, 0, 0]], Z: [[0], [1]] }, ['A', 'B']), { resamples: 0 });
    const z = r.perDocument.find((d) => d.docId === 'Z')!;
    expect(z.tooFew).toBe(true);
    expect(z.chosen).toBe(r.single.all);
    expect(z.changed).toBe(false);
    expect(z.heldOut).toBe(z.heldOutSingle);
    expect(r.questions).toBe(7);
    expect(r.gain.estimate).toBeCloseTo(2 / 7, 12);
    // In sample, Z would also keep the single best: it is never chosen for alone.
    expect(r.inSample.gain).toBeCloseTo(2 / 7, 12);
  });

  test('--min-questions: documents below it keep the single best', () => {
    const input = grid({ X: [[0, 0], [1, 1]], Y: [[1, 1, 1, 1], [0, 0, 0, 0]] }, ['A', 'B']);
    const r = choosePerDocument(input, { minQuestions: 3, resamples: 0 });
    expect(r.perDocument[0].tooFew).toBe(true);
    expect(r.gain.estimate).toBe(0);
  });

  test('ties go to the single best configuration: a document changes only when another is strictly better', () => {
    const r = choosePerDocument(grid({ X: [[1, 0], [0, 1], [1, 0]], Y: [[1, 1, 1, 1], [0, 0, 0, 0], [1, 1, 1, 0]] }), { resamples: 0 });
    expect(r.single.all).toBe(0);
    expect(r.perDocument[0].chosen).toBe(0);
    expect(r.perDocument[0].changed).toBe(false);
  });

  test('a split-dependent case, worked out from the halves', () => {
    // A document where B wins one half and loses the other.
    const input = grid({ D: [[1, 0, 0, 1], [0, 1, 1, 0]], E: [[1, 1], [0, 0]] }, ['A', 'B']);
    const seed = 7;
    const [h0, h1] = splitHalves([0, 1, 2, 3], 'D', seed);
    const [e0, e1] = splitHalves([4, 5], 'E', seed);
    const r = choosePerDocument(input, { seed, resamples: 0 });
    const sum = (c: number, rows: number[]) => rows.reduce((s, i) => s + input.scores[c][i], 0);
    // Single best per fold: over the training half of both documents (ties to A).
    const single = [h0.concat(e0), h1.concat(e1)].map((rows) => (sum(1, rows) > sum(0, rows) ? 1 : 0));
    expect(r.single.folds).toEqual(single);
    // Each document's choice on a half (ties to that fold's single best), scored on its other half.
    const choose = (rows: number[], f: number) => (sum(1, rows) > sum(0, rows) ? 1 : sum(0, rows) > sum(1, rows) ? 0 : single[f]);
    let gain = 0;
    for (const [a, b] of [[h0, h1], [e0, e1]]) {
      gain += sum(choose(a, 0), b) - sum(single[0], b);
      gain += sum(choose(b, 1), a) - sum(single[1], a);
    }
    expect(r.gain.estimate).toBeCloseTo(gain / 6, 12);
    expect(r.perDocument[0].halves.map((h, f) => h.chosen)).toEqual([choose(h0, 0), choose(h1, 1)]);
  });

  test('bad input says what is wrong', () => {
    expect(() => choosePerDocument({ names: ['a'], questions: [{ id: 'q', docId: 'd' }], scores: [[1]] })).toThrow(/at least two configurations/);
    expect(() => choosePerDocument({ names: ['a', 'b'], questions: [{ id: 'q', docId: 'd' }], scores: [[1], []] })).toThrow(/configuration b has 0 scores for 1 questions/);
    expect(() => choosePerDocument({ names: ['a', 'b'], questions: [{ id: 'q', docId: 'd' }], scores: [[1], [2]] })).toThrow(/question q must lie in \[0, 1\], got 2/);
  });
});

describe('halves', () => {
  test('a partition of each document, sizes ⌈n/2⌉ and ⌊n/2⌋, the same for the same seed, independent of other documents', () => {
    const rows = Array.from({ length: 9 }, (_, i) => i * 3);
    const [a, b] = splitHalves(rows, 'doc', 3);
    expect(a).toHaveLength(5);
    expect(b).toHaveLength(4);
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(rows);
    expect(splitHalves(rows, 'doc', 3)).toEqual([a, b]);
    // Another seed gives another split for at least one of a few documents.
    const differs = ['a', 'b', 'c', 'd'].some((d) => JSON.stringify(splitHalves(rows, d, 3)) !== JSON.stringify(splitHalves(rows, d, 4)));
    expect(differs).toBe(true);
    // A document's halves do not move when another document is added before it.
    const one = choosePerDocument(grid({ D: [[1, 0, 1, 0, 1], [0, 1, 0, 1, 1]], E: [[1, 1], [0, 1]] }), { resamples: 0 });
    const two = choosePerDocument(grid({ F: [[1, 1, 0], [0, 0, 1]], D: [[1, 0, 1, 0, 1], [0, 1, 0, 1, 1]], E: [[1, 1], [0, 1]] }), { resamples: 0 });
    expect(two.perDocument[1].halves.map((h) => h.questions)).toEqual(one.perDocument[0].halves.map((h) => h.questions));
  });
});

/**
 * An independent re-implementation, written from the definition: per fold, means over the training
 * questions; the bootstrap draws documents with util's rng(seed) in order of first appearance.
 */
function reference(input: ChoiceInput, seed: number, resamples: number, minQ = 2) {
  const C = input.names.length;
  const docOrder: string[] = [];
  const members: Record<string, number[]> = {};
  input.questions.forEach((q, i) => {
    if (!members[q.docId]) {
      members[q.docId] = [];
      docOrder.push(q.docId);
    }
    members[q.docId].push(i);
  });
  const halfOf: number[] = [];
  for (const d of docOrder) {
    const [a, b] = splitHalves(members[d], d, seed);
    for (const i of a) halfOf[i] = 0;
    for (const i of b) halfOf[i] = 1;
  }
  const mean = (c: number, idx: number[]) => (idx.length ? idx.map((i) => input.scores[c][i]).reduce((s, x) => s + x, 0) / idx.length : 0);
  const best = (vals: number[], prefer: number | null) => {
    const top = Math.max(...vals);
    if (prefer !== null && vals[prefer] === top) return prefer;
    return vals.indexOf(top);
  };
  const evaluate = (docs: string[]) => {
    // docs may repeat (a bootstrap draw): each copy counts.
    const single = [0, 1].map((h) => {
      const idx = docs.flatMap((d) => members[d].filter((i) => halfOf[i] === h));
      return best(Array.from({ length: C }, (_, c) => mean(c, idx)), null);
    });
    let pd = 0;
    let sg = 0;
    let n = 0;
    for (const d of docs) {
      for (const i of members[d]) {
        const trainHalf = 1 - halfOf[i];
        const train = members[d].filter((j) => halfOf[j] === trainHalf);
        const s = single[trainHalf];
        const choice = members[d].length >= minQ ? best(Array.from({ length: C }, (_, c) => mean(c, train)), s) : s;
        pd += input.scores[choice][i];
        sg += input.scores[s][i];
        n++;
      }
    }
    return { pd: pd / n, sg: sg / n, single };
  };
  const main = evaluate(docOrder);
  const all = input.questions.map((_, i) => i);
  const singleAll = best(Array.from({ length: C }, (_, c) => mean(c, all)), null);
  let inPd = 0;
  const chosen: number[] = [];
  for (const d of docOrder) {
    const ch = members[d].length >= minQ ? best(Array.from({ length: C }, (_, c) => mean(c, members[d])), singleAll) : singleAll;
    chosen.push(ch);
    inPd += members[d].reduce((s, i) => s + input.scores[ch][i], 0);
  }
  const rand = rng(seed);
  const gains: number[] = [];
  for (let b = 0; b < resamples; b++) {
    const drawn = docOrder.map(() => docOrder[Math.floor(rand() * docOrder.length)]);
    const e = evaluate(drawn);
    gains.push(e.pd - e.sg);
  }
  gains.sort((x, y) => x - y);
  const q = (p: number) => {
    const k = (gains.length - 1) * p;
    const lo = Math.floor(k);
    return gains[lo] + (gains[Math.ceil(k)] - gains[lo]) * (k - lo);
  };
  return {
    gain: main.pd - main.sg,
    perDocument: main.pd,
    single: main.sg,
    folds: main.single,
    singleAll,
    chosen,
    inSample: inPd / all.length - mean(singleAll, all),
    interval: [q(0.025), q(0.975)],
  };
}

/** A random grid: D documents with 1–8 questions, C configurations; binary or continuous scores. */
function randomGrid(seed: number, D: number, C: number, binary: boolean, effect = 0): ChoiceInput {
  const r = seededRandom(seed);
  const docs: Record<string, number[][]> = {};
  for (let d = 0; d < D; d++) {
    const nq = 1 + Math.floor(r() * 8);
    const favoured = Math.floor(r() * C);
    docs[`doc-${d}`] = Array.from({ length: C }, (_, c) =>
      Array.from({ length: nq }, () => {
        const p = 0.45 + (c === favoured ? effect : 0);
        return binary ? (r() < p ? 1 : 0) : Math.min(1, r() * 2 * p);
      }),
    );
  }
  return grid(docs);
}

test('agrees with an independent re-implementation on random grids (choices, figures, the bootstrap interval)', () => {
  for (let s = 1; s <= 12; s++) {
    const input = randomGrid(100 + s, 5 + (s % 7) * 3, 2 + (s % 4), s % 3 !== 0, (s % 5) * 0.08);
    const seed = 1000 + s;
    const ref = reference(input, seed, 300);
    const r = choosePerDocument(input, { seed, resamples: 300 });
    expect(r.single.folds).toEqual(ref.folds);
    expect(r.single.all).toBe(ref.singleAll);
    expect(r.perDocument.map((d) => d.chosen)).toEqual(ref.chosen);
    expect(r.gain.estimate).toBeCloseTo(ref.gain, 10);
    expect(r.crossFitted.perDocument).toBeCloseTo(ref.perDocument, 10);
    expect(r.crossFitted.single).toBeCloseTo(ref.single, 10);
    expect(r.inSample.gain).toBeCloseTo(ref.inSample, 10);
    expect(r.gain.interval[0]).toBeCloseTo(ref.interval[0], 10);
    expect(r.gain.interval[1]).toBeCloseTo(ref.interval[1], 10);
    expect(r.perDocument.filter((d) => d.changed).map((d) => d.docId)).toEqual(r.perDocument.filter((_, k) => ref.chosen[k] !== ref.singleAll).map((d) => d.docId));
  }
});

test('honesty: configurations that differ only by noise gain in sample, not cross-fitted', () => {
  // 10 configurations, each question a fair coin for each: no configuration is better anywhere.
  const input = randomGrid(42, 40, 10, true, 0);
  // Every document with at least 2 questions, so every document is chosen for.
  const r = choosePerDocument(input, { seed: 5, resamples: 1000 });
  // Choosing on the questions scored: the best of 10 coins per document looks well above the rest.
  expect(r.inSample.gain).toBeGreaterThan(0.1);
  expect(r.perDocument.filter((d) => d.changed).length).toBeGreaterThan(10);
  // Cross-fitted: about nothing, and the interval holds zero.
  expect(Math.abs(r.gain.estimate)).toBeLessThan(0.05);
  expect(r.gain.interval[0]).toBeLessThan(0);
  expect(r.gain.interval[1]).toBeGreaterThan(0);
  // The same across seeds of the split: the in-sample gain is always far above the cross-fitted one.
  for (const seed of [1, 2, 3, 4]) {
    const x = choosePerDocument(input, { seed, resamples: 0 });
    expect(x.inSample.gain - x.gain.estimate).toBeGreaterThan(0.08);
  }
});

test('real per-document differences survive cross-fitting: the gain is positive and its interval excludes zero', () => {
  // Each of 80 documents has one configuration that is right 90% of the time, the others 45%.
  const input = randomGrid(9, 80, 4, true, 0.45);
  const r = choosePerDocument(input, { seed: 2, resamples: 1000 });
  expect(r.gain.estimate).toBeGreaterThan(0.1);
  expect(r.gain.interval[0]).toBeGreaterThan(0);
  expect(r.gain.estimate).toBeLessThanOrEqual(r.inSample.gain + 1e-12);
});

describe('from results files', () => {
  const chunks = [
    { id: 'a1', docId: 'A', start: 0, end: 10, tokens: 3 },
    { id: 'a2', docId: 'A', start: 10, end: 20, tokens: 3 },
  ];
  const file = (ranked: string[][]): ResultsFile =>
    ({
      format: 'chunklab-results',
      version: 1,
      config: {},
      chunks,
      questions: ranked.map((r, i) => ({ id: `q${i}`, text: `q${i}`, gold: [{ docId: 'A', start: 12, end: 15 }], ranked: r })),
      metrics: {},
    }) as unknown as ResultsFile;

  test('scores each file from its own chunks and rankings under the metric', () => {
    const input = choiceInputFromResults(
      [
        { name: 'x', file: file([['a2', 'a1'], ['a1', 'a2']]) },
        { name: 'y', file: file([['a1', 'a2'], ['a1']]) },
      ],
      'mrr',
    );
    expect(input.scores).toEqual([
      [1, 0.5],
      [0.5, 0],
    ]);
    expect(input.questions).toEqual([
      { id: 'q0', docId: 'A' },
      { id: 'q1', docId: 'A' },
    ]);
  });

  test('files of other question sets are refused, naming the file and the question', () => {
    const a = file([['a1'], ['a2']]);
    const b = file([['a1']]);
    expect(() => choiceInputFromResults([{ name: 'a.json', file: a }, { name: 'b.json', file: b }])).toThrow(/b\.json: holds 1 questions, a\.json holds 2/);
    const c = file([['a1'], ['a2']]);
    c.questions[1].gold = [{ docId: 'A', start: 0, end: 3 }];
    expect(() => choiceInputFromResults([{ name: 'a.json', file: a }, { name: 'c.json', file: c }])).toThrow(/c\.json: question q1 has other gold spans/);
    expect(() => choiceInputFromResults([{ name: 'a.json', file: a }])).toThrow(/at least two/);
  });
});
