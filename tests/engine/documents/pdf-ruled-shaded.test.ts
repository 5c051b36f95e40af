// Ruled tables drawn with shading (scripts/pdf-cases-shaded.ts): cells as filled boxes whose white
// gaps are the borders, with a box of the cell's own colour behind every line of text; and a header
// band drawn apart from the body band. Each must read as the one table its spec describes, with the
// title as a paragraph before it; and the rule behind the first (a filled rectangle in the colour
// already under it draws no edge) on hand-built operator lists.
import { describe, expect, test } from 'vitest';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { DEFAULT_OPS as O, segmentsOf, type OperatorList } from '../../../src/engine/documents/pdf/read/drawn.ts';
import { gridsOf, ruledTables, rulesOnlyTables } from '../../../src/engine/documents/pdf/tables/ruled.ts';
import { Vocab, type Item } from '../../../src/engine/documents/pdf/lines/geometry.ts';
import { markdownTables } from '../../../bench/pdf-metrics.ts';
import { bandedTable, ruledRows, shadedCells, zebraTable, ZEBRA, type ShadedCase } from '../../../scripts/pdf-cases-shaded.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

async function read(c: ShadedCase) {
  const r = await pdfToMarkdown(c.bytes, loadPdfjs, pdfjsOptions);
  return { md: r.markdown, tables: markdownTables(r.markdown) };
}

describe('shaded ruled tables', () => {
  test('cells as shaded boxes with a box behind each line: one table, spanning and wrapped cells in place, the title row a paragraph', async () => {
    const c = await shadedCells();
    const { md, tables } = await read(c);
    expect(tables).toEqual([c.table]);
    // The title stands once, before the table, as a paragraph (not repeated in header cells).
    const at = md.indexOf(c.before[0]);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(md.indexOf(c.before[0], at + 1)).toBe(-1);
    expect(at).toBeLessThan(md.indexOf('|'));
    // Every wrapped cell is one cell: as many table lines as header, separator and body rows.
    expect(md.split('\n').filter((l) => l.startsWith('|')).length).toBe(2 + c.table.rows.length);
  });

  test('a header band drawn apart from the body band: one table under the two-row header', async () => {
    const c = await bandedTable();
    const { md, tables } = await read(c);
    expect(tables).toEqual([c.table]);
    expect(md.indexOf(c.before[0])).toBeLessThan(md.indexOf('|'));
  });

  test('rows shaded in turn with no line: every row in the table, the unshaded last one too; the paragraph after stays one', async () => {
    const c = await zebraTable();
    const { md, tables } = await read(c);
    expect(tables).toEqual([c.table]);
    expect(md.trim().split('\n').at(-1)).toBe(ZEBRA.after);
  });

  test('rows ruled off by horizontal rules: a row is the lines between two rules, wrapped labels and bulleted lines included', async () => {
    const c = await ruledRows();
    const { tables } = await read(c);
    expect(tables).toEqual([c.table]);
  });
});

describe('filled rectangles that show', () => {
  const M = 0;
  const L = 1;
  const Z = 4;
  const ol = (...ops: [number, unknown[] | null][]): OperatorList => ({ fnArray: ops.map((o) => o[0]), argsArray: ops.map((o) => o[1]) });
  const fillRect = (x: number, y: number, w: number, h: number): [number, unknown[]] => [O.constructPath, [O.fill, [new Float32Array([M, x, y, L, x + w, y, L, x + w, y + h, L, x, y + h, Z])], null]];
  const rgbFill = (hex: string): [number, unknown[]] => [O.setFillRGBColor, [hex]];
  const edges = (ops: OperatorList) => {
    const s = segmentsOf(ops)!;
    return s.h.length + s.v.length;
  };

  test('a box in the colour under it draws no edge; in another colour, four', () => {
    // A shaded cell, then a box of the same shade inside it: only the cell's four edges.
    expect(edges(ol(rgbFill('#ccffff'), fillRect(0, 0, 100, 40), fillRect(5, 20, 50, 11)))).toBe(4);
    // The inner box in another colour shows: eight.
    expect(edges(ol(rgbFill('#ccffff'), fillRect(0, 0, 100, 40), rgbFill('#ffcc00'), fillRect(5, 20, 50, 11)))).toBe(8);
    // A white box on the (white) page shows nothing; a black one (the default fill) shows.
    expect(edges(ol(rgbFill('#FFFFFF'), fillRect(0, 0, 100, 40)))).toBe(0);
    expect(edges(ol(fillRect(0, 0, 100, 40)))).toBe(4);
    // A box only partly over the cell is judged against the page, not the cell.
    expect(edges(ol(rgbFill('#ccffff'), fillRect(0, 0, 100, 40), fillRect(90, 20, 50, 11)))).toBe(8);
  });

  test('the fill colour is restored with the graphics state', () => {
    // Inside q … Q the fill turns yellow; after Q it is the cell's shade again, so the last box is unseen.
    const ops = ol(rgbFill('#ccffff'), fillRect(0, 0, 100, 40), [O.save, null], rgbFill('#ffff00'), [O.restore, null], fillRect(5, 5, 20, 10));
    expect(edges(ops)).toBe(4);
  });
});

describe('a bar chart is no table', () => {
  const M = 0;
  const L = 1;
  const stroked = (d: number[]): OperatorList => ({ fnArray: [O.constructPath], argsArray: [[O.stroke, [new Float32Array(d)], null]] });
  /** A stroked grid: vertical lines at xs, horizontal at ys. */
  const lines = (xs: number[], ys: number[]) => {
    const d: number[] = [];
    for (const y of ys) d.push(M, xs[0], y, L, xs[xs.length - 1], y);
    for (const x of xs) d.push(M, x, ys[0], L, x, ys[ys.length - 1]);
    return stroked(d);
  };
  const item = (s: string, x: number, y: number): Item => ({ s, x, y, w: s.length * 5, size: 10, font: 'f', mono: false, bold: false });
  const xs = [100, 150, 200, 250, 300];
  const ys = [500, 480, 460, 440, 420];

  test('percentages over bars, most cells empty: no table; the same figures under a row of labels: a table', () => {
    const g = gridsOf(segmentsOf(lines(xs, ys))!);
    // Value labels over the bars: figures only, 10 of 16 cells (enough to pass as a table by count).
    const at = [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0], [1, 2], [2, 1], [2, 3], [3, 0], [3, 2]];
    const labels = at.map(([r, c], i) => item(`${10 + i}%`, xs[c] + 5, ys[r] - 14));
    expect(ruledTables(g, labels, 1, new Vocab()).tables).toEqual([]);
    // The same grid with words in its top row is a table (its empty cells as drawn).
    const named = [...['North', 'South', 'East', 'West'].map((w, c) => item(w, xs[c] + 5, ys[0] - 14)), ...labels.slice(4)];
    const [t] = ruledTables(g, named, 1, new Vocab()).tables;
    expect(t.header).toEqual(['North', 'South', 'East', 'West']);
  });

  test('a full grid of figures (a matrix) stays a table', () => {
    const g = gridsOf(segmentsOf(lines(xs, ys))!);
    const figures = ys.slice(0, -1).flatMap((y, r) => xs.slice(0, -1).map((x, c) => item(String(r * 4 + c + 1), x + 5, y - 14)));
    const [t] = ruledTables(g, figures, 1, new Vocab()).tables;
    expect(t.header).toEqual(['1', '2', '3', '4']);
    expect(t.rows).toEqual([['5', '6', '7', '8'], ['9', '10', '11', '12'], ['13', '14', '15', '16']]);
  });
});

describe('a diagram is no table', () => {
  const M = 0;
  const L = 1;
  const item = (s: string, x: number, y: number): Item => ({ s, x, y, w: s.length * 5, size: 10, font: 'f', mono: false, bold: false });
  const seg = (x0: number, y0: number, x1: number, y1: number) => [M, x0, y0, L, x1, y1];
  const box = (x0: number, y0: number, x1: number, y1: number) => [...seg(x0, y0, x1, y0), ...seg(x1, y0, x1, y1), ...seg(x1, y1, x0, y1), ...seg(x0, y1, x0, y0)];
  const draw = (d: number[]): OperatorList => ({ fnArray: [O.constructPath], argsArray: [[O.stroke, [new Float32Array(d)], null]] });

  test('boxes joined by connectors inside a frame: the spaces between them wind around the boxes, no table', () => {
    // A frame, three boxes in a row joined by connectors at mid-height, the outer ones tied to the frame.
    const d = [...box(100, 300, 500, 500), ...box(120, 420, 200, 480), ...box(260, 420, 340, 480), ...box(400, 420, 480, 480)];
    d.push(...seg(100, 450, 120, 450), ...seg(200, 450, 260, 450), ...seg(340, 450, 400, 450), ...seg(480, 450, 500, 450));
    const g = gridsOf(segmentsOf(draw(d))!);
    expect(g.length).toBe(1);
    const items = [item('Read', 125, 446), item('Parse', 265, 446), item('Write', 405, 446), item('Figure 2: the pipeline', 110, 320)];
    expect(ruledTables(g, items, 1, new Vocab()).tables).toEqual([]);
  });

  test('a table whose merged cells are rectangles is still read', () => {
    // The same outer frame cut into a 2 × 3 table with one header cell over two columns.
    const d = [...box(100, 300, 400, 500), ...seg(100, 450, 400, 450), ...seg(100, 400, 400, 400), ...seg(200, 300, 200, 500), ...seg(300, 300, 300, 450)];
    const g = gridsOf(segmentsOf(draw(d))!);
    const items = [item('Step', 105, 466), item('Time', 205, 466), item('Read', 105, 416), item('1 s', 205, 416), item('2 s', 305, 416), item('Parse', 105, 366), item('3 s', 205, 366), item('4 s', 305, 366)];
    const [t] = ruledTables(g, items, 1, new Vocab()).tables;
    expect(t.header).toEqual(['Step', 'Time', 'Time']);
    expect(t.rows).toEqual([['Read', '1 s', '2 s'], ['Parse', '3 s', '4 s']]);
  });
});

describe('rules across only', () => {
  const item = (s: string, x: number, y: number): Item => ({ s, x, y, w: s.length * 4.5, size: 9, font: 'f', mono: false, bold: false });
  const rule = (y: number) => ({ x0: 72, x1: 540, y0: y, y1: y });
  const body = [item('Average hours', 80, 560), item('29.5', 320, 560), item('Average dollars', 80, 546), item('$204', 320, 546)];

  test('prose between the first two rules is no header: no table', () => {
    // Two columns of running text under a section rule, then a rule, two figures, a closing rule.
    const prose = [
      'the estimated averages are shown below for each', 'form and schedule filed with the return in the',
      'year; they include the time spent keeping the', 'records and learning about the law and the forms',
    ];
    const items = [...prose.map((l, i) => item(l, 80 + (i % 2) * 240, 640 - Math.floor(i / 2) * 11)), ...body];
    expect(rulesOnlyTables({ h: [rule(660), rule(580), rule(530)], v: [] }, [], items, 1, new Vocab(), new Set())).toEqual([]);
  });

  test('a short label over each column is a header', () => {
    const items = [item('Measure', 80, 600), item('Value', 320, 600), ...body];
    const [t] = rulesOnlyTables({ h: [rule(620), rule(580), rule(530)], v: [] }, [], items, 1, new Vocab(), new Set());
    expect(t.header).toEqual(['Measure', 'Value']);
    expect(t.rows).toEqual([['Average hours', '29.5'], ['Average dollars', '$204']]);
  });
});

describe('a real file: Camelot twotables_2 (MIT, see the fixtures NOTICE)', () => {
  test('both shaded tables, cell by cell as Camelot expects them, their titles as paragraphs', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { compactTitle } = await import('../../../bench/pdf-metrics.ts');
    const dir = join(import.meta.dirname, '../../fixtures/documents/public');
    const want = JSON.parse(readFileSync(join(dir, 'camelot_twotables_2.tables.json'), 'utf8')).tables as { header: string[]; rows: string[][] }[];
    const r = await pdfToMarkdown(new Uint8Array(readFileSync(join(dir, 'camelot_twotables_2.pdf'))), loadPdfjs, pdfjsOptions);
    const got = markdownTables(r.markdown);
    const norm = (t: { header: string[]; rows: string[][] }) => ({ header: t.header.map(compactTitle), rows: t.rows.map((row) => row.map(compactTitle)) });
    expect(got.map(norm)).toEqual(want.map(norm));
    expect(r.markdown).toMatch(/^Table 6 : DISTRIBUTION \(%\) OF HOUSEHOLDS BY LITERACY STATUS OF MALE HEAD OF THE HOUSEHOLD$/m);
  });
});
