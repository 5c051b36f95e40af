// Generated PDFs (pdf-lib, untagged) of ruled tables drawn the way office programs and report
// generators draw them with shading, each reproducing a defect seen on real files (Camelot's
// twotables_1/2, pdfplumber's pr-138):
// - `shadedCells`: every cell a filled rectangle, the borders only the white gaps between them, and
//   every line of text on a box of its own filled with the cell's colour (invisible, but its edges
//   used to count as lines: phantom columns and rows, a title across the table repeated per column,
//   a cell spanning two rows and a wrapped cell split into rows of their own). A title row across
//   the table, a header cell wrapped over two lines, a state spanning two rows, a cell wrapped over
//   three lines.
// - `bandedTable`: a dark header band (two header rows, a group label over two columns) drawn apart
//   from the body band by a 3 pt sliver of page; the body's cells filled in column colours with
//   white rules, a full-width section row inside. The header band used to be read as a table of its
//   own and the body's first row taken for the header.
// - `zebraTable`: no line at all, a dark header row and body rows shaded grey and white in turn,
//   the last one white (its row used to fall outside the table: the shading's edges end above it).
// - `ruledRows`: a manual's table (no vertical line, a rule under every row, the header shaded):
//   first-column labels and descriptions wrapped over two or three lines, a cell of two bulleted
//   lines. A wrapped first-column label used to start a row of its own.
// Each comes with the table a reader must write, from the case's own spec.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { PdfCase } from './pdf-cases.ts';

export interface ShadedCase {
  name: string;
  bytes: Uint8Array;
  /** Paragraphs expected around the table (title lines). */
  before: string[];
  table: { header: string[]; rows: string[][] };
}

const SIZE = 9;
const LEAD = 11;

/** Cell texts by line; `span` rows for a cell spanning down. */
interface Cell {
  lines: string[];
  span?: number;
}

export const SHADED = {
  title: 'Outbreaks reported late in the week',
  header: [['No.'], ['State'], ['District'], ['Cases'], ['Action', 'taken']],
  // Row 2's state is covered by row 1's cell spanning two rows (null).
  body: [
    [{ lines: ['1'] }, { lines: ['Kerala'], span: 2 }, { lines: ['Kollam'] }, { lines: ['19'] }, { lines: ['Team investigated the', 'outbreak; house to house', 'survey done.'] }],
    [{ lines: ['2'] }, null, { lines: ['Thrissur'] }, { lines: ['7'] }, { lines: ['Samples collected.'] }],
    [{ lines: ['3'] }, { lines: ['Odisha'] }, { lines: ['Puri'] }, { lines: ['42'] }, { lines: ['Medical camp held for', 'three days.'] }],
  ] as (Cell | null)[][],
  xs: [60, 100, 190, 280, 330, 540],
};

function put(page: PDFPage, font: PDFFont, s: string, x: number, y: number) {
  page.drawText(s, { x, y, size: SIZE, font, color: rgb(0, 0, 0) });
}

/** Cells shaded, borders as gaps, each text line on a box of the cell's own colour. */
export async function shadedCells(): Promise<ShadedCase> {
  const S = SHADED;
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  const shade = rgb(0.8, 1, 1);
  const gap = 0.36; // half the white gap left between neighbouring cells
  const xs = S.xs;
  const x0 = xs[0];
  const x1 = xs[xs.length - 1];
  // A cell: its filled box, then each line on a box of the same colour reaching up to the cell's top
  // edge (so its edges touch the cell's: one drawing), then the text, word by word as word
  // processors write it.
  const cell = (cx0: number, cx1: number, top: number, bottom: number, lines: string[], font: PDFFont) => {
    page.drawRectangle({ x: cx0 + gap, y: bottom + gap, width: cx1 - cx0 - 2 * gap, height: top - bottom - 2 * gap, color: shade });
    lines.forEach((l, k) => {
      const boxTop = top - gap - LEAD * k;
      page.drawRectangle({ x: cx0 + 5, y: boxTop - LEAD, width: Math.min(cx1 - cx0 - 10, font.widthOfTextAtSize(l, SIZE)), height: LEAD, color: shade });
      let x = cx0 + 5;
      for (const w of l.split(' ')) {
        put(page, font, w, x, boxTop - 8.5);
        x += font.widthOfTextAtSize(`${w} `, SIZE);
      }
    });
  };
  const height = (lines: number) => 6 + LEAD * Math.max(1, lines);
  let y = 720;
  // Title row across the whole table.
  cell(x0, x1, y, y - height(1), [S.title], b);
  y -= height(1);
  const hh = height(Math.max(...S.header.map((h) => h.length)));
  S.header.forEach((h, i) => cell(xs[i], xs[i + 1], y, y - hh, h, b));
  y -= hh;
  const rowH = S.body.map((r) => height(Math.max(...r.map((c) => (c && !c.span ? c.lines.length : 1)))));
  S.body.forEach((r, ri) => {
    r.forEach((c, i) => {
      if (!c) return;
      const span = c.span ?? 1;
      const h = rowH.slice(ri, ri + span).reduce((a, v) => a + v, 0);
      cell(xs[i], xs[i + 1], y, y - h, c.lines, f);
    });
    y -= rowH[ri];
  });
  const join = (ls: string[]) => ls.join(' ');
  return {
    name: 'shaded cells, borders as gaps, a box behind every line of text',
    bytes: await pdf.save(),
    before: [S.title],
    table: { header: S.header.map(join), rows: S.body.map((r) => r.map((c) => (c ? join(c.lines) : ''))) },
  };
}

export const BANDED = {
  header1: ['Loan type', 'Rates p.a.', '', 'Offset'],
  header2: ['', 'Annual', 'Comparison', ''],
  body: [
    ['Fixed', '', '', ''],
    ['1 Year Fixed', '4.04%', '5.38%', 'Partial'],
    ['2 Year Fixed', '3.94%', '5.25%', 'Partial'],
    ['Variable', '', '', ''],
    ['Standard Variable', '5.37%', '5.51%', 'Full'],
    ['Extra Variable', '3.84%', '4.39%', 'None'],
  ],
  xs: [40, 200, 290, 380, 460],
};

/** A header band apart from the body band; cells filled in column colours, white rules, section rows. */
export async function bandedTable(): Promise<ShadedCase> {
  const B = BANDED;
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  const xs = B.xs;
  const x0 = xs[0];
  const x1 = xs[xs.length - 1];
  const dark = rgb(0.35, 0.36, 0.38);
  const section = rgb(0.77, 0.77, 0.78);
  const colours = [rgb(0.93, 0.93, 0.93), rgb(1, 0.96, 0.88), rgb(1, 0.93, 0.8), rgb(0.93, 0.93, 0.93)];
  const white = rgb(1, 1, 1);
  const title = 'Home loan interest rates';
  put(page, b, title, x0, 740);
  // Header band: row 1 (group label "Rates p.a." over two columns), row 2 (its sub-labels);
  // "Loan type" and "Offset" span both rows.
  const top = 720;
  const rh = 18;
  const mid = top - rh;
  const hb = top - 2 * rh;
  page.drawRectangle({ x: xs[0], y: hb, width: xs[1] - xs[0], height: 2 * rh, color: dark });
  page.drawRectangle({ x: xs[1], y: mid, width: xs[3] - xs[1], height: rh, color: dark });
  page.drawRectangle({ x: xs[1], y: hb, width: xs[2] - xs[1], height: rh, color: dark });
  page.drawRectangle({ x: xs[2], y: hb, width: xs[3] - xs[2], height: rh, color: dark });
  page.drawRectangle({ x: xs[3], y: hb, width: xs[4] - xs[3], height: 2 * rh, color: dark });
  put(page, b, B.header1[0], xs[0] + 4, mid - 4);
  put(page, b, B.header1[1], xs[1] + 4, mid + 5);
  put(page, b, B.header1[3], xs[3] + 4, mid - 4);
  put(page, b, B.header2[1], xs[1] + 4, hb + 5);
  put(page, b, B.header2[2], xs[2] + 4, hb + 5);
  // Body band, 3 pt below.
  let y = hb - 3;
  for (const r of B.body) {
    const isSection = r.slice(1).every((c) => !c);
    if (isSection) {
      page.drawRectangle({ x: x0, y: y - rh, width: x1 - x0, height: rh, color: section });
      put(page, b, r[0], x0 + 4, y - rh + 5);
    } else {
      r.forEach((c, i) => {
        page.drawRectangle({ x: xs[i], y: y - rh, width: xs[i + 1] - xs[i], height: rh, color: colours[i] });
        put(page, f, c, xs[i] + 4, y - rh + 5);
      });
      // White rules between the cells of the row.
      for (const x of xs.slice(1, -1)) page.drawLine({ start: { x, y }, end: { x, y: y - rh }, thickness: 0.5, color: white });
    }
    page.drawLine({ start: { x: x0, y: y - rh }, end: { x: x1, y: y - rh }, thickness: 0.5, color: white });
    y -= rh;
  }
  const header = B.header1.map((h, i) => [h || B.header1[i - 1], B.header2[i]].filter(Boolean).join(' '));
  return { name: 'a header band apart from the body band, column colours, white rules', bytes: await pdf.save(), before: [title], table: { header, rows: B.body } };
}

export const ZEBRA = {
  title: 'Models compared on the test corpus',
  rows: [
    ['Model', 'Size', 'Speed', 'Score'],
    ['alpha', '12 MB', 'fast', '0.81'],
    ['beta', '40 MB', 'slow', '0.85'],
    ['gamma', '7 MB', 'fast', '0.77'],
    ['delta', '90 MB', 'slow', '0.90'],
  ],
  after: 'The scores are hit rates at five, averaged over both corpora.',
  xs: [72, 220, 330, 440],
};

/** Rows shaded in turn (the header dark, then grey, white, grey, white), no line drawn. */
export async function zebraTable(): Promise<ShadedCase> {
  const Z = ZEBRA;
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  page.drawText(Z.title, { x: 72, y: 740, size: 10, font: b });
  let y = 720;
  const h = 18;
  Z.rows.forEach((r, i) => {
    const color = i === 0 ? rgb(0.2, 0.3, 0.5) : i % 2 ? rgb(0.9, 0.9, 0.9) : rgb(1, 1, 1);
    page.drawRectangle({ x: Z.xs[0], y: y - h, width: 468, height: h, color });
    r.forEach((c, j) => page.drawText(c, { x: Z.xs[j] + 4, y: y - 13, size: SIZE + 1, font: i === 0 ? b : f, color: i === 0 ? rgb(1, 1, 1) : rgb(0, 0, 0) }));
    y -= h;
  });
  page.drawText(Z.after, { x: 72, y: y - 30, size: SIZE + 1, font: f });
  return { name: 'rows shaded in turn, no line, the last row unshaded', bytes: await pdf.save(), before: [Z.title], table: { header: Z.rows[0], rows: Z.rows.slice(1) } };
}

export const RULED_ROWS = {
  title: 'Table 3-2 Options of the storage engine',
  header: ['Option', 'What it does', 'Default'],
  rows: [
    [['Data', 'compression'], ['Reduces the space a table takes on disk by', 'storing its rows in a packed form.'], ['Off']],
    [['Row-level', 'security'], ['• Limits the rows each user sees', '• Applies to queries and updates'], ['On']],
    [['Audit'], ['Records every change with its author.'], ['Off']],
    [['Read-only', 'replicas', 'for reports'], ['Serves reports from copies of the', 'database.'], ['Off']],
  ],
  xs: [72, 180, 450, 540],
};

/** Rows ruled off by horizontal rules only, the header shaded; cells wrapped, a bulleted cell. */
export async function ruledRows(): Promise<ShadedCase> {
  const R = RULED_ROWS;
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  const [x0, , , x1] = R.xs;
  const rule = (y: number) => page.drawLine({ start: { x: x0, y }, end: { x: x1, y }, thickness: 0.5, color: rgb(0, 0, 0) });
  page.drawText(R.title, { x: x0, y: 740, size: SIZE + 1, font: b });
  let y = 720;
  page.drawRectangle({ x: x0, y: y - 16, width: x1 - x0, height: 16, color: rgb(0.85, 0.85, 0.85) });
  rule(y);
  R.header.forEach((h, i) => put(page, b, h, R.xs[i] + 4, y - 12));
  y -= 16;
  rule(y);
  for (const r of R.rows) {
    const n = Math.max(...r.map((c) => c.length));
    r.forEach((c, i) => c.forEach((l, k) => put(page, f, l, R.xs[i] + 4, y - 12 - k * LEAD)));
    y -= 6 + n * LEAD;
    rule(y);
  }
  page.drawText('The options apply to every table of the database.', { x: x0, y: y - 24, size: SIZE + 1, font: f });
  return { name: 'rows ruled off by horizontal rules, wrapped labels, a bulleted cell', bytes: await pdf.save(), before: [R.title], table: { header: R.header, rows: R.rows.map((r) => r.map((c) => c.join(' '))) } };
}

/** The cases in the bench's form: the words in reading order (title, header, rows), the table. */
export async function shadedBenchCases(): Promise<PdfCase[]> {
  return (await Promise.all([shadedCells(), bandedTable(), zebraTable(), ruledRows()])).map((c) => ({
    name: c.name,
    bytes: c.bytes,
    text: [...c.before, ...c.table.header, ...c.table.rows.flat()].filter(Boolean).join(' '),
    outline: [],
    tables: [c.table],
    running: [],
  }));
}
