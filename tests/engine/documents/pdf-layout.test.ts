// The PDF reader's pieces on hand-built rows: hyphenation rule, page map, escaping, tables that do
// not line up, paragraphs over a page break, running lines, two columns.

import { describe, expect, test } from 'vitest';
import { layoutBlocks } from '../../../src/engine/documents/pdf/blocks/blocks.ts';
import { joinHyphen, joinLines, Vocab } from '../../../src/engine/documents/pdf/lines/geometry.ts';
import { findGutter, readingOrder, removeRunningLines, type PageRows } from '../../../src/engine/documents/pdf/lines/layout.ts';
import { formatPageMap, pageAt, pagesOf, parsePageMap } from '../../../src/engine/documents/pdf/markdown/page-map.ts';
import { escapeLineStart, renderBlocks } from '../../../src/engine/documents/pdf/markdown/render.ts';
import type { Frag, Row } from '../../../src/engine/documents/pdf/types.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';

const frag = (text: string, x0: number, y: number, size = 10, extra: Partial<Frag> = {}): Frag => ({
  x0,
  x1: x0 + text.length * size * 0.5,
  y,
  size,
  text,
  raw: text,
  font: 'f',
  mono: false,
  bold: false,
  ...extra,
});
const row = (page: number, y: number, ...frags: Frag[]): Row => ({ y, size: Math.max(...frags.map((f) => f.size)), frags, page });

describe('hyphenation at line ends', () => {
  const vocab = new Vocab();
  vocab.add('documents are read; a well-made tool; data-driven; the state of the art');
  vocab.add('sign- post'); // a break seen once: its halves count once each
  test('joined word elsewhere → the hyphen was a break', () => expect(joinHyphen('PDF docu-', 'ments follow', vocab)).toBe('PDF documents follow'));
  test('compound elsewhere → real hyphen', () => expect(joinHyphen('is data-', 'driven', vocab)).toBe('is data-driven'));
  test('both halves are words elsewhere → real hyphen', () => {
    const v = new Vocab();
    v.add('state of the art, art for the state; state- art');
    expect(joinHyphen('the state-', 'art view', v)).toBe('the state-art view');
  });
  test('unknown halves → a syllable break', () => expect(joinHyphen('a sign-', 'post here', vocab)).toBe('a signpost here'));
  test('uppercase or digit continuation keeps the hyphen, no space', () => {
    expect(joinHyphen('COVID-', '19 cases', vocab)).toBe('COVID-19 cases');
    expect(joinHyphen('a dash -', 'then', vocab)).toBeNull();
  });
  test('joinLines joins with spaces otherwise', () => expect(joinLines(['one  line', 'two', '', 'docu-', 'ments'], vocab)).toBe('one line two documents'));
});

describe('page map', () => {
  test('format and parse round trip; lookups', () => {
    const ranges = [
      { page: 1, start: 0, end: 10 },
      { page: 3, start: 10, end: 25 },
    ];
    const s = formatPageMap(ranges);
    expect(s).toBe('1@0 3@10');
    expect(parsePageMap(s, 25)).toEqual(ranges);
    expect([0, 9, 10, 24, 25].map((o) => pageAt(ranges, o))).toEqual([1, 1, 3, 3, undefined]);
    expect(pagesOf(ranges, 5, 12)).toEqual([1, 3]);
  });
  test('malformed or unordered maps read as none', () => {
    expect(parsePageMap('1@0 x', 10)).toEqual([]);
    expect(parsePageMap('1@5 2@3', 10)).toEqual([]);
    expect(parsePageMap(undefined, 10)).toEqual([]);
  });
});

describe('rendering', () => {
  test('line starts that Markdown would read as structure are escaped, and parse back as paragraphs', () => {
    const texts = ['# not a heading', '1. not a list', '- nor this', '> nor a quote', '<div>no html</div>', '```', '| a | b |', '===', 'plain'];
    for (const t of texts) expect(escapeLineStart(t)).not.toBe(t === 'plain' ? 'x' : t);
    const { markdown } = renderBlocks(texts.map((text) => ({ kind: 'paragraph' as const, text, page: 1 })));
    const doc = parseDocument({ id: 'e', text: markdown, format: 'markdown' });
    expect(doc.blocks.map((b) => b.kind)).toEqual(texts.map(() => 'paragraph'));
  });
  test('a paragraph over a page break maps each side to its page', () => {
    const vocab = new Vocab();
    const rows = [row(1, 100, frag('The first part of a sentence that', 72, 100)), row(2, 700, frag('goes on over the page.', 72, 700))];
    const blocks = layoutBlocks(rows, new Map(), vocab, []);
    expect(blocks.length).toBe(1);
    const { markdown, pages } = renderBlocks(blocks);
    expect(markdown.trim()).toBe('The first part of a sentence that goes on over the page.');
    expect(pageAt(pages, markdown.indexOf('that'))).toBe(1);
    expect(pageAt(pages, markdown.indexOf('goes'))).toBe(2);
  });
  test('nested list levels are indented under their parent', () => {
    const { markdown } = renderBlocks([
      { kind: 'list-item', text: 'a', depth: 1, marker: '10.', page: 1 },
      { kind: 'list-item', text: 'b', depth: 2, marker: '-', page: 1 },
    ]);
    expect(markdown).toBe('10. a\n    - b\n');
    const doc = parseDocument({ id: 'l', text: markdown, format: 'markdown' });
    expect(doc.blocks.map((b) => [b.kind, b.level])).toEqual([
      ['list-item', 1],
      ['list-item', 2],
    ]);
  });
});

describe('layout', () => {
  test('a table whose cells do not line up is kept as paragraphs (never "a | b" lines), with a note', () => {
    const notes: string[] = [];
    const rows = [row(1, 500, frag('Name', 72, 500), frag('Value', 200, 500)), row(1, 486, frag('a', 72, 486), frag('b', 130, 486), frag('c', 150, 486)), row(1, 472, frag('x', 120, 472), frag('y', 125.5, 472))];
    const blocks = layoutBlocks(rows, new Map(), new Vocab(), notes);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'paragraph', 'paragraph']);
    expect(blocks.map((b) => (b.kind === 'paragraph' ? b.text : ''))).toEqual(['Name Value', 'a b c', 'x y']);
    expect(renderBlocks(blocks).markdown).not.toContain('|');
    expect(notes).toEqual(['p. 1: rows whose columns could not be aligned were kept as paragraphs']);
  });
  test('a table with a wrapped cell keeps one row per record', () => {
    const rows = [
      row(1, 500, frag('Key', 72, 500), frag('Meaning', 200, 500)),
      row(1, 486, frag('a', 72, 486), frag('first line of', 200, 486)),
      row(1, 475, frag('the meaning', 200, 475)),
      row(1, 461, frag('b', 72, 461), frag('short', 200, 461)),
    ];
    const [t] = layoutBlocks(rows, new Map(), new Vocab(), []);
    expect(t).toMatchObject({ kind: 'table', header: ['Key', 'Meaning'], rows: [['a', 'first line of the meaning'], ['b', 'short']] });
  });
  test('running lines repeated on most pages and page numbers go; unique lines stay', () => {
    const pages: PageRows[] = [1, 2, 3].map((p) => ({
      page: p,
      top: 792,
      bottom: 0,
      rows: [row(p, 760, frag('Annual Report 2024', 72, 760)), row(p, 600, frag(`Body of page ${p}`, 72, 600)), row(p, 30, frag(`${p}`, 300, 30))],
    }));
    pages[2].rows.splice(1, 0, row(3, 740, frag('A heading only here', 72, 740)));
    expect(removeRunningLines(pages)).toBe(6);
    expect(pages.map((p) => p.rows.map((r) => r.frags[0].text))).toEqual([['Body of page 1'], ['Body of page 2'], ['A heading only here', 'Body of page 3']]);
  });
  test('two columns: gutter found, left column read before the right, full-width lines cut bands', () => {
    const rows: Row[] = [row(1, 720, frag('A title across the whole page from side to side of it all', 72, 720, 10, { x1: 540 }))];
    for (let k = 0; k < 5; k++) {
      const y = 690 - k * 14;
      rows.push(row(1, y, frag(`left column, line ${k}`, 72, y, 10, { x1: 290 }), frag(`right column, line ${k}`, 320, y, 10, { x1: 540 })));
    }
    expect(findGutter(rows)).toBeCloseTo(305, 0);
    const order = readingOrder(rows).map((r) => r.frags.map((f) => f.text).join('+'));
    expect(order).toEqual(['A title across the whole page from side to side of it all', ...[0, 1, 2, 3, 4].map((k) => `left column, line ${k}`), ...[0, 1, 2, 3, 4].map((k) => `right column, line ${k}`)]);
    // A table with short cells is not mistaken for columns.
    const table: Row[] = [0, 1, 2, 3, 4].map((k) => row(1, 600 - k * 14, frag(`k${k}`, 72, 600 - k * 14), frag(`v${k}`, 330, 600 - k * 14)));
    expect(findGutter(table)).toBeNull();
  });
});

describe('what aligned cells are', () => {
  test('a table of contents with dot leaders and a formula of symbols are not tables; prose beside a table is split off', async () => {
    const { tableKind } = await import('../../../src/engine/documents/pdf/blocks/blocks.ts');
    expect(tableKind({ header: ['1', 'Introduction . . . . . . . .', '1'], rows: [['2', 'Methods . . . . . . . . .', '3'], ['3', 'Results . . . . . . . .', '5']] })).toBe('no');
    expect(tableKind({ header: ['1', '2', '1'], rows: [['(', ') (', ') = ('], ['3', '4', '0']] })).toBe('no');
    const prose = ['Revenue growth will be driven by the rail projects to be', 'added to the order book in the spring, which should boost', 'top line growth in the second half of the year as we expect'];
    expect(tableKind({ header: [prose[0], '', '2024', '2025'], rows: [[prose[1], 'Revenue', '275', '295'], [prose[2], 'EBITA', '8.8', '10.3']] })).toBe('prose-beside');
    expect(tableKind({ header: ['Option', 'Default', 'Meaning'], rows: [['maxTokens', '128', 'hard cap per chunk'], ['overlap', '0', 'tokens shared']] })).toBe('table');
  });
  test('prose beside a table: a paragraph, then the table without that column', () => {
    const rows = [
      row(1, 500, frag('Revenue growth will be driven by the rail projects to be', 72, 500), frag('2024', 470, 500), frag('2025', 520, 500)),
      row(1, 486, frag('added to the order book in the spring, which should boost', 72, 486), frag('Revenue', 400, 486), frag('275', 470, 486), frag('295', 520, 486)),
      row(1, 472, frag('top line growth in the second half of the year as we expect', 72, 472), frag('EBITA', 400, 472), frag('8.8', 470, 472), frag('10.3', 520, 472)),
    ];
    const blocks = layoutBlocks(rows, new Map(), new Vocab(), []);
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'table']);
    const t = blocks[1] as Extract<(typeof blocks)[number], { kind: 'table' }>;
    expect(t.header).toEqual(['', '2024', '2025']);
    expect(t.rows).toEqual([
      ['Revenue', '275', '295'],
      ['EBITA', '8.8', '10.3'],
    ]);
  });
});
