// Markdown parsing: exact block slices for each construct, front matter, CRLF offsets, titles.

import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { expectTiling, kindsAndSlices, slice } from './helpers.ts';

const md = (text: string, extra: Record<string, unknown> = {}) => parseDocument({ id: 'd', text, format: 'markdown', ...extra });

describe('markdown blocks', () => {
  it('keeps the input text unchanged', () => {
    const text = '# A\r\n\r\nb\tc  \n';
    expect(md(text).text).toBe(text);
  });

  it('ATX and setext headings with titles, levels and heading paths', () => {
    const doc = md('# Manual de *Uso*\n\nIntro.\n\n## Prazos ##\n\nTexto.\n\nOutro\n-----\n\nSub\n===\n\n### `Código`\n');
    expect(kindsAndSlices(doc)).toEqual([
      ['heading', '# Manual de *Uso*'],
      ['paragraph', 'Intro.'],
      ['heading', '## Prazos ##'],
      ['paragraph', 'Texto.'],
      ['heading', 'Outro\n-----'],
      ['heading', 'Sub\n==='],
      ['heading', '### `Código`'],
    ]);
    expect(doc.blocks.map((b) => b.title)).toEqual(['Manual de Uso', undefined, 'Prazos', undefined, 'Outro', 'Sub', 'Código']);
    expect(doc.blocks.map((b) => b.level)).toEqual([1, undefined, 2, undefined, 2, 1, 3]);
    expect(doc.blocks.map((b) => b.headingPath)).toEqual([
      ['Manual de Uso'],
      ['Manual de Uso'],
      ['Manual de Uso', 'Prazos'],
      ['Manual de Uso', 'Prazos'],
      ['Manual de Uso', 'Outro'],
      ['Sub'],
      ['Sub', 'Código'],
    ]);
  });

  it('headings with no body', () => {
    const doc = md('# A\n## B\n### C\n## D');
    expect(kindsAndSlices(doc)).toEqual([
      ['heading', '# A'],
      ['heading', '## B'],
      ['heading', '### C'],
      ['heading', '## D'],
    ]);
    expect(doc.blocks[3].headingPath).toEqual(['A', 'D']);
  });

  it('paragraphs keep their inner line breaks and are trimmed', () => {
    const doc = md('\n\n   first line\nsecond line   \n\n\n  other  \n');
    expect(kindsAndSlices(doc)).toEqual([
      ['paragraph', 'first line\nsecond line'],
      ['paragraph', 'other'],
    ]);
  });

  it('nested lists: one block per item, level = depth, parents hold only their own text', () => {
    const text = '- um\n  - dois\n    - três\n  - quatro\n- cinco\n  continua\n\n1. primeiro\n2. segundo\n   1. sub\n';
    const doc = md(text);
    expect(kindsAndSlices(doc)).toEqual([
      ['list-item', '- um'],
      ['list-item', '- dois'],
      ['list-item', '- três'],
      ['list-item', '- quatro'],
      ['list-item', '- cinco\n  continua'],
      ['list-item', '1. primeiro'],
      ['list-item', '2. segundo'],
      ['list-item', '1. sub'],
    ]);
    expect(doc.blocks.map((b) => b.level)).toEqual([1, 2, 3, 2, 1, 1, 1, 2]);
  });

  it('a parent item with text after its nested list gets that text as another block at its level', () => {
    const doc = md('- pai\n  - filho\n\n  mais texto do pai\n- irmão\n');
    expect(kindsAndSlices(doc)).toEqual([
      ['list-item', '- pai'],
      ['list-item', '- filho'],
      ['list-item', 'mais texto do pai'],
      ['list-item', '- irmão'],
    ]);
    expect(doc.blocks.map((b) => b.level)).toEqual([1, 2, 1, 1]);
  });

  it('loose list items with several paragraphs', () => {
    const doc = md('* a\n\n  para de a\n\n* b\n');
    expect(kindsAndSlices(doc)).toEqual([
      ['list-item', '* a\n\n  para de a'],
      ['list-item', '* b'],
    ]);
  });

  it('tables: header (line + delimiter) and one span per row', () => {
    const doc = md('| Plano | Preço |\n|:--|--:|\n| Básico | R$ 10 |\n| Pro | R$ 20 |\n\ndepois');
    const t = doc.blocks[0];
    expect(t.kind).toBe('table');
    expect(slice(doc, t)).toBe('| Plano | Preço |\n|:--|--:|\n| Básico | R$ 10 |\n| Pro | R$ 20 |');
    expect(slice(doc, t.header!)).toBe('| Plano | Preço |\n|:--|--:|');
    expect(t.rows!.map((r) => slice(doc, r))).toEqual(['| Básico | R$ 10 |', '| Pro | R$ 20 |']);
    expect(slice(doc, doc.blocks[1])).toBe('depois');
  });

  it('table with a header and no rows', () => {
    const doc = md('Antes.\n\n| a | b |\n|---|---|\n\nDepois.');
    expect(kindsAndSlices(doc)).toEqual([
      ['paragraph', 'Antes.'],
      ['table', '| a | b |\n|---|---|'],
      ['paragraph', 'Depois.'],
    ]);
    expect(slice(doc, doc.blocks[1].header!)).toBe('| a | b |\n|---|---|');
    expect(doc.blocks[1].rows).toEqual([]);
  });

  it('fenced code (``` and ~~~) with lang and closed, indented code', () => {
    const doc = md('```ts title="x"\nconst a = 1;\n\nconst b = 2;\n```\n\n~~~\nplain\n~~~\n\n    indented\n    more\n');
    expect(kindsAndSlices(doc)).toEqual([
      ['code', '```ts title="x"\nconst a = 1;\n\nconst b = 2;\n```'],
      ['code', '~~~\nplain\n~~~'],
      ['code', 'indented\n    more'],
    ]);
    expect(doc.blocks.map((b) => [b.lang, b.closed])).toEqual([
      ['ts', true],
      [undefined, true],
      [undefined, true],
    ]);
  });

  it('an unclosed fence runs to the end of the document', () => {
    const doc = md('Texto.\n\n```python\ndef f():\n    return 1\n\n# not a heading\n');
    expect(kindsAndSlices(doc)).toEqual([
      ['paragraph', 'Texto.'],
      ['code', '```python\ndef f():\n    return 1\n\n# not a heading'],
    ]);
    expect(doc.blocks[1].closed).toBe(false);
    expect(doc.blocks[1].lang).toBe('python');
  });

  it('a shorter closing fence does not close', () => {
    const doc = md('````\na\n```\nb\n');
    expect(doc.blocks).toHaveLength(1);
    expect(doc.blocks[0].closed).toBe(false);
  });

  it('rule, blockquote and raw HTML blocks', () => {
    const doc = md('> citação\n> continua\n\n---\n\n<div class="x">\n  <p>oi</p>\n</div>\n\n* * *\n');
    expect(kindsAndSlices(doc)).toEqual([
      ['blockquote', '> citação\n> continua'],
      ['rule', '---'],
      ['html', '<div class="x">\n  <p>oi</p>\n</div>'],
      ['rule', '* * *'],
    ]);
  });

  it('front matter becomes a block and meta; input.meta wins', () => {
    const text = '---\ntitle: "Política de Reembolso"\nversion: 3.1\ndate: 2024-05-01\ntenant: acme\n---\n# Outro título\n\nTexto.';
    const doc = md(text, { meta: { tenant: 'globex' } });
    expect(kindsAndSlices(doc)[0]).toEqual(['front-matter', '---\ntitle: "Política de Reembolso"\nversion: 3.1\ndate: 2024-05-01\ntenant: acme\n---']);
    expect(doc.meta).toEqual({ title: 'Política de Reembolso', version: '3.1', date: '2024-05-01', tenant: 'globex' });
    expect(doc.blocks[1]).toMatchObject({ kind: 'heading', title: 'Outro título' });
  });

  it('unclosed front matter is not front matter', () => {
    const doc = md('---\ntitle: x\n\nTexto.');
    expect(doc.blocks[0].kind).not.toBe('front-matter');
    expect(doc.meta.title).not.toBe('x');
  });

  it('title falls back to the first H1, then the name, then the id', () => {
    expect(md('## Dois\n\n# Um').meta.title).toBe('Um');
    expect(md('texto', { name: 'guia.md' }).meta.title).toBe('guia.md');
    expect(md('texto').meta.title).toBe('d');
  });

  it('CRLF gives the same structure as LF with offsets valid in the CRLF text', () => {
    const lf = '---\ntitle: T\n---\n# A\n\np1\nl2\n\n- x\n  - y\n- z\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nc\n```\n\n> q\n\nS\n==\n';
    const crlf = lf.replace(/\n/g, '\r\n');
    const a = md(lf);
    const b = md(crlf);
    expect(b.text).toBe(crlf);
    expect(b.blocks.map((x) => [x.kind, x.level, x.title, x.headingPath, x.lang, x.closed])).toEqual(
      a.blocks.map((x) => [x.kind, x.level, x.title, x.headingPath, x.lang, x.closed]),
    );
    expect(b.blocks.map((x) => slice(b, x).replace(/\r\n/g, '\n'))).toEqual(a.blocks.map((x) => slice(a, x)));
    const ta = a.blocks.find((x) => x.kind === 'table')!;
    const tb = b.blocks.find((x) => x.kind === 'table')!;
    expect(slice(b, tb.header!)).toBe('| a | b |\r\n|---|---|');
    expect(tb.rows!.map((r) => slice(b, r))).toEqual(ta.rows!.map((r) => slice(a, r)));
    expect(b.meta.title).toBe('T');
    expectTiling(b.text, b.blocks);
  });

  it('lone CR line endings are handled too', () => {
    const doc = md('# A\r\rtexto\rmais');
    expect(kindsAndSlices(doc)).toEqual([
      ['heading', '# A'],
      ['paragraph', 'texto\rmais'],
    ]);
  });

  it('tabs are kept and offsets stay exact', () => {
    const text = '-\tum\n-\tdois\n\n\tdo item\n\nfim\n\n\tcódigo\n';
    const doc = md(text);
    expect(kindsAndSlices(doc)).toEqual([
      ['list-item', '-\tum'],
      ['list-item', '-\tdois\n\n\tdo item'],
      ['paragraph', 'fim'],
      ['code', 'código'],
    ]);
  });

  it('a byte-order mark does not hide the first heading', () => {
    const doc = md('\uFEFF# Título\n\ntexto');
    expect(kindsAndSlices(doc)).toEqual([
      ['heading', '# Título'],
      ['paragraph', 'texto'],
    ]);
    expect(doc.blocks[0].start).toBe(1);
  });

  it('empty and whitespace-only documents have no blocks', () => {
    expect(md('').blocks).toEqual([]);
    expect(md('  \n\t\r\n  ').blocks).toEqual([]);
  });
});
