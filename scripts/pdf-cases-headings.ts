// Generated PDF cases (pdf-lib, untagged, no outline) for headings found from fonts and for running
// lines, beside scripts/pdf-cases.ts: a paper's title page with its byline, address and date set
// like headings; a book with alternating running headers whose page number sits on the outer side,
// chapter titles as running headers, roman page numbers in the front matter and the title on page 1
// in the running header's words; labels set in bold at body size that are no section headings.
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { wrap as wrapWords, type PdfCase } from './pdf-cases.ts';

/** Lines of at most `width` points. */
const wrap = (text: string, font: PDFFont, size: number, width: number) => wrapWords(text.split(' '), font, size, width);

const LOREM = 'reading careful layout pages columns words lines between measure section figure table notes header footer number chapter order text paragraph title'.split(' ');

/** `n` words from a seeded generator, the first capitalised, ending with a full stop. */
function sentence(seed: number, n: number): string {
  let s = seed >>> 0;
  const w = Array.from({ length: n }, () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return LOREM[(s >>> 16) % LOREM.length];
  });
  w[0] = w[0][0].toUpperCase() + w[0].slice(1);
  return `${w.join(' ')}.`;
}


/** A paragraph of `sentences` generated sentences at body size from `y`; returns the next y and its lines. */
function paragraph(page: PDFPage, font: PDFFont, seed: number, sentences: number, y: number, x = 72, width = 450, size = 10): { y: number; lines: string[] } {
  const text = Array.from({ length: sentences }, (_, k) => sentence(seed * 31 + k, 12)).join(' ');
  const lines = wrap(text, font, size, width);
  for (const l of lines) {
    page.drawText(l, { x, y, size, font });
    y -= size * 1.3;
  }
  return { y: y - size * 0.8, lines };
}

/**
 * A three-page paper with no outline (A4): a bold title, then two authors side by side in bold
 * 12 pt, an address and a date in 12 pt (larger than the 10 pt body), then "Abstract" and numbered
 * sections in bold 12 pt. Page numbers are centred 115 pt above the foot (about 14% of the page,
 * where LaTeX's default footer puts them on A4), higher than the usual footer band.
 */
export async function frontMatterCase(): Promise<PdfCase & { bylines: string[] }> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.TimesRoman);
  const b = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const text: string[] = [];
  const outline: PdfCase['outline'] = [];
  const title = 'Reading Layout from Careful Pages';
  const bylines = ['Maria Silva', 'Joao Pereira', 'Rua das Flores 100 Porto Alegre', 'December 2024'];
  const sections = ['Abstract', '1 Introduction', '2 Method', '3 Results', '4 Discussion'];
  const pages = [1, 2, 3].map(() => pdf.addPage([595, 842]));
  const centre = (p: PDFPage, t: string, font: PDFFont, size: number, y: number) => p.drawText(t, { x: (595 - font.widthOfTextAtSize(t, size)) / 2, y, size, font });
  centre(pages[0], title, b, 18, 760);
  text.push(title);
  outline.push({ level: 1, title });
  pages[0].drawText(bylines[0], { x: 150, y: 725, size: 12, font: b });
  pages[0].drawText(bylines[1], { x: 350, y: 725, size: 12, font: b });
  centre(pages[0], bylines[2], f, 12, 706);
  centre(pages[0], bylines[3], f, 12, 688);
  text.push(...bylines);
  let y = 640;
  let page = 0;
  sections.forEach((h, k) => {
    if (y < 300) {
      page++;
      y = 760;
    }
    pages[page].drawText(h, { x: 72, y, size: 12, font: b });
    text.push(h);
    outline.push({ level: 2, title: h });
    y -= 24;
    for (let p = 0; p < 2; p++) {
      const r = paragraph(pages[page], f, k * 10 + p, 5, y);
      text.push(...r.lines);
      y = r.y;
    }
  });
  pages.forEach((p, i) => centre(p, String(i + 1), f, 10, 115));
  return { name: 'title page: byline, address, date; page numbers 14% up', bytes: await pdf.save(), text: text.join(' '), outline, tables: [], running: [], bylines };
}

/**
 * A twelve-page book with no outline. Page 1: the title in bold at body size, at the top, in the
 * words of the running header the later pages carry in regular weight. Pages 2 and 3: a preface with
 * roman page numbers ("ii", "iii") at the foot. Pages 4 to 12: two chapters with running headers
 * that alternate, the page number on the outer side: even pages "12  Careful Reading Notes" (number
 * left), odd pages "1 Getting Started  5" (the chapter's title, number right), so a chapter's
 * header is on two pages only.
 */
export async function runningBookCase(): Promise<PdfCase> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.TimesRoman);
  const b = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const book = 'Careful Reading Notes';
  const chapters = [
    { title: '1 Getting Started', pages: [4, 5, 6, 7] },
    { title: '2 Going Further', pages: [8, 9, 10, 11, 12] },
  ];
  const text: string[] = [];
  const outline: PdfCase['outline'] = [];
  const running: string[] = [];
  for (let n = 1; n <= 12; n++) {
    const page = pdf.addPage([595, 842]);
    let y = 700;
    if (n === 1) {
      page.drawText(book, { x: 72, y: 780, size: 10, font: b });
      text.push(book);
      outline.push({ level: 1, title: book });
      const r = paragraph(page, f, 1, 6, y);
      text.push(...r.lines);
      continue;
    }
    if (n <= 3) {
      if (n === 2) {
        page.drawText('Preface', { x: 72, y, size: 16, font: b });
        text.push('Preface');
        outline.push({ level: 2, title: 'Preface' });
        y -= 36;
      }
      const roman = ['ii', 'iii'][n - 2];
      page.drawText(roman, { x: 290, y: 60, size: 10, font: f });
      running.push(roman);
      const r = paragraph(page, f, n, 14, y);
      text.push(...r.lines);
      continue;
    }
    const ch = chapters.find((c) => c.pages.includes(n))!;
    const folio = String(n - 3);
    if (n % 2 === 0) {
      page.drawText(folio, { x: 72, y: 780, size: 10, font: f });
      page.drawText(book, { x: 110, y: 780, size: 10, font: f });
      running.push(`${folio} ${book}`);
    } else {
      page.drawText(ch.title, { x: 380, y: 780, size: 10, font: f });
      page.drawText(folio, { x: 515, y: 780, size: 10, font: f });
      running.push(`${ch.title} ${folio}`);
    }
    if (n === ch.pages[0]) {
      page.drawText(ch.title, { x: 72, y, size: 16, font: b });
      text.push(ch.title);
      outline.push({ level: 2, title: ch.title });
      y -= 36;
    }
    const r = paragraph(page, f, n, 14, y);
    text.push(...r.lines);
  }
  return { name: 'book: alternating headers, outer page numbers, chapter headers, roman front matter', bytes: await pdf.save(), text: text.join(' '), outline, tables: [], running };
}

/**
 * Bold lines at body size that are no section headings, between two that are ("1 Basics",
 * "2 Structures" in bold 12 pt over a 10 pt body): numbered definitions and an example set like
 * LaTeX theorem heads ("Definition 1", "Example 3 (Small sets)"), a proof label ("Proof:"), a line
 * whose one bold word is its longest run ("X is Well-Ordered."), a numbered item whose bold
 * opening fills the measure and runs on in regular weight into the next line; and a figure's caption
 * set in bold 12 pt like the headings.
 */
export async function boldLabelsCase(): Promise<PdfCase & { notHeadings: string[] }> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.TimesRoman);
  const b = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const page = pdf.addPage([612, 792]);
  const text: string[] = [];
  const outline: PdfCase['outline'] = [];
  let y = 740;
  const heading = (t: string) => {
    page.drawText(t, { x: 72, y, size: 12, font: b });
    text.push(t);
    outline.push({ level: 1, title: t });
    y -= 22;
  };
  const label = (t: string, seed: number) => {
    page.drawText(t, { x: 72, y, size: 10, font: b });
    text.push(t);
    y -= 13;
    const r = paragraph(page, f, seed, 2, y);
    text.push(...r.lines);
    y = r.y;
  };
  heading('1 Basics');
  const para = paragraph(page, f, 90, 2, y);
  text.push(...para.lines);
  y = para.y;
  label('Definition 1', 1);
  label('Definition 2', 2);
  label('Example 3 (Small sets)', 3);
  label('Proof:', 4);
  label('Proof: (of the second claim)', 7);
  // One bold word, the line's longest run, inside a sentence.
  page.drawText('X is ', { x: 72, y, size: 10, font: f });
  page.drawText('Well-Ordered.', { x: 72 + f.widthOfTextAtSize('X is ', 10), y, size: 10, font: b });
  text.push('X is Well-Ordered.');
  y -= 13;
  const after = paragraph(page, f, 5, 2, y);
  text.push(...after.lines);
  y = after.y;
  // A caption set like a heading (bold, larger than the body).
  page.drawText('Figure 2 – Pages laid out in two columns', { x: 72, y, size: 12, font: b });
  text.push('Figure 2 – Pages laid out in two columns');
  y -= 22;
  heading('2 Structures');
  label('Definition 4', 6);
  // "2." then a bold opening running on in regular weight to the right margin, then its next line.
  const lead = 'Reverse engineering';
  const rest = ' (section 12). This exception permits the';
  page.drawText('2.', { x: 72, y, size: 10, font: f });
  page.drawText(lead, { x: 100, y, size: 10, font: b });
  const restX = 100 + b.widthOfTextAtSize(lead, 10);
  page.drawText(rest, { x: restX, y, size: 10, font: f });
  const openingEnd = restX + f.widthOfTextAtSize(rest, 10);
  // The lines below fill the same measure.
  const restLines = wrap('circumvention of a measure by a person who lawfully holds a copy of a program for the sole purpose of finding the parts needed for it to work with other programs.', f, 10, openingEnd - 100);
  text.push(`2. ${lead}${rest}`);
  y -= 13;
  for (const l of restLines) {
    page.drawText(l, { x: 100, y, size: 10, font: f });
    text.push(l);
    y -= 13;
  }
  // The measure: the opening line reaches the right edge of the lines below.
  const widest = Math.max(...restLines.map((l) => f.widthOfTextAtSize(l, 10)));
  if (openingEnd < 100 + widest - 20) throw new Error('boldLabelsCase: the run-in opening does not fill the measure');
  return {
    name: 'bold labels at body size: theorem heads, proof, a bold word, a run-in item',
    bytes: await pdf.save(),
    text: text.join(' '),
    outline,
    tables: [],
    running: [],
    notHeadings: ['Definition', 'Example 3', 'Proof', 'Well-Ordered', 'Reverse engineering', 'Figure 2'],
  };
}
