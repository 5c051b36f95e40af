// Sentence segmentation: the guards that merge wrong breaks, line-break rules, and edge inputs.

import { describe, expect, it } from 'vitest';
import { guessLanguage, sentenceSpans } from '../../../src/engine/documents/index.ts';
import { InputError } from '../../../src/engine/types.ts';
import { expectTiling, rng } from './helpers.ts';

const sents = (text: string, lang?: string) => {
  const spans = sentenceSpans(text, 0, text.length, lang);
  expectTiling(text, spans);
  return spans.map((s) => text.slice(s.start, s.end));
};

describe('sentenceSpans', () => {
  it('Portuguese guards: titles, money, thousands, art., nº, URLs', () => {
    const t = 'O Sr. Silva pagou R$ 1.234,56 em 10.000 parcelas, conforme o art. 5º, nº 3. Veja https://exemplo.com.br/a.b para detalhes.';
    expect(sents(t, 'pt')).toEqual([
      'O Sr. Silva pagou R$ 1.234,56 em 10.000 parcelas, conforme o art. 5º, nº 3.',
      'Veja https://exemplo.com.br/a.b para detalhes.',
    ]);
  });

  it('more Portuguese abbreviations and initials', () => {
    expect(sents('A Dra. Souza e o Prof. J. Silva citam a p. 12, p. ex. no cap. 3. Fim.', 'pt')).toEqual([
      'A Dra. Souza e o Prof. J. Silva citam a p. 12, p. ex. no cap. 3.',
      'Fim.',
    ]);
    expect(sents('Compre maçãs, peras etc. e volte. Depois saia etc. Então durma.', 'pt')).toEqual([
      'Compre maçãs, peras etc. e volte.',
      'Depois saia etc.',
      'Então durma.',
    ]);
  });

  it('English guards: e.g., i.e., Dr., decimals, versions, URLs, e-mails, ellipsis', () => {
    const t =
      'Use a tool, e.g. a hammer, i.e. something heavy. Dr. Smith ran v2.1.3 in 3.2 seconds. ' +
      'Mail john.doe@example.co.uk or see https://Example.Com/x.y today. He paused... then left. Mr. J. K. Doe agreed!';
    expect(sents(t, 'en')).toEqual([
      'Use a tool, e.g. a hammer, i.e. something heavy.',
      'Dr. Smith ran v2.1.3 in 3.2 seconds.',
      'Mail john.doe@example.co.uk or see https://Example.Com/x.y today.',
      'He paused... then left.',
      'Mr. J. K. Doe agreed!',
    ]);
  });

  it('real sentence ends still break, including ? and !', () => {
    expect(sents('Funciona? Sim! Ótimo. Acabou.', 'pt')).toEqual(['Funciona?', 'Sim!', 'Ótimo.', 'Acabou.']);
  });

  it('a line break without sentence punctuation is a soft wrap; list-like lines break', () => {
    const t = 'Este texto foi quebrado\nno meio da frase. Segunda frase:\n- item um\n- item dois\n1. passo\n2) outro\nFim da lista\ncontinua aqui.';
    expect(sents(t, 'pt')).toEqual([
      'Este texto foi quebrado\nno meio da frase.',
      'Segunda frase:',
      '- item um',
      '- item dois',
      '1. passo',
      '2) outro',
      'Fim da lista\ncontinua aqui.',
    ]);
  });

  it('a blank line always breaks', () => {
    expect(sents('sem ponto\n\noutra parte', 'pt')).toEqual(['sem ponto', 'outra parte']);
  });

  it('works on a range of a larger text and returns absolute offsets', () => {
    const text = 'xxx Primeira. Segunda. yyy';
    const spans = sentenceSpans(text, 4, 22, 'pt');
    expect(spans).toEqual([
      { start: 4, end: 13 },
      { start: 14, end: 22 },
    ]);
  });

  it('empty, whitespace-only, one huge line', () => {
    expect(sentenceSpans('', 0, 0)).toEqual([]);
    expect(sentenceSpans('  \n\t ', 0, 5)).toEqual([]);
    const big = 'a'.repeat(50_000);
    expect(sentenceSpans(big, 0, big.length)).toEqual([{ start: 0, end: 50_000 }]);
  });

  it('long texts (segmented in windows) give the same sentences as their parts', () => {
    const r = rng(7);
    const words = ['prazo', 'cliente', 'reembolso', 'em', 'de', 'https://ex.com.br/a.b', 'R$ 1.234,56', 'v2.1.3', 'Sr. Silva', 'art. 5º', 'fim'];
    const expected: string[] = [];
    for (let i = 0; i < 400; i++) {
      const n = 3 + Math.floor(r() * (i % 50 === 0 ? 400 : 20)); // some sentences longer than a window
      const ws: string[] = ['Frase'];
      for (let k = 0; k < n; k++) ws.push(words[Math.floor(r() * words.length)]);
      expected.push(ws.join(' ') + (r() < 0.2 ? '!' : '.'));
    }
    const text = expected.join(r() < 0.5 ? ' ' : '  ');
    expect(text.length).toBeGreaterThan(20_000);
    expect(sents(text, 'pt')).toEqual(expected);
  });

  it('CRLF soft wraps merge like LF ones', () => {
    expect(sents('linha um\r\nlinha dois.\r\nOutra.', 'pt')).toEqual(['linha um\r\nlinha dois.', 'Outra.']);
  });

  it('rejects a range outside the text', () => {
    expect(() => sentenceSpans('abc', 2, 9)).toThrow(InputError);
    expect(() => sentenceSpans('abc', 2, 1)).toThrow(/range \[2, 1\)/);
  });
});

describe('guessLanguage', () => {
  it('votes by stop words', () => {
    expect(guessLanguage('O prazo de entrega é de dez dias para os clientes que não pagaram.')).toBe('pt');
    expect(guessLanguage('The refund policy covers all orders that were placed in the last month.')).toBe('en');
    expect(guessLanguage('')).toBe('pt');
    expect(guessLanguage('ação')).toBe('pt');
  });
});
