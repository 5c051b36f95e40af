import { describe, expect, test } from 'vitest';
import { Bm25Retriever } from '../../../src/engine/retrieval/bm25.ts';
import { bm25Terms, foldTerm, stopwordSet } from '../../../src/engine/documents/terms.ts';

describe('bm25 terms', () => {
  test('fold case and accents, keep offsets into the original text', () => {
    const text = 'Ação é RÁPIDA; café-com-leite 2024';
    const terms = bm25Terms(text);
    expect(terms.map((t) => t.term)).toEqual(['acao', 'e', 'rapida', 'cafe', 'com', 'leite', '2024']);
    for (const t of terms) expect(foldTerm(text.slice(t.start, t.end))).toBe(t.term);
  });
  test('decomposed input folds like composed input', () => {
    expect(foldTerm('Ac\u0327a\u0303o')).toBe(foldTerm('Ação'));
  });
  test('stop words are removed when asked', () => {
    const pt = stopwordSet('pt');
    expect(bm25Terms('O prazo de reembolso é de 30 dias', pt).map((t) => t.term)).toEqual(['prazo', 'reembolso', '30', 'dias']);
    expect(bm25Terms('The refund is due within 30 days', stopwordSet('en')).map((t) => t.term)).toEqual(['refund', 'due', 'within', '30', 'days']);
    expect(stopwordSet('none')).toBeUndefined();
  });
});

describe('bm25 scores', () => {
  // Tiny corpus, computed by hand:
  //   d0 "gato preto gato" (3 terms), d1 "cão preto" (2), d2 "pássaro azul" (2); N=3, avgdl=7/3.
  const entries = [
    { id: 'd0', docId: 'x', text: 'gato preto gato' },
    { id: 'd1', docId: 'x', text: 'cão preto' },
    { id: 'd2', docId: 'y', text: 'pássaro azul' },
  ];
  test('matches the formula computed by hand', async () => {
    const r = new Bm25Retriever({ k1: 1.2, b: 0.75 });
    await r.index(entries);
    const hits = await r.search('Gato PRETO', 10);
    // idf(gato) = ln(1 + (3-1+0.5)/(1+0.5)) = ln(8/3); idf(preto) = ln(1 + 1.5/2.5) = ln(1.6)
    const avgdl = 7 / 3;
    const part = (idf: number, tf: number, dl: number) => (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * dl) / avgdl));
    const d0 = part(Math.log(8 / 3), 2, 3) + part(Math.log(1.6), 1, 3);
    const d1 = part(Math.log(1.6), 1, 2);
    expect(hits.map((h) => h.id)).toEqual(['d0', 'd1']);
    expect(hits[0].score).toBeCloseTo(d0, 12);
    expect(hits[1].score).toBeCloseTo(d1, 12);
    // By hand: norm(d0) = 0.25 + 0.75·3/(7/3) = 1.214286;
    //   gato: 0.980829·2·2.2 / (2 + 1.2·1.214286) = 1.248330; preto: 0.470004·2.2 / (1 + 1.457143) = 0.420817.
    expect(hits[0].score).toBeCloseTo(1.669147, 5);
  });
  test('b = 0 ignores length; k1 = 0 ignores term frequency', async () => {
    const r = new Bm25Retriever({ k1: 0, b: 0 });
    await r.index(entries);
    const hits = await r.search('gato preto', 10);
    expect(hits[0].score).toBeCloseTo(Math.log(8 / 3) + Math.log(1.6), 12);
    expect(hits[1].score).toBeCloseTo(Math.log(1.6), 12);
  });
  test('ties keep indexing order, filters apply before the cut, k limits', async () => {
    const r = new Bm25Retriever();
    await r.index([
      { id: 'b', docId: 'd', text: 'same words here' },
      { id: 'a', docId: 'd', text: 'same words here' },
      { id: 'c', docId: 'd', text: 'same words here' },
    ]);
    expect((await r.search('words', 10)).map((h) => h.id)).toEqual(['b', 'a', 'c']);
    expect((await r.search('words', 1, { accept: (id) => id !== 'b' })).map((h) => h.id)).toEqual(['a']);
    expect(await r.search('absent', 10)).toEqual([]);
    expect(await r.search('', 10)).toEqual([]);
  });
  test('repeated query terms count once; accents in the query are folded', async () => {
    const r = new Bm25Retriever();
    await r.index(entries);
    const once = await r.search('passaro', 10);
    const twice = await r.search('PÁSSARO pássaro', 10);
    expect(once[0].id).toBe('d2');
    expect(twice[0].score).toBe(once[0].score);
  });
  test('rejects bad parameters and honours an aborted signal', async () => {
    expect(() => new Bm25Retriever({ b: 2 })).toThrow(/b must be/);
    const r = new Bm25Retriever();
    const ac = new AbortController();
    ac.abort();
    await expect(r.index(entries, ac.signal)).rejects.toThrow();
  });
});
