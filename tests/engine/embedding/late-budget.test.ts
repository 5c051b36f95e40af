// Late chunking's cost controls: the default window overlap (an eighth of a window, at least 32
// tokens) and the per-call attention budget (sum of squared padded row lengths), checked on a fake
// runner that records every call's shape.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_ATTENTION,
  defaultWindowOverlap,
  lateChunk,
  planWindows,
  rowsPerCall,
} from '../../../src/engine/embedding/late.ts';
import type { ModelRunner, RunnerBatch } from '../../../src/engine/embedding/runner.ts';
import type { TextTokenizer, TokenSpan } from '../../../src/engine/types.ts';

/** One token per word, id = word length (enough for window planning and pooling). */
const wordTokenizer: TextTokenizer = {
  name: 'words',
  count: (t) => wordTokenizer.encode(t).length,
  encode: (t): TokenSpan[] => [...t.matchAll(/\S+/g)].map((m) => ({ id: 1000 + m[0].length, start: m.index, end: m.index + m[0].length })),
};

/** Hidden size 3; each row's vectors depend on the token id only. */
function recordingRunner(): ModelRunner & { shapes: [number, number][] } {
  const shapes: [number, number][] = [];
  return {
    shapes,
    async run(b: RunnerBatch) {
      const rows = b.inputIds.length;
      const seq = b.inputIds[0].length;
      shapes.push([rows, seq]);
      const data = new Float32Array(rows * seq * 3);
      b.inputIds.forEach((ids, r) => ids.forEach((id, s) => data.set([1, id % 7, id % 3], (r * seq + s) * 3)));
      return { data, dims: [rows, seq, 3] };
    },
  };
}

describe('late chunking cost controls', () => {
  it('default overlap is an eighth of the window, at least min(32, a quarter), below the window', () => {
    expect(defaultWindowOverlap(510)).toBe(63);
    expect(defaultWindowOverlap(8190)).toBe(1023);
    expect(defaultWindowOverlap(126)).toBe(31);
    expect(defaultWindowOverlap(20)).toBe(5);
    expect(defaultWindowOverlap(14)).toBe(3);
    expect(defaultWindowOverlap(1)).toBe(0);
  });

  it('the default overlap costs well under the old quarter-window overlap on an 8,192-token document', () => {
    const n = 8192;
    const cap = 510;
    const extra = (ov: number) => planWindows(n, cap, ov).reduce((s, w) => s + (w.end - w.start), 0) / n - 1;
    expect(extra(defaultWindowOverlap(cap))).toBeLessThan(0.16);
    expect(extra(Math.floor(cap / 4))).toBeGreaterThan(0.3);
  });

  it('rowsPerCall: bounded by padded tokens and by the attention budget, at least one', () => {
    expect(rowsPerCall(512, 16384, DEFAULT_MAX_ATTENTION)).toBe(1);
    expect(rowsPerCall(128, 16384, DEFAULT_MAX_ATTENTION)).toBe(16);
    expect(rowsPerCall(128, 1024, DEFAULT_MAX_ATTENTION)).toBe(8);
    expect(rowsPerCall(2048, 16384, DEFAULT_MAX_ATTENTION)).toBe(1);
  });

  it('a long document goes one full window per call; every call stays under the budget', async () => {
    const text = Array.from({ length: 3000 }, (_, i) => 'w'.repeat(1 + (i % 5))).join(' ');
    const runner = recordingRunner();
    const spans = [
      { start: 0, end: 5000 },
      { start: 5000, end: text.length },
    ];
    const r = await lateChunk(text, spans, { runner, tokenizer: wordTokenizer, clsId: 1, sepId: 2, maxTokens: 512 });
    expect(r.windows.length).toBe(planWindows(3000, 510, 63).length);
    expect(runner.shapes.length).toBe(r.windows.length);
    for (const [rows, seq] of runner.shapes) expect(rows * seq * seq).toBeLessThanOrEqual(DEFAULT_MAX_ATTENTION);
    // short windows still share calls
    const small = recordingRunner();
    const r2 = await lateChunk(text, spans, { runner: small, tokenizer: wordTokenizer, clsId: 1, sepId: 2, maxTokens: 128 });
    expect(small.shapes.length).toBe(Math.ceil(r2.windows.length / 16));
    // the batching does not change the vectors
    const one = recordingRunner();
    const r3 = await lateChunk(text, spans, { runner: one, tokenizer: wordTokenizer, clsId: 1, sepId: 2, maxTokens: 128, maxAttention: 1 });
    expect(one.shapes.every(([rows]) => rows === 1)).toBe(true);
    r2.vectors.forEach((v, i) => expect(Array.from(v)).toEqual(Array.from(r3.vectors[i])));
  });
});
