// `eval --rerank <folder> --rerank-top N [--budget B] [--scope document]` on the committed
// random-weight test cross-encoder, in-process: deterministic files, the ranking equal to the base
// ranking's first N re-sorted by the model's scores (computed here pair by pair) followed by the
// rest, budget metrics an independent scorer agrees with, the document scope, and one-line errors.
import { afterAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCrossEncoder } from '../../src/node/cross-encoder.ts';
import { loadDataset } from '../../src/node/files.ts';
import { parseDataset } from '../../src/engine/evaluation/experiment.ts';
import { independentMetrics } from '../engine/evaluation/independent-scorer.ts';
import { expectOneLineError, runCli } from './helpers.ts';

const root = new URL('../../', import.meta.url).pathname;
const DATA = join(root, 'public/samples/en');
const CE = join(root, 'tests/fixtures/models/chunklab-test-cross-encoder');
const tmp = mkdtempSync(join(tmpdir(), 'chunklab-rerank-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const BASE = ['eval', '--dataset', DATA, '--chunker', 'recursive', '--max-tokens', '96', '--k', '30'];
let n = 0;
async function evalFile(extra: string[]) {
  const out = join(tmp, `r${n++}.json`);
  const r = await runCli([...BASE, ...extra, '--out', out]);
  expect(r.code, r.err).toBe(0);
  const text = readFileSync(out, 'utf8');
  return { text, json: JSON.parse(text), out: r.out };
}

describe('eval --rerank', () => {
  test('deterministic: two runs without cache and one from the cache write the same bytes', async () => {
    const cache = join(tmp, 'cache');
    const a = await evalFile(['--rerank', CE, '--rerank-top', '20', '--no-cache']);
    const b = await evalFile(['--rerank', CE, '--rerank-top', '20', '--no-cache']);
    const c = await evalFile(['--rerank', CE, '--rerank-top', '20', '--cache-dir', cache]);
    const d = await evalFile(['--rerank', CE, '--rerank-top', '20', '--cache-dir', cache]);
    expect(b.text).toBe(a.text);
    expect(c.text).toBe(a.text);
    expect(d.text).toBe(a.text);
    expect(a.json.config.rerank).toMatchObject({ model: CE, top: 20, modelId: 'chunklab-test-cross-encoder', dtype: 'fp32' });
    expect(a.json.config.rerank.modelSha256).toMatch(/^[0-9a-f]{16}$/);
    expect(a.out).toMatch(/hit@budget/);
    expect(a.out).toMatch(/rerank {5}chunklab-test-cross-encoder top 20: \d+ pairs for 83 searches/);
  });

  test('the ranking is the base ranking\'s first 20 re-sorted by the model\'s scores, then the rest unchanged', async () => {
    const base = (await evalFile([])).json;
    const rr = (await evalFile(['--rerank', CE, '--rerank-top', '20', '--no-cache'])).json;
    // The indexed text of each unit, from the dataset itself (recursive: no prefix, unit = chunk).
    const docs = parseDataset(await loadDataset(DATA));
    const textOf = new Map<string, string>(
      base.chunks.map((c: any) => [c.id, [...docs.get(c.docId)!.text].slice(c.start, c.end).join('')]),
    );
    const ce = await loadCrossEncoder(CE, { cacheDir: null });
    let moved = 0;
    try {
      for (const [i, q] of base.questions.entries()) {
        const r = rr.questions[i];
        expect(r.id).toBe(q.id);
        const head = q.ranked.slice(0, 20);
        const scored: { id: string; s: number; i: number }[] = [];
        for (const [j, id] of head.entries()) scored.push({ id, s: (await ce.encoder.score(q.text, [textOf.get(id)!]))[0], i: j });
        scored.sort((a, b) => b.s - a.s || a.i - b.i);
        const expected = [...scored.map((x) => x.id), ...q.ranked.slice(20)];
        const m = Math.min(expected.length, r.ranked.length);
        expect(r.ranked.slice(0, m), q.id).toEqual(expected.slice(0, m));
        expect(m).toBeGreaterThanOrEqual(Math.min(head.length, 10));
        // The file's scores of the reranked head are the model's.
        scored.slice(0, Math.min(m, scored.length)).forEach((x, j) => expect(Math.abs(r.scores[j] - x.s)).toBeLessThan(1e-5));
        if (scored.some((x, j) => x.id !== head[j])) moved++;
      }
    } finally {
      await ce.dispose();
    }
    expect(moved).toBeGreaterThan(base.questions.length / 2);
    // Every metric, budget ones included, recomputed independently from the file.
    const ind = independentMetrics(rr.chunks, rr.questions, rr.config.budget);
    for (const k of Object.keys(ind)) expect(Math.abs(rr.metrics[k] - ind[k]), k).toBeLessThan(1e-9);
  });

  test('--budget and --scope document are recorded and applied', async () => {
    const r = (await evalFile(['--budget', '300', '--scope', 'document'])).json;
    expect(r.config.budget).toBe(300);
    expect(r.config.scope).toBe('document');
    const docOf = new Map(r.chunks.map((c: any) => [c.id, c.docId]));
    for (const q of r.questions) {
      const gold = new Set(q.gold.map((g: any) => g.docId));
      expect(q.ranked.every((id: string) => gold.has(docOf.get(id)))).toBe(true);
    }
    const ind = independentMetrics(r.chunks, r.questions, 300);
    expect(r.metrics['hit@budget']).toBeCloseTo(ind['hit@budget'], 12);
    expect(r.metrics['recall@budget']).toBeCloseTo(ind['recall@budget'], 12);
    const corpus = (await evalFile([])).json;
    expect(corpus.config.scope).toBe('corpus');
    expect(corpus.config.budget).toBe(1024);
    expect(corpus.config.rerank).toBeUndefined();
  });

  test('bad input: one line, exit 2', async () => {
    expectOneLineError(await runCli([...BASE, '--rerank-top', '5']), /--rerank-top needs --rerank/);
    expectOneLineError(await runCli([...BASE, '--rerank', CE, '--rerank-top', '0']), /--rerank-top must be a whole number >= 1/);
    expectOneLineError(await runCli([...BASE, '--budget', '0']), /--budget must be a whole number >= 1/);
    expectOneLineError(await runCli([...BASE, '--scope', 'world']), /--scope must be corpus or document/);
    expectOneLineError(await runCli([...BASE, '--rerank', join(tmp, 'no-such-model')]), /--rerank/);
    expectOneLineError(await runCli([...BASE, '--rerank', 'someone/not-downloaded']), /not on this machine/);
  });
});
