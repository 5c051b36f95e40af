// Borderless tables and text that only lines up like one (scripts/pdf-cases-borderless.ts): each case
// reproduces a defect seen on real PDFs (naacl06's "c_A and c_B" and Figure 1, the section labels of
// ICDAR 2013's us-017), asserted against the case's own spec; plus the rules of tables/borderless.ts on grids.
import { describe, expect, test } from 'vitest';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { proseReason } from '../../../src/engine/documents/pdf/tables/borderless.ts';
import { layoutBlocks, tableKind } from '../../../src/engine/documents/pdf/blocks/blocks.ts';
import { Vocab } from '../../../src/engine/documents/pdf/lines/geometry.ts';
import type { Frag, Row } from '../../../src/engine/documents/pdf/types.ts';
import { markdownTables, markdownWords, tokens } from '../../../bench/pdf-metrics.ts';
import { captionedGrid, FIGURE_LABELS, FIGURE_TABLE, PROSE_COLUMNS, SECTIONED, sectionedTable, SUBSCRIPTS, subscriptProse } from '../../../scripts/pdf-cases-borderless.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

const md = async (bytes: Uint8Array) => (await pdfToMarkdown(bytes, loadPdfjs, pdfjsOptions)).markdown;

describe('borderless tables', () => {
  test('a sentence with subscripts on their own baseline is a paragraph, not a 2-column table', async () => {
    const m = await md(await subscriptProse());
    expect(markdownTables(m)).toEqual([]);
    expect(m).not.toMatch(/^\|/m);
    // One paragraph from the first line to the last: the subscript line neither cuts it nor stands apart.
    const paras = m.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
    expect(paras).toHaveLength(1);
    const words = markdownWords(m);
    // The sentence's own words in order, the subscripts (a, b) wherever they land.
    const main = tokens(`${SUBSCRIPTS.before} c and c respectively are the two clusters under study ${SUBSCRIPTS.after}`);
    expect(words.filter((w) => w !== 'a' && w !== 'b')).toEqual(main);
    expect(words.filter((w) => w === 'a' || w === 'b').sort()).toEqual(['a', 'b']);
  });

  test('labels of a figure lined up in rows are no table; the same grid captioned as a table is one', async () => {
    const fig = await md(await captionedGrid('Figure'));
    expect(markdownTables(fig)).toEqual([]);
    for (const row of FIGURE_LABELS.rows) for (const t of row) expect(fig).toContain(t);
    const tab = await md(await captionedGrid('Table'));
    expect(markdownTables(tab)).toEqual([{ header: FIGURE_LABELS.rows[0], rows: FIGURE_LABELS.rows.slice(1) }]);
  });

  test('a full table of figures captioned "Figure 1" (as papers do) stays a table', async () => {
    const m = await md(await captionedGrid('Figure', FIGURE_TABLE.rows));
    expect(markdownTables(m)).toEqual([{ header: FIGURE_TABLE.rows[0], rows: FIGURE_TABLE.rows.slice(1) }]);
  });

  test('section labels alone in the first column stay rows of the table, under its header drawn on two lines', async () => {
    const m = await md(await sectionedTable());
    // The group labels' line and the column labels' line are one header row; the labels stay rows.
    expect(SECTIONED.merged.join(' ').split(' ').sort()).toEqual([...SECTIONED.groups, ...SECTIONED.header].join(' ').split(' ').sort());
    const want = { header: SECTIONED.merged, rows: SECTIONED.sections.flatMap((s) => [[s.label, '', '', ''], ...s.rows]) };
    expect(markdownTables(m)).toEqual([want]);
  });
});

describe('grids that are not tables (proseReason, tableKind)', () => {
  test('two columns of prose read row by row', () => {
    const grid = { header: [PROSE_COLUMNS.left[0], PROSE_COLUMNS.right[0]], rows: PROSE_COLUMNS.left.slice(1).map((l, k) => [l, PROSE_COLUMNS.right[k + 1]]) };
    expect(proseReason(grid)).toBe('prose');
    expect(tableKind(grid)).toBe('prose');
  });
  test('a table whose cells hold short phrases, even lowercase ones, stays a table', () => {
    const grid = { header: ['Option', 'Default', 'Meaning'], rows: [['maxTokens', '128', 'hard cap per chunk'], ['overlap', '0', 'tokens shared'], ['level', '2', 'heading level']] };
    expect(proseReason(grid)).toBeNull();
    expect(tableKind(grid)).toBe('table');
  });
  test('a header and one row, or a mostly empty body, are not enough', () => {
    expect(proseReason({ header: ['Total', '48'], rows: [['Rows', '161']] })).toBe('short');
    expect(tableKind({ header: ['Total', '48'], rows: [['Rows', '161']] })).toBe('no');
    expect(proseReason({ header: ['', '1.', '', '2.', ''], rows: [['', 'headed', '', 'was-hit', ''], ['', 'threatened', '', '', ''], ['x', '', '', '', '']] })).toBe('sparse');
  });
});

// A text fragment of a row, 5 points a character.
const frag = (text: string, x0: number, y: number): Frag => ({ x0, x1: x0 + text.length * 5, y, size: 10, text, raw: text, font: 'f', mono: false, bold: false });

/** The rows make no table, and every item's text is kept, in order. */
function expectTextInOrder(rows: Row[], items: string[]): void {
  const blocks = layoutBlocks(rows, new Map(), new Vocab(), []);
  expect(blocks.some((b) => b.kind === 'table')).toBe(false);
  const text = blocks.map((b) => ('text' in b ? b.text : '')).join('\n');
  let at = -1;
  for (const t of items) {
    const k = text.indexOf(t);
    expect(k).toBeGreaterThan(at);
    at = k;
  }
}

describe('lists set with a gap after their markers are no tables', () => {
  const row = (y: number, ...frags: Frag[]): Row => ({ y, size: 10, frags, page: 1 });
  // Korean reports mark items with "ㅇ", "□", circled digits and "가." "나." "다."; CJK with "一、".
  for (const markers of [['ㅇ', 'ㅇ', 'ㅇ'], ['①', '②', '③'], ['가.', '나.', '다.'], ['□', '□', '□'], ['一、', '二、', '三、']]) {
    test(`items marked ${markers.join(' ')}`, () => {
      const items = ['예산 집행 현황 점검', '사업별 성과 지표 관리', '향후 추진 계획 수립'];
      const rows = items.map((t, k) => row(600 - k * 14, frag(markers[k], 72, 600 - k * 14), frag(t, 100, 600 - k * 14)));
      expectTextInOrder(rows, items);
    });
  }
});

describe('a right-to-left numbered list set with a gap before its numbers is no table', () => {
  // Arabic items: the text on the left, its number ("1.") at the right edge, as Writer prints them.
  const items = ['يحتوي التقرير السنوي على بيانات الإنفاق.', 'تحتاج الطلبات الخاصة إلى موافقة المدير.', 'ينبغي حفظ نسخة احتياطية من الملفات.'];
  const rows: Row[] = items.map((t, k) => ({ y: 600 - k * 14, size: 10, page: 1, rtl: true, frags: [frag(t, 200, 600 - k * 14), frag(`${k + 1}.`, 500, 600 - k * 14)] }));

  test('its rows stay text, every item kept in order', () => {
    expectTextInOrder(rows, items);
  });

  test('the same rows read left to right (numbers at the end of each line) still make a table', () => {
    const ltr = rows.map((r) => ({ ...r, rtl: undefined }));
    expect(layoutBlocks(ltr, new Map(), new Vocab(), []).some((b) => b.kind === 'table')).toBe(true);
  });
});

describe('a stray mark beside aligned lines', () => {
  test('a column with a single cell makes no table (an infobox line ending in "/")', () => {
    const grid = { header: ['Developer(s)', 'Mozilla', ''], rows: [['Initial release', '2 July 2011', ''], ['Stable release', '4.0.379', '/'], ['', 'December 31,', '']] };
    expect(proseReason(grid)).toBe('sparse');
    expect(tableKind(grid)).toBe('no');
  });
});
