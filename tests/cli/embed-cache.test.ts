// The CLI's file cache: round trip, reload from disk, torn tail ignored, and a rerun of the
// embedder does no model work.
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileEmbeddingCache, modelSlug } from '../../src/node/embed-cache.ts';
import { loadModelDir, type LoadedModel } from '../../src/node/model.ts';
import { MODEL_DIR, maxAbsDiff, standInTokenizer, testEmbedder } from '../engine/embedding/helpers.ts';

let dir: string;
let model: LoadedModel;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'chunklab-embcache-'));
  model = await loadModelDir(MODEL_DIR, { loadTokenizer: async () => standInTokenizer() });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await model?.runner.dispose?.();
});

const key = (hash: string, kind: 'query' | 'passage' = 'passage') => ({ model: 'Org/m', dtype: 'q8', kind, hash });

describe('FileEmbeddingCache', () => {
  it('stores, reloads in a new instance, and ignores a torn last record', async () => {
    const root = path.join(dir, 'a');
    const c1 = new FileEmbeddingCache(root);
    const v1 = Float32Array.from([0.25, -1.5, 3]);
    const v2 = Float32Array.from([1, 2, 3]);
    await c1.setMany([{ key: key('h1'), vector: v1 }, { key: key('h1', 'query'), vector: v2 }]);
    expect(modelSlug('Org/m')).toBe('Org--m');
    const file = c1.fileOf('Org/m', 'q8');
    expect(file).toBe(path.join(root, 'Org--m', 'q8.bin'));
    const size = readFileSync(file).length;
    appendFileSync(file, Buffer.from([1, 2, 104, 51, 9, 0])); // a record cut mid-way
    const c2 = new FileEmbeddingCache(root);
    const got = await c2.getMany([key('h1'), key('h1', 'query'), key('nope')]);
    expect(Array.from(got[0]!)).toEqual([0.25, -1.5, 3]);
    expect(Array.from(got[1]!)).toEqual([1, 2, 3]);
    expect(got[2]).toBeUndefined();
    expect(size).toBe(2 * (6 + 2 + 12));
  });

  it('a rerun of the embedder reads every vector from disk and calls the model 0 times', async () => {
    const root = path.join(dir, 'b');
    const texts = ['the quick brown fox', 'retrieval is a test', 'a b c d e f g', 'x'];
    const make = () => {
      const { runner, embedder: e } = testEmbedder(model, { batchSize: 2, cache: new FileEmbeddingCache(root) });
      return { runner, e };
    };
    const first = make();
    const a = await first.e.embed(texts, 'passage');
    expect(first.runner.rows).toBe(4);
    const second = make();
    const b = await second.e.embed(texts, 'passage');
    expect(second.runner.calls).toBe(0);
    expect(b.cacheHits).toBe(4);
    for (let i = 0; i < texts.length; i++) expect(maxAbsDiff(a[i], b[i])).toBe(0);
  });
});
