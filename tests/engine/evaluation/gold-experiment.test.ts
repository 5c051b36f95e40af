import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { InputError } from '../../../src/engine/types.ts';
import { docUnits, parseDocument } from '../../../src/engine/documents/index.ts';
import { resolveQuestions, matchesFilter } from '../../../src/engine/evaluation/gold.ts';
import { runExperiment } from '../../../src/engine/evaluation/experiment.ts';
import { readSquad } from '../../../src/engine/formats/squad.ts';
import { readChromaFolder } from '../../../src/engine/formats/chroma.ts';
import { readResults, writeResults } from '../../../src/engine/formats/results.ts';
import { METRIC_KEYS } from '../../../src/engine/evaluation/types.ts';
import { loadDefaultTokenizer } from '../../../src/node/tokenizer-folder.ts';
import type { Dataset } from '../../../src/engine/evaluation/dataset.ts';
import { independentMetrics } from './independent-scorer.ts';

const md = '# Prazos\n\nO reembolso sai em 30 dias. Depois disso, abra um chamado.\n\n| Plano | Prazo |\n|---|---|\n| Ouro | 5 dias |\n| Prata | 10 dias |\n\n```\nlimite = 100\nteto = 200\n```\n';
const doc = parseDocument({ id: 'd', text: md, format: 'markdown', meta: { version: '2' } });
const docs = new Map([['d', doc]]);
const resolve = (gold: unknown[], extra: object = {}) => resolveQuestions([{ id: 'q', text: 'Q?', gold: gold as never, ...extra }], docs, (d) => docUnits(d, 'pt'))[0];

describe('gold resolution', () => {
  test('a key phrase becomes its whole sentence, table row or code line', () => {
    const sl = (g: { start: number; end: number }) => md.slice(g.start, g.end);
    expect(sl(resolve([{ docId: 'd', phrase: '30 dias' }]).gold[0])).toBe('O reembolso sai em 30 dias.');
    expect(sl(resolve([{ docId: 'd', phrase: 'Prata' }]).gold[0])).toBe('| Prata | 10 dias |');
    expect(sl(resolve([{ docId: 'd', phrase: 'teto' }]).gold[0])).toBe('teto = 200');
  });
  test('explicit spans pass through; missing or repeated phrases name the question', () => {
    expect(resolve([{ docId: 'd', start: 2, end: 8 }]).gold[0]).toEqual({ docId: 'd', start: 2, end: 8 });
    expect(() => resolve([{ docId: 'd', phrase: 'inexistente' }])).toThrow(/question q: key phrase "inexistente" does not occur/);
    expect(() => resolve([{ docId: 'd', phrase: 'dias' }])).toThrow(/question q: key phrase "dias" occurs more than once/);
    expect(() => resolve([{ docId: 'd', start: 5, end: 9999 }])).toThrow(InputError);
    expect(() => resolve([{ docId: 'x', phrase: 'a' }])).toThrow(/unknown document "x"/);
    expect(() => resolve([{ docId: 'd', phrase: 'Ouro' }], { filter: { version: '1' } })).toThrow(/filter \(version=1\) excludes its own gold document "d"/);
  });
  test('look-alikes and filters', () => {
    const q = resolve([{ docId: 'd', phrase: 'Ouro' }], { notRelevant: [{ docId: 'd', phrase: 'Prata' }], filter: { version: '2' } });
    expect(md.slice(q.notRelevant![0].start, q.notRelevant![0].end)).toBe('| Prata | 10 dias |');
    expect(matchesFilter(doc.meta, { version: '2' })).toBe(true);
    expect(matchesFilter(doc.meta, { version: '1' })).toBe(false);
    expect(matchesFilter(doc.meta, undefined)).toBe(true);
  });
});

describe('experiment pipeline', () => {
  const fx = (p: string) => readFileSync(new URL(`../../fixtures/datasets/${p}`, import.meta.url), 'utf8');
  test('SQuAD: results file metrics equal an independent recomputation from its own chunks and rankings', async () => {
    const tokenizer = await loadDefaultTokenizer();
    const ds = readSquad(fx('squad-mini.json'));
    const stages = new Set<string>();
    const r = await runExperiment(ds, { chunker: 'fixed', params: { maxTokens: 16, overlap: 4 }, retriever: { kind: 'bm25' }, k: 10 }, { tokenizer, onProgress: (s) => stages.add(s) });
    expect([...stages]).toEqual(['parse', 'chunk', 'index', 'retrieve', 'score']);
    expect(r.skipped!.map((s) => s.id)).toEqual(['s8']);
    expect(r.questions.every((q) => q.ranked.length > 0 && q.ranked.length <= 10)).toBe(true);
    const back = readResults(writeResults(r));
    const ind = independentMetrics(back.chunks, back.questions);
    for (const k of METRIC_KEYS) expect(Math.abs(r.metrics[k] - ind[k])).toBeLessThan(1e-6);
    expect(r.metrics.coverage).toBeLessThan(1); // 16-token fixed chunks split some answers
  });
  test('Chroma with small-to-big: ranked units are parents, gold in code points', async () => {
    const tokenizer = await loadDefaultTokenizer();
    const ds = readChromaFolder({ corpora: { 'ferias.md': fx('chroma-mini/corpora/ferias.md'), 'onboarding.txt': fx('chroma-mini/corpora/onboarding.txt') }, csv: fx('chroma-mini/questions_df.csv') });
    const r = await runExperiment(ds, { chunker: 'small-to-big', params: { maxTokens: 24 }, retriever: { kind: 'bm25' }, k: 10 }, { tokenizer });
    expect(r.index!.entries).toBeGreaterThan(r.chunks.length);
    for (const q of r.questions) expect(new Set(q.ranked).size).toBe(q.ranked.length);
    const text = [...fx('chroma-mini/corpora/ferias.md')];
    const g = r.questions[0].gold[0];
    expect(text.slice(g.start, g.end).join('')).toBe('O pedido de férias é feito no portal com 30 dias de antecedência.');
    const ind = independentMetrics(r.chunks, r.questions);
    for (const k of METRIC_KEYS) expect(Math.abs(r.metrics[k] - ind[k])).toBeLessThan(1e-6);
  });
  test('run-level filter ranks only matching documents and skips questions it excludes', async () => {
    const tokenizer = await loadDefaultTokenizer();
    const ds: Dataset = {
      name: 't', source: 'chunklab-folder', language: 'pt', skipped: [],
      documents: [
        { id: 'v1', text: 'O prazo de reembolso é de 10 dias.', meta: { version: '1' } },
        { id: 'v2', text: 'O prazo de reembolso é de 15 dias.', meta: { version: '2' } },
      ],
      questions: [
        { id: 'a', text: 'prazo de reembolso', gold: [{ docId: 'v2', phrase: '15 dias' }], notRelevant: [{ docId: 'v1', phrase: '10 dias' }] },
        { id: 'b', text: 'prazo de reembolso', gold: [{ docId: 'v1', phrase: '10 dias' }] },
      ],
    };
    const r = await runExperiment(ds, { chunker: 'sentences', params: { maxTokens: 32 }, retriever: { kind: 'bm25' }, filter: { version: '2' } }, { tokenizer });
    expect(r.questions.map((q) => q.id)).toEqual(['a']);
    expect(r.questions[0].ranked).toEqual(['v2#0']);
    expect(r.questions[0].twin).toBe('relevant-first');
    expect(r.skipped).toEqual([{ id: 'b', reason: expect.stringContaining("excluded by the run's filter") }]);
    await expect(runExperiment(ds, { chunker: 'sentences', params: { maxTokens: 32 }, retriever: { kind: 'dense' } }, { tokenizer })).rejects.toThrow(/needs an embedding model/);
    const ac = new AbortController();
    ac.abort();
    await expect(runExperiment(ds, { chunker: 'sentences', params: { maxTokens: 32 }, retriever: { kind: 'bm25' } }, { tokenizer, signal: ac.signal })).rejects.toThrow();
  });
});
