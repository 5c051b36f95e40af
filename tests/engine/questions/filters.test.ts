import { describe, expect, it } from 'vitest';
import { answersItself, excerptLength, jaccard, lexicalOverlap, contentWords } from '../../../src/engine/questions/filters.ts';
import { apportion, samplePassages } from '../../../src/engine/questions/sample.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';

describe('question filters', () => {
  it('overlap is the share of the question content words found in the excerpt', () => {
    // content words of the question: prazo, reembolso, aurora (stop words dropped, accents folded)
    expect(lexicalOverlap('Qual o prazo do reembolso da Aurora?', ['A Aurora paga o reembolso'])).toBeCloseTo(2 / 3, 6);
    expect(lexicalOverlap('Quanto tempo leva?', ['A Aurora paga o reembolso'])).toBe(0);
  });
  it('detects a question that copies its answer', () => {
    expect(answersItself('Por que a Aurora paga o reembolso em até 20 dias úteis?', ['paga o reembolso em até 20 dias úteis'])).toBe(true);
    expect(answersItself('Em quantos dias chega o dinheiro?', ['paga o reembolso em até 20 dias úteis'])).toBe(false);
  });
  it('jaccard of word sets', () => {
    expect(jaccard(contentWords('prazo reembolso'), contentWords('Prazo do reembolso?'))).toBe(1);
    expect(jaccard(new Set(['a', 'b']), new Set(['b', 'c']))).toBeCloseTo(1 / 3, 9);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });
  it('excerpt length limits', () => {
    expect(excerptLength('curto')).toBe('too-short');
    expect(excerptLength('x'.repeat(601))).toBe('too-long');
    expect(excerptLength('um trecho razoável', { minExcerptChars: 3 })).toBe('ok');
  });
});

describe('passage sampling', () => {
  it('apportions in proportion with at least one each, summing to the total', () => {
    expect(apportion([1, 1, 1], 3)).toEqual([1, 1, 1]);
    const s = apportion([100, 10, 10], 12);
    expect(s.reduce((a, b) => a + b, 0)).toBe(12);
    expect(s[0]).toBeGreaterThan(s[1]);
    expect(Math.min(...s)).toBeGreaterThanOrEqual(1);
    expect(apportion([5, 5], 1).reduce((a, b) => a + b, 0)).toBe(1);
  });
  it('covers every document, spreads over sections, and repeats with a seed', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `## Seção ${i}\n\nTexto da seção ${i} com algumas palavras para encher o parágrafo.`).join('\n\n');
    const docs = [parseDocument({ id: 'a', text: `# A\n\n${body(20)}`, format: 'markdown' }), parseDocument({ id: 'b', text: `# B\n\n${body(4)}`, format: 'markdown' })];
    const p1 = samplePassages(docs, { count: 6, seed: 7 });
    const p2 = samplePassages(docs, { count: 6, seed: 7 });
    expect(p1).toEqual(p2);
    expect(new Set(p1.map((p) => p.docId))).toEqual(new Set(['a', 'b']));
    const a = p1.filter((p) => p.docId === 'a');
    expect(a.length).toBeGreaterThan(p1.length - a.length);
    // spread: the passages of "a" fall in different sections, in document order
    expect(new Set(a.map((p) => p.headingPath.join('>'))).size).toBe(a.length);
    for (let i = 1; i < a.length; i++) expect(a[i].start).toBeGreaterThan(a[i - 1].start);
    for (const p of p1) expect(p.end).toBeGreaterThan(p.start);
  });
});
