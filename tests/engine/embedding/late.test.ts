// Late chunking: window planning covers every token once; span pooling matches numpy and a
// straightforward re-implementation; a whole-document chunk equals the document's mean of
// non-special token vectors; long documents go through macro-windows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModelDir, type LoadedModel } from '../../../src/node/model.ts';
import { lateChunk, planWindows, type LateChunkOptions } from '../../../src/engine/embedding/late.ts';
import { l2Normalize, meanPool, meanPoolRange } from '../../../src/engine/embedding/pooling.ts';
import { InputError } from '../../../src/engine/types.ts';
import { MODEL_DIR, countingRunner, maxAbsDiff, reference, standInTokenizer } from './helpers.ts';

let model: LoadedModel;
beforeAll(async () => {
  model = await loadModelDir(MODEL_DIR, { loadTokenizer: async () => standInTokenizer() });
});
afterAll(async () => {
  await model?.runner.dispose?.();
});

const opts = (extra: Partial<LateChunkOptions> = {}): LateChunkOptions => ({
  runner: model.runner,
  tokenizer: model.tokenizer,
  clsId: model.clsId,
  sepId: model.sepId,
  maxTokens: 512,
  ...extra,
});

/** Token vectors of [CLS] ids [SEP] run alone, positions 1..n (no special tokens). */
async function tokenVectors(ids: number[]): Promise<Float32Array[]> {
  const seq = [model.clsId, ...ids, model.sepId];
  const out = await model.runner.run({ inputIds: [seq], attentionMask: [seq.map(() => 1)] });
  const h = out.dims[2];
  return ids.map((_, t) => out.data.slice((1 + t) * h, (2 + t) * h));
}

function meanUnit(vs: Float32Array[]): Float32Array {
  const r = new Float32Array(vs[0].length);
  for (const v of vs) for (let i = 0; i < r.length; i++) r[i] += v[i] / vs.length;
  return l2Normalize(r);
}

describe('planWindows', () => {
  it('covers every token exactly once, inside its window, for many sizes', () => {
    const problems: string[] = [];
    let multiWindow = 0;
    for (let n = 0; n <= 60; n++) {
      for (const cap of [1, 2, 5, 8, 13]) {
        for (let ov = 0; ov < cap; ov++) {
          const ws = planWindows(n, cap, ov);
          const at = `n=${n} cap=${cap} ov=${ov}`;
          if (ws.length > 1) multiWindow++;
          const owned = new Array<number>(n).fill(0);
          for (const w of ws) {
            if (w.end - w.start > cap) problems.push(`${at}: window longer than cap`);
            if (w.ownStart < w.start || w.ownEnd > w.end) problems.push(`${at}: owns outside its window`);
            for (let t = w.ownStart; t < w.ownEnd; t++) owned[t]++;
          }
          if (!owned.every((c) => c === 1)) problems.push(`${at}: ownership counts ${owned.join(',')}`);
          for (let i = 0; i + 1 < ws.length; i++) {
            if (ws[i].end - ws[i + 1].start !== ov) problems.push(`${at}: windows ${i},${i + 1} overlap wrong`);
          }
          if (n > 0 && ws.at(-1)!.end !== n) problems.push(`${at}: last window ends early`);
          if (n === 0 && ws.length !== 0) problems.push(`${at}: windows for an empty document`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(multiWindow).toBeGreaterThan(1000);
  });

  it('rejects an overlap as large as the window', () => {
    expect(() => planWindows(10, 4, 4)).toThrow(InputError);
  });
});

describe('lateChunk', () => {
  it('matches the numpy reference chunk vectors to 1e-4', async () => {
    const spans = reference.late.chunks.map((c) => ({ start: c.charSpan[0], end: c.charSpan[1] }));
    const r = await lateChunk(reference.late.text, spans, opts());
    expect(r.windows).toHaveLength(1);
    expect(r.empty).toEqual([]);
    reference.late.chunks.forEach((c, i) => expect(maxAbsDiff(r.vectors[i], c.vector)).toBeLessThan(1e-4));
  });

  it('one chunk over a whole short document = mean of its non-special token vectors (1e-5)', async () => {
    const text = 'Chunking splits documents; embeddings map each chunk to a vector.';
    const ids = model.tokenizer.encode(text).map((t) => t.id);
    const seq = [model.clsId, ...ids, model.sepId];
    const out = await model.runner.run({ inputIds: [seq], attentionMask: [seq.map(() => 1)] });
    // the ordinary mean-pooled embedding with the late-chunking treatment of special tokens:
    // mask out [CLS] and [SEP]
    const ordinary = l2Normalize(meanPool(out, 0, seq.map((_, i) => (i === 0 || i === seq.length - 1 ? 0 : 1))));
    const r = await lateChunk(text, [{ start: 0, end: text.length }], opts());
    expect(maxAbsDiff(r.vectors[0], ordinary)).toBeLessThan(1e-5);
    expect(maxAbsDiff(r.vectors[0], l2Normalize(meanPoolRange(out, 0, 1, seq.length - 1)))).toBeLessThan(1e-5);
  });

  it('span pooling equals a re-implementation: tokens starting in the span, from the whole-document run', async () => {
    const text = 'First part here. Second part, a bit longer than the first. Third.';
    const enc = model.tokenizer.encode(text);
    const all = await tokenVectors(enc.map((t) => t.id));
    const spans = [
      { start: 0, end: 16 },
      { start: 16, end: 58 },
      { start: 58, end: text.length },
      { start: 3, end: 30 }, // overlapping chunks are fine, and a cut mid-word keeps the token where it starts
    ];
    const r = await lateChunk(text, spans, opts());
    spans.forEach((s, i) => {
      const mine = all.filter((_, t) => enc[t].start >= s.start && enc[t].start < s.end);
      expect(maxAbsDiff(r.vectors[i], meanUnit(mine))).toBeLessThan(1e-5);
    });
    // context matters: the first chunk's late vector differs from embedding it alone
    const aloneIds = model.tokenizer.encode(text.slice(0, 16)).map((t) => t.id);
    const alone = meanUnit(await tokenVectors(aloneIds));
    expect(maxAbsDiff(r.vectors[0], alone)).toBeGreaterThan(1e-3);
  });

  it('long documents use macro-windows; each token vector comes from its owning window', async () => {
    const words = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen'.split(' ');
    const text = Array.from({ length: 40 }, (_, i) => words[i % words.length]).join(' ');
    const enc = model.tokenizer.encode(text);
    const maxTokens = 12; // 10 content tokens per window
    const overlap = 4;
    const runner = countingRunner(model.runner);
    const spans = [
      { start: 0, end: 30 },
      { start: 30, end: 120 },
      { start: 120, end: text.length },
    ];
    const r = await lateChunk(text, spans, opts({ runner, maxTokens, windowOverlap: overlap, maxBatchTokens: 24 }));
    expect(r.windows.length).toBeGreaterThan(5);
    expect(runner.calls).toBe(Math.ceil(r.windows.length / 2)); // 2 windows of 12 per 24-token call
    // re-implementation: run each window alone, take each token from the window that owns it
    const vec: Float32Array[] = new Array(enc.length);
    for (const w of planWindows(enc.length, maxTokens - 2, overlap)) {
      const vs = await tokenVectors(enc.slice(w.start, w.end).map((t) => t.id));
      for (let t = w.ownStart; t < w.ownEnd; t++) vec[t] = vs[t - w.start];
    }
    spans.forEach((s, i) => {
      const mine = vec.filter((_, t) => enc[t].start >= s.start && enc[t].start < s.end);
      expect(maxAbsDiff(r.vectors[i], meanUnit(mine))).toBeLessThan(1e-5);
    });
  });

  it('the passage prefix is context only, never pooled', async () => {
    const text = 'retrieval is a test';
    const prefix = 'passage: ';
    const enc = model.tokenizer.encode(prefix + text);
    const all = await tokenVectors(enc.map((t) => t.id));
    const r = await lateChunk(text, [{ start: 0, end: text.length }], opts({ prefix }));
    const mine = all.filter((_, t) => enc[t].start >= prefix.length);
    expect(mine.length).toBe(4);
    expect(maxAbsDiff(r.vectors[0], meanUnit(mine))).toBeLessThan(1e-5);
  });

  it('flags chunks with no token and rejects spans outside the text', async () => {
    const text = 'word   another';
    const r = await lateChunk(text, [{ start: 0, end: 4 }, { start: 4, end: 7 }], opts());
    expect(r.empty).toEqual([1]);
    expect(Array.from(r.vectors[1]).every((x) => x === 0)).toBe(true);
    await expect(lateChunk(text, [{ start: 0, end: 99 }], opts())).rejects.toThrow(/span 0 \[0, 99\) is outside the document \(length 14\)/);
  });

  it('stops between windows when aborted', async () => {
    const ac = new AbortController();
    const text = Array.from({ length: 50 }, () => 'word').join(' ');
    const p = lateChunk(text, [{ start: 0, end: text.length }], opts({
      maxTokens: 12,
      windowOverlap: 2,
      maxBatchTokens: 12,
      signal: ac.signal,
      onProgress: (f) => {
        if (f > 0) ac.abort();
      },
    }));
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
  });
});
