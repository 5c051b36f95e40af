// Ruled grids whose rows hold several text lines (scripts/pdf-cases-records.ts): records set one a
// line inside one cell per column (only three horizontal rules) must come out one row a line; cells
// that wrap must stay one cell. And the rule itself (records, in ruled.ts) on hand-made cell lines.
import { describe, expect, test } from 'vitest';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { isFigure, records } from '../../../src/engine/documents/pdf/tables/ruled.ts';
import { markdownTables } from '../../../bench/pdf-metrics.ts';
import { CONTROL, HEADLESS, RECORDS, recordsCase } from '../../../scripts/pdf-cases-records.ts';
import { UPLABELS, upLabelsCase } from '../../../scripts/pdf-cases-uplabels.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

describe('records stacked in one grid row', () => {
  test('three rules, a line between columns: one row a record (a missing value an empty cell); wrapped cells of the control grid stay one cell; records in the first row of a headless grid', async () => {
    const c = await recordsCase();
    const md = (await pdfToMarkdown(c.bytes, loadPdfjs, pdfjsOptions)).markdown;
    const tables = markdownTables(md);
    // Written from the spec here: each record a row as set; each control cell its lines joined.
    expect(tables).toEqual([
      { header: RECORDS.header, rows: RECORDS.body.map((r) => [...r]) },
      { header: CONTROL.header, rows: CONTROL.body.map((r) => r.map((cell) => cell.join(' '))) },
      // No header row: the first record stands as the header, the others and the total under it.
      { header: HEADLESS.body[0], rows: [...HEADLESS.body.slice(1), HEADLESS.total] },
    ]);
    // The Markdown as written: header, separator, then one line per record, the empty place blank.
    const lines = md.split('\n');
    const first = lines.indexOf('| Article | Storm | Place |');
    expect(lines.slice(first, first + 2 + RECORDS.body.length)).toEqual([
      '| Article | Storm | Place |',
      '| --- | --- | --- |',
      ...RECORDS.body.map((r) => `| ${r.join(' | ')} |`),
    ]);
    // The wrapped note is one cell of one row, not two rows.
    expect(lines.filter((l) => l.startsWith('| 14 |'))).toEqual(['| 14 | Gauge | Replace the seal when the needle reads red. |']);
    // Every line of text is read once: no record is repeated outside the table.
    for (const w of RECORDS.body.map((r) => r[0])) expect(md.split(w).length - 1).toBe(1);
    expect(md.split('Wilma').length - 1).toBe(2);
  });
});

describe('the records rule', () => {
  const l = (y: number, text: string) => ({ y, size: 10, text });
  test('lines on shared baselines with a column of figures: each baseline a record, a cell without a line there empty', () => {
    const r = records([
      [l(100, '2005-09-23'), l(88, '2005-10-02'), l(76, '2005-11-20')],
      [l(100, 'Katrina'), l(88.5, 'Longwang'), l(76, 'Gamma')],
      [l(100, 'New Orleans'), l(76, 'Florida')],
    ]);
    expect(r).toEqual({
      n: 3,
      slots: [
        ['2005-09-23', '2005-10-02', '2005-11-20'],
        ['Katrina', 'Longwang', 'Gamma'],
        ['New Orleans', undefined, 'Florida'],
      ],
    });
  });

  test('not records: a cell wrapped beside one-line cells, words wrapped in every cell, lines off the shared baselines', () => {
    // One cell of two lines beside a one-line figure: the figure stands on half the baselines only.
    expect(records([[l(100, '14')], [l(100, 'Replace the seal'), l(88, 'when red.')]])).toBeNull();
    // Words wrapped in both cells, no figure.
    expect(records([[l(100, 'New'), l(88, 'Mexico')], [l(100, 'many'), l(88, 'checks')]])).toBeNull();
    // Cells centred vertically: a three-line cell beside a two-line one, half a line apart.
    expect(records([[l(100, '1'), l(88, '2'), l(76, '3')], [l(94, 'a b'), l(82, 'c d')]])).toBeNull();
    // Two lines of one cell on one baseline (text set in two runs is one line, not two records).
    expect(records([[l(100, '1'), l(100.5, '2')], [l(100, 'a'), l(88, 'b')]])).toBeNull();
  });

  test('figures: digits and no letters (numbers, amounts, dates, ranges), not words with digits', () => {
    for (const s of ['18,870', '36 (75%)', '2005-09-21 (1)', '$1.5', '12–15', '−3']) expect(isFigure(s)).toBe(true);
    for (const s of ['Route 66', 'A4', 'n/a', '—', '']) expect(isFigure(s)).toBe(false);
  });
});

describe('column labels turned to run up the page', () => {
  test('each turned label in the column under it, its lines left to right, pieces of a line bottom to top', async () => {
    const c = await upLabelsCase();
    const md = (await pdfToMarkdown(c.bytes, loadPdfjs, pdfjsOptions)).markdown;
    // Written from the spec here: each label's lines in order, a line's pieces joined.
    const header = UPLABELS.header.map((lines) => lines.map((pieces) => pieces.join(' ')).join(' '));
    expect(header[3]).toBe('Production estimate of rice (tonnes)');
    expect(markdownTables(md)).toEqual([{ header, rows: UPLABELS.body }]);
    // No label is left outside the table.
    expect(md.split('Requirement').length - 1).toBe(1);
  });
});
