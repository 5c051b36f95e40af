// Generated PDF (pdf-lib, untagged) of ruled grids whose rows hold several text lines, reproducing
// a defect seen on a real paper (pdfminer's naacl06 sample, Tables 1, 5 and 7):
// - `RECORDS`: a grid with a line between every two columns but only three horizontal rules (top,
//   under the header, bottom), so each column's whole body is one grid cell. Its five records stand
//   one a line on shared baselines (a date column, one record with no place). They used to come out
//   as one row whose cells held every line joined.
// - `CONTROL`: a grid ruled between every row, whose cells wrap: a note wrapped over two lines
//   beside one-line cells, and a row where two cells wrap while the figure beside them does not.
//   Each wrapped cell must stay one cell, its lines joined with spaces.
// - `HEADLESS`: a small grid with no header row (a rule above two records, one under them, a total
//   row, a rule below; a line between the columns): the first grid row holds the records, the first
//   of them stands as the header.
// Each comes with the tables a reader must write, from the case's own spec.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { PdfCase } from './pdf-cases.ts';

const SIZE = 9;
const LEAD = 11;

export const RECORDS = {
  caption: 'Table 1: Storms named in the articles, one a line.',
  header: ['Article', 'Storm', 'Place'],
  // One record a line; '' where the record has no value (no text on that baseline).
  body: [
    ['2005-09-23', 'Katrina', 'New Orleans'],
    ['2005-10-02', 'Longwang', 'Taiwan'],
    ['2005-10-19', 'Wilma', 'Cancun'],
    ['2005-10-25', 'Wilma', ''],
    ['2005-11-20', 'Gamma', 'Florida'],
  ],
  xs: [72, 160, 250, 360],
};

export const CONTROL = {
  caption: 'Table 2: Parts to check, one a row.',
  header: ['Code', 'Part', 'Note'],
  // Each cell as its lines (a wrapped cell has several).
  body: [
    [['12'], ['Valve'], ['Check monthly.']],
    [['14'], ['Gauge'], ['Replace the seal when the', 'needle reads red.']],
    [['1,200'], ['Flow', 'meter'], ['Calibrate after', 'each service.']],
  ],
  xs: [72, 130, 220, 400],
};

export const HEADLESS = {
  body: [
    ['Consistent groups', '36 (75%)'],
    ['Inconsistent groups', '12'],
  ],
  total: ['Total', '48'],
  xs: [72, 190, 250],
};

function put(page: PDFPage, font: PDFFont, s: string, x: number, y: number) {
  page.drawText(s, { x, y, size: SIZE, font, color: rgb(0, 0, 0) });
}

function hline(page: PDFPage, x0: number, x1: number, y: number) {
  page.drawLine({ start: { x: x0, y }, end: { x: x1, y }, thickness: 0.5, color: rgb(0, 0, 0) });
}

function vlines(page: PDFPage, xs: number[], top: number, bottom: number) {
  for (const x of xs) page.drawLine({ start: { x, y: top }, end: { x, y: bottom }, thickness: 0.5, color: rgb(0, 0, 0) });
}

/** The page: the records grid under its caption, the control grid under its own, the headless grid. */
export async function recordsCase(): Promise<PdfCase> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  // Records grid: a header row, then one row holding every record, lines LEAD apart.
  {
    const { xs } = RECORDS;
    put(page, f, RECORDS.caption, xs[0], 722);
    const top = 710;
    const mid = top - 16;
    const bottom = mid - 6 - LEAD * RECORDS.body.length;
    hline(page, xs[0], xs[xs.length - 1], top);
    hline(page, xs[0], xs[xs.length - 1], mid);
    hline(page, xs[0], xs[xs.length - 1], bottom);
    vlines(page, xs, top, bottom);
    RECORDS.header.forEach((h, c) => put(page, b, h, xs[c] + 4, top - 11));
    RECORDS.body.forEach((rec, j) => rec.forEach((s, c) => s && put(page, f, s, xs[c] + 4, mid - 11 - LEAD * j)));
  }
  // Control grid: a rule under every row; a row as tall as its tallest cell.
  {
    const { xs } = CONTROL;
    put(page, f, CONTROL.caption, xs[0], 560);
    let y = 548;
    hline(page, xs[0], xs[xs.length - 1], y);
    const top = y;
    CONTROL.header.forEach((h, c) => put(page, b, h, xs[c] + 4, y - 11));
    y -= 16;
    hline(page, xs[0], xs[xs.length - 1], y);
    for (const row of CONTROL.body) {
      const n = Math.max(...row.map((c) => c.length));
      row.forEach((lines, c) => lines.forEach((s, k) => put(page, f, s, xs[c] + 4, y - 11 - LEAD * k)));
      y -= 6 + LEAD * n;
      hline(page, xs[0], xs[xs.length - 1], y);
    }
    vlines(page, xs, top, y);
  }
  // Headless grid: two records in the first grid row, the total in the second.
  {
    const { xs } = HEADLESS;
    const top = 400;
    const mid = top - 6 - LEAD * HEADLESS.body.length;
    const bottom = mid - 16;
    hline(page, xs[0], xs[xs.length - 1], top);
    hline(page, xs[0], xs[xs.length - 1], mid);
    hline(page, xs[0], xs[xs.length - 1], bottom);
    vlines(page, xs, top, bottom);
    HEADLESS.body.forEach((rec, j) => rec.forEach((s, c) => put(page, f, s, xs[c] + 4, top - 11 - LEAD * j)));
    HEADLESS.total.forEach((s, c) => put(page, f, s, xs[c] + 4, mid - 11));
  }
  const records = { header: RECORDS.header, rows: RECORDS.body };
  const control = { header: CONTROL.header, rows: CONTROL.body.map((r) => r.map((c) => c.join(' '))) };
  const headless = { header: HEADLESS.body[0], rows: [...HEADLESS.body.slice(1), HEADLESS.total] };
  return {
    name: 'ruled grids: records one a line in one cell per column, wrapped cells',
    bytes: await pdf.save(),
    text: [RECORDS.caption, ...records.header, ...records.rows.flat(), CONTROL.caption, ...control.header, ...control.rows.flat(), ...headless.header, ...headless.rows.flat()].filter(Boolean).join(' '),
    outline: [],
    tables: [records, control, headless],
    running: [],
  };
}
