// docUnits and sections: unit kinds per block, order, heading paths; sections per level.

import { describe, expect, it } from 'vitest';
import { docUnits, parseDocument, sections } from '../../../src/engine/documents/index.ts';
import { InputError } from '../../../src/engine/types.ts';
import { expectTiling } from './helpers.ts';

const SAMPLE = [
  '---',
  'title: Guia',
  '---',
  'Preâmbulo curto. Segunda frase.',
  '',
  '# Reembolso',
  '',
  'O Dr. Silva aprova. O prazo é 10 dias.',
  '',
  '## Prazos',
  '',
  '| Plano | Dias |',
  '|---|---|',
  '| Básico | 10 |',
  '| Pro | 5 |',
  '',
  '```sh',
  'echo oi',
  '```',
  '',
  '---',
  '',
  '- Item um. Com duas frases.',
  '',
  '# Contato',
  '',
  '> Fale conosco.',
].join('\n');

describe('docUnits', () => {
  it('gives headings, sentences, table header/rows, code, rule and front matter in order', () => {
    const doc = parseDocument({ id: 'g', text: SAMPLE, format: 'markdown' });
    const units = docUnits(doc, 'pt');
    expect(units.map((u) => [u.kind, doc.text.slice(u.start, u.end)])).toEqual([
      ['front-matter', '---\ntitle: Guia\n---'],
      ['sentence', 'Preâmbulo curto.'],
      ['sentence', 'Segunda frase.'],
      ['heading', '# Reembolso'],
      ['sentence', 'O Dr. Silva aprova.'],
      ['sentence', 'O prazo é 10 dias.'],
      ['heading', '## Prazos'],
      ['table-header', '| Plano | Dias |\n|---|---|'],
      ['table-row', '| Básico | 10 |'],
      ['table-row', '| Pro | 5 |'],
      ['code', '```sh\necho oi\n```'],
      ['rule', '---'],
      ['sentence', '- Item um.'],
      ['sentence', 'Com duas frases.'],
      ['heading', '# Contato'],
      ['sentence', '> Fale conosco.'],
    ]);
    expect(units.map((u) => u.block)).toEqual([0, 1, 1, 2, 3, 3, 4, 5, 5, 5, 6, 7, 8, 8, 9, 10]);
    expect(units[8].headingPath).toEqual(['Reembolso', 'Prazos']);
    expect(units[1].headingPath).toEqual([]);
    expectTiling(doc.text, units);
  });

  it('a single 50,000-character line is one sentence unit; empty docs have none', () => {
    const text = 'y'.repeat(50_000);
    const doc = parseDocument({ id: 'l', text, format: 'markdown' });
    expect(docUnits(doc)).toEqual([{ kind: 'sentence', start: 0, end: 50_000, block: 0, headingPath: [] }]);
    expect(docUnits(parseDocument({ id: 'e', text: '', format: 'markdown' }))).toEqual([]);
    expect(docUnits(parseDocument({ id: 'w', text: ' \n\t\n ', format: 'text' }))).toEqual([]);
  });
});

describe('sections', () => {
  const doc = parseDocument({ id: 'g', text: SAMPLE, format: 'markdown' });
  // blocks: 0 fm, 1 para, 2 h1 Reembolso, 3 para, 4 h2 Prazos, 5 table, 6 code, 7 rule, 8 li, 9 h1 Contato, 10 quote

  it('level 1: preamble, then one section per H1', () => {
    const s = sections(doc, 1);
    expect(s.map((x) => [x.heading, x.blocks, x.headingPath])).toEqual([
      [undefined, [0, 2], []],
      [2, [2, 9], ['Reembolso']],
      [9, [9, 11], ['Contato']],
    ]);
    expect(doc.text.slice(s[1].start, s[1].end)).toBe(SAMPLE.slice(SAMPLE.indexOf('# Reembolso'), SAMPLE.indexOf('Com duas frases.') + 16));
    expect('heading' in s[0]).toBe(false);
  });

  it('level 2 also cuts at H2; sections cover all blocks in order', () => {
    const s = sections(doc, 2);
    expect(s.map((x) => [x.heading, x.blocks, x.headingPath])).toEqual([
      [undefined, [0, 2], []],
      [2, [2, 4], ['Reembolso']],
      [4, [4, 9], ['Reembolso', 'Prazos']],
      [9, [9, 11], ['Contato']],
    ]);
    for (let i = 1; i < s.length; i++) expect(s[i].blocks[0]).toBe(s[i - 1].blocks[1]);
  });

  it('no preamble when the document opens with a heading; no sections for no blocks', () => {
    const d = parseDocument({ id: 'x', text: '# A\n\ntexto\n\n# B', format: 'markdown' });
    expect(sections(d, 1).map((x) => x.blocks)).toEqual([
      [0, 2],
      [2, 3],
    ]);
    expect(sections(parseDocument({ id: 'e', text: '', format: 'markdown' }), 1)).toEqual([]);
    expect(sections(d, 0).map((x) => x.blocks)).toEqual([[0, 3]]);
    expect(() => sections(d, Number.NaN)).toThrow(InputError);
  });
});

describe('parseDocument input handling', () => {
  it('rejects bad input with an InputError saying what and where', () => {
    // @ts-expect-error testing a JavaScript caller
    expect(() => parseDocument({ id: 'a', text: 5 })).toThrow(/a: document text must be a string/);
    expect(() => parseDocument({ id: '', text: '' })).toThrow(InputError);
    // @ts-expect-error testing a JavaScript caller
    expect(() => parseDocument({ id: 'a', text: '', format: 'pdf' })).toThrow(/unknown format "pdf"/);
    // @ts-expect-error testing a JavaScript caller
    expect(() => parseDocument({ id: 'a', text: '', meta: { version: 3 } })).toThrow(/meta.version must be a string/);
  });

  it('chooses the format from format, then the name, then the content', () => {
    expect(parseDocument({ id: 'a', text: '<p>x</p>', name: 'a.md', format: 'text' }).format).toBe('text');
    expect(parseDocument({ id: 'a', text: 'plain', name: 'a.markdown' }).format).toBe('markdown');
    expect(parseDocument({ id: 'a', text: 'Intro\n\n## Seção\n\ntexto' }).format).toBe('markdown');
    expect(parseDocument({ id: 'a', text: 'a\n\n```\ncode\n```' }).format).toBe('markdown');
  });
});
