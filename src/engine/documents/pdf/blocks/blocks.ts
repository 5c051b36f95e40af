// Rows of an untagged PDF, in reading order, → blocks: headings (from the heading map), code (rows
// in a monospaced font, indentation kept), tables (runs of rows with several aligned cells),
// list items (a bullet or number first, continuation lines indented under the text) and paragraphs
// (lines of one size close together). A paragraph cut by a page or column change continues when
// the first part does not end a sentence and the next starts in lowercase.

import { charWidth, joinHyphen, joinLines, MAX_PAD, rowText, type Vocab } from '../lines/geometry.ts';
import { BULLET_CHARS, LIST_MARKER } from '../roles/patterns.ts';
import type { RunIn } from '../roles/run-in.ts';
import { CJK_NUMERAL, HANGUL_ITEM, SCRIPT_BULLETS } from '../lines/scripts.ts';
import { buildTable, overlapping, proseReason, TERMINAL, type TableGrid } from '../tables/borderless.ts';
import { readsRightToLeft } from '../tables/direction.ts';
import { BLOCK_REACH as R } from '../thresholds.ts';
import type { PBlock, Row } from '../types.ts';

// List markers that may stand apart from their text (a gap after them makes the lines look like
// two columns): bullets, Korean bullets ("ㅇ", "◇") and circled digits, "1." "(1)" "a)", Korean
// "가." "나." (the syllables that letter items, as roles/patterns.ts and lines/scripts.ts count them), CJK
// "一、" "（一）".
const BULLET = new RegExp(
  `^(?:[${BULLET_CHARS}${SCRIPT_BULLETS}➢✓✔❖※]|[①-⑳]|\\(?(?:\\d{1,3}|[a-z]|[${HANGUL_ITEM}])[.)]|[${CJK_NUMERAL}]{1,3}、|（[${CJK_NUMERAL}]{1,3}）)(?:\\s|$)`,
  'u',
);
/** A bullet written as "-" in the Markdown. */
const DASH_BULLET = new RegExp(`^[${BULLET_CHARS}]$`, 'u');

/** Does text `b` read as the continuation of paragraph text `a`? */
export const continues = (a: string, b: string) => !TERMINAL.test(a) && /^\p{Ll}/u.test(b);

/** Blocks of a page's rows (in reading order), headings from `headingOf` and `runIns`. */
export function layoutBlocks(rows: Row[], headingOf: Map<Row, number>, vocab: Vocab, notes: string[], runIns?: Map<Row, RunIn>, docPitch?: Map<number, number>): PBlock[] {
  const w = new BlockWriter(rows, headingOf, vocab, notes, runIns, docPitch);
  let i = 0;
  while (i < rows.length) i = w.next(i);
  return w.out;
}

/** The blocks of one page's rows, written one run of rows at a time (each method returns the next row's index). */
class BlockWriter {
  readonly out: PBlock[] = [];
  private readonly listStack: number[] = [];
  /**
   * The usual distance between baselines of consecutive lines of one size (the line pitch): text set
   * with wide leading (1.5 or double spacing) still reads as paragraphs. A page with too few lines
   * of a size to tell (a two-line paragraph between lists and a table) takes the document's pitch
   * (see linePitch over all pages), so its lines set 1.7 apart are not each a paragraph.
   */
  private readonly pitch: Map<number, number>;
  /**
   * A paragraph made of rows that only looked like a table (see borderless.ts's proseReason): the
   * paragraph right after it continues it when its text goes on.
   */
  private proseOpen: PBlock | null = null;

  constructor(
    private readonly rows: Row[],
    private readonly headingOf: Map<Row, number>,
    private readonly vocab: Vocab,
    private readonly notes: string[],
    private readonly runIns?: Map<Row, RunIn>,
    docPitch?: Map<number, number>,
  ) {
    this.pitch = linePitch(rows);
    for (const [k, p] of docPitch ?? []) if (!this.pitch.has(k)) this.pitch.set(k, p);
  }

  /** Is `b` close enough under `a` to go on from it (`ems` sizes, or the line pitch when wider)? */
  private near(a: Row, b: Row, ems: number): boolean {
    if (b.jump || a.page !== b.page || a.y - b.y <= 0) return false;
    const size = Math.max(a.size, b.size);
    const p = this.pitch.get(Math.round(size * 2) / 2);
    const limit = p && p > ems * size && p <= R.MAX_PITCH * size ? R.PITCH_SLACK * p : ems * size;
    return a.y - b.y <= limit;
  }

  next(i: number): number {
    const r = this.rows[i];
    if (r.table) return this.ruledTable(i);
    const level = this.headingOf.get(r);
    if (level) return this.heading(i, level);
    if (isMono(r)) return this.code(i);
    if (r.frags.length >= 2) {
      const j = this.cells(i);
      if (j > i) return j;
    }
    // A run-in heading (see runInHeadings): the heading, then its row's rest opens the paragraph.
    const runIn = this.runIns?.get(r);
    if (runIn) {
      this.out.push({ kind: 'heading', level: runIn.level, text: runIn.title, page: r.page });
      this.listStack.length = 0;
    }
    if (!runIn && isMarker(r)) return this.listItem(i);
    this.listStack.length = 0;
    return this.paragraph(i, runIn);
  }

  /** A ruled table (see ruled.ts), already read cell by cell, with its title and notes around it. */
  private ruledTable(i: number): number {
    const r = this.rows[i];
    for (const t of r.around?.before ?? []) this.out.push({ kind: 'paragraph', text: t, page: r.page, size: r.size });
    this.out.push({ ...r.table!, header: [...r.table!.header], rows: r.table!.rows.map((x) => [...x]) });
    for (const t of r.around?.after ?? []) this.out.push({ kind: 'paragraph', text: t, page: r.page, size: r.size });
    this.listStack.length = 0;
    return i + 1;
  }

  /** A heading, with the lines that continue it at its level. */
  private heading(i: number, level: number): number {
    const { rows } = this;
    const parts = [rowText(rows[i])];
    let j = i + 1;
    while (j < rows.length && !rows[j].table && this.headingOf.get(rows[j]) === level && this.near(rows[j - 1], rows[j], R.TEXT)) parts.push(rowText(rows[j++]));
    this.out.push({ kind: 'heading', level, text: joinLines(parts, this.vocab), page: rows[i].page });
    this.listStack.length = 0;
    return j;
  }

  /** Monospaced lines: a code block, indentation kept. */
  private code(i: number): number {
    const { rows } = this;
    let j = i + 1;
    while (j < rows.length && !rows[j].table && isMono(rows[j]) && !this.headingOf.has(rows[j]) && this.near(rows[j - 1], rows[j], R.CODE)) j++;
    this.out.push({ kind: 'code', lines: codeLines(rows.slice(i, j)), page: rows[i].page });
    this.listStack.length = 0;
    return j;
  }

  /** How far a run of rows cut into cells goes (section labels between them allowed with `labels`). */
  private cellRun(i: number, labels: boolean): number {
    const { rows } = this;
    let j = i + 1;
    while (j < rows.length && !rows[j].table && !this.headingOf.has(rows[j]) && !isMono(rows[j]) && this.near(rows[j - 1], rows[j], R.CELLS) && (rows[j].frags.length >= 2 || alignedUnder(rows[j], rows[j - 1]) || (labels && sectionLabel(rows, j, (a, b, e) => this.near(a, b, e))))) j++;
    return j;
  }

  /**
   * Rows cut into cells: a table, running text (sub- and superscripts, prose side by side), a column
   * of prose beside a table, or rows kept as paragraphs when their columns do not line up. Returns
   * `i` when the rows are none of these (a bulleted list with a gap after its bullets).
   */
  private cells(i: number): number {
    const { rows } = this;
    let j = this.cellRun(i, true);
    let run = rows.slice(i, j);
    let grid = buildTable(run);
    // Section labels joined rows whose cells do not all line up: the table stops at its first label again.
    if (!grid) {
      const k = this.cellRun(i, false);
      if (k < j) {
        j = k;
        run = rows.slice(i, j);
        grid = buildTable(run);
      }
    }
    // A bulleted list with a gap after its bullets is not a table.
    // (A right-to-left line's marker is its rightmost fragment: "1." at the right of an Arabic item.)
    const bulleted = run.filter((x) => BULLET.test((x.rtl ? x.frags[x.frags.length - 1] : x.frags[0]).text)).length * 2 >= run.length;
    if (bulleted || run.filter((x) => x.frags.length >= 2).length < 2) return i;
    const kind = grid ? (figureLabels(grid) && figureFollows(rows, j) ? 'no' : tableKind(grid)) : overlapping(run) ? 'prose' : 'no';
    this.listStack.length = 0;
    if (kind === 'prose') this.prose(i, run);
    else if (grid && kind === 'prose-beside') this.proseBeside(rows[i], grid);
    else if (grid && kind === 'table') {
      if (readsRightToLeft([grid.header, ...grid.rows])) {
        grid.header.reverse();
        for (const g of grid.rows) g.reverse();
        grid.cols.reverse();
      }
      this.out.push({ kind: 'table', header: grid.header, rows: grid.rows, page: rows[i].page, cols: grid.cols });
    } else {
      // Not sure it is a table: its rows stay text, one paragraph a row (never "a | b" lines,
      // which no Markdown reader takes for a table).
      this.notes.push(`p. ${rows[i].page}: rows whose columns could not be aligned were kept as paragraphs`);
      // Each row's fragments are kept as its cells, for the preview's "mark as table".
      for (const x of run) this.out.push({ kind: 'paragraph', text: rowText(x), page: x.page, size: x.size, ...(x.frags.length > 1 ? { cells: cellTexts(x) } : {}) });
    }
    return j;
  }

  /**
   * Running text (lines with sub- or superscripts, columns of prose side by side): its rows are read
   * as one paragraph, continuing the one before when that one goes on into it.
   */
  private prose(i: number, run: Row[]): void {
    const r = this.rows[i];
    const text = joinLines(run.map(rowText), this.vocab);
    const prev = this.out[this.out.length - 1];
    const prevRow = this.rows[i - 1];
    if (prev?.kind === 'paragraph' && prevRow && !prevRow.table && this.near(prevRow, r, R.TEXT) && prev.size !== undefined && Math.abs(prev.size - r.size) <= 0.6 && !TERMINAL.test(prev.text)) mergeParagraph(prev, text, r.page, this.vocab);
    else this.out.push({ kind: 'paragraph', text, page: r.page, size: r.size });
    this.proseOpen = this.out[this.out.length - 1];
  }

  /** A column of running text beside a table (a report's side panel): the text a paragraph, the other columns the table. */
  private proseBeside(r: Row, grid: TableGrid): void {
    const text = joinLines([...grid.header.slice(0, 1), ...grid.rows.map((g) => g[0])].filter(Boolean), this.vocab);
    if (text) this.out.push({ kind: 'paragraph', text, page: r.page, size: r.size });
    this.out.push({ kind: 'table', header: grid.header.slice(1), rows: grid.rows.map((g) => g.slice(1)).filter((g) => g.some(Boolean)), page: r.page });
  }

  /** A list item, nested by its marker's indentation, with its continuation lines. */
  private listItem(i: number): number {
    const { rows, listStack } = this;
    const r = rows[i];
    const x0 = r.frags[0].x0;
    // A list read on in the next column starts its nesting again there.
    if (r.jump) listStack.length = 0;
    while (listStack.length && x0 < listStack[listStack.length - 1] - 3) listStack.pop();
    if (!listStack.length || x0 > listStack[listStack.length - 1] + 3) listStack.push(x0);
    const m = LIST_MARKER.exec(r.frags[0].text)!;
    const parts = [rowText(r).slice(m[0].length)];
    let j = i + 1;
    // Continuation lines: indented under the item's text, or back under the marker (a hanging
    // bullet) when the item's line so far ends mid-sentence and the next starts in lowercase.
    const under = (n: Row) => n.frags[0].x0 > x0 + 2 || (n.frags[0].x0 >= x0 - 2 && continues(parts[parts.length - 1], rowText(n)));
    while (j < rows.length && !rows[j].table && !this.headingOf.has(rows[j]) && !isMono(rows[j]) && rows[j].frags.length === 1 && !isMarker(rows[j]) && this.near(rows[j - 1], rows[j], R.TEXT) && under(rows[j])) parts.push(rowText(rows[j++]));
    const mark = m[0].trim();
    const marker = /^\d+[.)]$/.test(mark) ? `${mark.slice(0, -1)}.` : DASH_BULLET.test(mark) ? '-' : `- ${mark}`;
    this.out.push({ kind: 'list-item', text: joinLines(parts, this.vocab), depth: listStack.length, marker, page: r.page });
    return j;
  }

  /**
   * A paragraph: lines of one size close together. One split by a page or column change, or the
   * rest of a paragraph read as prose rows, joins the paragraph before when its text goes on.
   */
  private paragraph(i: number, runIn: RunIn | undefined): number {
    const { rows } = this;
    const r = rows[i];
    const lines = [runIn ? runIn.rest : rowText(r)];
    let j = i + 1;
    while (j < rows.length) {
      const n = rows[j];
      if (n.table || this.headingOf.has(n) || isMono(n) || n.frags.length !== 1 || isMarker(n) || Math.abs(n.size - r.size) > 0.6) break;
      if (!this.near(rows[j - 1], n, R.TEXT)) break;
      lines.push(rowText(n));
      j++;
    }
    const text = joinLines(lines, this.vocab);
    const prev = this.out[this.out.length - 1];
    const after = prev !== undefined && prev === this.proseOpen && this.near(rows[i - 1], r, R.TEXT);
    if (prev?.kind === 'paragraph' && (after || r.jump || r.page !== rows[i - 1]?.page) && prev.size !== undefined && Math.abs(prev.size - r.size) <= 0.6 && continues(prev.text, text)) {
      mergeParagraph(prev, text, r.page, this.vocab);
    } else this.out.push({ kind: 'paragraph', text, page: r.page, size: r.size });
    return j;
  }
}

const isMono = (r: Row) => r.frags.every((f) => f.mono);
const isMarker = (r: Row) => LIST_MARKER.test(r.frags[0].text);

/** Appends `text` (from `page`) to paragraph `p`, recording where the page changes. */
export function mergeParagraph(p: PBlock & { kind: 'paragraph' }, text: string, page: number, vocab: Vocab): void {
  const joined = joinHyphen(p.text, text, vocab);
  const at = joined === null ? p.text.length + 1 : joined.length - text.length;
  p.text = joined ?? `${p.text} ${text}`;
  if (page !== p.page || p.breaks?.length) {
    const last = p.breaks?.length ? p.breaks[p.breaks.length - 1].page : p.page;
    if (last !== page) (p.breaks ??= []).push({ at: Math.max(0, Math.min(at, p.text.length)), page });
  }
}

const FIGURE_CAPTION = /^(?:fig(?:ure)?\.?|abbildung|figura)\s*\d+[a-z]?\s*[:.–—-]?(?:\s|$)/i;
const TABLE_CAPTION = /^(?:table|tabelle|tabela|tabla)\s*\d+/i;

/**
 * A grid that may be a figure's labels rather than data: a quarter of its cells empty or more, or
 * no figure in any cell. (Papers caption tables "Figure n" too: a full grid of numbers stays a table.)
 */
function figureLabels(grid: { header: string[]; rows: string[][] }): boolean {
  const cells = [grid.header, ...grid.rows].flat();
  return cells.filter((c) => !c).length * 4 >= cells.length || !cells.some((c) => /\d/.test(c));
}

/**
 * The rows right after `j` (up to three, on the same page) reach a figure's caption before any
 * table caption: aligned text there, if it looks like labels (figureLabels), is a figure's labels
 * (boxes and arrows drawn around words).
 */
export function figureFollows(rows: Row[], j: number): boolean {
  const page = rows[j - 1]?.page;
  for (let k = j; k < Math.min(rows.length, j + 3); k++) {
    if (rows[k].page !== page || rows[k].table) return false;
    const t = rowText(rows[k]);
    if (TABLE_CAPTION.test(t)) return false;
    if (FIGURE_CAPTION.test(t)) return true;
  }
  return false;
}

/** A row's fragments' texts in reading order (what rowText joins with spaces). */
const cellTexts = (r: Row) => (r.rtl ? [...r.frags].reverse() : r.frags).map((f) => f.text);

/** A single fragment sitting under a non-first cell of the row above: a wrapped table cell. */
function alignedUnder(r: Row, above: Row): boolean {
  if (r.frags.length !== 1 || above.frags.length < 2) return false;
  const f = r.frags[0];
  return above.frags.slice(1).some((a) => Math.abs(a.x0 - f.x0) <= 3);
}

/**
 * Short lines alone in a table's first column between two rows of cells ("Actual", "Projected";
 * a category label set further left than its items, "Race/ethnicity"; up to three in a row, as a
 * label over a sub-label): labels over the rows that follow, part of the table. The rows of cells
 * above and below must line up with each other (the same cell edges, or as many cells), so a
 * table, a one-line paragraph and another table stay apart.
 */
function sectionLabel(rows: Row[], j: number, near: (a: Row, b: Row, ems: number) => boolean): boolean {
  let a = j - 1;
  while (a >= 0 && j - a <= 3 && rows[a].frags.length === 1) a--;
  const above = rows[a];
  if (!above || above.frags.length < 2 || above.table) return false;
  let k = a + 1;
  for (; k < rows.length && rows[k].frags.length === 1; k++) {
    if (k - a > 3) return false;
    const r = rows[k];
    const f = r.frags[0];
    if (f.x0 > above.frags[0].x0 + 3 || f.x0 < above.frags[0].x0 - 3 * f.size || f.x1 >= above.frags[1].x0) return false;
    if (f.text.split(' ').length > 5 || /[.:;]$/.test(f.text) || BULLET.test(f.text) || r.table || !near(rows[k - 1], r, R.CELLS)) return false;
  }
  const below = rows[k];
  if (k <= j || !below || below.frags.length < 2 || below.table || !near(rows[k - 1], below, R.CELLS)) return false;
  // (A header's labels may be centred over right-aligned figures: then as many cells is enough.)
  const edge = (g: { x0: number; x1: number }) => above.frags.some((x) => Math.abs(x.x0 - g.x0) <= 3 || Math.abs(x.x1 - g.x1) <= 3);
  return below.frags.length === above.frags.length || below.frags.filter(edge).length * 3 >= below.frags.length * 2;
}

/** Code lines with their indentation, from the x positions of monospaced text. */
function codeLines(rows: Row[]): string[] {
  const { minX, cw } = codeGrid(rows);
  return rows.map((r) => {
    let line = '';
    for (const f of r.frags) {
      // Indentation from the drawn position, at most MAX_PAD columns (text at 0.002 pt indented
      // 428 pt would otherwise ask for hundreds of thousands of spaces).
      const col = Math.min(line.length + MAX_PAD, Math.round((f.x0 - minX) / cw));
      line += ' '.repeat(Math.max(line ? 1 : 0, col - line.length)) + f.raw;
    }
    return line.trimEnd();
  });
}

/** Left edge and character width of monospaced rows (the grid code indentation is counted on). */
export function codeGrid(rows: Row[]): { minX: number; cw: number } {
  let minX = Infinity;
  let cw = Infinity;
  for (const r of rows)
    for (const f of r.frags) {
      minX = Math.min(minX, f.x0);
      const w = charWidth({ s: f.raw, w: f.x1 - f.x0 });
      if (w > 0) cw = Math.min(cw, w);
    }
  return { minX: Number.isFinite(minX) ? minX : 0, cw: Number.isFinite(cw) ? cw : 6 };
}

/** The most common baseline distance between consecutive rows of each size (rounded to 0.5 pt). */
export function linePitch(rows: Row[]): Map<number, number> {
  const counts = new Map<number, Map<number, number>>();
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1];
    const b = rows[i];
    if (a.page !== b.page || b.jump || Math.abs(a.size - b.size) > 0.3) continue;
    const d = Math.round((a.y - b.y) * 2) / 2;
    if (d <= 0 || d > 3 * a.size) continue;
    const k = Math.round(a.size * 2) / 2;
    const m = counts.get(k) ?? counts.set(k, new Map()).get(k)!;
    m.set(d, (m.get(d) ?? 0) + 1);
  }
  const out = new Map<number, number>();
  for (const [k, m] of counts) {
    let best = 0;
    let n = 0;
    for (const [d, c] of m) if (c > n || (c === n && d < best)) [best, n] = [d, c];
    if (n >= 3) out.set(k, best);
  }
  return out;
}

const LEADERS = /(?:\.\s?){4,}|…{2,}|_{4,}/;

/**
 * What a grid of aligned cells is: a table; a table of contents (dot leaders) or a formula (cells of
 * symbols) that only look like one ('no'); or a column of running text beside a table
 * ('prose-beside': first column long, the others short).
 */
export function tableKind(grid: { header: string[]; rows: string[][] }): 'table' | 'no' | 'prose-beside' | 'prose' {
  const all = [grid.header, ...grid.rows];
  const cells = all.flat().filter(Boolean);
  if (!cells.length) return 'no';
  if (cells.filter((c) => LEADERS.test(c)).length * 3 >= all.length) return 'no';
  const symbols = cells.filter((c) => !/[\p{L}\p{N}]/u.test(c)).length;
  if (symbols * 5 > cells.length) return 'no';
  const n = grid.header.length;
  if (n >= 3) {
    const mean = (k: number) => {
      const col = all.map((r) => r[k] ?? '').filter(Boolean);
      return col.length ? col.reduce((a, c) => a + c.length, 0) / col.length : 0;
    };
    const rest = Array.from({ length: n - 1 }, (_, k) => mean(k + 1));
    if (mean(0) > 40 && Math.max(...rest) < 20) return 'prose-beside';
  }
  const why = proseReason(grid);
  return why === 'prose' ? 'prose' : why ? 'no' : 'table';
}
