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

/** What runInHeadings() draws: its paragraphs, each a bold opening (or none) and the rest. */
export const RUN_IN = {
  title: 'Field Notes on Retrieval',
  paragraphs: [
    { lead: '', rest: 'These notes gather what we learned while cutting long reports into passages for search.' },
    { lead: '1 Introduction.', rest: 'The rest of this paragraph explains why passages matter and how the notes are organised for a reader.' },
    { lead: '1.1 Scope.', rest: 'We only look at reports written in English and Portuguese, set in one column with numbered sections.' },
    { lead: 'Note.', rest: 'A bold opening without a section number stays part of its paragraph, as a reader would expect here.' },
    { lead: '1.2 Method:', rest: 'Each report was read twice and its sections compared with the printed table of contents by hand.' },
    // Bold words in the middle of a sentence: never a heading.
    { lead: '', rest: 'The limits listed under', bold: '2.1 Limits.', after: 'apply to every report in the set we used.' },
  ] as { lead: string; rest: string; bold?: string; after?: string }[],
  /** The outline the reader must find (the title, then the numbered run-in headings). */
  outline: [
    { level: 1, title: 'Field Notes on Retrieval' },
    { level: 2, title: '1 Introduction' },
    { level: 3, title: '1.1 Scope' },
    { level: 3, title: '1.2 Method' },
  ],
};

/**
 * Run-in headings: numbered bold openings ("1.1 Scope.") on body-size lines followed by the
 * paragraph's text in the regular weight, under a larger bold title; and two that must not become
 * headings: an unnumbered bold opening ("Note.") and bold words inside a sentence.
 */
export async function runInHeadings(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.TimesRoman);
  const b = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const page = pdf.addPage([612, 792]);
  const size = 10;
  const space = f.widthOfTextAtSize(' ', size);
  page.drawText(RUN_IN.title, { x: 72, y: 730, size: 18, font: b });
  let y = 690;
  for (const p of RUN_IN.paragraphs) {
    let x = 72;
    const put = (t: string, font = f) => {
      page.drawText(t, { x, y, size, font });
      x += font.widthOfTextAtSize(t, size) + space;
    };
    if (p.lead) put(p.lead, b);
    // The rest wraps at 300 pt: words on the first line, then the next lines.
    const words = p.rest.split(' ');
    let line = '';
    for (const w of words) {
      const next = line ? `${line} ${w}` : w;
      if (x + f.widthOfTextAtSize(next, size) > 372 && line) {
        put(line);
        y -= 12;
        x = 72;
        line = w;
      } else line = next;
    }
    if (line) put(line);
    if (p.bold) {
      put(p.bold, b);
      put(p.after ?? '');
    }
    y -= 24;
  }
  return pdf.save();
}

/** The run-in headings page as a bench case (scripts/pdf-cases.ts's PdfCase), from its spec. */
export async function runInCase(): Promise<import('./pdf-cases.ts').PdfCase> {
  const words = RUN_IN.paragraphs.map((p) => [p.lead, p.rest, p.bold, p.after].filter(Boolean).join(' '));
  return { name: 'run-in bold numbered headings', bytes: await runInHeadings(), text: [RUN_IN.title, ...words].join(' '), outline: RUN_IN.outline, tables: [], running: [] };
}
