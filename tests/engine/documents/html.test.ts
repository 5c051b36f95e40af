// HTML extraction: text not markup, dropped elements, entities, tables as lines, meta.title.

import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { expectTiling, kindsAndSlices, slice } from './helpers.ts';

const html = (text: string, extra: Record<string, unknown> = {}) => parseDocument({ id: 'p', text, format: 'html', ...extra });

describe('html documents', () => {
  it('extracts text blocks separated by a blank line, with headings, paragraphs, lists, quotes, pre', () => {
    const doc = html(
      '<h1>Política</h1><p>Primeiro <b>parágrafo</b>\n   com   quebras.</p><h2>Prazos</h2>' +
        '<ul><li>um</li><li>dois<ol><li>dois.a</li></ol></li></ul><blockquote><p>citação</p></blockquote>' +
        '<pre class="language-sql">SELECT *\n  FROM t;</pre><div>solto<br>linha 2</div>',
    );
    expect(doc.text).toBe(
      'Política\n\nPrimeiro parágrafo com quebras.\n\nPrazos\n\num\n\ndois\n\ndois.a\n\ncitação\n\nSELECT *\n  FROM t;\n\nsolto\nlinha 2',
    );
    expect(kindsAndSlices(doc)).toEqual([
      ['heading', 'Política'],
      ['paragraph', 'Primeiro parágrafo com quebras.'],
      ['heading', 'Prazos'],
      ['list-item', 'um'],
      ['list-item', 'dois'],
      ['list-item', 'dois.a'],
      ['blockquote', 'citação'],
      ['code', 'SELECT *\n  FROM t;'],
      ['paragraph', 'solto\nlinha 2'],
    ]);
    expect(doc.blocks.map((b) => b.level)).toEqual([1, undefined, 2, 1, 1, 2, undefined, undefined, undefined]);
    expect(doc.blocks[7].lang).toBe('sql');
    expect(doc.blocks[4].headingPath).toEqual(['Política', 'Prazos']);
    expectTiling(doc.text, doc.blocks);
  });

  it('drops script, style, noscript, template and head content; attributes never reach the text', () => {
    const doc = html(
      '<html><head><title>Título &amp; Cia</title><style>p{color:red}</style><script>var x = "head";</script></head>' +
        '<body><p onclick="alert(2)">Clique <a href="javascript:alert(3)" onmouseover="evil()">aqui</a></p>' +
        '<script>alert(1)</script><noscript>sem js</noscript><template><p>modelo</p></template>' +
        '<img src=x onerror="alert(4)"><p>fim</p></body></html>',
    );
    expect(doc.text).toBe('Clique aqui\n\nfim');
    for (const bad of ['alert', 'onclick', 'evil', 'javascript', 'color', 'sem js', 'modelo', 'head']) expect(doc.text).not.toContain(bad);
    expect(doc.meta.title).toBe('Título & Cia');
  });

  it('decodes named and numeric entities', () => {
    const doc = html('<p>a &lt;b&gt; &quot;c&quot; &#233; &#x00E7; &eacute; R&dollar;&nbsp;5</p>');
    expect(doc.text).toBe('a <b> "c" é ç é R$ 5');
  });

  it('tables become lines: header row then body rows, cells joined by " | "', () => {
    const doc = html(
      '<p>antes</p><table><caption>Planos</caption><thead><tr><th>Plano</th><th>Preço</th></tr></thead>' +
        '<tbody><tr><td>Básico</td><td>R$ 10</td></tr><tr><td>Pro <br>anual</td><td>R$ 20</td></tr></tbody></table><p>depois</p>',
    );
    expect(kindsAndSlices(doc)).toEqual([
      ['paragraph', 'antes'],
      ['paragraph', 'Planos'],
      ['table', 'Plano | Preço\nBásico | R$ 10\nPro anual | R$ 20'],
      ['paragraph', 'depois'],
    ]);
    const t = doc.blocks[2];
    expect(slice(doc, t.header!)).toBe('Plano | Preço');
    expect(t.rows!.map((r) => slice(doc, r))).toEqual(['Básico | R$ 10', 'Pro anual | R$ 20']);
  });

  it('a table whose first row is th cells has a header; one without th has none', () => {
    const a = html('<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>');
    expect(slice(a, a.blocks[0].header!)).toBe('a | b');
    expect(a.blocks[0].rows!.map((r) => slice(a, r))).toEqual(['1 | 2']);
    const b = html('<table><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></table>');
    expect(b.blocks[0].header).toBeUndefined();
    expect(b.blocks[0].rows!.map((r) => slice(b, r))).toEqual(['1 | 2', '3 | 4']);
  });

  it('meta.title falls back to the first h1; html lang sets meta.language; input meta wins', () => {
    const doc = html('<html lang="en"><body><h2>x</h2><h1>Guia</h1></body></html>');
    expect(doc.meta.title).toBe('Guia');
    expect(doc.meta.language).toBe('en');
    expect(html('<title>A</title><p>x</p>', { meta: { title: 'B' } }).meta.title).toBe('B');
  });

  it('survives broken markup', () => {
    const doc = html('<p>um<p>dois<li>três<table><tr><td>quatro');
    expect(doc.text).toContain('um');
    expect(doc.text).toContain('quatro');
    expectTiling(doc.text, doc.blocks);
  });

  it('is chosen by .html/.htm names and sniffed from content', () => {
    expect(parseDocument({ id: 'a', text: '<p>x</p>', name: 'page.HTM' }).format).toBe('html');
    expect(parseDocument({ id: 'a', text: '<!DOCTYPE html><html><body><p>x</p></body></html>' }).format).toBe('html');
  });
});
