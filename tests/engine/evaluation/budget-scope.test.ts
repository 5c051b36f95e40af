// Budget metrics and search scope, checked against computations written here from the results
// file alone (no engine code on the checking side), on the English sample corpus with BM25.
import { beforeAll, describe, expect, test } from 'vitest';
import { runExperiment } from '../../../src/engine/evaluation/experiment.ts';
import { hitRateAtBudgets } from '../../../src/engine/evaluation/metrics.ts';
import { readResults, writeResults } from '../../../src/engine/formats/results.ts';
import type { ResultsFile } from '../../../src/engine/evaluation/types.ts';
import type { Dataset } from '../../../src/engine/evaluation/dataset.ts';
import { InputError, type TextTokenizer } from '../../../src/engine/types.ts';
import { loadDataset } from '../../../src/node/files.ts';
import { loadDefaultTokenizer } from '../../../src/node/tokenizer-folder.ts';
import { independentMetrics } from './independent-scorer.ts';

let ds: Dataset;
let tokenizer: TextTokenizer;
let corpus: ResultsFile;
/** The corpus ranking with every unit BM25 returns (k huge). */
let full: ResultsFile;
const base = { chunker: 'recursive' as const, params: { maxTokens: 96 }, retriever: { kind: 'bm25' as const } };

beforeAll(async () => {
  ds = await loadDataset('public/samples/en');
  tokenizer = await loadDefaultTokenizer();
  corpus = await runExperiment(ds, { ...base, budget: 400 }, { tokenizer });
  full = await runExperiment(ds, { ...base, k: 100000, budget: 400 }, { tokenizer });
});

/** Units taken within `budget`, recomputed from the file (first unit over the budget ends it). */
function taken(file: ResultsFile, qi: number, budget: number) {
  const tok = new Map(file.chunks.map((c) => [c.id, c.tokens]));
  const out: string[] = [];
  let sum = 0;
  for (const id of file.questions[qi].ranked) {
    if (sum + tok.get(id)! > budget) break;
    sum += tok.get(id)!;
    out.push(id);
  }
  return out;
}

describe('budget metrics', () => {
  test('config.budget is recorded and every ranking is deep enough to fill it (and >= 10 units)', () => {
    expect(corpus.config.budget).toBe(400);
    expect(corpus.config.scope).toBe('corpus');
    const tok = new Map(corpus.chunks.map((c) => [c.id, c.tokens]));
    let short = 0;
    corpus.questions.forEach((q, i) => {
      const total = q.ranked.reduce((s, id) => s + tok.get(id)!, 0);
      // The same prefix as the full ranking.
      expect(q.ranked).toEqual(full.questions[i].ranked.slice(0, q.ranked.length));
      if (q.ranked.length === full.questions[i].ranked.length) {
        // BM25 had nothing more to return (a question whose words occur in few units).
        short++;
        return;
      }
      expect(q.ranked.length).toBeGreaterThanOrEqual(10);
      expect(total, q.id).toBeGreaterThan(400); // the list reaches past the budget
      // … and stops at the first unit past it once 10 are there.
      const withoutLast = total - tok.get(q.ranked[q.ranked.length - 1])!;
      if (q.ranked.length > 10) expect(withoutLast).toBeLessThanOrEqual(400);
    });
    expect(corpus.questions.length - short).toBeGreaterThan(corpus.questions.length / 2); // the depth rule is exercised
  });

  test('hit@budget and recall@budget equal an independent recomputation from the file', () => {
    const ind = independentMetrics(corpus.chunks, corpus.questions, 400);
    expect(corpus.metrics['hit@budget']).toBeCloseTo(ind['hit@budget'], 12);
    expect(corpus.metrics['recall@budget']).toBeCloseTo(ind['recall@budget'], 12);
    // By hand: a hit when every gold span lies inside a taken unit.
    const byId = new Map(corpus.chunks.map((c) => [c.id, c]));
    let hits = 0;
    corpus.questions.forEach((q, i) => {
      const units = taken(corpus, i, 400).map((id) => byId.get(id)!);
      if (q.gold.every((g) => units.some((u) => u.docId === g.docId && u.start <= g.start && g.end <= u.end))) hits++;
    });
    expect(corpus.metrics['hit@budget']).toBeCloseTo(hits / corpus.questions.length, 12);
    expect(corpus.metrics['hit@budget']).toBeGreaterThan(0);
    expect(corpus.metrics['hit@budget']).toBeLessThan(1);
  });

  test('hitRateAtBudgets: each point equals the independent metric at that budget, grows with the budget, and is filled up to config.budget', () => {
    const budgets = [64, 128, 256, 400];
    const points = hitRateAtBudgets(corpus, budgets);
    points.forEach((p, i) => {
      const ind = independentMetrics(corpus.chunks, corpus.questions, budgets[i]);
      expect(p.hit).toBeCloseTo(ind['hit@budget'], 12);
      expect(p.recall).toBeCloseTo(ind['recall@budget'], 12);
      const over = corpus.questions.filter((q) => q.ranked.reduce((s, id) => s + corpus.chunks.find((c) => c.id === id)!.tokens, 0) > budgets[i]).length;
      expect(p.filled).toBe(over);
      if (i) expect(p.hit).toBeGreaterThanOrEqual(points[i - 1].hit);
    });
    expect(points[3].hit).toBeCloseTo(corpus.metrics['hit@budget'], 12);
  });

  test('a file is rescored at its own config.budget; files without budget metrics still open', () => {
    const json = JSON.parse(writeResults(corpus));
    delete json.metrics['hit@budget'];
    delete json.metrics['recall@budget'];
    const back = readResults(JSON.stringify(json));
    expect(back.metrics['hit@budget']).toBeCloseTo(corpus.metrics['hit@budget'], 12);
    json.config.budget = 128;
    expect(readResults(JSON.stringify(json)).metrics['hit@budget']).toBeCloseTo(independentMetrics(corpus.chunks, corpus.questions, 128)['hit@budget'], 12);
    delete json.config.budget;
    expect(readResults(JSON.stringify(json)).metrics['hit@budget']).toBeCloseTo(independentMetrics(corpus.chunks, corpus.questions, 1024)['hit@budget'], 12);
    for (const [k, v] of [['budget', 0], ['budget', 1.5], ['scope', 'everywhere'], ['rerank', { model: 'x', top: 0 }], ['rerank', 'x']] as const) {
      const bad = { ...json, config: { ...json.config, [k]: v } };
      expect(() => readResults(JSON.stringify(bad)), `${k}=${JSON.stringify(v)}`).toThrow(InputError);
    }
  });

  test('the default budget is 1024', async () => {
    const r = await runExperiment(ds, base, { tokenizer });
    expect(r.config.budget).toBe(1024);
    expect(r.metrics['hit@budget']).toBeCloseTo(independentMetrics(r.chunks, r.questions, 1024)['hit@budget'], 12);
    await expect(runExperiment(ds, { ...base, budget: 0 }, { tokenizer })).rejects.toThrow(InputError);
  });
});

describe('scope', () => {
  test('document: each question ranks only units of its gold documents, in the corpus ranking\'s order', async () => {
    const doc = await runExperiment(ds, { ...base, scope: 'document', budget: 400 }, { tokenizer });
    expect(doc.config.scope).toBe('document');
    // The corpus ranking, long enough to hold every unit, filtered afterwards to the gold documents.
    const docOf = new Map(full.chunks.map((c) => [c.id, c.docId]));
    let restricted = 0;
    doc.questions.forEach((q, i) => {
      const gold = new Set(q.gold.map((g) => g.docId));
      expect(q.ranked.every((id) => gold.has(docOf.get(id)!)), q.id).toBe(true);
      const fq = full.questions[i];
      expect(fq.id).toBe(q.id);
      const filtered = fq.ranked.filter((id) => gold.has(docOf.get(id)!));
      expect(q.ranked).toEqual(filtered.slice(0, q.ranked.length));
      if (corpus.questions[i].ranked.some((id) => !gold.has(docOf.get(id)!))) restricted++;
    });
    expect(restricted).toBeGreaterThan(0); // the corpus scope did rank other documents
    const ind = independentMetrics(doc.chunks, doc.questions, 400);
    for (const k of ['hit@1', 'hit@5', 'mrr', 'hit@budget', 'recall@budget'] as const) expect(doc.metrics[k]).toBeCloseTo(ind[k], 12);
    expect(doc.metrics['hit@5']).toBeGreaterThanOrEqual(corpus.metrics['hit@5']);
  });
});
