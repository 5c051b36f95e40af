// Tables of untagged PDFs, from the x positions of the fragments of consecutive rows. Columns come
// from the row with the most cells; every fragment of every row must fall into one column, at most
// one per column, or the table is declared unrecoverable (the caller keeps its rows as lines and
// says so). A row without a first cell right under the previous one continues that row's cells
// (a cell wrapped onto a second line).
// Not a table, whatever the alignment (proseReason): rows closer than a line (sub- or superscripts set
// on their own baseline: "c_A and c_B" in a sentence), columns of running text whose lines go on one
// into the next (two columns of prose read row by row), and sparse grids (labels scattered over a
// figure). Such runs are prose or drawings: the caller keeps them as text.

import type { Frag, Row } from '../types.ts';
import { BORDERLESS as B } from '../thresholds.ts';

export interface TableGrid {
  header: string[];
  rows: string[][];
  /** Where its columns stand on the page, left to right (buildTable's). */
  cols?: Span[];
}

type Span = { x0: number; x1: number };

export function buildTable(run: Row[]): (TableGrid & { cols: Span[] }) | null {
  if (run.length < 2 || overlapping(run)) return null;
  const rows = splitJoinedCells(run);
  // Of the rows with the most cells, the one whose cells are narrowest: a body row of figures
  // rather than a header whose wide labels overlap the columns beside them.
  const span = (r: Row) => r.frags.reduce((t, f) => t + (f.x1 - f.x0), 0);
  const widest = rows.reduce((a, b) => (b.frags.length > a.frags.length || (b.frags.length === a.frags.length && span(b) < span(a)) ? b : a));
  if (widest.frags.length < 2) return null;
  let cols: Span[] | null = widest.frags.map((f) => ({ x0: f.x0, x1: f.x1 }));
  let grid = fillGrid(rows, cols);
  if (!grid) grid = fillGrid(rows, (cols = headerStarts(rows)), false);
  if (!grid || !cols) return null;
  mergeHeaderRows(grid);
  if (grid.length < 2) return null;
  const cellsAll = grid.flat().filter(Boolean);
  const mean = cellsAll.reduce((n, c) => n + c.length, 0) / Math.max(1, cellsAll.length);
  if (mean > B.MAX_MEAN_CELL_CHARS) return null; // prose side by side, not a table
  return { header: grid[0], rows: grid.slice(1), cols };
}

/**
 * Columns from the first row's cells when it has as many as any row: each from where its label starts
 * to where the next one's does. A spreadsheet's columns are wider than their text, words flush left
 * and figures flush right in them, so body cells of one column may not overlap at all; a header
 * labelled flush left still marks where each column begins. Null when the first row has fewer cells.
 */
function headerStarts(rows: Row[]): Span[] | null {
  const head = rows[0].frags;
  if (rows.some((r) => r.frags.length > head.length) || head.some((f, i) => i > 0 && f.x0 <= head[i - 1].x1)) return null;
  const right = Math.max(...rows.flatMap((r) => r.frags.map((f) => f.x1)));
  return head.map((f, i) => ({ x0: f.x0, x1: i + 1 < head.length ? head[i + 1].x0 - 0.5 : right }));
}

/**
 * Rows into cells of the given columns (each fragment to the column it overlaps most, or the
 * nearest one's start), or null when the columns do not hold them: a fragment far from every
 * column past the header's lines, or two fragments in one column. `spans` false: columns that meet
 * edge to edge (headerStarts), where a fragment reaching into a second column is two cells read as one.
 */
function fillGrid(rows: Row[], cols: Span[] | null, spans = true): string[][] | null {
  if (!cols || cols.length < 2) return null;
  const grid: string[][] = [];
  let prev: Row | null = null;
  for (const r of rows) {
    const cells: string[] = cols.map(() => '');
    for (const f of r.frags) {
      let best = -1;
      let bestOverlap = 0;
      cols.forEach((c, i) => {
        const o = Math.min(c.x1, f.x1) - Math.max(c.x0, f.x0);
        if (o > bestOverlap) {
          bestOverlap = o;
          best = i;
        }
      });
      if (best < 0) {
        // No overlap: the nearest column start, if closer than half the gap to its neighbour.
        let d = Infinity;
        cols.forEach((c, i) => {
          const dist = Math.abs(c.x0 - f.x0);
          if (dist < d) {
            d = dist;
            best = i;
          }
        });
        if (d > B.FAR_FROM_COLUMN_EMS * f.size) {
          // Far from every column: a table with a stray line, unless it is in the header's group
          // lines (the first lines, nothing in the first column yet: a label centred over two
          // columns): that one goes to the column nearest its centre.
          if (grid.length >= 3 || grid.some((g) => g[0]) || r.frags[0].x0 <= cols[0].x1) return null;
          const mid = (f.x0 + f.x1) / 2;
          let dm = Infinity;
          cols.forEach((c, i) => {
            const dist = Math.abs((c.x0 + c.x1) / 2 - mid);
            if (dist < dm) {
              dm = dist;
              best = i;
            }
          });
        }
      }
      if (cells[best]) return null; // two fragments in one column: columns do not line up
      if (!spans && cols.some((c, i) => i !== best && Math.min(c.x1, f.x1) - Math.max(c.x0, f.x0) > 1)) return null;
      cells[best] = f.text;
      // A column grows to the cells it takes, unless the cell reaches over another column (a label
      // spanning several, centred over them): that would make later cells land in the wrong one.
      if (!cols.some((c, i) => i !== best && Math.min(c.x1, f.x1) - Math.max(c.x0, f.x0) > 0)) {
        cols[best].x0 = Math.min(cols[best].x0, f.x0);
        cols[best].x1 = Math.max(cols[best].x1, f.x1);
      }
    }
    const continues = prev !== null && grid.length > 0 && !cells[0] && prev.y - r.y <= B.WRAP_PITCH * r.size;
    if (continues) {
      const last = grid[grid.length - 1];
      cells.forEach((c, i) => {
        if (c) last[i] = last[i] ? `${last[i]} ${c}` : c;
      });
    } else grid.push(cells);
    prev = r;
  }
  return grid;
}

/**
 * Two cells a producer wrote as one run of text ("7219 urgent": a figure flush right in its column,
 * then the next column's word flush left, one string with a space between; LibreOffice Calc does
 * this): the run is cut at a space where its text before ends where cells of other rows end and its
 * text after starts where cells of other rows start (characters placed by their share of the run's
 * width). A cell of several words stays whole unless
 * two columns' edges meet inside it.
 */
export function splitJoinedCells(rows: Row[]): Row[] {
  if (rows.length < 3 || rows.every((r) => r.rtl || r.frags.every((f) => !f.text.includes(' ')))) return rows;
  const all = rows.flatMap((r, k) => r.frags.map((f) => ({ f, k })));
  const ends = new Edges(all.map((e) => ({ ...e, x: e.f.x1 })));
  const starts = new Edges(all.map((e) => ({ ...e, x: e.f.x0 })));
  return rows.map((r, i) => {
    if (r.rtl || r.frags.every((f) => !f.text.includes(' '))) return r;
    const frags = r.frags.flatMap((f) => cutAtEdges(f, i, ends, starts));
    return frags.length === r.frags.length ? r : { ...r, frags };
  });
}

/** Cell edges (ends or starts) of a run's rows, sorted, for the nearest one to a place. */
class Edges {
  private readonly at: { x: number; k: number; f: Frag }[];
  constructor(at: { x: number; k: number; f: Frag }[]) {
    this.at = at.sort((a, b) => a.x - b.x);
  }
  /**
   * The fragment whose edge is nearest x within tol, if edges of JOINED_EDGE_ROWS rows other than row
   * `own` lie that near (scanned outward from x, so a query costs a search and the edges it passes).
   */
  near(x: number, tol: number, own: number): Frag | null {
    const a = this.at;
    let lo = 0;
    let hi = a.length;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (a[m].x < x) lo = m + 1;
      else hi = m;
    }
    let l = lo - 1;
    let r = lo;
    let best: Frag | null = null;
    const rows = new Set<number>();
    for (;;) {
      const dl = l >= 0 ? x - a[l].x : Infinity;
      const dr = r < a.length ? a[r].x - x : Infinity;
      if (Math.min(dl, dr) > tol) return null;
      const e = dl <= dr ? a[l--] : a[r++];
      if (e.k === own) continue;
      best ??= e.f;
      rows.add(e.k);
      if (rows.size >= B.JOINED_EDGE_ROWS) return best;
    }
  }
}

function cutAtEdges(f: Frag, own: number, ends: Edges, starts: Edges): Frag[] {
  const per = (f.x1 - f.x0) / Math.max(1, f.text.length);
  const tol = B.JOINED_EDGE_EMS * f.size;
  for (let k = 1; k < f.text.length - 1; k++) {
    if (f.text[k] !== ' ' || f.text[k - 1] === ' ' || f.text[k + 1] === ' ') continue;
    const end = ends.near(f.x0 + k * per, tol, own);
    const start = end && starts.near(f.x0 + (k + 1) * per, tol, own);
    if (!end || !start || start.x0 <= end.x1 - tol) continue;
    const piece = (text: string, x0: number, x1: number): Frag => ({ ...f, text, raw: text, x0, x1, parts: undefined, boldLead: undefined, boldShare: undefined });
    const head = piece(f.text.slice(0, k), f.x0, Math.min(end.x1, start.x0));
    return [head, ...cutAtEdges(piece(f.text.slice(k + 1), Math.max(start.x0, head.x1), f.x1), own, ends, starts)];
  }
  return [f];
}

const NUMERIC = /^[\d\s.,%()+\-–—−$€£¥*]+$/u;

/**
 * A header drawn over several lines: group labels over some columns, or the first lines of labels
 * that wrap, above the line that carries the first column's label ("Year | PK–12 | PK–8 | …").
 * Leading rows (up to three) with nothing in the first column cannot be data rows (a row without
 * its first cell continues the row above, and there is none); they are joined column by column
 * into the first row that has a first cell, when that row is labels (its cells mostly words, not
 * figures) or the rows above it are sparse (under half their cells filled: group labels over
 * columns numbered 7, 8, 9…). One header row, as the structure chunker repeats it.
 */
function mergeHeaderRows(grid: string[][]): void {
  const n = grid[0]?.length ?? 0;
  const filled = (row: string[]) => row.filter(Boolean);
  let d = 0;
  while (d < grid.length && d < B.MAX_HEADER_ROWS && !grid[d][0]) d++;
  if (d === 0 || d + 1 >= grid.length || !grid[d][0] || NUMERIC.test(grid[d][0])) return;
  const rest = filled(grid[d].slice(1));
  const labels = rest.filter((c) => !NUMERIC.test(c)).length * 2 > rest.length;
  const sparse = grid.slice(0, d).every((row) => filled(row).length * 2 < n);
  if (!labels && !sparse) return;
  const merged = grid[d].map((_, k) => grid.slice(0, d + 1).map((row) => row[k]).filter(Boolean).join(' '));
  grid.splice(0, d + 1, merged);
}

/**
 * Consecutive rows whose baselines are closer than 0.6 of the larger font size: a line with its
 * sub- or superscripts (pdf.js gives them their own baseline), never two rows of a table.
 */
export function overlapping(rows: Row[]): boolean {
  for (let i = 1; i < rows.length; i++) {
    const a = rows[i - 1];
    const b = rows[i];
    if (a.page === b.page && !b.jump && Math.abs(a.y - b.y) < B.SAME_LINE * Math.max(a.size, b.size)) return true;
  }
  return false;
}

/** A line ending a sentence or a clause (blocks.ts reads paragraphs with it too). */
export const TERMINAL = /[.!?:;…"”’)\]]$/;
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

/**
 * Why a grid of aligned cells is running text or a drawing rather than a table, or null:
 * - 'prose': in some column, lines go on one into the next as a paragraph's lines do (a line of
 *   three or more words that ends without a full stop or ends in a hyphen, followed by one that starts
 *   in lowercase), for at least a third of its consecutive pairs — two columns of prose read row by
 *   row. A table's cells each stand alone (a wrapped cell is already joined by buildTable).
 *   A column of lines of five words or more that runs on is prose by itself.
 * - 'sparse': fewer than half the body's cells filled (labels spread over a figure), or a column
 *   with a single cell in it.
 * - 'short': a header and one row only (two lines that happen to align are no evidence of a table).
 */
export function proseReason(grid: TableGrid): 'prose' | 'sparse' | 'short' | null {
  const all = [grid.header, ...grid.rows];
  const n = grid.header.length;
  const filled = all.flat().filter(Boolean);
  const meanWords = (cells: string[]) => cells.reduce((t, c) => t + words(c), 0) / Math.max(1, cells.length);
  let flowing = 0;
  for (let k = 0; k < n; k++) {
    let pairs = 0;
    let flow = 0;
    for (let i = 1; i < all.length; i++) {
      const a = all[i - 1][k] ?? '';
      const b = all[i][k] ?? '';
      if (!a || !b) continue;
      pairs++;
      if ((words(a) >= B.FLOW_WORDS && !TERMINAL.test(a) && /^\p{Ll}/u.test(b)) || /\p{L}-$/u.test(a)) flow++;
    }
    if (flow >= 1 && flow * B.FLOW_PAIRS >= pairs) {
      flowing++;
      // A column of lines of five words or more running on: a column of prose.
      if (meanWords(all.map((r) => r[k] ?? '').filter(Boolean)) >= B.PROSE_WORDS) return 'prose';
    }
  }
  if (flowing >= 2 || (flowing === 1 && meanWords(filled) >= B.PROSE_WORDS)) return 'prose';
  const body = grid.rows.flat();
  if (body.length && body.filter(Boolean).length * 2 < body.length) return 'sparse';
  // A column holding a single cell of three rows or more: a stray mark beside aligned lines.
  if (all.length >= 3 && grid.header.some((_, k) => all.filter((r) => r[k]).length <= 1)) return 'sparse';
  // A header and a single row: too little to tell a table from two lines that happen to align.
  if (grid.rows.length < 2) return 'short';
  return null;
}
