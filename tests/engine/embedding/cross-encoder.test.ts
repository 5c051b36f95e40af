// The generated test cross-encoder (scripts/make-test-cross-encoder.py) run by onnxruntime-node
// through src/node/cross-encoder.ts, against the numpy reference scores written beside it; the pair
// template, longest-first truncation and the score cache.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCrossEncoder, type LoadedCrossEncoder } from '../../../src/node/cross-encoder.ts';
import { createCrossEncoder, pairTemplate, truncatePair, type CrossEncoderRunner } from '../../../src/engine/embedding/cross-encoder.ts';
import { MemoryEmbeddingCache } from '../../../src/engine/embedding/cache.ts';
import { findReranker, RERANKERS } from '../../../src/engine/embedding/reranker-catalogue.ts';
import { loadTokenizerDir } from '../../../src/node/tokenizer-folder.ts';
import { InputError } from '../../../src/engine/types.ts';

const DIR = path.resolve('tests/fixtures/models/chunklab-test-cross-encoder');
const ref = JSON.parse(readFileSync(path.join(DIR, 'reference.json'), 'utf8')) as {
  maxTokens: number;
  pairs: { query: string; passage: string; inputIds: number[]; tokenTypeIds: number[]; truncated: boolean; score: number }[];
  batch: { inputIds: number[][]; attentionMask: number[][]; tokenTypeIds: number[][]; scores: number[] };
};

let ce: LoadedCrossEncoder;
let cacheDir: string;
beforeAll(async () => {
  cacheDir = mkdtempSync(path.join(tmpdir(), 'chunklab-ce-'));
  ce = await loadCrossEncoder(DIR, { cacheDir });
});
afterAll(async () => {
  await ce?.dispose();
  rmSync(cacheDir, { recursive: true, force: true });
});

describe('test cross-encoder through onnxruntime-node', () => {
  it('records the model by id, weights hash, dtype and limit', () => {
    expect(ce.config.modelId).toBe('chunklab-test-cross-encoder');
    expect(ce.config.modelSha256).toMatch(/^[0-9a-f]{16}$/);
    expect(ce.config.dtype).toBe('fp32');
    expect(ce.config.maxTokens).toBe(ref.maxTokens);
  });

  it('builds [CLS] query [SEP] passage [SEP] with segment ids 0 then 1, cut longest-first like the reference', () => {
    for (const p of ref.pairs) {
      const enc = ce.encoder.encodePair(p.query, p.passage);
      expect(enc.ids).toEqual(p.inputIds);
      expect(enc.typeIds).toEqual(p.tokenTypeIds);
      expect(enc.truncated).toBe(p.truncated);
    }
    expect(ref.pairs.some((p) => p.truncated && p.inputIds.length === ref.maxTokens)).toBe(true);
  });

  it('scores match numpy to 1e-4, one pair at a time and batched with padding', async () => {
    for (const p of ref.pairs) {
      const [s] = await ce.encoder.score(p.query, [p.passage]);
      expect(Math.abs(s - p.score), p.query).toBeLessThan(1e-4);
    }
    // Several passages of one query in one call (padded batch).
    const q = ref.pairs[0].query;
    const same = ref.pairs.filter((p) => p.query === q);
    const r = await ce.encoder.score(q, same.map((p) => p.passage));
    same.forEach((p, i) => expect(Math.abs(r[i] - p.score)).toBeLessThan(1e-4));
  });

  it('the padded reference batch gives the reference scores from the runner itself', async () => {
    const { loadModel, ortFeeds } = await import('../../../src/node/model.ts');
    const { createOrtCrossEncoderRunner } = await import('../../../src/node/cross-encoder.ts');
    const m = await loadModel(DIR);
    try {
      const runner = createOrtCrossEncoderRunner(m.session, (b) => ortFeeds(m.session, b));
      const out = await runner.run({ inputIds: ref.batch.inputIds, attentionMask: ref.batch.attentionMask, tokenTypeIds: ref.batch.tokenTypeIds });
      expect(out.dims).toEqual([ref.batch.inputIds.length, 1]);
      ref.batch.scores.forEach((s, i) => expect(Math.abs(out.data[i] - s)).toBeLessThan(1e-4));
    } finally {
      await m.session.release();
    }
  });

  it('caches scores per (model, query, passage): a second loader on the same cache makes no model call', async () => {
    const p = ref.pairs[2];
    await ce.encoder.score(p.query, [p.passage, 'an unseen passage']);
    const again = await loadCrossEncoder(DIR, { cacheDir });
    try {
      const r = await again.encoder.score(p.query, [p.passage, 'an unseen passage']);
      expect(r.cacheHits).toBe(2);
      expect(r.modelCalls).toBe(0);
      expect(Math.abs(r[0] - p.score)).toBeLessThan(1e-4);
      // Another query with the same passage is another pair.
      const other = await again.encoder.score('a different query', [p.passage]);
      expect(other.cacheHits).toBe(0);
    } finally {
      await again.dispose();
    }
  });

  it('says plainly when a folder is not a model', async () => {
    await expect(loadCrossEncoder(path.join(DIR, 'onnx'))).rejects.toThrow(InputError);
  });
});

describe('pair template and truncation', () => {
  it('truncatePair equals the one-token-at-a-time longest-first loop', () => {
    for (let a = 0; a <= 12; a++)
      for (let b = 0; b <= 12; b++)
        for (let room = 0; room <= 26; room++) {
          let x = a;
          let y = b;
          while (x + y > room) {
            if (y >= x) y--;
            else x--;
          }
          expect(truncatePair(a, b, room), `${a} ${b} ${room}`).toEqual([x, y]);
        }
  });

  it('reads BERT, RoBERTa and template post-processors', () => {
    const fb = { clsId: 1, sepId: 2 };
    const roberta = pairTemplate({ post_processor: { type: 'RobertaProcessing', cls: ['<s>', 0], sep: ['</s>', 2] } }, fb);
    expect(roberta.specials).toBe(4);
    expect(roberta.pieces.map((p) => ('token' in p ? p.token : p.sequence))).toEqual([0, 'A', 2, 2, 'B', 2]);
    const bert = pairTemplate({ post_processor: { type: 'BertProcessing', cls: ['[CLS]', 101], sep: ['[SEP]', 102] } }, fb);
    expect(bert.pieces.map((p) => p.typeId)).toEqual([0, 0, 0, 1, 1]);
    const none = pairTemplate({}, fb);
    expect(none.pieces.map((p) => ('token' in p ? p.token : p.sequence))).toEqual([1, 'A', 2, 'B', 2]);
    expect(() => pairTemplate({ post_processor: { type: 'TemplateProcessing', pair: [{ Sequence: { id: 'A', type_id: 0 } }] } }, fb)).toThrow(InputError);
  });

  it('two labels score as relevant minus not relevant; the cache never changes a score', async () => {
    const tokenizer = await loadTokenizerDir(DIR);
    let calls = 0;
    const runner: CrossEncoderRunner = {
      async run(batch) {
        calls++;
        const data = new Float32Array(batch.inputIds.length * 2);
        batch.inputIds.forEach((row, i) => {
          data[i * 2] = 0.25;
          data[i * 2 + 1] = row.filter((x) => x !== 0).length / 10;
        });
        return { data, dims: [batch.inputIds.length, 2] };
      },
    };
    const cache = new MemoryEmbeddingCache();
    const enc = createCrossEncoder({ runner, tokenizer, template: pairTemplate({}, { clsId: 101, sepId: 102 }), maxTokens: 512, modelId: 'two-labels', cache });
    const r = await enc.score('what is retrieval', ['retrieval is a test', 'a test']);
    // [CLS] what is retrieval [SEP] retrieval is a test [SEP]: 10 tokens; [CLS] … [SEP] a test [SEP]: 8.
    expect(r[0]).toBeCloseTo(Math.fround(1.0) - 0.25, 6);
    expect(r[1]).toBeCloseTo(Math.fround(0.8) - 0.25, 6);
    expect(calls).toBe(1);
    const again = await enc.score('what is retrieval', ['retrieval is a test', 'a test']);
    expect([...again]).toEqual([...r]);
    expect(calls).toBe(1);
  });
});

describe('reranker catalogue', () => {
  it('names the three kinds the playground offers, with licences and limits', () => {
    expect(findReranker('cross-encoder/ms-marco-MiniLM-L-6-v2')?.id).toBe('Xenova/ms-marco-MiniLM-L-6-v2');
    expect(findReranker('jinaai/jina-reranker-v1-tiny-en')?.license).toBe('Apache-2.0');
    expect(RERANKERS.some((r) => r.languages.includes('pt'))).toBe(true);
    for (const r of RERANKERS) {
      expect(r.license.length).toBeGreaterThan(0);
      expect(r.maxTokens).toBeGreaterThan(0);
    }
  });
});
