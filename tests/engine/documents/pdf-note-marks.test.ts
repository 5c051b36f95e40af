// Note marks set as superscripts stand apart from the word or number they mark ("copying²" reads
// "copying 2", a table's "273.879.750¹" reads "273.879.750 1", a footnote's leading "¹" is apart
// from its text), while a raised figure after a single letter or carried on at once stays an
// exponent ("S²", "cos²(v)"). A page drawn with pdf-lib, each raised figure its own text run.
import { expect, test } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

async function page(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p = doc.addPage([595, 842]);
  // One line of runs: [text, raised?] drawn left to right with no gap before a raised run.
  const line = (y: number, runs: [string, boolean][]) => {
    let x = 72;
    for (const [t, up] of runs) {
      const size = up ? 6 : 10;
      p.drawText(t, { x, y: up ? y + 4 : y, size, font });
      x += font.widthOfTextAtSize(t, size);
    }
  };
  line(760, [['Making a copy is called copying', false], ['2', true], [', and a new work is to create', false], ['3', true], [' in law.', false]]);
  line(745, [['The population counted was 273.879.750', false], ['1', true], [' people in all.', false]]);
  line(730, [['The sphere S', false], ['2', true], [' and the square cos', false], ['2', true], ['(v) stay as written.', false]]);
  line(700, [['1', true], ['Pub. L. 105-304, the footnote text.', false]]);
  return doc.save();
}

test('note marks apart, exponents kept', async () => {
  const md = (await pdfToMarkdown(await page(), loadPdfjs, pdfjsOptions)).markdown;
  expect(md).toContain('copying 2, and a new work is to create 3 in law.');
  expect(md).toContain('273.879.750 1 people in all.');
  expect(md).toContain('The sphere S2 and the square cos2(v) stay as written.');
  expect(md).toMatch(/(?:^|\n)1 Pub\. L\. 105-304, the footnote text\./);
});
