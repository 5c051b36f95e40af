// Borderless tables and text that only lines up like one (scripts/pdf-cases-borderless.ts): each case
// reproduces a defect seen on real PDFs (naacl06's "c_A and c_B" and Figure 1, the section labels of
// ICDAR 2013's us-017), asserted against the case's own spec; plus the rules of tables/borderless.ts on grids.
import { describe, expect, test } from 'vitest';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { proseReason } from '../../../src/engine/documents/pdf/tables/borderless.ts';
import { layoutBlocks, tableKind } from '../../../src/engine/documents/pdf/blocks/blocks.ts';
import { joinPages } from '../../../src/engine/documents/pdf/blocks/join-pages.ts';
import { carryStrandedHeaders } from '../../../src/engine/documents/pdf/tables/stranded.ts';
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

// A spreadsheet printed without grid lines (LibreOffice Calc's default): columns wider than their
// text, labels and words flush left in them, figures flush right; a figure and the next column's word
// may come as one run ("7219 urgent"). Column starts at 55, 194 and 332; right ends at 330 and 469.
describe('a sheet printed without grid lines', () => {
  const cell = (text: string, x0: number, x1: number, y: number): Frag => ({ x0, x1, y, size: 11, text, raw: text, font: 'f', mono: false, bold: false });
  const left = (text: string, x0: number, y: number) => cell(text, x0, x0 + text.length * 6, y);
  const right = (text: string, x1: number, y: number) => cell(text, x1 - text.length * 6.3, x1, y);
  const row = (y: number, page: number, ...frags: Frag[]): Row => ({ y, size: 11, frags, page });
  // On a page of its own (continued, no header), its first row must show where the columns start: all flush left.
  const sheet = (page: number, top: number, header: boolean) => {
    const all = [
      [left('Review 4', 55, 0), left('yes', 194, 0), right('7826', 469, 0)],
      // "7219" ends where figures of this column end (330), "urgent" starts where words of the next start (332).
      [left('Access 88', 55, 0), cell('7219 urgent', 305, 367, 0)],
      [left('Water use 89', 55, 0), right('9163', 330, 0), right('4324', 469, 0)],
      [left('Quality 73', 55, 0), left('closed', 194, 0), left('open', 332, 0)],
    ];
    const rows = header ? [[left('Access', 55, 0), left('Training', 194, 0), left('Travel', 332, 0)], ...all] : [all[3], ...all.slice(0, 3)];
    return rows.map((fs, k) => row(top - 15 * k, page, ...fs.map((f) => ({ ...f, y: top - 15 * k }))));
  };
  const body = [
    ['Review 4', 'yes', '7826'],
    ['Access 88', '7219', 'urgent'],
    ['Water use 89', '9163', '4324'],
    ['Quality 73', 'closed', 'open'],
  ];

  test('is one table, each cell in its column, the joined run cut in two', () => {
    const blocks = layoutBlocks(sheet(1, 600, true), new Map(), new Vocab(), []);
    expect(blocks.map((b) => b.kind)).toEqual(['table']);
    expect(blocks[0]).toMatchObject({ header: ['Access', 'Training', 'Travel'], rows: body });
  });

  test('a run whose inner edges match no other row stays one cell', () => {
    const rows = sheet(1, 600, true);
    // "Water use 89" in the first column: its words meet no column edge of other rows.
    const t = layoutBlocks(rows, new Map(), new Vocab(), [])[0];
    expect(t.kind === 'table' && t.rows.map((r) => r[0])).toEqual(body.map((r) => r[0]));
  });

  test('continued at the top of the next page without its header, it joins the table before', () => {
    const pages = [layoutBlocks(sheet(1, 600, true), new Map(), new Vocab(), []), layoutBlocks(sheet(2, 760, false), new Map(), new Vocab(), [])];
    const joined = joinPages(pages, new Vocab());
    expect(joined.map((b) => b.kind)).toEqual(['table']);
    expect(joined[0]).toMatchObject({ header: ['Access', 'Training', 'Travel'], rows: [...body, body[3], ...body.slice(0, 3)], breaks: [{ row: 4, page: 2 }] });
  });

  test('a header row left alone at the foot of a page heads the table that opens the next', () => {
    const foot = sheet(1, 90, true).slice(0, 1);
    const text = row(300, 1, left('Quarterly figures by office.', 55, 300));
    const pages = [[text, ...foot], sheet(2, 760, false)];
    carryStrandedHeaders(pages);
    expect(pages[0]).toEqual([text]);
    const blocks = joinPages(pages.map((p) => layoutBlocks(p, new Map(), new Vocab(), [])), new Vocab());
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'table']);
    expect(blocks[1]).toMatchObject({ header: ['Access', 'Training', 'Travel'], rows: [body[3], ...body.slice(0, 3)] });
  });

  test('the last row of a table ending a page, or a row of figures, stays where it is', () => {
    const end = sheet(1, 120, true);
    const pages = [end, sheet(2, 760, false)];
    carryStrandedHeaders(pages);
    expect(pages[0]).toHaveLength(end.length);
    const figures = [[row(90, 1, left('2019', 55, 90), left('2020', 194, 90), left('2021', 332, 90))], sheet(2, 760, false)];
    carryStrandedHeaders(figures);
    expect(figures[0]).toHaveLength(1);
  });

  test('over a drawn grid whose first row is not set apart as a header, one label a column: the labels head it', () => {
    const grid = (): Row => ({ y: 760, size: 11, page: 2, frags: [left('', 50, 760)], table: { kind: 'table', header: ['Reports 80', '1481', '6249'], rows: [['Schedule 77', '6407', 'yes']], page: 2, headerCells: false }, cols: [{ x0: 50, x1: 190 }, { x0: 190, x1: 330 }, { x0: 330, x1: 470 }] });
    const pages = [sheet(1, 90, true).slice(0, 1), [grid()]];
    carryStrandedHeaders(pages);
    expect(pages[0]).toEqual([]);
    expect(pages[1][0].table).toMatchObject({ header: ['Access', 'Training', 'Travel'], rows: [['Reports 80', '1481', '6249'], ['Schedule 77', '6407', 'yes']] });
    // A grid whose own first row is marked as its header keeps it; the row stays on its page.
    const marked = [sheet(1, 90, true).slice(0, 1), [{ ...grid(), table: { ...grid().table!, headerCells: undefined } }]];
    carryStrandedHeaders(marked);
    expect(marked[0]).toHaveLength(1);
    expect(marked[1][0].table!.header).toEqual(['Reports 80', '1481', '6249']);
  });

  test('a table on the next page whose columns stand elsewhere stays a table of its own', () => {
    const moved = sheet(2, 760, false).map((r) => ({ ...r, frags: r.frags.map((f) => ({ ...f, x0: f.x0 + 90, x1: f.x1 + 90 })) }));
    const joined = joinPages([layoutBlocks(sheet(1, 600, true), new Map(), new Vocab(), []), layoutBlocks(moved, new Map(), new Vocab(), [])], new Vocab());
    expect(joined.map((b) => b.kind)).toEqual(['table', 'table']);
  });
});
