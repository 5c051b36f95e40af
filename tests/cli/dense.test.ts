// `eval --retriever dense|hybrid [--late] --model <dir>` on the committed random-weight test model,
// in-process (run(argv), no tsx start per run): exit 0, byte-identical results across runs and with
// or without the cache, a rerun that does no model work, metrics an independent scorer agrees with,
// rankings recomputed from scratch with the raw ONNX runner, and inputs over the limit reported.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/cli/eval.ts';
import { loadModelDir, type LoadedModel } from '../../src/node/model.ts';
import { InputError } from '../../src/engine/types.ts';
import { METRIC_KEYS } from '../../src/engine/evaluation/types.ts';
import { independentMetrics } from '../engine/evaluation/independent-scorer.ts';

const root = new URL('../../', import.meta.url).pathname;
const FX = join(root, 'tests/fixtures/datasets');
const MODEL = join(root, 'tests/fixtures/models/chunklab-test-bert');
const tmp = mkdtempSync(join(tmpdir(), 'chunklab-dense-'));
const SQUAD = join(FX, 'squad-mini.json');

/** Runs `eval` in-process; returns its exit code, what it printed, and the results file. */
async function evalRun(args: string[]): Promise<{ code: number; out: string; file: string; json: any }> {
  const out = join(tmp, `r-${Math.random().toString(36).slice(2)}.json`);
  const logs: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void logs.push(a.join(' ')));
  try {
    const code = await run(['--dataset', SQUAD, '--chunker', 'sentences', '--max-tokens', '24', ...args, '--out', out]);
    const file = readFileSync(out, 'utf8');
    return { code, out: logs.join('\n'), file, json: JSON.parse(file) };
  } finally {
    spy.mockRestore();
  }
}

const figure = (out: string, re: RegExp) => Number(out.match(re)?.[1]);

let model: LoadedModel;
beforeAll(async () => {
  model = await loadModelDir(MODEL);
});
afterAll(async () => {
  await model?.runner.dispose?.();
});

/** The raw model's last_hidden_state for [CLS] ids [SEP]: one vector per position. */
async function hidden(ids: number[]): Promise<Float32Array[]> {
  const seq = [model.clsId, ...ids, model.sepId];
  const out = await model.runner.run({ inputIds: [seq], attentionMask: [seq.map(() => 1)] });
  const h = out.dims[2];
  return seq.map((_, t) => out.data.slice(t * h, (t + 1) * h));
}
function meanUnit(vs: Float32Array[]): number[] {
  const r = new Array<number>(vs[0].length).fill(0);
  for (const v of vs) for (let i = 0; i < r.length; i++) r[i] += v[i];
  const n = Math.hypot(...r);
  return r.map((x) => x / n);
}
const cos = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);

/** Ranking of the results file's units by cosine with the query, from scratch (plain mean pooling over all positions, or late pooling). */
async function rerank(json: any, late: boolean): Promise<string[][]> {
  const data = JSON.parse(readFileSync(SQUAD, 'utf8'));
  const docs = new Map<string, string>(data.data.map((a: any) => [a.title, a.paragraphs.map((p: any) => p.context).join('\n\n')]));
  const vec = new Map<string, number[]>();
  if (late) {
    for (const [docId, text] of docs) {
      const toks = model.tokenizer.encode(text);
      const hs = await hidden(toks.map((t) => t.id));
      const u16 = (cp: number) => [...text].slice(0, cp).join('').length; // results files count code points
      for (const c of json.chunks.filter((c: any) => c.docId === docId)) {
        const own = toks.flatMap((t, i) => (t.start >= u16(c.start) && t.start < u16(c.end) ? [hs[i + 1]] : []));
        vec.set(c.id, meanUnit(own));
      }
    }
  } else {
    for (const c of json.chunks) {
      const text = [...docs.get(c.docId)!].slice(c.start, c.end).join('');
      vec.set(c.id, meanUnit(await hidden(model.tokenizer.encode(text).map((t) => t.id))));
    }
  }
  const out: string[][] = [];
  for (const q of json.questions) {
    const qv = meanUnit(await hidden(model.tokenizer.encode(q.text).map((t) => t.id)));
    out.push([...vec.keys()].sort((a, b) => cos(qv, vec.get(b)!) - cos(qv, vec.get(a)!)));
  }
  return out;
}

describe.each([
  ['dense', false],
  ['dense', true],
  ['hybrid', false],
  ['hybrid', true],
] as const)('eval --retriever %s (late: %s)', (kind, late) => {
  const args = ['--retriever', kind, '--model', MODEL, ...(late ? ['--late'] : [])];
  const cache = join(tmp, `cache-${kind}-${late}`);
  let first: Awaited<ReturnType<typeof evalRun>>;
  let second: Awaited<ReturnType<typeof evalRun>>;

  test('exits 0; a rerun on the same cache does no model work and writes the same bytes', async () => {
    first = await evalRun([...args, '--cache-dir', cache]);
    second = await evalRun([...args, '--cache-dir', cache]);
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(figure(first.out, /(\d+) model calls/)).toBeGreaterThan(0);
    expect(figure(first.out, /(\d+) cache hits/)).toBe(0);
    expect(figure(second.out, /(\d+) model calls/)).toBe(0);
    // every passage and every question's query vector came from the cache
    expect(figure(second.out, /(\d+) cache hits/)).toBe(first.json.chunks.length + first.json.questions.length);
    expect(second.file).toBe(first.file);
    expect(existsSync(join(cache, 'chunklab-test-bert_' + first.json.config.retriever.modelSha256, 'fp32.bin'))).toBe(true);
  });

  test('without any cache the results file is byte-identical too (deterministic)', async () => {
    const third = await evalRun([...args, '--no-cache']);
    expect(figure(third.out, /(\d+) model calls/)).toBeGreaterThan(0);
    expect(third.file).toBe(first.file);
  });

  test('the config records model id, weights hash, dtype, pooling and late; an independent scorer agrees', async () => {
    const r = first.json.config.retriever;
    expect(r).toMatchObject({ kind, model: MODEL, modelId: 'chunklab-test-bert', dtype: 'fp32', pooling: 'mean', maxTokens: 512, dimensions: 32, late });
    expect(r.modelSha256).toMatch(/^[0-9a-f]{16}$/);
    if (late) expect(r.latePrefix).toMatch(/^ignored/);
    else expect(r.latePrefix).toBeUndefined();
    if (kind === 'hybrid') expect(r).toMatchObject({ fusion: 'rrf', rrfK: 60, k1: 1.2, b: 0.75, stopwords: 'en' });
    const ind = independentMetrics(first.json.chunks, first.json.questions);
    for (const k of METRIC_KEYS) expect(Math.abs(first.json.metrics[k] - ind[k]), k).toBeLessThan(1e-6);
    expect(first.json.embedding.passages).toBe(first.json.chunks.length);
    expect(first.json.embedding.overLimit.passages).toBe(0);
    if (late) expect(first.json.embedding.late).toMatchObject({ documents: 2, documentsSplit: 0, windows: 2 });
  });

  if (kind === 'dense') {
    test('the rankings equal a from-scratch recomputation with the raw ONNX runner', async () => {
      const expected = await rerank(first.json, late);
      expect(first.json.questions.map((q: any) => q.ranked)).toEqual(expected.map((r) => r.slice(0, first.json.questions[0].ranked.length)));
    });
  }
});

test('late and plain dense rank differently (late vectors are really used)', async () => {
  const a = await evalRun(['--retriever', 'dense', '--model', MODEL, '--no-cache']);
  const b = await evalRun(['--retriever', 'dense', '--model', MODEL, '--no-cache', '--late']);
  expect(b.json.questions.map((q: any) => q.ranked)).not.toEqual(a.json.questions.map((q: any) => q.ranked));
});

describe('inputs over the model limit', () => {
  // The same weights with a 16-token input limit (tokenizer_config.json's model_max_length).
  const small = join(tmp, 'small-model');
  beforeAll(() => {
    cpSync(MODEL, small, { recursive: true });
    const tc = JSON.parse(readFileSync(join(small, 'tokenizer_config.json'), 'utf8'));
    writeFileSync(join(small, 'tokenizer_config.json'), JSON.stringify({ ...tc, model_max_length: 16 }));
  });

  test('dense: chunks over the limit are counted, listed and shown', async () => {
    const r = await evalRun(['--retriever', 'dense', '--model', small, '--no-cache']);
    expect(r.code).toBe(0);
    expect(r.json.config.retriever.maxTokens).toBe(16);
    // independent count: units whose tokens + [CLS]/[SEP] exceed 16 (sentences: no prefix, units = entries)
    const over = r.json.chunks.filter((c: any) => c.tokens + 2 > 16).map((c: any) => c.id);
    expect(over.length).toBeGreaterThan(0);
    expect(r.json.embedding.overLimit.passageIds).toEqual(over);
    expect(r.json.embedding.overLimit.passages).toBe(over.length);
    expect(r.out).toContain(`over limit ${over.length} chunks`);
  });

  test('late: long documents go through macro-windows (counted independently), nothing is cut', async () => {
    const r = await evalRun(['--retriever', 'dense', '--late', '--model', small, '--no-cache']);
    expect(r.code).toBe(0);
    const data = JSON.parse(readFileSync(SQUAD, 'utf8'));
    const cap = 14;
    const ov = Math.floor(cap / 4);
    let windows = 0;
    let split = 0;
    for (const a of data.data) {
      const n = model.tokenizer.count(a.paragraphs.map((p: any) => p.context).join('\n\n'));
      const w = n <= cap ? 1 : Math.ceil((n - ov) / (cap - ov));
      windows += w;
      if (w > 1) split++;
    }
    expect(split).toBe(2);
    expect(r.json.embedding.late).toMatchObject({ documents: 2, documentsSplit: split, windows });
    expect(r.json.embedding.overLimit.passages).toBe(0);
    expect(r.out).toContain(`2 documents in ${windows} model inputs (2 longer than one input`);
    const ind = independentMetrics(r.json.chunks, r.json.questions);
    for (const k of METRIC_KEYS) expect(Math.abs(r.json.metrics[k] - ind[k]), k).toBeLessThan(1e-6);
  });
});

test('bad model options are InputErrors and write nothing', async () => {
  const out = join(tmp, 'never.json');
  const base = ['--dataset', SQUAD, '--chunker', 'sentences', '--max-tokens', '24', '--out', out];
  await expect(run([...base, '--late'])).rejects.toThrow(/--late needs --retriever dense or hybrid/);
  await expect(run([...base, '--retriever', 'dense', '--model', MODEL, '--dtype', 'q8'])).rejects.toThrow(/no onnx\/model_quantized\.onnx for dtype q8/);
  await expect(run([...base, '--retriever', 'dense', '--model', MODEL, '--dtype', 'int3'])).rejects.toThrow(InputError);
  await expect(run([...base, '--cache-dir', tmp])).rejects.toThrow(/--cache-dir needs --model/);
  await expect(run([...base, '--retriever', 'hybrid', '--model', join(tmp, 'no-such-folder')])).rejects.toBeInstanceOf(InputError);
  expect(existsSync(out)).toBe(false);
});
