// `tune` through the CLI: the --json fields, the recipe --out writes, and the check: the
// estimate equals hit@5 recomputed (here, independently: containment of every gold span in one of
// the first five ranked units) from `eval --recipe`'s results file on the estimating question ids.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectOneLineError, runCli } from './helpers.ts';

const EN = 'public/samples/en';
const tmp = mkdtempSync(join(tmpdir(), 'chunklab-tune-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Results {
  chunks: { id: string; docId: string; start: number; end: number }[];
  questions: { id: string; gold: { docId: string; start: number; end: number }[]; ranked: string[] }[];
}

/** hit@5 by hand: a question counts when one of its first five units holds every gold span. */
function hitAt5(file: Results, ids: readonly string[]): number {
  const units = new Map(file.chunks.map((c) => [c.id, c]));
  const want = new Set(ids);
  const qs = file.questions.filter((q) => want.has(q.id));
  expect(qs.length).toBe(ids.length);
  const hits = qs.filter((q) => q.ranked.slice(0, 5).some((id) => {
    const u = units.get(id)!;
    return q.gold.every((g) => g.docId === u.docId && u.start <= g.start && g.end <= u.end);
  }));
  return hits.length / qs.length;
}

describe('tune', () => {
  it('--json gives the pick, its estimate on the other half, the baselines and the runs; eval --recipe reproduces the estimate', async () => {
    const recipe = join(tmp, 'recipe.json');
    const r = await runCli(['tune', '--dataset', EN, '--chunkers', 'recursive,sentences', '--sizes', '64,128', '--seed', '3', '--json', '--out', recipe]);
    expect(r.code).toBe(0);
    const t = JSON.parse(r.out);
    expect(t.seed).toBe(3);
    expect(t.split.by).toBe('question');
    expect(t.chosen.chunker).toMatch(/^(recursive|sentences)$/);
    expect([64, 128]).toContain(t.chosen.params.maxTokens);
    expect(t.estimate.metric).toBe('hit@5');
    expect(t.estimate.low).toBeLessThanOrEqual(t.estimate.value);
    expect(t.estimate.high).toBeGreaterThanOrEqual(t.estimate.value);
    expect(t.estimate.questions.length).toBe(t.split.estimating);
    expect(t.baselines.map((b: { label: string }) => b.label)).toEqual(['recursive · 512', 'langchain-recursive · 512', 'chonkie-recursive · 512', 'llamaindex-sentence · 512', 'mastra-recursive · 512', 'mastra-markdown · 512']);
    expect(t.runs.length).toBeLessThanOrEqual(24);
    expect(t.runs.every((x: { questions: number }) => x.questions === t.split.choosing)).toBe(true);
    expect(JSON.parse(readFileSync(recipe, 'utf8'))).toEqual(t.recipe);

    const results = join(tmp, 'results.json');
    const e = await runCli(['eval', '--recipe', recipe, '--dataset', EN, '--out', results]);
    expect(e.code).toBe(0);
    const file = JSON.parse(readFileSync(results, 'utf8'));
    expect(file.config.chunker).toBe(t.chosen.chunker);
    expect(file.config.params).toEqual(t.chosen.params);
    expect(Math.abs(hitAt5(file, t.estimate.questions) - t.estimate.value)).toBeLessThan(1e-6);
    // The default's figure, from its own eval run, too.
    const def = join(tmp, 'default.json');
    expect((await runCli(['eval', '--dataset', EN, '--chunker', 'recursive', '--max-tokens', '512', '--out', def])).code).toBe(0);
    expect(Math.abs(hitAt5(JSON.parse(readFileSync(def, 'utf8')), t.estimate.questions) - t.baselines[0].value)).toBeLessThan(1e-6);
  });

  it('with a model (hybrid; random weights: plumbing only), the estimate is again eval --recipe\'s on the estimating ids', async () => {
    const model = 'tests/fixtures/models/chunklab-test-bert';
    const recipe = join(tmp, 'hybrid-recipe.json');
    const r = await runCli(['tune', '--dataset', EN, '--chunkers', 'recursive', '--sizes', '64,128', '--retriever', 'hybrid', '--model', model, '--no-cache', '--json', '--out', recipe]);
    expect(r.code).toBe(0);
    const t = JSON.parse(r.out);
    expect(t.chosen.retriever.kind).toBe('hybrid');
    expect(t.chosen.tokenizer).toBe('chunklab-test-bert');
    expect(t.recipe.tokenizer).toBe('chunklab-test-bert');
    const results = join(tmp, 'hybrid-results.json');
    expect((await runCli(['eval', '--recipe', recipe, '--dataset', EN, '--retriever', 'hybrid', '--model', model, '--no-cache', '--out', results])).code).toBe(0);
    expect(Math.abs(hitAt5(JSON.parse(readFileSync(results, 'utf8')), t.estimate.questions) - t.estimate.value)).toBeLessThan(1e-6);
    // A recipe counted in the bundled tokenizer cannot be rerun with this model's.
    const bundled = join(tmp, 'recipe.json');
    expectOneLineError(await runCli(['eval', '--recipe', bundled, '--dataset', EN, '--retriever', 'hybrid', '--model', model, '--no-cache']), /counts sizes with "all-MiniLM-L6-v2" but the model counts with "chunklab-test-bert"/);
  });

  it('the summary says the halves were cut by question and why, and prints the path', async () => {
    const r = await runCli(['tune', '--dataset', EN, '--chunkers', 'structure', '--sizes', '128,256', '--seed', '1']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/by question: only 8 documents \(fewer than 10\)/);
    expect(r.out).toMatch(/estimate {3}hit@5 [\d.]+ \(95% interval/);
    expect(r.out).toMatch(/recursive · 512 \(default\)/);
    expect(r.out).toMatch(/stage 1 {2}bm25/);
  });

  it('refuses what it cannot do with one clear line', async () => {
    expectOneLineError(await runCli(['tune', '--dataset', EN, '--retriever', 'dense']), /--retriever dense needs --model/);
    expectOneLineError(await runCli(['tune', '--dataset', EN, '--max-runs', '5', '--minutes', '1']), /not both/);
    expectOneLineError(await runCli(['tune', '--dataset', EN, '--chunkers', 'llm']), /--chunkers takes/);
    expectOneLineError(await runCli(['eval', '--dataset', EN, '--recipe', join(tmp, 'missing.json')]), /no such file/);
    expectOneLineError(await runCli(['eval', '--dataset', EN, '--recipe', 'x.json', '--chunker', 'fixed']), /not both/);
  });
});
