// Generated PDF (pdf-lib, untagged) of a ruled grid whose narrow columns carry their labels turned a
// quarter to run up the page, as statistical reports set them (Camelot's agstat sample): each label
// over one to three lines side by side, the first on the left, one label set in two pieces. Turned
// labels used to land in the column to their right (their length taken as a width) and their lines
// read bottom to top. Comes with the table a reader must write, from the case's own spec.
import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';
import type { PdfCase } from './pdf-cases.ts';

const SIZE = 8;

export const UPLABELS = {
  title: 'Estimates by district',
  // Upright labels (one line), then turned labels (their lines; a line may be drawn in pieces).
  header: [[['District']], [['Population', 'for 2012-13'], ['(in lakhs)']], [['Requirement'], ['(tonnes)']], [['Production', 'estimate'], ['of rice'], ['(tonnes)']]] as string[][][],
  turned: [false, true, true, true],
  body: [
    ['Balasore', '23.65', '3.47', '2.78'],
    ['Bhadrak', '15.34', '2.25', '3.50'],
    ['Cuttack', '26.63', '3.91', '3.75'],
  ],
  xs: [72, 170, 215, 260, 305],
};

/** The header as a reader must write it: each label's lines (pieces joined) in order. */
export const upLabelsHeader = () => UPLABELS.header.map((lines) => lines.map((pieces) => pieces.join(' ')).join(' '));

export async function upLabelsCase(): Promise<PdfCase> {
  const U = UPLABELS;
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  const black = rgb(0, 0, 0);
  page.drawText(U.title, { x: U.xs[0], y: 730, size: 11, font: f, color: black });
  const top = 715;
  const headBottom = top - 90;
  const ys = [top, headBottom, ...U.body.map((_, j) => headBottom - 14 * (j + 1))];
  const x0 = U.xs[0];
  const x1 = U.xs[U.xs.length - 1];
  for (const y of ys) page.drawLine({ start: { x: x0, y }, end: { x: x1, y }, thickness: 0.5, color: black });
  for (const x of U.xs) page.drawLine({ start: { x, y: top }, end: { x, y: ys[ys.length - 1] }, thickness: 0.5, color: black });
  U.header.forEach((lines, c) => {
    if (!U.turned[c]) return void page.drawText(lines[0].join(' '), { x: U.xs[c] + 4, y: top - 12, size: SIZE, font: f, color: black });
    // Turned labels: each line a baseline running up, lines left to right, the first on the left.
    lines.forEach((pieces, k) => {
      let y = headBottom + 4;
      for (const p of pieces) {
        page.drawText(p, { x: U.xs[c] + 4 + SIZE * (k + 1), y, size: SIZE, font: f, color: black, rotate: degrees(90) });
        y += f.widthOfTextAtSize(`${p} `, SIZE);
      }
    });
  });
  U.body.forEach((row, j) => row.forEach((s, c) => page.drawText(s, { x: U.xs[c] + 4, y: ys[j + 1] - 10, size: SIZE, font: f, color: black })));
  const table = { header: upLabelsHeader(), rows: U.body };
  return {
    name: 'ruled grid with column labels turned to run up',
    bytes: await pdf.save(),
    text: [U.title, ...table.header, ...U.body.flat()].join(' '),
    outline: [],
    tables: [table],
    running: [],
  };
}
