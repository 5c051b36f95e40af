// Generated PDF cases for the reader's tests and `npm run bench -- --only pdf` (pdf-lib, untagged,
// built in memory). Each case carries what a reader must recover, written from the case's own spec
// (never from a converter's output): the text in reading order, the outline, the tables, the running
// lines that must go. The content streams are drawn in orders that defeat stream-order extraction
// (a row across both columns at a time; slides bottom-up), as real producers do.
import { concatTransformationMatrix, lineTo, moveTo, popGraphicsState, pushGraphicsState, setLineWidth, setStrokingColor, stroke, PDFDocument, StandardFonts, rgb, type PDFFont, type PDFOperator, type PDFPage } from 'pdf-lib';

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

/** Words set in lines of at most `width` points of `font` at `size` (the generators' one wrapper). */
export function wrap(text: string[], font: PDFFont, size: number, width: number): string[] {
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

/**
 * Ruled tables as office programs draw them: cell borders as thin filled rectangles (no stroked
 * line at all), a header cell spanning two columns above two sub-headers, a first-column cell
 * spanning two rows, cells (first column included) wrapped over two or three lines, a "|" in a
 * cell; a second table drawn with stroked lines inside a scaled form-like transform. Beside them
 * two single boxes that are not tables: a framed paragraph and a code box.
 */
export async function ruledTables(): Promise<PdfCase> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const page = pdf.addPage([612, 792]);
  const text: string[] = [];
  const black = rgb(0, 0, 0);
  const size = 9;
  const lead = 11;
  const put = (s: string, x: number, y: number, font = f) => page.drawText(s, { x, y, size, font });
  // Thin filled rectangles as rules (what Word and LibreOffice write).
  const hRule = (x0: number, x1: number, y: number) => page.drawRectangle({ x: x0, y: y - 0.25, width: x1 - x0, height: 0.5, color: black });
  const vRule = (x: number, y0: number, y1: number) => page.drawRectangle({ x: x - 0.25, y: y0, width: 0.5, height: y1 - y0, color: black });

  const intro = 'Table 1 lists the chunkers measured on both corpora.';
  put(intro, 72, 740);
  text.push(intro);
  // Columns: Chunker | Corpus | hit@5 (pt) | hit@5 (en) | Notes ; header row 1 has "hit@5" over two columns.
  const xs = [72, 170, 240, 300, 360, 540];
  let y = 720;
  const top = y;
  // Header: two text rows; "Chunker", "Corpus", "Notes" span both header rows, "hit@5" spans two columns.
  put('Chunker', xs[0] + 3, y - 10, b);
  put('Corpus', xs[1] + 3, y - 10, b);
  put('hit@5', xs[2] + 3, y - 10, b);
  put('Notes', xs[4] + 3, y - 10, b);
  put('pt', xs[2] + 3, y - 10 - 14, b);
  put('en', xs[3] + 3, y - 10 - 14, b);
  const headerMid = y - 14;
  const headerBottom = y - 28;
  y = headerBottom;
  // Body rows: [chunker lines, corpus, pt, en, notes lines]; the first chunker spans two rows.
  const body: { lines: string[][]; spanFirst?: boolean }[] = [
    { lines: [['structure aware', 'splitter'], ['samples'], ['0.785'], ['0.801'], ['keeps headings and', 'table headers | rows']] },
    { lines: [['recursive'], ['samples'], ['0.734'], ['0.750'], ['splits on blank lines,', 'then sentences, then', 'words']], spanFirst: true },
    { lines: [[], ['finance'], ['0.612'], ['0.640'], ['long reports']] },
    { lines: [['fixed'], ['samples'], ['0.570'], ['0.566'], ['baseline']] },
  ];
  const rowTops: number[] = [];
  const rowBottoms: number[] = [];
  for (const r of body) {
    const h = Math.max(...r.lines.map((c) => c.length), 1);
    rowTops.push(y);
    r.lines.forEach((c, i) => c.forEach((l, k) => put(l, xs[i] + 3, y - 10 - k * lead)));
    y -= 6 + h * lead;
    rowBottoms.push(y);
  }
  const bottom = y;
  // Rules: outer frame, header line under "hit@5" only over its two columns, row lines (not
  // across the first column where "recursive" spans rows 2 and 3), columns (the one between the
  // two hit@5 sub-columns starts below the header's first row).
  hRule(xs[0], xs[5], top);
  hRule(xs[2], xs[4], headerMid);
  hRule(xs[0], xs[5], headerBottom);
  rowBottoms.forEach((yb, i) => (i === 1 ? hRule(xs[1], xs[5], yb) : hRule(xs[0], xs[5], yb)));
  for (const [i, x] of xs.entries()) vRule(x, bottom, i === 3 ? headerMid : top);
  // The two header rows read as one: each column's label is the texts above it.
  const tableA = {
    header: ['Chunker', 'Corpus', 'hit@5 pt', 'hit@5 en', 'Notes'],
    rows: [
      ['structure aware splitter', 'samples', '0.785', '0.801', 'keeps headings and table headers | rows'],
      // A cell spanning two rows stands in the first; the one below is empty.
      ['recursive', 'samples', '0.734', '0.750', 'splits on blank lines, then sentences, then words'],
      ['', 'finance', '0.612', '0.640', 'long reports'],
      ['fixed', 'samples', '0.570', '0.566', 'baseline'],
    ],
  };
  text.push('Chunker Corpus hit@5 Notes pt en', 'structure aware splitter samples 0.785 0.801 keeps headings and table headers | rows');
  text.push('recursive samples 0.734 0.750 splits on blank lines, then sentences, then words finance 0.612 0.640 long reports fixed samples 0.570 0.566 baseline');

  // A framed paragraph: one box, not a table.
  y = bottom - 40;
  const boxed = ['Note: every figure above comes from the same questions and the same', 'tokenizer, so the chunkers can be compared row by row.'];
  boxed.forEach((l, k) => put(l, 78, y - 12 - k * lead));
  page.drawRectangle({ x: 72, y: y - 12 - boxed.length * lead, width: 468, height: boxed.length * lead + 12, borderColor: black, borderWidth: 0.8 });
  text.push(...boxed);
  // A code box with a rule under its first line: still one column, not a table.
  y = y - 12 - boxed.length * lead - 30;
  const code = ['npm run cli -- convert report.pdf', '--out report.md --pages'];
  code.forEach((l, k) => page.drawText(l, { x: 78, y: y - 12 - k * lead, size, font: mono }));
  page.drawRectangle({ x: 72, y: y - 12 - code.length * lead, width: 300, height: code.length * lead + 12, borderColor: black, borderWidth: 0.8 });
  page.drawLine({ start: { x: 72, y: y - 15 }, end: { x: 372, y: y - 15 }, thickness: 0.5, color: black });
  text.push(...code);

  // A second table: stroked lines, drawn inside a scaled coordinate system, cells of two lines.
  y = y - 12 - code.length * lead - 40;
  const mid = 'Table 2 gives the sizes used.';
  put(mid, 72, y);
  text.push(mid);
  y -= 14;
  const t2: string[][][] = [
    [['Size'], ['Tokens'], ['Used for']],
    [['small'], ['128'], ['questions about one', 'fact']],
    [['large'], ['512'], ['summaries of a', 'whole section']],
  ];
  const xs2 = [72, 150, 220, 400];
  const ys2 = [y];
  let yy = y;
  for (const r of t2) {
    const h = Math.max(...r.map((c) => c.length));
    r.forEach((c, i) => c.forEach((l, k) => put(l, xs2[i] + 3, yy - 10 - k * lead, ys2.length === 1 ? b : f)));
    yy -= 6 + h * lead;
    ys2.push(yy);
  }
  // Lines through a 2x scaled system: coordinates halved, thickness halved.
  page.pushOperators(...scaledRules(xs2, ys2));
  text.push('Size Tokens Used for small 128 questions about one fact large 512 summaries of a whole section');
  const tableB = { header: ['Size', 'Tokens', 'Used for'], rows: [['small', '128', 'questions about one fact'], ['large', '512', 'summaries of a whole section']] };
  return { name: 'ruled tables: merged cells, rules as rectangles, wrapped cells; boxes that are not tables', bytes: await pdf.save(), text: text.join(' '), outline: [], tables: [tableA, tableB], running: [] };
}

/**
 * A paper's table ruled across only (top rule, a rule under a two-line header with a group label
 * over two columns, bottom rule; LaTeX's booktabs), a cell wrapped over two lines, its caption
 * above; then prose between three full-width section rules, which is not a table.
 */
export async function rulesOnly(): Promise<PdfCase> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.TimesRoman);
  const b = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const page = pdf.addPage([612, 792]);
  const size = 9;
  const put = (t: string, x: number, y: number, font = f) => page.drawText(t, { x, y, size, font });
  const rule = (y: number, x0 = 150, x1 = 470, w = 0.6) => page.drawLine({ start: { x: x0, y }, end: { x: x1, y }, thickness: w, color: rgb(0, 0, 0) });
  const text: string[] = [];
  const caption = 'Table 3: Retrieval by chunker on the Portuguese samples.';
  put(caption, 150, 720);
  text.push(caption);
  rule(712, 150, 470, 0.8);
  // Columns: Chunker 153 | Cap 240 | hit@1 300 | hit@5 350 | Notes 400
  put('Chunker', 153, 700, b);
  put('Cap', 240, 700, b);
  // The group label spans both recall columns, with a short rule under it (\\cmidrule).
  put('Recall at rank', 300, 700, b);
  page.drawLine({ start: { x: 300, y: 695 }, end: { x: 372, y: 695 }, thickness: 0.4, color: rgb(0, 0, 0) });
  put('Notes', 400, 700, b);
  put('@1', 300, 688, b);
  put('@5', 350, 688, b);
  rule(682);
  const body = [
    ['structure', '128', '0.61', '0.79', 'keeps headings'],
    ['recursive', '128', '0.55', '0.73', 'splits on blank', 'lines first'],
    ['fixed', '128', '0.43', '0.57', 'baseline'],
  ];
  let y = 670;
  for (const r of body) {
    [153, 240, 300, 350, 400].forEach((x, i) => put(r[i], x, y));
    if (r[5]) {
      y -= 11;
      put(r[5], 400, y);
    }
    y -= 13;
  }
  rule(y + 6, 150, 470, 0.8);
  text.push('Chunker Cap Recall at rank Notes @1 @5', 'structure 128 0.61 0.79 keeps headings recursive 128 0.55 0.73 splits on blank lines first fixed 128 0.43 0.57 baseline');
  // Prose between three section rules of one width: not a table.
  y -= 40;
  const paras = [
    ['The structure chunker keeps a section together when it fits the cap and', 'cuts it at sentence ends otherwise, so a question about one section finds it.'],
    ['The recursive chunker does not know about sections; it cuts at blank lines', 'first and then at sentences, which loses the heading of long sections.'],
  ];
  for (const p of paras) {
    rule(y + 12, 72, 540);
    p.forEach((l, k) => put(l, 72, y - k * 11));
    // A second column of the same prose block, so its lines have a wide gap in them.
    y -= p.length * 11 + 14;
    text.push(...p);
  }
  rule(y + 12, 72, 540);
  const table = {
    header: ['Chunker', 'Cap', 'Recall at rank @1', 'Recall at rank @5', 'Notes'],
    rows: [
      ['structure', '128', '0.61', '0.79', 'keeps headings'],
      ['recursive', '128', '0.55', '0.73', 'splits on blank lines first'],
      ['fixed', '128', '0.43', '0.57', 'baseline'],
    ],
  };
  return { name: 'a table ruled across only (booktabs), prose between section rules', bytes: await pdf.save(), text: text.join(' '), outline: [], tables: [table], running: [] };
}

/**
 * A ruled table running over two pages: a bold header on the first, the rows going on at the top
 * of the second without the header repeated (one table of six rows).
 */
export async function ruledAcrossPages(): Promise<PdfCase> {
  const pdf = await PDFDocument.create();
  const f = await pdf.embedFont(StandardFonts.Helvetica);
  const b = await pdf.embedFont(StandardFonts.HelveticaBold);
  const rows = [
    ['Corpus', 'Documents', 'Questions'],
    ['samples pt', '8', '79'],
    ['samples en', '8', '83'],
    ['finance', '12', '140'],
    ['chroma wiki', '25', '300'],
    ['chroma chat', '40', '410'],
    ['state of the union', '1', '76'],
  ];
  const xs = [72, 220, 320, 420];
  const draw = (page: PDFPage, part: string[][], top: number, boldFirst: boolean) => {
    let y = top;
    const ys = [y];
    part.forEach((r, i) => {
      r.forEach((c, k) => page.drawText(c, { x: xs[k] + 4, y: y - 13, size: 10, font: boldFirst && i === 0 ? b : f }));
      y -= 20;
      ys.push(y);
    });
    for (const yy of ys) page.drawLine({ start: { x: xs[0], y: yy }, end: { x: xs[3], y: yy }, thickness: 0.6, color: rgb(0, 0, 0) });
    for (const x of xs) page.drawLine({ start: { x, y: ys[0] }, end: { x, y: ys[ys.length - 1] }, thickness: 0.6, color: rgb(0, 0, 0) });
  };
  const p1 = pdf.addPage([612, 792]);
  const intro = 'The corpora used in this report are listed below with their sizes.';
  p1.drawText(intro, { x: 72, y: 740, size: 10, font: f });
  draw(p1, rows.slice(0, 4), 150, true);
  const p2 = pdf.addPage([612, 792]);
  draw(p2, rows.slice(4), 740, false);
  const after = 'Every corpus comes with its own questions.';
  p2.drawText(after, { x: 72, y: 660, size: 10, font: f });
  return {
    name: 'a ruled table continued on the next page without its header',
    bytes: await pdf.save(),
    text: [intro, ...rows.map((r) => r.join(' ')), after].join(' '),
    outline: [],
    tables: [{ header: rows[0], rows: rows.slice(1) }],
    running: [],
  };
}

/** Stroked table rules drawn in a coordinate system scaled by 2 (q 2 0 0 2 0 0 cm … Q). */
function scaledRules(xs: number[], ys: number[]): PDFOperator[] {
  const ops: PDFOperator[] = [pushGraphicsState(), concatTransformationMatrix(2, 0, 0, 2, 0, 0), setLineWidth(0.4), setStrokingColor(rgb(0, 0, 0))];
  for (const y of ys) ops.push(moveTo(xs[0] / 2, y / 2), lineTo(xs[xs.length - 1] / 2, y / 2));
  for (const x of xs) ops.push(moveTo(x / 2, ys[0] / 2), lineTo(x / 2, ys[ys.length - 1] / 2));
  ops.push(stroke(), popGraphicsState());
  return ops;
}

export async function allCases(): Promise<PdfCase[]> {
  return [await twoColumns(), await slides(), await runningLines(), await numberedHeadings(), await tables(), await ruledTables(), await rulesOnly(), await ruledAcrossPages()];
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
