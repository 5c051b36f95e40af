// Run labels shown in the page's language: built from the config at display time, equal to the
// stored label (runLabel) in English, translated in Portuguese; stored labels that runLabel does not
// give for the stored config (renamed, older formats) are shown as stored.
import { expect, test } from 'vitest';
import { runLabel } from '../../../src/app/experiments/model.ts';
import { shownLabel, shownRunLabel } from '../../../src/app/results/label.ts';
import * as areas from '../../../src/app/i18n/areas/run-labels.ts';
import type { ExperimentConfig } from '../../../src/engine/evaluation/index.ts';
import type { ChunkerId } from '../../../src/engine/types.ts';

const configs: ExperimentConfig[] = [
  { chunker: 'structure', params: { maxTokens: 128, overlap: 16 }, header: true, retriever: { kind: 'bm25' }, k: 10 },
  { chunker: 'fixed', params: { maxTokens: 256, overlap: 0 }, header: false, retriever: { kind: 'dense', model: 'chunklab-test-bert', late: true }, k: 5, scope: 'document', budget: 512 },
  { chunker: 'small-to-big', params: { maxTokens: 64 }, header: false, retriever: { kind: 'hybrid', model: 'm' }, k: 10, rerank: { model: 'Xenova/ms-marco-MiniLM-L-6-v2', top: 20 } },
];

/** The page's lookup over one dictionary: the message with {params} filled, or the key. */
const lookup = (dict: Record<string, string>) => (key: never, params?: Record<string, string | number>) =>
  (dict[key as string] ?? (key as string)).replace(/\{(\w+)\}/g, (m, p: string) => (params && p in params ? String(params[p]) : m));
const en = lookup(areas.en);
const pt = lookup(areas.pt);

test('in English the shown label is the stored one', () => {
  for (const c of configs) expect(shownRunLabel(c, en)).toBe(runLabel(c));
});

test('in Portuguese the chunker, the retriever and the abbreviations are translated; numbers and models stay', () => {
  expect(runLabel(configs[0])).toBe('structure · 128 · ov 16 · hdr · bm25');
  expect(shownRunLabel(configs[0], pt)).toBe('estrutura · 128 · sobr 16 · cab · bm25');
  expect(shownRunLabel(configs[1], pt)).toBe('fixo · 256 · denso chunklab-test-bert tardio · k=5 · escopo doc · B=512');
  expect(shownRunLabel(configs[2], pt)).toBe('pequeno-para-grande · 64 · híbrido m · reordena ms-marco-MiniLM-L-6-v2 top 20');
});

test('a saved result is translated from its stored config only when its label is the generated one', () => {
  expect(shownLabel(configs[0], runLabel(configs[0]), pt)).toBe('estrutura · 128 · sobr 16 · cab · bm25');
  expect(shownLabel(configs[0], 'my run', pt)).toBe('my run');
  expect(shownLabel(undefined, 'structure · 128 · bm25', pt)).toBe('structure · 128 · bm25');
  expect(shownLabel({ chunker: 'fixed' }, 'fixed · 128 · bm25', pt)).toBe('fixed · 128 · bm25');
});

test('a baseline run (another library\'s splitter) says so in its label, in both languages', () => {
  const c: ExperimentConfig = { chunker: 'langchain-recursive', params: { maxTokens: 200, overlap: 0 }, header: false, retriever: { kind: 'bm25' }, k: 10 };
  expect(runLabel(c)).toBe('langchain-recursive · baseline · 200 · bm25');
  expect(shownRunLabel(c, en)).toBe(runLabel(c));
  expect(shownRunLabel(c, pt)).toBe('langchain-recursivo · referência · 200 · bm25');
  expect(runLabel({ ...c, chunker: 'recursive' })).toBe('recursive · 200 · bm25');
});

test('the grid leaves out a baseline with the context header on (its chunks are the library\'s own) and counts it', async () => {
  const { expandGrid, defaultGrid } = await import('../../../src/app/experiments/model.ts');
  const g = { ...defaultGrid(), chunkers: ['recursive', 'langchain-recursive'] as ChunkerId[], headers: [false, true], sizes: [128] };
  const { runs, invalid } = expandGrid(g);
  expect(runs.map((r) => r.label).sort()).toEqual(['langchain-recursive · baseline · 128 · bm25', 'recursive · 128 · bm25', 'recursive · 128 · hdr · bm25']);
  expect(invalid).toBe(1);
});

test('a saved result is translated from its results file config: the header in params.header, a service split into provider and model', () => {
  // As runExperiment writes them (header moved into params) and the page records a service (provider + model).
  const grid: ExperimentConfig = { chunker: 'structure', params: { maxTokens: 128, overlap: 0 }, header: true, retriever: { kind: 'dense', model: 'openai:text-embedding-3-small' }, k: 10 };
  const stored = runLabel(grid);
  expect(stored).toBe('structure · 128 · hdr · dense openai:text-embedding-3-small');
  const fileConfig = {
    dataset: { name: 'x' },
    chunker: 'structure',
    params: { maxTokens: 128, overlap: 0, header: true },
    retriever: { kind: 'dense', provider: 'openai', model: 'text-embedding-3-small', dimensions: 64, baseUrl: 'http://127.0.0.1:1/v1' },
    k: 10,
    budget: 1024,
    scope: 'corpus',
  };
  expect(shownLabel(fileConfig, stored, pt)).toBe('estrutura · 128 · cab · denso openai:text-embedding-3-small');
  expect(shownLabel(fileConfig, stored, en)).toBe(stored);
  const bm25 = { ...fileConfig, retriever: { kind: 'bm25' } };
  expect(shownLabel(bm25, 'structure · 128 · hdr · bm25', pt)).toBe('estrutura · 128 · cab · bm25');
});
