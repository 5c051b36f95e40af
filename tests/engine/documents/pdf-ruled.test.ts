// Ruled tables (issue 20 item 5) on hand-built operator lists and text items: the segments read
// from paths, the grids they form, and the tables read from grids and text, each compared with
// what the drawing was built to show.
import { describe, expect, test } from 'vitest';
import { Vocab, type Item } from '../../../src/engine/documents/pdf/lines/geometry.ts';
import { tableLike } from '../../../src/engine/documents/pdf/tables/ruled-page.ts';
import { DEFAULT_OPS as O, MAX_SEGMENTS, segmentsOf, type OperatorList } from '../../../src/engine/documents/pdf/read/drawn.ts';
import { gridsOf, ruledTables } from '../../../src/engine/documents/pdf/tables/ruled.ts';

// pdf.js path codes inside constructPath data.
const M = 0;
const L = 1;
const C = 2;
const Z = 4;

/** An operator list from [fn, args] pairs. */
const ol = (...ops: [number, unknown[] | null][]): OperatorList => ({ fnArray: ops.map((o) => o[0]), argsArray: ops.map((o) => o[1]) });
const path = (paint: number, data: number[]): [number, unknown[]] => [O.constructPath, [paint, [new Float32Array(data)], null]];
const rect = (x: number, y: number, w: number, h: number) => [M, x, y, L, x + w, y, L, x + w, y + h, L, x, y + h, Z];
const line = (x0: number, y0: number, x1: number, y1: number) => [M, x0, y0, L, x1, y1];

/** A stroked grid: vertical lines at xs, horizontal at ys (top to bottom). */
function grid(xs: number[], ys: number[]): OperatorList {
  const d: number[] = [];
  for (const y of ys) d.push(...line(xs[0], y, xs[xs.length - 1], y));
  for (const x of xs) d.push(...line(x, ys[0], x, ys[ys.length - 1]));
  return ol(path(O.stroke, d));
}

const item = (s: string, x: number, y: number, size = 10): Item => ({ s, x, y, w: s.length * size * 0.5, size, font: 'f', mono: false, bold: false });

describe('segments from the operator list', () => {
  test('stroked lines, a thin filled rectangle as a line, a wide rectangle as four edges; curves, diagonals and clipping paths ignored', () => {
    const s = segmentsOf(
      ol(
        path(O.stroke, [...line(10, 100, 200, 100), ...line(50, 20, 50, 90), ...line(0, 0, 30, 40)]),
        path(O.fill, rect(10, 49.75, 190, 0.5)),
        path(O.fill, rect(300, 300, 40, 20)),
        path(O.stroke, [M, 0, 0, C, 10, 10, 20, 10, 30, 0]),
        path(O.endPath, rect(0, 0, 600, 800)),
      ),
    )!;
    const key = (x: { x0: number; y0: number; x1: number; y1: number }) => [x.x0, x.y0, x.x1, x.y1].map((v) => Math.round(v * 10) / 10).join(',');
    expect(s.h.map(key).sort()).toEqual(['10,100,200,100', '10,50,200,50', '300,300,340,300', '300,320,340,320'].sort());
    expect(s.v.map(key).sort()).toEqual(['50,20,50,90', '300,300,300,320', '340,300,340,320'].sort());
  });

  test('the current transform applies (cm inside q/Q, form XObjects), and is restored after', () => {
    const s = segmentsOf(
      ol(
        [O.save, null],
        [O.transform, [2, 0, 0, 2, 10, 20]],
        path(O.stroke, line(0, 0, 50, 0)),
        [O.restore, null],
        [O.paintFormXObjectBegin, [new Float32Array([1, 0, 0, 1, 100, 0]), null]],
        path(O.stroke, line(0, 5, 0, 25)),
        [O.paintFormXObjectEnd, null],
        path(O.stroke, line(0, 7, 9, 7)),
      ),
    )!;
    // (0,0)-(50,0) scaled by 2 and moved by (10,20); the form moves by 100 in x; the last is untouched.
    expect(s.h).toEqual([
      { x0: 10, x1: 110, y0: 20, y1: 20 },
      { x0: 0, x1: 9, y0: 7, y1: 7 },
    ]);
    expect(s.v).toEqual([{ x0: 100, x1: 100, y0: 5, y1: 25 }]);
  });

  test('a page drawing more segments than the limit is not analysed', () => {
    const d: number[] = [];
    for (let i = 0; i <= MAX_SEGMENTS; i++) d.push(...line(0, i, 10, i));
    expect(segmentsOf(ol(path(O.stroke, d)))).toBeNull();
  });
});

describe('grids and tables', () => {
  const vocab = new Vocab();

  test('a 3×3 grid of cells with text: header first, each cell its text, lines of a cell joined with a space', () => {
    const g = gridsOf(segmentsOf(grid([100, 200, 300, 400], [500, 480, 440, 420]))!);
    expect(g).toHaveLength(1);
    expect(g[0].xs).toEqual([100, 200, 300, 400]);
    expect(g[0].ys).toEqual([500, 480, 440, 420]);
    const items = [
      item('Name', 105, 486),
      item('Size', 205, 486),
      item('Notes', 305, 486),
      item('alpha', 105, 466),
      item('12', 205, 466),
      item('first line', 305, 466),
      item('second line', 305, 452),
      item('beta', 105, 426),
      item('7', 205, 426),
      item('short', 305, 426),
    ];
    const { tables, used } = ruledTables(g, items, 1, vocab);
    expect(tables).toHaveLength(1);
    expect(tables[0].header).toEqual(['Name', 'Size', 'Notes']);
    expect(tables[0].rows).toEqual([
      ['alpha', '12', 'first line second line'],
      ['beta', '7', 'short'],
    ]);
    expect(used.size).toBe(items.length);
  });

  test('a merged cell (no line between two cells): its text once, in its first row and column; a header label over two columns names both', () => {
    // Columns at 100|200|300|400; in the header row the line at x=300 is missing (one cell over two
    // columns); in the first column the line at y=440 is missing (one cell over two rows).
    const d: number[] = [];
    for (const y of [500, 480, 400]) d.push(...line(100, y, 400, y));
    d.push(...line(200, 440, 400, 440));
    d.push(...line(100, 500, 100, 400), ...line(200, 500, 200, 400), ...line(400, 500, 400, 400), ...line(300, 480, 300, 400));
    const g = gridsOf(segmentsOf(ol(path(O.stroke, d)))!);
    const items = [item('Group', 105, 486), item('Values', 205, 486), item('big', 105, 446), item('1', 205, 466), item('2', 305, 466), item('3', 205, 426), item('4', 305, 426)];
    const [t] = ruledTables(g, items, 1, vocab).tables;
    expect(t.header).toEqual(['Group', 'Values', 'Values']);
    expect(t.rows).toEqual([
      ['big', '1', '2'],
      ['', '3', '4'],
    ]);
  });

  test('rules drawn around several records at once (every cell the same lines, a column of numbers): one row a line; wrapped words stay one cell', () => {
    const g = gridsOf(segmentsOf(grid([100, 200, 300], [500, 480, 440, 400]))!);
    const items = [
      item('State', 105, 486),
      item('Checks', 205, 486),
      item('Alabama', 105, 466),
      item('18,870', 205, 466),
      item('Alaska', 105, 452),
      item('209', 205, 452),
      // Two words wrapped in both cells of the last row: no cell of numbers only.
      item('New', 105, 426),
      item('many', 205, 426),
      item('Mexico', 105, 412),
      item('checks', 205, 412),
    ];
    const [t] = ruledTables(g, items, 1, vocab).tables;
    expect(t.header).toEqual(['State', 'Checks']);
    expect(t.rows).toEqual([
      ['Alabama', '18,870'],
      ['Alaska', '209'],
      ['New Mexico', 'many checks'],
    ]);
  });

  test('a dense grid (99 × 99 cells, a number in each) is read in full; one past 20,000 cells is refused', () => {
    const xs = Array.from({ length: 100 }, (_, i) => 10 + i * 6);
    const ys = Array.from({ length: 100 }, (_, i) => 700 - i * 6);
    const g = gridsOf(segmentsOf(grid(xs, ys))!);
    expect(g).toHaveLength(1);
    const items: Item[] = [];
    for (let r = 0; r < 99; r++) for (let c = 0; c < 99; c++) items.push(item(String((r * 7 + c) % 10), xs[c] + 2, ys[r] - 5, 4));
    const [t] = ruledTables(g, items, 1, vocab).tables;
    expect(t.header).toEqual(Array.from({ length: 99 }, (_, c) => String(c % 10)));
    expect(t.rows).toHaveLength(98);
    expect(t.rows[97][5]).toBe(String((98 * 7 + 5) % 10));
    const big = gridsOf(segmentsOf(grid(Array.from({ length: 150 }, (_, i) => 10 + i * 4), Array.from({ length: 150 }, (_, i) => 700 - i * 4)))!);
    expect(ruledTables(big, [item('1', 12, 695, 2)], 1, vocab).tables).toEqual([]);
  });

  test('one box (a framed paragraph), one row of boxes and mostly empty cells are not tables', () => {
    const box = gridsOf(segmentsOf(ol(path(O.stroke, rect(100, 400, 300, 100))))!);
    expect(box).toEqual([]);
    // Two cells side by side (one row): a grid of 2 columns and 1 row.
    const row = gridsOf(segmentsOf(grid([100, 250, 400], [500, 400]))!);
    expect(ruledTables(row, [item('left text', 105, 450), item('right text', 255, 450)], 1, vocab).tables).toEqual([]);
    // A 4×4 chart grid with two labels in it.
    const chart = gridsOf(segmentsOf(grid([100, 150, 200, 250, 300], [500, 450, 400, 350, 300]))!);
    expect(ruledTables(chart, [item('10', 105, 470), item('20', 155, 420)], 1, vocab).tables).toEqual([]);
  });

  test('text running across the grid\'s vertical lines (a form whose lines do not frame its text): not a table', () => {
    const g = gridsOf(segmentsOf(grid([100, 200, 300], [500, 470, 440, 410]))!);
    const items = [item('a label that runs on and on', 105, 486), item('another label running far', 105, 456), item('x', 205, 426), item('y', 105, 426)];
    expect(ruledTables(g, items, 1, vocab).tables).toEqual([]);
  });

  test('two tables on one page are two grids; a full-width title row becomes a paragraph above', () => {
    const a = grid([100, 200, 300], [700, 680, 660, 640]);
    const b = grid([100, 250, 400], [400, 380, 360]);
    const pairs = (o: OperatorList) => Array.from(o.argsArray, (x, i) => [o.fnArray[i], x] as [number, unknown[]]);
    const ops = ol(...pairs(a), ...pairs(b));
    // Table a: its first row is one cell across (no line at x=200 there).
    const segs = segmentsOf(ops)!;
    segs.v = segs.v.flatMap((s) => (s.x0 === 200 ? [{ ...s, y1: 680 }] : [s]));
    const g = gridsOf(segs);
    expect(g).toHaveLength(2);
    const items = [item('Table 1: Sizes', 105, 686), item('k', 105, 666), item('v', 205, 666), item('a', 105, 646), item('1', 205, 646), item('p', 105, 386), item('q', 255, 386), item('r', 105, 366), item('s', 255, 366)];
    const { tables } = ruledTables(g, items, 1, vocab);
    const byTop = [...tables].sort((x, y) => y.y1 - x.y1);
    expect(byTop.map((t) => [t.before, t.header, t.rows])).toEqual([
      [['Table 1: Sizes'], ['k', 'v'], [['a', '1']]],
      [[], ['p', 'q'], [['r', 's']]],
    ]);
  });
});

describe('a run of text across a column rule (a spreadsheet printed to PDF)', () => {
  const vocab = new Vocab();
  // Calc prints a right-aligned figure and the next cell's left-aligned word a few points apart;
  // pdf.js hands them over as one run ("7420 no") lying across the rule between the two cells.
  const g = gridsOf(segmentsOf(grid([100, 200, 300, 400], [500, 480, 460, 440]))!);
  const head = [item('Item', 105, 486), item('Amount', 205, 486), item('State', 305, 486)];

  test('is cut at the space nearest the rule: each part in its own cell', () => {
    // "7420" flush right in the second cell (ends at 297), "no" from 303: one run from 277 to 313.
    const run: Item = { ...item('7420 no', 277, 466), w: 36 };
    const rows = [item('Scope 21', 105, 466), run, item('Goals 6', 105, 446), item('4888', 277, 446), item('yes', 305, 446)];
    const { tables } = ruledTables(g, [...head, ...rows], 1, vocab);
    expect(tables).toHaveLength(1);
    expect(tables[0].rows).toEqual([
      ['Scope 21', '7420', 'no'],
      ['Goals 6', '4888', 'yes'],
    ]);
  });

  test('a right-to-left run (its string in logical order, drawn from its right end) is cut the same way: each part where it is drawn', () => {
    // Drawn left to right: "לא" from 277 (the second cell), "7420" flush right in the third (ends at 313).
    // pdf.js gives the run in logical order, rightmost first: "7420 לא".
    const run: Item = { ...item('7420 לא', 277, 466), w: 36, rtl: true };
    const rows = [item('Scope 21', 105, 466), run, item('Goals 6', 105, 446), item('4888', 277, 446), item('yes', 305, 446)];
    const { tables } = ruledTables(g, [...head, ...rows], 1, vocab);
    expect(tables[0].rows[0]).toEqual(['Scope 21', 'לא', '7420']);
  });

  test('a run with no space near the rule stays whole, in the cell holding its centre', () => {
    const run: Item = { ...item('74200000', 270, 466), w: 40 };
    const rows = [item('Scope 21', 105, 466), run, item('Goals 6', 105, 446), item('4888', 277, 446), item('yes', 305, 446)];
    const { tables } = ruledTables(g, [...head, ...rows], 1, vocab);
    expect(tables[0].rows[0]).toEqual(['Scope 21', '74200000', '']);
  });
});

describe('which pages fetch their operator list', () => {
  test('table rows (three cells, or a short label and its value) do; two columns of prose and single lines do not', () => {
    const prose = Array.from({ length: 20 }, (_, i) => [item('the left column runs on with its prose here', 72, 700 - i * 12), item('and the right column runs on with its own', 320, 700 - i * 12)]).flat();
    expect(tableLike(prose, 1)).toBe(false);
    expect(tableLike([item('one line of text', 72, 700), item('another line', 72, 688)], 1)).toBe(false);
    const threeCells = [0, 1].flatMap((i) => [item('a', 72, 700 - i * 12), item('b', 200, 700 - i * 12), item('c', 300, 700 - i * 12)]);
    expect(tableLike(threeCells, 1)).toBe(true);
    const labels = [0, 1].flatMap((i) => [item('Size:', 72, 700 - i * 12), item('a much longer value that goes on', 200, 700 - i * 12)]);
    expect(tableLike(labels, 1)).toBe(true);
  });
});
