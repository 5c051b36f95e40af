// Chroma's Precision Ω (chunking_evaluation's _full_precision_score), hand-computed on small cases, and
// recomputed from an `eval --json` results file by a second implementation written here (a character
// mask, nothing shared with the engine's interval code).
import { expect, test } from 'vitest';
import { precisionOmega, scoreResults } from '../../../src/engine/evaluation/index.ts';
import type { ResultsChunk, ResultsFile } from '../../../src/engine/evaluation/index.ts';
import { runCli } from '../../cli/helpers.ts';

const ch = (id: string, start: number, end: number, docId = 'd'): ResultsChunk => ({ id, docId, start, end, tokens: 1 });
const g = (start: number, end: number, docId = 'd') => ({ docId, start, end });

test('hand-computed cases', () => {
  // Chunks [0,100) [100,200) [200,300); excerpt [150,170) lies in the second: 20 / 100.
  const cs = [ch('a', 0, 100), ch('b', 100, 200), ch('c', 200, 300)];
  expect(precisionOmega(cs, [g(150, 170)])).toBeCloseTo(0.2, 12);
  // An excerpt across a cut, [90,130): both chunks meet it: 40 / 200.
  expect(precisionOmega(cs, [g(90, 130)])).toBeCloseTo(0.2, 12);
  // Two excerpts in one chunk, [110,120) and [150,170): 30 / 100.
  expect(precisionOmega(cs, [g(110, 120), g(150, 170)])).toBeCloseTo(0.3, 12);
  // A chunk that only touches the excerpt: [100,120) ends where chunk a ends, so a counts (Chroma's
  // intersect_two_ranges keeps start <= end): 20 / 200, not 20 / 100.
  expect(precisionOmega(cs, [g(100, 120)])).toBeCloseTo(0.1, 12);
  // Overlapping chunks: [0,100) and [50,150) both meet [60,80): union of chunks 150 → 20 / 150.
  expect(precisionOmega([ch('a', 0, 100), ch('b', 50, 150)], [g(60, 80)])).toBeCloseTo(20 / 150, 12);
  // Gold partly outside every chunk (chunks leave [100,110) out): the uncovered part joins the
  // bottom. Excerpt [95,115) with chunks [0,100) and [110,200): top 5 + 5, bottom 100 + 90 + 10.
  expect(precisionOmega([ch('a', 0, 100), ch('b', 110, 200)], [g(95, 115)])).toBeCloseTo(10 / 200, 12);
  // Nothing meets the excerpt: 0. Another document's chunks never count.
  expect(precisionOmega([ch('a', 0, 50)], [g(60, 80)])).toBe(0);
  expect(precisionOmega([ch('a', 0, 100, 'other'), ch('b', 0, 100)], [g(10, 30)])).toBeCloseTo(0.2, 12);
  // One chunk per excerpt exactly: 1.
  expect(precisionOmega([ch('a', 0, 10), ch('b', 10, 20)], [g(0, 10)])).toBeCloseTo(10 / 20, 12); // b touches at 10
  expect(precisionOmega([ch('a', 0, 10), ch('b', 11, 20)], [g(0, 10)])).toBe(1);
});

test('the metric is the mean over questions, and a results file carries it', () => {
  const chunks = [ch('a', 0, 100), ch('b', 100, 200)];
  const qs = [
    { id: 'q1', text: '', gold: [g(10, 30)], ranked: ['a'] },
    { id: 'q2', text: '', gold: [g(150, 200)], ranked: ['b'] },
  ];
  const s = scoreResults(chunks, qs);
  expect(s.metrics.precisionOmega).toBeCloseTo((0.2 + 0.5) / 2, 12);
  expect(s.perQuestion.map((p) => p.precisionOmega)).toEqual([0.2, 0.5]);
});

/** Ω by a character mask per document, written independently of the engine. */
function omegaByMask(file: ResultsFile): number {
  const scores = file.questions.map((q) => {
    const top = new Set<string>();
    const bottom = new Set<string>();
    const covered = new Set<string>();
    let any = false;
    for (const c of file.chunks) {
      const meets = q.gold.filter((s) => s.docId === c.docId && Math.max(c.start, s.start) <= Math.min(c.end, s.end));
      if (!meets.length) continue;
      any = true;
      for (let i = c.start; i < c.end; i++) bottom.add(`${c.docId}:${i}`);
      for (const s of meets) for (let i = Math.max(c.start, s.start); i < Math.min(c.end, s.end); i++) (top.add(`${c.docId}:${i}`), covered.add(`${c.docId}:${i}`));
    }
    if (!any) return 0;
    for (const s of q.gold) for (let i = s.start; i < s.end; i++) if (!covered.has(`${s.docId}:${i}`)) bottom.add(`${s.docId}:${i}`);
    return top.size / bottom.size;
  });
  return scores.reduce((a, b) => a + b, 0) / scores.length;
}

test('eval --json reports Precision Ω, and an independent computation on the results file reproduces it', async () => {
  const FX = new URL('../../fixtures/datasets/', import.meta.url).pathname;
  for (const [chunker, maxTokens] of [['fixed', '24'], ['recursive', '32'], ['langchain-recursive', '24']] as const) {
    const r = await runCli(['eval', '--dataset', `${FX}chroma-mini`, '--chunker', chunker, '--max-tokens', maxTokens, '--json']);
    expect(r.code, r.err).toBe(0);
    const file = JSON.parse(r.out) as ResultsFile;
    expect(typeof file.metrics.precisionOmega).toBe('number');
    expect(file.metrics.precisionOmega).toBeGreaterThan(0);
    expect(file.metrics.precisionOmega).toBeCloseTo(omegaByMask(file), 12);
  }
});

test('--tokenizer takes a tiktoken encoding by name (Chroma sizes its chunks in cl100k_base)', async () => {
  const FX = new URL('../../fixtures/datasets/', import.meta.url).pathname;
  const r = await runCli(['eval', '--dataset', `${FX}chroma-mini`, '--chunker', 'langchain-recursive', '--max-tokens', '20', '--tokenizer', 'cl100k_base', '--json']);
  expect(r.code, r.err).toBe(0);
  const file = JSON.parse(r.out) as ResultsFile;
  expect(file.config.tokenizer).toBe('cl100k_base');
  const { createTiktokenTokenizer } = await import('../../../src/engine/tokens/index.ts');
  const tk = await createTiktokenTokenizer('cl100k_base');
  const { readFileSync, readdirSync } = await import('node:fs');
  const texts = new Map(readdirSync(`${FX}chroma-mini/corpora`).map((f) => [f.replace(/\.\w+$/, ''), Array.from(readFileSync(`${FX}chroma-mini/corpora/${f}`, 'utf8'))]));
  // Each chunk's token count is cl100k_base's count of its text (offsets are code points).
  for (const c of file.chunks) expect(c.tokens).toBe(tk.count(texts.get(c.docId)!.slice(c.start, c.end).join('')));
  expect(file.chunks.some((c) => c.tokens > 10)).toBe(true);
  const bad = await runCli(['eval', '--dataset', `${FX}chroma-mini`, '--chunker', 'fixed', '--max-tokens', '20', '--tokenizer', 'no_such_encoding']);
  expect(bad.code).toBe(2);
});
