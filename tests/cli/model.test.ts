// The generated test BERT, run by onnxruntime-node through src/node/model.ts, against the numpy
// reference written by scripts/make-test-model.py.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelEmbedder, loadModel, loadModelDir, type LoadedModel } from '../../src/node/model.ts';
import { InputError } from '../../src/engine/types.ts';
import { MODEL_DIR, maxAbsDiff, reference, standInTokenizer } from '../engine/embedding/helpers.ts';

let model: LoadedModel;
beforeAll(async () => {
  model = await loadModelDir(MODEL_DIR, { loadTokenizer: async () => standInTokenizer() });
});
afterAll(async () => {
  await model?.runner.dispose?.();
});

describe('test model through onnxruntime-node', () => {
  it('reads the folder: special tokens, config and a custom-model description', () => {
    expect(model.clsId).toBe(101);
    expect(model.sepId).toBe(102);
    expect(model.padId).toBe(0);
    expect(model.info.dimensions).toBe(32);
    expect(model.info.maxTokens).toBe(512);
    expect(model.info.pooling).toBe('mean');
    expect(model.dtype).toBe('fp32');
  });

  it('the stand-in tokenizer gives the reference token ids', () => {
    const tok = standInTokenizer();
    for (const s of reference.singles) {
      const enc = tok.encode(s.text);
      expect(enc.map((t) => t.id)).toEqual(s.tokenIds);
      expect(enc.map((t) => [t.start, t.end])).toEqual(s.tokenSpans);
    }
  });

  it('last_hidden_state of single sequences matches numpy to 1e-4', async () => {
    for (const s of reference.singles) {
      const n = s.inputIds.length;
      const out = await model.runner.run({ inputIds: [s.inputIds], attentionMask: [s.inputIds.map(() => 1)] });
      expect(out.dims).toEqual([1, n, reference.hidden]);
      expect(maxAbsDiff(out.data, s.lastHiddenState)).toBeLessThan(1e-4);
    }
  });

  it('a padded batch matches numpy to 1e-4 (the attention mask is honoured)', async () => {
    const b = reference.batch;
    const out = await model.runner.run({
      inputIds: b.inputIds,
      attentionMask: b.attentionMask,
      tokenTypeIds: b.inputIds.map((r) => r.map(() => 0)),
    });
    expect(out.dims).toEqual([b.inputIds.length, b.inputIds[0].length, reference.hidden]);
    expect(maxAbsDiff(out.data, b.lastHiddenState)).toBeLessThan(1e-4);
    // and the valid positions of each padded row equal that text run alone
    const s0 = reference.singles[1];
    const alone = await model.runner.run({ inputIds: [s0.inputIds], attentionMask: [s0.inputIds.map(() => 1)] });
    const row = out.data.subarray(1 * out.dims[1] * 32, 1 * out.dims[1] * 32 + s0.inputIds.length * 32);
    expect(maxAbsDiff(row, alone.data)).toBeLessThan(1e-5);
  });

  it('attention mixes tokens: changing one token changes the others’ outputs', async () => {
    const ids = reference.singles[0].inputIds;
    const a = await model.runner.run({ inputIds: [ids], attentionMask: [ids.map(() => 1)] });
    const changed = ids.slice();
    changed[3] = 2000;
    const b = await model.runner.run({ inputIds: [changed], attentionMask: [ids.map(() => 1)] });
    // position 1 (not the changed one) moves
    expect(maxAbsDiff(a.data.subarray(32, 64), b.data.subarray(32, 64))).toBeGreaterThan(1e-3);
  });

  it('a missing dtype file and an unknown Hub id give clear InputErrors', async () => {
    await expect(loadModelDir(MODEL_DIR, { dtype: 'q8', loadTokenizer: async () => standInTokenizer() })).rejects.toThrow(
      /no onnx\/model_quantized\.onnx for dtype q8 \(this folder has: model\.onnx\)/,
    );
    const err = await loadModel('Xenova/no-such-model-here').catch((e) => e);
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toMatch(/not on this machine.*does not download/);
    await expect(loadModel('not a model')).rejects.toBeInstanceOf(InputError);
  });

  it('with the project tokenizer (default loader) the model folder encodes the reference texts alike', async () => {
    const m = await loadModelDir(MODEL_DIR);
    expect(m.tokenizer.name).toBe('chunklab-test-bert');
    for (const s of reference.singles) expect(m.tokenizer.encode(s.text).map((t) => t.id)).toEqual(s.tokenIds);
    await m.runner.dispose?.();
  });

  it('createModelEmbedder wires the folder’s settings: its vectors match the numpy reference', async () => {
    const e = createModelEmbedder(model);
    expect(e.maxTokens).toBe(512);
    const r = await e.embed(reference.singles.map((s) => s.text), 'passage');
    reference.singles.forEach((s, i) => expect(maxAbsDiff(r[i], s.meanPooled)).toBeLessThan(1e-4));
  });

  it('loadModel accepts a folder path', async () => {
    const m = await loadModel(MODEL_DIR, { loadTokenizer: async () => standInTokenizer() });
    expect(m.info.dimensions).toBe(32);
    await m.runner.dispose?.();
  });
});
