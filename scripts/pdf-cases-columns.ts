// Generated PDFs (pdf-lib, untagged) of pages set in more than two columns, for the reader's tests
// and the bench. Each content stream is written in an order that defeats stream-order extraction:
// the columns' lines row by row across the page, slides bottom-up word by word (as presentation
// software writes runs). Each case carries its text in reading order, written from its own spec.
//   threeColumns: a full-width title; three columns with gutters narrower than an em (LaTeX-like
//     10 pt text with 8 pt gutters, so a line of one column and the next column's line are one
//     text run apart by less than the fragment gap); a caption across all three columns; below it,
//     a caption across the second and third columns only (a figure spanning two of three columns),
//     with the first column running beside it from top to bottom; a full-width footnote.
//   fourColumns: a full-width title over four columns, each under a bold header (a newsletter).
//   twoContentSlides: landscape slides with a title over two columns of bullets, drawn bottom-up,
//     each word a separate run.
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { wrap as lines, type PdfCase } from './pdf-cases.ts';

const VOCAB = 'gutter column band caption figure footnote title margin reading order layout paragraph sentence window token section heading corpus index answer'.split(' ');

/** `n` words of VOCAB, drawn by a small linear congruential generator from `seed`. */
function prose(seed: number, n: number): string[] {
  let s = seed >>> 0;
  return Array.from({ length: n }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return VOCAB[(s >>> 16) % VOCAB.length];
  });
}


interface Placed {
  x: number;
  y: number;
  t: string;
  size: number;
  font: PDFFont;
}

/** Draws placed lines row by row across the page (top to bottom, left to right within a row). */
function drawRowWise(page: PDFPage, placed: Placed[]): void {
  for (const p of [...placed].sort((a, b) => b.y - a.y || a.x - b.x)) page.drawText(p.t, { x: p.x, y: p.y, size: p.size, font: p.font });
}

/** A column's paragraphs placed from `top` down, 12 pt apart, a blank line between paragraphs. */
function column(paras: string[][], x: number, top: number, font: PDFFont): { placed: Placed[]; bottom: number } {
  const placed: Placed[] = [];
  let y = top;
  for (const para of paras) {
    for (const t of para) {
      placed.push({ x, y, t, size: 10, font });
      y -= 12;
    }
    y -= 6;
  }
  return { placed, bottom: y };
}

export async function threeColumns(): Promise<PdfCase> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.TimesRoman);
  const b = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const page = pdf.addPage([612, 792]);
  // Columns 168 pt wide at x = 50, 226, 402: gutters of 8 pt.
  const W = 168;
  const X = [50, 226, 402];
  const para = (seed: number, tag: string, n = 34) => lines([tag, ...prose(seed, n), 'stop.'], f, 10, W);
  const placed: Placed[] = [];
  const title = 'Three Columns Read One After Another';
  placed.push({ x: 150, y: 740, t: title, size: 18, font: b });
  // Band A: three columns of two paragraphs each.
  const bandA = X.map((x, c) => [para(10 + c, `A${c + 1}first`), para(20 + c, `A${c + 1}second`)]);
  let bottomA = 720;
  bandA.forEach((ps, c) => {
    const col = column(ps, X[c], 712, f);
    placed.push(...col.placed);
    bottomA = Math.min(bottomA, col.bottom);
  });
  // A caption across the three columns (a figure* in LaTeX).
  const cap1 = lines(['Figure', '1:', ...prose(31, 40), 'end.'], f, 9, 512);
  cap1.forEach((t, i) => placed.push({ x: 50, y: bottomA - 8 - 11 * i, t, size: 9, font: f }));
  const topB = bottomA - 8 - 11 * cap1.length - 14;
  // Band B: the first column runs from topB down; the second and third have two lines' worth of
  // text, a caption across both, then more text.
  const b1 = [para(40, 'B1first', 60), para(41, 'B1second', 60)];
  const colB1 = column(b1, X[0], topB, f);
  placed.push(...colB1.placed);
  const b2top = [para(50, 'B2top', 16)];
  const b3top = [para(60, 'B3top', 16)];
  const c2 = column(b2top, X[1], topB, f);
  const c3 = column(b3top, X[2], topB, f);
  placed.push(...c2.placed, ...c3.placed);
  const capY = Math.min(c2.bottom, c3.bottom) - 4;
  const cap2 = lines(['Figure', '2:', ...prose(71, 26), 'end.'], f, 9, 2 * W + 8);
  cap2.forEach((t, i) => placed.push({ x: X[1], y: capY - 11 * i, t, size: 9, font: f }));
  const below = capY - 11 * cap2.length - 10;
  const b2bottom = [para(80, 'B2bottom', 22)];
  const b3bottom = [para(90, 'B3bottom', 22)];
  const d2 = column(b2bottom, X[1], below, f);
  const d3 = column(b3bottom, X[2], below, f);
  placed.push(...d2.placed, ...d3.placed);
  const foot = 'A footnote set across the whole width of the page, under all three columns, long enough to cross both gutters.';
  placed.push({ x: 50, y: 50, t: foot, size: 8, font: f });
  drawRowWise(page, placed);
  const flat = (ps: string[][][]) => ps.flat(2);
  const text = [title, ...flat(bandA), ...cap1, ...b1.flat(), ...b2top.flat(), ...b3top.flat(), ...cap2, ...b2bottom.flat(), ...b3bottom.flat(), foot].join(' ');
  return { name: 'three columns, captions across three and across two (row-wise stream)', bytes: await pdf.save(), text, outline: [{ level: 1, title }], tables: [], running: [] };
}

export async function fourColumns(): Promise<PdfCase> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([792, 612]);
  const title = 'Four Column Newsletter';
  const placed: Placed[] = [{ x: 40, y: 560, t: title, size: 20, font: b }];
  // Columns 170 pt wide at x = 40, 222, 404, 586: gutters of 12 pt.
  const W = 170;
  const heads = ['Harbour News', 'Market Report', 'Weather Notes', 'Letters Page'];
  const cols = heads.map((_, c) => lines([`C${c + 1}text`, ...prose(100 + c, 70), 'stop.'], f, 9, W));
  heads.forEach((h, c) => {
    const x = 40 + 182 * c;
    placed.push({ x, y: 520, t: h, size: 11, font: b });
    cols[c].forEach((t, i) => placed.push({ x, y: 502 - 11 * i, t, size: 9, font: f }));
  });
  drawRowWise(page, placed);
  const text = [title, ...heads.flatMap((h, c) => [h, ...cols[c]])].join(' ');
  return { name: 'four columns under a title (row-wise stream)', bytes: await pdf.save(), text, outline: [{ level: 1, title }, ...heads.map((h) => ({ level: 2, title: h }))], tables: [], running: [] };
}

export async function twoContentSlides(): Promise<PdfCase> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const all: string[] = [];
  const outline: PdfCase['outline'] = [];
  for (let s = 1; s <= 2; s++) {
    const page = pdf.addPage([960, 540]);
    const title = `Comparison ${['North', 'South'][s - 1]}`;
    const left = [1, 2, 3, 4].map((k) => ['•', `Left${k}`, ...prose(s * 100 + k, 4)]);
    const right = [1, 2, 3, 4].map((k) => ['•', `Right${k}`, ...prose(s * 200 + k, 4)]);
    const runs: { t: string[]; x: number; y: number; size: number; font: PDFFont }[] = [{ t: title.split(' '), x: 60, y: 460, size: 36, font: b }];
    // The right column starts 40 pt after the widest left line.
    const xr = 60 + Math.max(...left.map((t) => f.widthOfTextAtSize(t.join(' '), 20))) + 40;
    left.forEach((t, k) => runs.push({ t, x: 60, y: 370 - 60 * k, size: 20, font: f }));
    right.forEach((t, k) => runs.push({ t, x: xr, y: 370 - 60 * k, size: 20, font: f }));
    // Bottom-up, right column before the left on each row, each word a run of its own.
    for (const r of [...runs].sort((p, q) => p.y - q.y || q.x - p.x)) {
      let x = r.x;
      for (const w of r.t) {
        page.drawText(w, { x, y: r.y, size: r.size, font: r.font });
        x += r.font.widthOfTextAtSize(`${w} `, r.size);
      }
    }
    outline.push({ level: 1, title });
    all.push(title, ...left.map((t) => t.slice(1).join(' ')), ...right.map((t) => t.slice(1).join(' ')));
  }
  return { name: 'slides with two columns of bullets (bottom-up, word runs)', bytes: await pdf.save(), text: all.join(' '), outline, tables: [], running: [] };
}

export async function columnCases(): Promise<PdfCase[]> {
  return [await threeColumns(), await fourColumns(), await twoContentSlides()];
}
