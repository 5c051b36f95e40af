// Generated PDFs (pdf-lib, untagged) of two layouts the reader reads badly and must say so (issue
// 33): headings set in the left margin beside the first line of their paragraph (side headings), and
// a table turned a quarter among upright paragraphs on an unrotated page. Each comes with its
// control: the same page without the side headings, and with only a few turned axis labels.
import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';

const LINES = [
  'The service covers every request made through the public interface during the',
  'contract period, including requests that fail validation and are answered with',
  'an error message naming the field at fault, as the contract for the service says.',
  'Requests made with a revoked key are refused and are never counted as usage.',
];

/** Three paragraphs of four lines; with `side`, each opens with a bold heading out in the left margin. */
export async function sideHeadingsPdf(side: boolean): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.TimesRoman);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  let y = 720;
  for (const heading of ['Scope', 'Billing', 'Support']) {
    if (side) page.drawText(heading, { x: 60, y, size: 10, font: b, color: rgb(0, 0, 0) });
    for (const line of LINES) {
      page.drawText(line, { x: 160, y, size: 10, font: f });
      y -= 13;
    }
    y -= 10;
  }
  return pdf.save();
}

const ROWS = [
  ['Region', 'Requests', 'Refused', 'Share'],
  ['North', '12,480', '311', '2.5%'],
  ['South', '9,906', '204', '2.1%'],
  ['East', '15,112', '530', '3.5%'],
  ['West', '7,731', '98', '1.3%'],
  ['Central', '21,045', '612', '2.9%'],
  ['Islands', '3,210', '41', '1.3%'],
  ['Northeast', '11,874', '260', '2.2%'],
  ['Southwest', '8,365', '177', '2.1%'],
  ['Highlands', '4,902', '66', '1.3%'],
];

/**
 * Upright paragraphs over a table; with `turned`, the table is drawn turned a quarter (its rows run
 * up the page, as a landscape table pasted into a portrait page); without, only three short turned
 * axis labels stand beside the upright table.
 */
export async function sidewaysTablePdf(turned: boolean): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  let y = 740;
  for (let k = 0; k < 3; k++)
    for (const line of LINES) {
      page.drawText(line, { x: 72, y, size: 10, font: f });
      y -= 13;
    }
  if (turned) {
    // Row r is a line running up the page at x = 120 + 40·r; its cells 90 pt apart along it.
    ROWS.forEach((row, r) => row.forEach((cell, c) => page.drawText(cell, { x: 120 + 40 * r, y: 120 + 90 * c, size: 10, font: f, rotate: degrees(90) })));
  } else {
    ROWS.forEach((row, r) => row.forEach((cell, c) => page.drawText(cell, { x: 120 + 90 * c, y: 500 - 14 * r, size: 10, font: f })));
    ['low', 'mid', 'high'].forEach((label, k) => page.drawText(label, { x: 90, y: 300 + 40 * k, size: 8, font: f, rotate: degrees(90) }));
  }
  return pdf.save();
}
