// modelParts / embedderParts: the one hand-off of a loaded model's parts to the embedder and to late
// chunking (workers/embed.worker.ts uses them at its three call sites).
import { describe, expect, test } from 'vitest';
import { embedderParts, modelParts, type LoadedModelParts } from '../../../src/engine/embedding/index.ts';

const runner = { run: async () => ({ data: new Float32Array(0), dims: [0, 0, 0] }) } as unknown as LoadedModelParts['runner'];
const tokenizer = { name: 't' } as unknown as LoadedModelParts['tokenizer'];
const model: LoadedModelParts & { dtype: string } = {
  runner,
  tokenizer,
  clsId: 101,
  sepId: 102,
  padId: 7,
  dtype: 'q8',
  info: { maxTokens: 384, pooling: 'mean', prefixes: { query: 'query: ', passage: 'passage: ' } },
};

describe('a loaded model handed to the embedder and late chunking', () => {
  test('modelParts: runner, tokenizer, the special ids and the limit, nothing else', () => {
    expect(modelParts(model)).toStrictEqual({ runner, tokenizer, clsId: 101, sepId: 102, padId: 7, maxTokens: 384 });
  });
  test('embedderParts: modelParts with pooling and prefixes', () => {
    expect(embedderParts(model)).toStrictEqual({ runner, tokenizer, clsId: 101, sepId: 102, padId: 7, maxTokens: 384, pooling: 'mean', prefixes: { query: 'query: ', passage: 'passage: ' } });
  });
});
