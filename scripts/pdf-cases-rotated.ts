// Generated PDFs (pdf-lib, untagged) whose text runs sideways in PDF user space: a landscape report
// with a ruled table saved as a portrait page turned by /Rotate 90 (or 270), its text drawn turned a
// quarter so it stands upright on screen (what office and report generators write; the pdfplumber
// examples issue-140 and senate-expenditures are such pages), and the same landscape page drawn
// sideways on an unrotated portrait page. Read in user space, each table column becomes a "row":
// the reader must read them in the frame where the text is upright, title first, the table row by
// row with its header, the closing line last.
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';

/** What every page shows, top to bottom, as read upright. */
export const ROTATED_PAGE = {
  title: 'Quarterly Shipment Report',
  intro: 'Shipments from the central warehouse during the second quarter, by product line.',
  table: {
    header: ['Line no', 'Product code', 'Description', 'Quantity', 'Amount'],
    rows: [
      ['1', '0085648100305', 'Almond chocolate bar', '637', '388.57'],
      ['2', '0085648100380', 'Caramel dark chocolate', '688', '419.68'],
      ['3', '0085648100303', 'Dark chocolate bar', '560', '341.60'],
    ],
  },
  closing: 'Totals are shown before handling charges and taxes.',
};

/** How the landscape page is put on the portrait one: by /Rotate, or drawn turned with no /Rotate. */
export type Turn = 'rotate 90' | 'rotate 270' | 'drawn sideways';

/** One landscape page (792 × 612 as seen) on a 612 × 792 portrait page, turned as `turn` says. */
export async function rotatedPage(turn: Turn): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  // Seen point (X, Y), y up, on the 792 × 612 landscape view → the portrait page's user space.
  const ninety = turn !== 'rotate 270';
  const at = (X: number, Y: number) => (ninety ? { x: 612 - Y, y: X } : { x: Y, y: 792 - X });
  if (turn === 'rotate 90') page.setRotation(degrees(90));
  if (turn === 'rotate 270') page.setRotation(degrees(270));
  // 'drawn sideways' keeps the page unrotated: its text runs up the portrait page.
  const rotate = degrees(ninety ? 90 : -90);
  const text = (s: string, X: number, Y: number, size: number, bold = false) => page.drawText(s, { ...at(X, Y), size, font: bold ? b : f, rotate });
  const line = (X0: number, Y0: number, X1: number, Y1: number) => page.drawLine({ start: at(X0, Y0), end: at(X1, Y1), thickness: 0.6 });

  const P = ROTATED_PAGE;
  text(P.title, 60, 560, 16, true);
  text(P.intro, 60, 530, 10);
  const cols = [60, 120, 240, 420, 520, 620];
  const top = 500;
  const rowH = 20;
  const rows = [P.table.header, ...P.table.rows];
  rows.forEach((r, i) => r.forEach((c, j) => text(c, cols[j] + 4, top - (i + 1) * rowH + 6, 9, i === 0)));
  for (let i = 0; i <= rows.length; i++) line(cols[0], top - i * rowH, cols[cols.length - 1], top - i * rowH);
  for (const X of cols) line(X, top, X, top - rows.length * rowH);
  text(P.closing, 60, top - rows.length * rowH - 30, 10);
  return pdf.save();
}

/** The /Rotate 90 page as a bench case (bench/pdf-quality.ts). */
export async function rotatedCase() {
  const P = ROTATED_PAGE;
  const text = [P.title, P.intro, ...[P.table.header, ...P.table.rows].map((r) => r.join(' ')), P.closing].join(' ');
  return { name: 'landscape ruled table on a /Rotate 90 page', bytes: await rotatedPage('rotate 90'), text, outline: [{ level: 1, title: P.title }], tables: [P.table], running: [] };
}
