// Generated PDF cases for the reader's tests and `npm run bench -- --only pdf` (pdf-lib, untagged,
// built in memory). Each case carries what a reader must recover, written from the case's own spec
// (never from a converter's output): the text in reading order, the outline, the tables, the running
// lines that must go. The content streams are drawn in orders that defeat stream-order extraction
// (a row across both columns at a time; slides bottom-up), as real producers do.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export interface PdfCase {
  name: string;
  bytes: Uint8Array;
  /** The document's words in reading order (running lines excluded). */
  text: string;
  outline: { level: number; title: string }[];
  tables: { header: string[]; rows: string[][] }[];
  /** Running headers/footers that must not be left in the text. */
  running: string[];
}

const LOREM = 'retrieval chunk section heading table token overlap window sentence boundary corpus question answer index vector model reader layout column gutter page'.split(' ');

function words(seed: number, n: number): string[] {
  let s = seed >>> 0;
  return Array.from({ length: n }, () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return LOREM[(s >>> 16) % LOREM.length];
  });
}

/** Lines of at most `width` points of `font` at `size`. */
function wrap(text: string[], font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const w of text) {
    const next = cur ? `${cur} ${w}` : w;
    if (font.widthOfTextAtSize(next, size) > width && cur) {
      lines.push(cur);
      cur = w;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}

/** Two columns whose lines are drawn row by row across the gutter; full-width title and footnote. */
export async function twoColumns(): Promise<PdfCase> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.TimesRoman);
  const b = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const page = pdf.addPage([612, 792]);
  const title = 'Reading Columns in Order';
  page.drawText(title, { x: 150, y: 730, size: 20, font: b });
  const colW = 230;
  const left: string[][] = [];
  const right: string[][] = [];
  for (let p = 0; p < 3; p++) left.push(wrap([`Left${p + 1}`, ...words(p + 1, 60), 'end.'], f, 10, colW));
  for (let p = 0; p < 3; p++) right.push(wrap([`Right${p + 1}`, ...words(p + 11, 60), 'end.'], f, 10, colW));
  const place = (paras: string[][], x: number) => {
    const out: { x: number; y: number; t: string }[] = [];
    let y = 690;
    for (const para of paras) {
      for (const l of para) {
        out.push({ x, y, t: l });
        y -= 12;
      }
      y -= 8;
    }
    return out;
  };
  const L = place(left, 72);
  const R = place(right, 72 + colW + 50);
  for (let i = 0; i < Math.max(L.length, R.length); i++) {
    for (const e of [L[i], R[i]]) if (e) page.drawText(e.t, { x: e.x, y: e.y, size: 10, font: f });
  }
  const foot = 'Footnote text set across the full width of the page at the bottom, under both columns, as a long note that runs from the left margin to the right.';
  page.drawText(foot, { x: 72, y: 60, size: 8, font: f });
  return {
    name: 'two columns (row-wise stream)',
    bytes: await pdf.save(),
    text: [title, ...left.flat(), ...right.flat(), foot].join(' '),
    outline: [{ level: 1, title }],
    tables: [],
    running: [],
  };
}

/** Slides: landscape pages whose lines are drawn bottom-up, each word a separate run. */
export async function slides(): Promise<PdfCase> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const all: string[] = [];
  const outline: PdfCase['outline'] = [];
  for (let s = 1; s <= 3; s++) {
    const page = pdf.addPage([960, 540]);
    const title = `Slide Topic ${['Alpha', 'Beta', 'Gamma'][s - 1]}`;
    const bullets = [1, 2, 3, 4].map((k) => [`Point${k}`, ...words(s * 10 + k, 7)]);
    const lines: { t: string[]; y: number; size: number; font: PDFFont; x: number }[] = [{ t: title.split(' '), y: 460, size: 32, font: b, x: 60 }];
    bullets.forEach((w, k) => lines.push({ t: ['•', ...w], y: 380 - k * 50, size: 22, font: f, x: 80 }));
    for (const l of [...lines].reverse()) {
      // Word by word, as presentation software writes runs; spaces are gaps, not characters.
      let x = l.x;
      for (const w of l.t) {
        page.drawText(w, { x, y: l.y, size: l.size, font: l.font });
        x += l.font.widthOfTextAtSize(`${w} `, l.size);
      }
    }
    outline.push({ level: 1, title });
    all.push(title, ...bullets.map((w) => w.join(' ')));
  }
  return { name: 'slides (bottom-up, word runs)', bytes: await pdf.save(), text: all.join(' '), outline, tables: [], running: [] };
}

/** Running lines alternating between odd and even pages, page numbers in several forms. */
export async function runningLines(): Promise<PdfCase> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const n = 7;
  const text: string[] = [];
  const outline: PdfCase['outline'] = [];
  for (let p = 1; p <= n; p++) {
    const page = pdf.addPage([612, 792]);
    if (p % 2 === 0) page.drawText('Handbook of Careful Reading', { x: 72, y: 750, size: 9, font: f });
    else page.drawText('Chapter Notes on Layout', { x: 400, y: 750, size: 9, font: f });
    const foot = [`Page ${p} of ${n}`, `- ${p} -`, `${p}`, ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii'][p - 1]][p % 4];
    page.drawText(foot, { x: 290, y: 40, size: 9, font: f });
    const h = p === 1 ? 'Careful Reading Handbook' : `Part ${p} Overview`;
    page.drawText(h, { x: 72, y: 700, size: p === 1 ? 22 : 15, font: b });
    outline.push({ level: p === 1 ? 1 : 2, title: h });
    text.push(h);
    const lines = wrap([`Body${p}`, ...words(p * 7, 90), 'done.'], f, 11, 460);
    lines.forEach((l, i) => page.drawText(l, { x: 72, y: 660 - i * 14, size: 11, font: f }));
    text.push(...lines);
  }
  return { name: 'alternating running lines', bytes: await pdf.save(), text: text.join(' '), outline, tables: [], running: ['Handbook of Careful Reading', 'Chapter Notes on Layout', 'Page 3 of 7', 'Page 7 of 7'] };
}

/** Bold numbered headings at body size, a byline and a date, a code box with SQL. */
export async function numberedHeadings(): Promise<PdfCase> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.TimesRoman);
  const b = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const m = await pdf.embedFont(StandardFonts.Courier);
  const page = pdf.addPage([612, 792]);
  let y = 720;
  const text: string[] = [];
  const line = (t: string, size: number, font: PDFFont, gapAfter = 0) => {
    page.drawText(t, { x: 72, y, size, font });
    y -= size * 1.3 + gapAfter;
  };
  const title = 'Notes on Chunk Boundaries';
  line(title, 18, b, 6);
  text.push(title);
  const byline = 'Ana Souza, Bruno Lima, Carla Dias';
  line(byline, 12, f);
  const date = 'March 3, 2025';
  line(date, 12, f, 12);
  text.push(byline, date);
  const heads: [number, string][] = [
    [1, '1. Introduction'],
    [2, '1.1 Scope'],
    [2, '1.2 Terms'],
    [1, '2. Method'],
    [2, '2.1 Data'],
    [1, '3. Results'],
  ];
  heads.forEach(([, h], k) => {
    line(h, 10.5, b, 2);
    text.push(h);
    const ls = wrap(words(k + 40, 45).concat('closing words here.'), f, 10.5, 460);
    for (const l of ls) line(l, 10.5, f);
    text.push(...ls);
    y -= 8;
    if (k === 3) {
      const sql = ['SELECT id, title FROM documents', 'WHERE score > 0.5'];
      for (const l of sql) line(l, 9, m);
      text.push(...sql);
      y -= 8;
    }
  });
  return {
    name: 'bold numbered headings at body size',
    bytes: await pdf.save(),
    text: text.join(' '),
    outline: [{ level: 1, title }, ...heads.map(([l, t]) => ({ level: l + 1, title: t }))],
    tables: [],
    running: [],
  };
}

function drawCells(page: PDFPage, font: PDFFont, bold: PDFFont, xs: number[], top: number, rows: string[][][], ruled: boolean, size = 10): void {
  // rows[r][c] = the cell's lines; each row as tall as its tallest cell.
  let y = top;
  const lead = size * 1.25;
  const x1 = xs[xs.length - 1];
  if (ruled) page.drawLine({ start: { x: xs[0], y: y + lead }, end: { x: x1, y: y + lead }, thickness: 0.8, color: rgb(0, 0, 0) });
  rows.forEach((cells, r) => {
    const h = Math.max(...cells.map((c) => c.length));
    cells.forEach((c, i) => c.forEach((l, k) => page.drawText(l, { x: xs[i] + 4, y: y - k * lead, size, font: r === 0 ? bold : font })));
    const bottom = y - (h - 1) * lead - size * 0.6;
    if (ruled) page.drawLine({ start: { x: xs[0], y: bottom }, end: { x: x1, y: bottom }, thickness: 0.8, color: rgb(0, 0, 0) });
    y = bottom - lead;
  });
  if (ruled) for (const x of xs) page.drawLine({ start: { x, y: top + lead }, end: { x, y: y + lead }, thickness: 0.8, color: rgb(0, 0, 0) });
}

/** A ruled table and a borderless one, both with cells wrapped over two lines, and a bulleted list. */
export async function tables(): Promise<PdfCase> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([612, 792]);
  const text: string[] = [];
  const intro = 'The settings below change how documents are cut.';
  page.drawText(intro, { x: 72, y: 740, size: 10, font: f });
  text.push(intro);
  const ruled: string[][][] = [
    [['Setting'], ['Default'], ['Meaning']],
    [['maxTokens'], ['128'], ['hard cap on the size', 'of every chunk']],
    [['overlap'], ['0'], ['tokens shared with', 'the next chunk']],
    [['level'], ['2'], ['heading level of', 'a section']],
  ];
  drawCells(page, f, b, [72, 180, 260, 480], 700, ruled, true);
  const flat = (t: string[][][]) => ({ header: t[0].map((c) => c.join(' ')), rows: t.slice(1).map((r) => r.map((c) => c.join(' '))) });
  text.push(...ruled.flat().map((c) => c.join(' ')));
  const mid = 'Each model below has its own tokenizer and window.';
  page.drawText(mid, { x: 72, y: 560, size: 10, font: f });
  text.push(mid);
  const plain: string[][][] = [
    [['Model'], ['Window'], ['Notes']],
    [['small'], ['512'], ['fast, for short', 'passages']],
    [['base'], ['2048'], ['the default']],
    [['large'], ['8192'], ['slow, for long', 'documents only']],
  ];
  drawCells(page, f, b, [72, 200, 300, 480], 530, plain, false);
  text.push(...plain.flat().map((c) => c.join(' ')));
  const list = ['•   first point about reading', '•   second point about tables', '•   third point about lists'];
  list.forEach((l, i) => page.drawText(l, { x: 72, y: 380 - i * 14, size: 10, font: f }));
  text.push(...list.map((l) => l.replace(/^•\s+/, '')));
  return { name: 'ruled and borderless tables, multi-line cells', bytes: await pdf.save(), text: text.join(' '), outline: [], tables: [flat(ruled), flat(plain)], running: [] };
}

export async function allCases(): Promise<PdfCase[]> {
  return [await twoColumns(), await slides(), await runningLines(), await numberedHeadings(), await tables()];
}

// ------------------------------------------------------------------ hostile geometry (issue 25)

/** One line at font size 10^30 (and one normal line so the page has body text). */
export async function hugeFont(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('normal words on a normal line', { x: 72, y: 700, size: 10, font: f });
  for (let i = 0; i < 8; i++) page.drawText(`column words ${i}`, { x: i % 2 ? 330 : 72, y: 600 - i * 12, size: 10, font: f });
  page.drawText('enormous', { x: 72, y: 400, size: 1e30, font: f });
  return pdf.save();
}

/** Monospaced lines at 0.002 pt, indented 428 pt. */
export async function tinyMono(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const m = await pdf.embedFont(StandardFonts.Courier);
  const page = pdf.addPage([612, 792]);
  for (let i = 0; i < 20; i++) page.drawText(`code line ${i}`, { x: i % 2 ? 500 : 72, y: 700 - i * 0.01, size: 0.002, font: m });
  page.drawText('x = 1', { x: 72, y: 500, size: 10, font: m });
  page.drawText('y = 2', { x: 500, y: 488, size: 10, font: m });
  return pdf.save();
}

/** n pages of one short line each (a page tree with n kids). */
export async function manyPages(n: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= n; p++) pdf.addPage([200, 200]).drawText(`page text ${p}`, { x: 20, y: 100, size: 10, font: f });
  return pdf.save();
}
