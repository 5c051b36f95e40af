// The grid's reranker, scope and budget dimensions (src/app/experiments/model.ts): they cross every
// chunking × retriever cell, land in each run's engine config, and tell runs apart in keys and labels.
import { describe, expect, test } from 'vitest';
import { defaultGrid, expandGrid, runKey, runLabel } from '../../../src/app/experiments/model.ts';

describe('reranker, scope and budget in the grid', () => {
  test('without them the grid is unchanged: one run per cell, corpus scope, no reranker, no budget', () => {
    const { runs } = expandGrid(defaultGrid());
    expect(runs.length).toBe(2);
    for (const r of runs) {
      expect(r.config.rerank).toBeUndefined();
      expect(r.config.scope).toBeUndefined();
      expect(r.config.budget).toBeUndefined();
    }
  });

  test('rerankers × scopes multiply the runs, and each config carries its cell', () => {
    const g = { ...defaultGrid(), chunkers: ['structure' as const], retrievers: ['bm25' as const, 'dense' as const], models: ['m'], rerankers: ['', 'org/ce'], rerankTop: 20, scopes: ['corpus' as const, 'document' as const], budget: 512 };
    const { runs, needModel } = expandGrid(g);
    expect(needModel).toBe(0);
    expect(runs.length).toBe(2 * 2 * 2);
    const cells = runs.map((r) => [r.config.retriever.kind, r.config.rerank?.model ?? '', r.config.rerank?.top ?? 0, r.config.scope ?? 'corpus', r.config.budget].join(' '));
    expect(new Set(cells).size).toBe(8);
    expect(cells).toContain('bm25 org/ce 20 document 512');
    expect(cells).toContain('dense  0 corpus 512');
    expect(new Set(runs.map((r) => r.key)).size).toBe(8);
    expect(new Set(runs.map((r) => r.label)).size).toBe(8);
    const rr = runs.find((r) => r.config.rerank && r.config.scope === 'document')!;
    expect(rr.label).toContain('rerank ce top 20');
    expect(rr.label).toContain('doc scope');
    expect(rr.label).toContain('B=512');
  });

  test('a dense cell without a model counts every reranker × scope run it would have made', () => {
    const g = { ...defaultGrid(), chunkers: ['fixed' as const], retrievers: ['dense' as const], rerankers: ['', 'x/y'], scopes: ['corpus' as const, 'document' as const] };
    expect(expandGrid(g).needModel).toBe(4);
  });

  test('key and label change with the reranker top-N and the scope', () => {
    const base = { chunker: 'fixed' as const, params: { maxTokens: 128 }, retriever: { kind: 'bm25' as const } };
    const a = runKey({ ...base, rerank: { model: 'a/b', top: 20 } });
    const b = runKey({ ...base, rerank: { model: 'a/b', top: 50 } });
    const c = runKey({ ...base, scope: 'document' });
    expect(new Set([a, b, c, runKey(base)]).size).toBe(4);
    expect(runLabel(base)).not.toContain('rerank');
  });
});
