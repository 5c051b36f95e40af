// The embedding lessons (src/app/lessons/dilution-and-late.ts): plumbing and arithmetic with a
// deterministic bag-of-words fake embedder (scores recomputed here independently), and shapes with
// the committed random-weight test model through onnxruntime-node. No claim about quality.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cosine, dilutedPassage, dilutionTest, findSentence, naiveVsLate, DILUTION_COUNTS, type EmbedTextsFn } from '../../../src/app/lessons/dilution-and-late.ts';
import { lateChunk } from '../../../src/engine/embedding/late.ts';
import { createModelEmbedder, loadModelDir, type LoadedModel } from '../../../src/node/model.ts';
import { InputError, type Span } from '../../../src/engine/types.ts';
import { MODEL_DIR, standInTokenizer } from '../../engine/embedding/helpers.ts';

const words = (s: string) => s.toLowerCase().match(/\p{L}+/gu) ?? [];

/** A vocabulary-indexed bag of words: the same text always gives the same vector. */
function fakeEmbedder(vocab: string[]) {
  const calls: { texts: string[]; kind: string }[] = [];
  const embed: EmbedTextsFn = async (texts, kind) => {
    calls.push({ texts: [...texts], kind });
    return texts.map((t) => {
      const v = new Float32Array(vocab.length);
      for (const w of words(t)) {
        const i = vocab.indexOf(w);
        if (i >= 0) v[i] += 1;
      }
      return v;
    });
  };
  return { embed, calls };
}

/** Cosine of two texts' word counts, computed with maps (independent of the module's cosine). */
function bagCosine(a: string, b: string, vocab: string[]): number {
  const count = (s: string) => {
    const m = new Map<string, number>();
    for (const w of words(s)) if (vocab.includes(w)) m.set(w, (m.get(w) ?? 0) + 1);
    return m;
  };
  const ma = count(a);
  const mb = count(b);
  let dot = 0;
  for (const [w, n] of ma) dot += n * (mb.get(w) ?? 0);
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, n) => s + n * n, 0));
  return dot / (norm(ma) * norm(mb));
}

const answer = 'The bridge opened in 1932 after six years of work.';
const question = 'When did the bridge open?';
const decoy = 'The bridge is painted grey and crosses the harbour.';
const fillers = ['Cats sleep all day.', 'Rain fell over a valley.', 'Markets sell fresh fish.', 'Trains leave at dawn.'];
const vocab = [...new Set(words([answer, question, decoy, ...fillers].join(' ')))];

describe('dilutedPassage', () => {
  it('puts the answer in the middle, with floor(n/2) fillers before it', () => {
    for (const n of [0, 1, 2, 5, 9]) {
      const p = dilutedPassage(answer, fillers, n);
      expect(p.passage.slice(p.answerStart, p.answerEnd)).toBe(answer);
      const before = p.passage.slice(0, p.answerStart);
      const after = p.passage.slice(p.answerEnd);
      // every filler ends with a period: count sentences on each side
      expect((before.match(/\./g) ?? []).length).toBe(Math.floor(n / 2));
      expect((after.match(/\./g) ?? []).length).toBe(n - Math.floor(n / 2));
    }
    expect(dilutedPassage(answer, fillers, 0).passage).toBe(answer);
    expect(dilutedPassage('A.', ['x.', 'y.'], 3, '\n').passage).toBe('x.\nA.\ny.\nx.');
  });
});

describe('dilutionTest with a fake embedder', () => {
  it('scores each passage and the decoy as cosines of the vectors', async () => {
    const fake = fakeEmbedder(vocab);
    const r = await dilutionTest(fake.embed, { answer, question, decoy, fillers, counts: [0, 2, 4] });
    // one call for the question (as a query), one for the decoy and all passages (as passages)
    expect(fake.calls.map((c) => c.kind)).toEqual(['query', 'passage']);
    expect(fake.calls[1].texts).toHaveLength(1 + 3);
    expect(r.rows.map((x) => x.count)).toEqual([0, 2, 4]);
    const d = bagCosine(question, decoy, vocab);
    expect(r.bestDecoy).toBeCloseTo(d, 6);
    for (const row of r.rows) {
      const expected = bagCosine(question, row.passage, vocab);
      expect(row.score).toBeCloseTo(expected, 6);
      expect(row.margin).toBeCloseTo(expected - d, 6);
      expect(row.wins).toBe(expected > d);
    }
    // the fillers share no word with the question: more of them can only lower the score
    expect(r.rows[0].score).toBeGreaterThan(r.rows[2].score);
    expect(r.fillersReused).toBe(false);
    const loss = r.rows.find((x) => !x.wins);
    expect(r.firstLoss).toBe(loss ? loss.count : null);
  });

  it('uses the default counts, takes the closest of several decoys, and flags reused fillers', async () => {
    const fake = fakeEmbedder(vocab);
    const decoys = ['Cats sleep.', decoy];
    const r = await dilutionTest(fake.embed, { answer, question, decoy: decoys, fillers });
    expect(r.rows.map((x) => x.count)).toEqual([...DILUTION_COUNTS]);
    expect(r.decoyScores).toHaveLength(2);
    expect(r.bestDecoyIndex).toBe(r.decoyScores[0] > r.decoyScores[1] ? 0 : 1);
    expect(r.bestDecoy).toBe(Math.max(...r.decoyScores));
    expect(r.fillersReused).toBe(true); // 20 > 4 fillers
  });

  it('rejects bad input with an InputError naming the field', async () => {
    const { embed } = fakeEmbedder(vocab);
    await expect(dilutionTest(embed, { answer: ' ', question, decoy, fillers })).rejects.toThrow(/answer/);
    await expect(dilutionTest(embed, { answer, question, decoy, fillers, counts: [2, -1] })).rejects.toBeInstanceOf(InputError);
    await expect(dilutionTest(embed, { answer, question, decoy, fillers: [] })).rejects.toThrow(/foreign sentence/);
    // no fillers are needed when only count 0 is asked
    await expect(dilutionTest(embed, { answer, question, decoy, fillers: [], counts: [0] })).resolves.toMatchObject({ rows: [{ count: 0 }] });
    const broken: EmbedTextsFn = async (texts) => texts.slice(1).map(() => new Float32Array(3));
    await expect(dilutionTest(broken, { answer, question, decoy, fillers })).rejects.toThrow(/returned 0 vectors for 1/);
  });
});

describe('naiveVsLate with fakes', () => {
  const document = 'Marie Curie was born in Warsaw. She won two Nobel prizes.';
  const span = findSentence(document, 'She won two Nobel prizes.')!;
  const q = 'How many Nobel prizes did Marie Curie win?';
  const v = [...new Set(words(document + ' ' + q))];

  it('compares the question with the sentence alone, late-chunked, and the whole document', async () => {
    const fake = fakeEmbedder(v);
    const lateCalls: { doc: string; spans: Span[] }[] = [];
    // a stand-in "late" vector: the sentence's words plus the whole document's words
    const embedLate = async (doc: string, spans: Span[]) => {
      lateCalls.push({ doc, spans });
      return (await fake.embed(spans.map((s) => doc.slice(s.start, s.end) + ' ' + doc), 'passage')).slice();
    };
    const r = await naiveVsLate(embedLate, fake.embed, { document, sentenceSpan: span, question: q });
    expect(r.sentence).toBe('She won two Nobel prizes.');
    expect(lateCalls).toEqual([{ doc: document, spans: [span] }]);
    expect(r.naive).toBeCloseTo(bagCosine(q, r.sentence, v), 6);
    expect(r.late).toBeCloseTo(bagCosine(q, `${r.sentence} ${document}`, v), 6);
    expect(r.wholeDocument).toBeCloseTo(bagCosine(q, document, v), 6);
    expect(r.gain).toBeCloseTo(r.late - r.naive, 9);
  });

  it('rejects a range outside the document', async () => {
    const { embed } = fakeEmbedder(v);
    const late = async () => [new Float32Array(2)];
    await expect(naiveVsLate(late, embed, { document, sentenceSpan: { start: 5, end: 500 }, question: q })).rejects.toThrow(/not a non-empty range/);
    await expect(naiveVsLate(late, embed, { document, sentenceSpan: { start: 3, end: 3 }, question: q })).rejects.toBeInstanceOf(InputError);
    expect(findSentence(document, 'absent')).toBeNull();
  });
});

describe('cosine', () => {
  it('matches the definition and handles zero vectors', () => {
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([3, 4], [6, 8])).toBeCloseTo(1, 12);
    expect(cosine([1, 2, 3], [4, 5, 6])).toBeCloseTo(32 / Math.sqrt(14 * 77), 12);
    expect(cosine([0, 0], [1, 1])).toBe(0);
    expect(() => cosine([1], [1, 2])).toThrow(InputError);
  });
});

describe('with the random-weight test model (shapes only)', () => {
  let model: LoadedModel;
  beforeAll(async () => {
    model = await loadModelDir(MODEL_DIR, { loadTokenizer: async () => standInTokenizer() } as never);
  });
  afterAll(async () => {
    await model?.runner.dispose?.();
  });

  it('runs both lessons end to end and gives finite cosines in [-1, 1]', async () => {
    const e = createModelEmbedder(model);
    const embed: EmbedTextsFn = async (texts, kind) => [...(await e.embed(texts, kind))];
    const d = await dilutionTest(embed, { answer, question, decoy, fillers });
    expect(d.rows).toHaveLength(5);
    for (const row of d.rows) {
      expect(Number.isFinite(row.score)).toBe(true);
      expect(Math.abs(row.score)).toBeLessThanOrEqual(1 + 1e-6);
    }
    // the count-0 passage is the answer itself: its score equals embedding the answer directly
    const [qv] = await e.embed([question], 'query');
    const [av] = await e.embed([answer], 'passage');
    expect(d.rows[0].score).toBeCloseTo(cosine(qv, av), 5);

    const document = 'Marie Curie was born in Warsaw. She won two Nobel prizes.';
    const span = findSentence(document, 'She won two Nobel prizes.')!;
    const late = async (doc: string, spans: Span[]) =>
      (await lateChunk(doc, spans, { runner: model.runner, tokenizer: model.tokenizer, clsId: model.clsId, sepId: model.sepId, padId: model.padId, maxTokens: model.info.maxTokens })).vectors;
    const r = await naiveVsLate(late, embed, { document, sentenceSpan: span, question: 'How many Nobel prizes?' });
    for (const x of [r.naive, r.late, r.wholeDocument]) {
      expect(Number.isFinite(x)).toBe(true);
      expect(Math.abs(x)).toBeLessThanOrEqual(1 + 1e-6);
    }
    // in context, the sentence's tokens see the first sentence: the late vector differs from the naive one
    expect(Math.abs(r.late - r.naive)).toBeGreaterThan(0);
  });
});
