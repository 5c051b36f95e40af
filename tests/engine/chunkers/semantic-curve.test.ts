// The semantic chunker's breakpoint curve: windowed similarities and smoothing against an independent
// computation, ties and plateaus, cuts at a topic switch with the lexical embedder (and chunks unlike
// `sentences`, on a made-up document and on the samples), re-cutting for a new threshold from the kept
// vectors without embedding again, and the same chunks from any embedder of the same vectors.

import { describe, expect, test } from 'vitest';
import { chunkDocument, chunksFromCurve, cutCurve, peaks, resolveParams, semanticBreakpoints, type SemanticParams } from '../../../src/engine/chunkers/index.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { lexicalEmbedderFor } from '../../../src/engine/embedding/lexical.ts';
import type { Doc } from '../../../src/engine/types.ts';
import { expectValidChunks, fakeEmbed, tokenizer, uncovered } from './helpers.ts';
import { sampleDocs } from './snapshot.ts';

// Three topics, eight sentences each; like real prose on one subject, a topic's sentences keep coming
// back to its words, while neighbouring sentences often share none.
const volcano = [
  'The volcano woke after a century of silence.',
  'Hot lava poured from the crater all morning.',
  'Ash from the volcano darkened the valley.',
  'Geologists measured the gases near the crater rim.',
  'The lava flow reached the river by noon.',
  'Villagers left the valley when the volcano roared.',
  'By night the crater glowed red above the valley.',
  'The eruption of the volcano lasted three days.',
];
const bread = [
  'Baking bread starts with flour, water and yeast.',
  'The dough rises while the yeast works slowly.',
  'A hot oven gives the bread its golden crust.',
  'Fresh bread cools on a rack before slicing.',
  'Sourdough needs a starter fed with flour every day.',
  'Bakers knead the dough until it feels elastic.',
  'Whole wheat flour makes a denser bread.',
  'The yeast and the dough need a warm kitchen.',
];
const chess = [
  'Chess players open with the king pawn or the queen pawn.',
  'A knight jumps over other pieces on the chess board.',
  'Castling moves the king to safety behind the rook.',
  'The bishop pair is strong in open chess positions.',
  'A pawn that reaches the last rank becomes a queen.',
  'Checkmate ends the game when the king cannot escape.',
  'Chess clocks limit the time of each player.',
  'The rook and the queen control open files on the board.',
];
const topicsText = [...volcano, ...bread, ...chess].join(' ');
const topics: Doc = parseDocument({ id: 'topics', text: topicsText, format: 'text', meta: { language: 'en' } });
const switches = [topicsText.indexOf(bread[0]), topicsText.indexOf(chess[0])];

const params = (p: Partial<SemanticParams> = {}) => resolveParams('semantic', { maxTokens: 400, ...p }) as unknown as SemanticParams;

describe('the curve against an independent computation', () => {
  test('windowed similarities (sums of k units each side, cosine) and binomial smoothing', async () => {
    const e = lexicalEmbedderFor(topics);
    for (const [buffer, smoothing] of [[1, 1], [2, 3], [3, 5]]) {
      const { curve, unitStarts } = await semanticBreakpoints(topics, params({ buffer, smoothing }), { tokenizer, embed: e.embed });
      const sentences = [...volcano, ...bread, ...chess];
      expect(unitStarts).toEqual(sentences.map((s) => topicsText.indexOf(s)));
      // By hand, with the dense vectors: plain arrays, plain loops.
      const dense = sentences.map((s) => Array.from(e.vector(s)));
      const sum = (from: number, to: number) => dense.slice(Math.max(0, from), Math.min(dense.length, to)).reduce((acc, v) => acc.map((x, j) => x + v[j]));
      const cos = (a: number[], b: number[]) => {
        const dot = a.reduce((s, x, j) => s + x * b[j], 0);
        const na = Math.hypot(...a);
        const nb = Math.hypot(...b);
        return na && nb ? dot / (na * nb) : 0;
      };
      const sims = dense.slice(1).map((_, i) => cos(sum(i - buffer + 1, i + 1), sum(i + 1, i + 1 + buffer)));
      curve.similarities.forEach((s, i) => expect(s).toBeCloseTo(sims[i], 6));
      const h = (smoothing - 1) / 2;
      const weights = smoothing === 1 ? [1] : smoothing === 3 ? [1, 2, 1] : [1, 4, 6, 4, 1];
      const smoothed = sims.map((_, i) => {
        let s = 0;
        let w = 0;
        for (let j = i - h; j <= i + h; j++) {
          if (j < 0 || j >= sims.length) continue;
          s += sims[j] * weights[j - i + h];
          w += weights[j - i + h];
        }
        return s / w;
      });
      curve.distances.forEach((d, i) => expect(d).toBeCloseTo(1 - smoothed[i], 6));
      expect(curve.positions).toEqual(unitStarts.slice(1));
    }
  });

  test('peaks: one per plateau at its middle; the percentile line counts ties; a flat curve cuts nowhere', () => {
    expect(peaks([0.2, 1, 1, 1, 0.2, 0.3, 1, 0.2])).toEqual([2, 6]);
    expect(peaks([1, 0.5, 0.7])).toEqual([0, 2]);
    const curve = (distances: number[]) => ({ positions: distances.map((_, i) => i), similarities: [], distances, threshold: 0, mode: 'percentile' as const, breaks: [] });
    // The old failure: most distances 1, the 95th percentile is 1, nothing is above it. Ties count.
    const mostlyOne = [1, 1, 0.8, 1, 1, 1, 0.6, 1, 1, 1];
    expect(cutCurve(curve(mostlyOne), { percentile: 95 }).breaks).toEqual([0, 4, 8]);
    expect(cutCurve(curve([0.5, 0.5, 0.5]), { percentile: 95 }).breaks).toEqual([]);
    // Threshold: similarity below t, i.e. distance above 1 − t, at peaks only.
    const c = cutCurve(curve([0.1, 0.9, 0.2, 0.6, 0.3]), { threshold: 0.5 });
    expect(c.mode).toBe('threshold');
    expect(c.threshold).toBeCloseTo(0.5);
    expect(c.breaks).toEqual([1, 3]);
  });
});

describe('the lexical path cuts where the topic changes', () => {
  test('three topics: cuts at both switches, and chunks unlike `sentences`', async () => {
    const ctx = { tokenizer, embed: lexicalEmbedderFor(topics).embed };
    const chunks = await chunkDocument(topics, 'semantic', { maxTokens: 400 }, ctx);
    expect(chunks.map((c) => c.start)).toEqual([0, ...switches]);
    expectValidChunks(topics, chunks, 400);
    expect(uncovered(topics, chunks)).toEqual([]);
    const sentences = await chunkDocument(topics, 'sentences', { maxTokens: 400 }, ctx);
    expect(sentences.length).toBe(1);
  });

  test('on the samples, semantic without a model differs from `sentences` on nearly every document (100, 200, 400 tokens)', async () => {
    // Before: identical on every document and cap (no distance was ever above the 95th percentile).
    const docs = Object.values(await sampleDocs()).flat();
    for (const cap of [100, 200, 400]) {
      let differ = 0;
      for (const doc of docs) {
        const a = await chunkDocument(doc, 'semantic', { maxTokens: cap }, { tokenizer, embed: lexicalEmbedderFor(doc).embed });
        const b = await chunkDocument(doc, 'sentences', { maxTokens: cap }, { tokenizer });
        if (JSON.stringify(a.map((c) => [c.start, c.end])) !== JSON.stringify(b.map((c) => [c.start, c.end]))) differ++;
      }
      expect(differ, `cap ${cap}`).toBeGreaterThanOrEqual(Math.ceil(docs.length * 0.8));
    }
  });
});

describe('kept vectors, any embedder', () => {
  test('a new percentile or threshold re-cuts from the kept curve without embedding again', async () => {
    const e = lexicalEmbedderFor(topics);
    let calls = 0;
    const ctx = { tokenizer, embed: (t: string[]) => ((calls += 1), e.embed(t)) };
    const p = params({ minTokens: 0 });
    const kept = await semanticBreakpoints(topics, p, ctx);
    const embedded = calls;
    expect(embedded).toBeGreaterThan(0);
    for (const rule of [{ percentile: 50 }, { percentile: 80 }, { threshold: 0.2 }, { threshold: 0.6 }]) {
      const recut = cutCurve(kept.curve, rule);
      const fromCurve = chunksFromCurve(topics, { ...p, ...rule }, ctx, recut);
      const direct = await chunkDocument(topics, 'semantic', { maxTokens: 400, minTokens: 0, ...rule }, { tokenizer, embed: e.embed });
      expect(fromCurve).toEqual(direct);
      // Every breakpoint starts a chunk (nothing else does with minTokens 0 and room under the cap).
      expect(fromCurve.slice(1).map((c) => c.start)).toEqual(recut.breaks.map((b) => recut.positions[b]));
    }
    expect(calls).toBe(embedded);
    // Lower percentiles cut more.
    expect(cutCurve(kept.curve, { percentile: 50 }).breaks.length).toBeGreaterThan(cutCurve(kept.curve, { percentile: 95 }).breaks.length);
  });

  test('dense or sparse copies of the same vectors give the same chunks; a model-like dense embedder works', async () => {
    const e = lexicalEmbedderFor(topics);
    const dense = async (texts: string[]) => texts.map((t) => e.vector(t));
    const a = await chunkDocument(topics, 'semantic', { maxTokens: 128 }, { tokenizer, embed: e.embed });
    const b = await chunkDocument(topics, 'semantic', { maxTokens: 128 }, { tokenizer, embed: dense });
    expect(b).toEqual(a);
    const c = await chunkDocument(topics, 'semantic', { maxTokens: 128 }, { tokenizer, embed: fakeEmbed });
    expectValidChunks(topics, c, 128);
    expect(uncovered(topics, c)).toEqual([]);
  });

  test('a wrong number of vectors is a clear error', async () => {
    await expect(chunkDocument(topics, 'semantic', { maxTokens: 128 }, { tokenizer, embed: async () => [] })).rejects.toThrow(/returned 0 vectors for \d+ texts/);
  });
});
