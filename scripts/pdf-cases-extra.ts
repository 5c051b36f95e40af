// More generated PDF cases (pdf-lib, untagged), beside scripts/pdf-cases.ts: a document whose
// structure the reader can only guess (the import preview's structure fixes are tested on it).
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** What guessedStructure() draws, for the tests to compare against. */
export const GUESSED = {
  lines: ['Notes on chunking documents for retrieval tests.', 'Scope of this note', 'The settings below change how documents are cut into pieces.'],
  table: [
    ['Setting', 'Default', 'Meaning'],
    ['maxTokens', '128', 'hard cap'],
    ['overlap', '0', 'shared tokens'],
    ['level', '2', 'heading level'],
  ],
  closing: 'A closing paragraph of plain text.',
};

/**
 * One page, every line at body size in one font (no font cues, no tags, no outline): three short
 * paragraphs, then a small table whose columns do not line up from row to row (so the reader keeps
 * its rows as paragraphs), then a closing paragraph.
 */
export async function guessedStructure(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  let y = 740;
  for (const t of GUESSED.lines) {
    page.drawText(t, { x: 72, y, size: 10, font: f });
    y -= 36;
  }
  GUESSED.table.forEach((r, i) => {
    const xs = [72, 200 + (i % 2) * 40, 330 - (i % 2) * 30];
    r.forEach((c, k) => page.drawText(c, { x: xs[k], y, size: 10, font: f }));
    y -= 14;
  });
  page.drawText(GUESSED.closing, { x: 72, y: y - 22, size: 10, font: f });
  return pdf.save();
}
