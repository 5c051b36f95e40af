// Plain text parsing: paragraphs at blank lines, conservative headings, list lines, rules.

import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { expectTiling, kindsAndSlices } from './helpers.ts';

const txt = (text: string) => parseDocument({ id: 't', text, format: 'text' });

describe('plain text documents', () => {
  it('splits paragraphs at blank lines (also whitespace-only lines) and keeps the text unchanged', () => {
    const text = '  Primeiro parágrafo\ncom duas linhas.  \n \t \nSegundo.\r\n\r\n\r\nTerceiro.';
    const doc = txt(text);
    expect(doc.text).toBe(text);
    expect(kindsAndSlices(doc)).toEqual([
      ['paragraph', 'Primeiro parágrafo\ncom duas linhas.'],
      ['paragraph', 'Segundo.'],
      ['paragraph', 'Terceiro.'],
    ]);
  });

  it('ALL-CAPS single lines and underlined lines are headings; ordinary short lines are not', () => {
    const doc = txt('POLÍTICA DE REEMBOLSO\n\nTexto.\n\nPrazos\n======\n\nMais.\n\nSub\n---\n\nCurta\n\nFIM.');
    expect(kindsAndSlices(doc)).toEqual([
      ['heading', 'POLÍTICA DE REEMBOLSO'],
      ['paragraph', 'Texto.'],
      ['heading', 'Prazos\n======'],
      ['paragraph', 'Mais.'],
      ['heading', 'Sub\n---'],
      ['paragraph', 'Curta'],
      ['paragraph', 'FIM.'],
    ]);
    expect(doc.blocks.map((b) => b.title)).toEqual(['POLÍTICA DE REEMBOLSO', undefined, 'Prazos', undefined, 'Sub', undefined, undefined]);
    expect(doc.blocks.map((b) => b.level)).toEqual([1, undefined, 1, undefined, 2, undefined, undefined]);
    expect(doc.blocks[3].headingPath).toEqual(['Prazos']);
    expect(doc.blocks[5].headingPath).toEqual(['Prazos', 'Sub']);
    expect(doc.meta.title).toBe('POLÍTICA DE REEMBOLSO');
  });

  it('list-like lines become list items, indentation gives the level, other lines continue the item', () => {
    const doc = txt('Requisitos:\n- documento\n  com foto\n  * RG\n  * CNH\n1. enviar\n2) aguardar');
    expect(kindsAndSlices(doc)).toEqual([
      ['paragraph', 'Requisitos:'],
      ['list-item', '- documento\n  com foto'],
      ['list-item', '* RG'],
      ['list-item', '* CNH'],
      ['list-item', '1. enviar'],
      ['list-item', '2) aguardar'],
    ]);
    expect(doc.blocks.map((b) => b.level)).toEqual([undefined, 1, 2, 2, 1, 1]);
  });

  it('a line of dashes alone is a rule', () => {
    expect(kindsAndSlices(txt('a\n\n-----\n\nb'))).toEqual([
      ['paragraph', 'a'],
      ['rule', '-----'],
      ['paragraph', 'b'],
    ]);
  });

  it('a 50,000-character line with no separators is one block', () => {
    const text = 'x'.repeat(50_000);
    const doc = txt(text);
    expect(doc.blocks).toHaveLength(1);
    expect(doc.blocks[0]).toMatchObject({ kind: 'paragraph', start: 0, end: 50_000 });
  });

  it('is the format for other extensions and is sniffed when there is no name', () => {
    expect(parseDocument({ id: 'a', text: '# not markdown?', name: 'notes.txt' }).format).toBe('text');
    expect(parseDocument({ id: 'a', text: 'Um texto simples.\n\nOutro parágrafo.' }).format).toBe('text');
    expectTiling('a', txt('a').blocks);
  });
});
