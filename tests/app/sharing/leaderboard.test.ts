// Sharing's pure helpers (src/app/sharing/leaderboard.ts): question-set signatures, the workshop
// leaderboard's order and grouping, and safe file names from a run's configuration.
import { describe, expect, test } from 'vitest';
import { chunksFileName, configLabel, leaderboard, questionSetSignature, resultsFileName, summarize, type ResultsSummary } from '../../../src/app/sharing/leaderboard.ts';
import { readResults, writeResults } from '../../../src/engine/formats/results.ts';
import type { ResultsFile } from '../../../src/engine/evaluation/types.ts';

function file(questions: { id: string; gold: [string, number, number]; ranked: string[] }[], config: Record<string, unknown> = {}): ResultsFile {
  const chunks = [
    { id: 'a#0', docId: 'a', start: 0, end: 10, tokens: 4 },
    { id: 'a#1', docId: 'a', start: 10, end: 20, tokens: 5 },
    { id: 'b#0', docId: 'b', start: 0, end: 30, tokens: 9 },
  ];
  const text = writeResults({
    format: 'chunklab-results',
    version: 1,
    config,
    chunks,
    questions: questions.map((q) => ({ id: q.id, text: `q ${q.id}`, gold: [{ docId: q.gold[0], start: q.gold[1], end: q.gold[2] }], ranked: q.ranked })),
    metrics: Object.fromEntries(['hit@1', 'hit@3', 'hit@5', 'mrr', 'coverage', 'ctx3', 'recall@5', 'precision@5', 'iou@5', 'chunks', 'meanTokens'].map((k) => [k, 0])) as ResultsFile['metrics'],
  });
  return readResults(text, 'x.json');
}

const summary = (name: string, hit5: number, mrr: number, set: string, ctx3 = 100): ResultsSummary => ({
  fileName: name,
  label: name,
  metrics: { 'hit@1': 0, 'hit@3': 0, 'hit@5': hit5, mrr, coverage: 0, ctx3, 'recall@5': 0, 'precision@5': 0, 'iou@5': 0, 'hit@budget': 0, 'recall@budget': 0, precisionOmega: 0, chunks: 0, meanTokens: 0 },
  intervals: {},
  questions: 2,
  skipped: 0,
  questionSet: set,
});

describe('question-set signature', () => {
  test('does not depend on question order, but on ids and gold spans', () => {
    const x = file([
      { id: 'q1', gold: ['a', 2, 5], ranked: ['a#0'] },
      { id: 'q2', gold: ['b', 3, 8], ranked: ['a#1', 'b#0'] },
    ]);
    const y = file([
      { id: 'q2', gold: ['b', 3, 8], ranked: ['b#0'] },
      { id: 'q1', gold: ['a', 2, 5], ranked: ['a#1'] },
    ]);
    const z = file([
      { id: 'q1', gold: ['a', 2, 6], ranked: ['a#0'] },
      { id: 'q2', gold: ['b', 3, 8], ranked: ['b#0'] },
    ]);
    expect(questionSetSignature(x)).toBe(questionSetSignature(y));
    expect(questionSetSignature(x)).not.toBe(questionSetSignature(z));
    expect(questionSetSignature(x)).toMatch(/^[0-9a-f]{8}$/);
  });

  test('summarize reads the author and dataset from the config and uses the recomputed metrics', () => {
    const f = file(
      [
        { id: 'q1', gold: ['a', 2, 5], ranked: ['a#0'] },
        { id: 'q2', gold: ['b', 3, 8], ranked: ['a#1', 'b#0'] },
      ],
      { author: '  Ana ', dataset: { name: 'Amostra' }, chunker: 'structure', params: { maxTokens: 128, overlap: 16 }, header: true, retriever: { kind: 'bm25' } },
    );
    const s = summarize(f, 'ana.json');
    expect(s.author).toBe('Ana');
    expect(s.dataset).toBe('Amostra');
    expect(s.label).toBe('structure · 128 tok · overlap 16 · header · bm25');
    // q1 at rank 1, q2 at rank 2: hit@5 = 1, hit@1 = 0.5, mrr = (1 + 1/2) / 2.
    expect(s.metrics['hit@5']).toBe(1);
    expect(s.metrics['hit@1']).toBe(0.5);
    expect(s.metrics.mrr).toBeCloseTo(0.75, 10);
    expect(s.questions).toBe(2);
    expect(summarize(file([{ id: 'q1', gold: ['a', 2, 5], ranked: ['a#0'] }], { author: 42 }), 'n.json').author).toBeUndefined();
  });
});

describe('leaderboard', () => {
  test('sorts by hit@5, then MRR, then fewer context tokens; ties in hit@5 share a place', () => {
    const b = leaderboard([summary('c', 0.5, 0.4, 's'), summary('a', 0.9, 0.5, 's'), summary('b', 0.5, 0.45, 's'), summary('d', 0.5, 0.45, 's', 50)]);
    expect(b.groups).toBe(1);
    expect(b.rows.map((r) => [r.fileName, r.place, r.group])).toEqual([
      ['a', 1, 'A'],
      ['d', 2, 'A'],
      ['b', 2, 'A'],
      ['c', 2, 'A'],
    ]);
  });

  test('files on different question sets form separate groups, largest first, each with its own places', () => {
    const b = leaderboard([summary('x', 0.99, 1, 'other'), summary('a', 0.6, 0.5, 'main'), summary('b', 0.7, 0.5, 'main')]);
    expect(b.groups).toBe(2);
    expect(b.rows.map((r) => [r.fileName, r.place, r.group])).toEqual([
      ['b', 1, 'A'],
      ['a', 2, 'A'],
      ['x', 1, 'B'],
    ]);
    expect(leaderboard([]).rows).toEqual([]);
  });
});

describe('file names', () => {
  test('come from the configuration and hold only safe characters', () => {
    const name = resultsFileName(
      { dataset: { name: 'Amostra (pt-BR) / Perguntações' }, chunker: 'structure', params: { maxTokens: 128, overlap: 16 }, header: true, retriever: { kind: 'dense', model: 'Xenova/all-MiniLM-L6-v2', late: true } },
      'José <script>',
    );
    expect(name).toBe('chunklab-results_jose-script_amostra-pt-br-perguntacoes_structure-128-ov16-header_dense-all-minilm-l6-v2-late.json');
    expect(resultsFileName({})).toBe('chunklab-results_run.json');
    expect(resultsFileName({ chunker: '../../etc/passwd', retriever: { kind: 'bm25' } })).toBe('chunklab-results_etc-passwd_bm25.json');
    expect(chunksFileName('Minha coleção', 'fixed', { maxTokens: 256, overlap: 0, header: false })).toBe('chunks_minha-colecao_fixed-256.jsonl');
  });

  test('configLabel survives a config of the wrong shapes', () => {
    expect(configLabel({ chunker: 3, params: 'x', retriever: [] })).toBe('?');
  });
});
