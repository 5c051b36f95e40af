// Ruled tables: tables drawn with lines (or thin filled rectangles used as lines, or the edges of
// cell rectangles), read from the page's operator list. The drawn segments are put in page space
// (through the current transform, form XObjects included), collinear pieces merged across small
// gaps, and segments that touch each other grouped: a group with at least two horizontal and two
// vertical lines is a grid. Its rows and columns are the distinct positions of its lines; two
// neighbouring cells with no line between them form one merged (spanning) cell. Text runs go to the
// cell holding their centre, lines of one cell are joined with a space (one cell, several lines of
// text, is one cell). A merged cell's text stands in its first row and column, the cells it covers
// stay empty (as drawn; no text is read twice). The first row is the header; a header drawn over
// several rows (labels spanning down, a group label spanning its sub-columns) is one header row
// whose labels join the texts above each column ("hit@5 pt", "hit@5 en").
//
// Not a table: a single framed box (a boxed paragraph, a code box, a page frame), grids with fewer
// than two rows or two columns holding text, grids where most cells are empty (a chart's gridlines,
// a form), and grids whose cells hold long prose (a page laid out in boxes).

import { joinLines, rowsOf, rowText, type Item, type Vocab } from '../lines/geometry.ts';
import type { Seg, Segments } from '../read/drawn.ts';
import { RULE_TOLERANCE as TOL, RULED, RULED_BAND_GAP as BAND_GAP } from '../thresholds.ts';


// ------------------------------------------------------------------ grids

/** Segments on one line (same y for horizontals, same x for verticals) joined across small gaps. */
function mergeCollinear(segs: Seg[], horizontal: boolean): Seg[] {
  const pos = (s: Seg) => (horizontal ? s.y0 : s.x0);
  const lo = (s: Seg) => (horizontal ? s.x0 : s.y0);
  const hi = (s: Seg) => (horizontal ? s.x1 : s.y1);
  const sorted = [...segs].sort((a, b) => pos(a) - pos(b) || lo(a) - lo(b));
  // Group by position (within 1 pt), then join overlapping or nearly touching pieces.
  const out: Seg[] = [];
  let i = 0;
  while (i < sorted.length) {
    let j = i + 1;
    while (j < sorted.length && pos(sorted[j]) - pos(sorted[j - 1]) <= 1) j++;
    const line = sorted.slice(i, j).sort((a, b) => lo(a) - lo(b));
    const p = line.reduce((s, x) => s + pos(x), 0) / line.length;
    let a = lo(line[0]);
    let b = hi(line[0]);
    const push = () => out.push(horizontal ? { x0: a, x1: b, y0: p, y1: p } : { x0: p, x1: p, y0: a, y1: b });
    for (const s of line.slice(1)) {
      if (lo(s) <= b + TOL) b = Math.max(b, hi(s));
      else {
        push();
        a = lo(s);
        b = hi(s);
      }
    }
    push();
    i = j;
  }
  return out;
}

/** Positions within `tol` of each other as one (their mean), ascending. */
function cluster(values: number[], tol: number): number[] {
  const s = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  let group: number[] = [];
  for (const v of s) {
    if (group.length && v - group[group.length - 1] > tol) {
      out.push(group.reduce((a, b) => a + b, 0) / group.length);
      group = [];
    }
    group.push(v);
  }
  if (group.length) out.push(group.reduce((a, b) => a + b, 0) / group.length);
  return out;
}

export interface Grid {
  /** Bounding box in page space. */
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Column boundaries left to right, row boundaries top to bottom. */
  xs: number[];
  ys: number[];
  h: Seg[];
  v: Seg[];
}

/** Groups of touching segments with at least two horizontal and two vertical lines. */
export function gridsOf(segs: Segments): Grid[] {
  const h = mergeCollinear(segs.h.filter((s) => s.x1 - s.x0 >= 2), true);
  const v = mergeCollinear(segs.v.filter((s) => s.y1 - s.y0 >= 2), false);
  if (h.length < 2 || v.length < 2 || h.length * v.length > 4e6) return [];
  const parent = Array.from({ length: h.length + v.length }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (let i = 0; i < h.length; i++) {
    const a = h[i];
    for (let j = 0; j < v.length; j++) {
      const b = v[j];
      if (b.x0 >= a.x0 - TOL && b.x0 <= a.x1 + TOL && a.y0 >= b.y0 - TOL && a.y0 <= b.y1 + TOL) parent[find(i)] = find(h.length + j);
    }
  }
  const groups = new Map<number, { h: Seg[]; v: Seg[] }>();
  h.forEach((s, i) => (groups.get(find(i)) ?? groups.set(find(i), { h: [], v: [] }).get(find(i))!).h.push(s));
  v.forEach((s, j) => (groups.get(find(h.length + j)) ?? groups.set(find(h.length + j), { h: [], v: [] }).get(find(h.length + j))!).v.push(s));
  const out: Grid[] = [];
  for (const g of stacked([...groups.values()].filter((g) => g.h.length >= 2 && g.v.length >= 2))) {
    const xs = cluster(g.v.map((s) => s.x0), 3);
    const ys = cluster(g.h.map((s) => s.y0), 3).reverse();
    if (xs.length < 3 || ys.length < 3) continue; // one box: no inner line either way
    out.push({ x0: xs[0], x1: xs[xs.length - 1], y0: ys[ys.length - 1], y1: ys[0], xs, ys, h: g.h, v: g.v });
  }
  return out;
}


/**
 * Groups drawn as bands of one table: the same left and right edges, one right under the other with
 * a sliver of page between (a header band shaded apart from the body, a table drawn in blocks of
 * rows). Joined, the sliver is a row without text and goes; without joining, the header band
 * would be a table of its own and the body's first row taken for its header.
 */
function stacked(groups: { h: Seg[]; v: Seg[] }[]): { h: Seg[]; v: Seg[] }[] {
  const box = (g: { h: Seg[]; v: Seg[] }) => {
    const all = [...g.h, ...g.v];
    return { x0: Math.min(...all.map((s) => s.x0)), x1: Math.max(...all.map((s) => s.x1)), y0: Math.min(...all.map((s) => s.y0)), y1: Math.max(...all.map((s) => s.y1)) };
  };
  const gs = groups.map((g) => ({ ...g, b: box(g) })).sort((a, b) => b.b.y1 - a.b.y1);
  const out: typeof gs = [];
  for (const g of gs) {
    const above = out.find((o) => Math.abs(o.b.x0 - g.b.x0) <= 3 && Math.abs(o.b.x1 - g.b.x1) <= 3 && o.b.y0 - g.b.y1 >= -TOL && o.b.y0 - g.b.y1 <= BAND_GAP);
    if (above) {
      above.h = [...above.h, ...g.h];
      above.v = [...above.v, ...g.v];
      above.b = { ...above.b, y0: Math.min(above.b.y0, g.b.y0) };
    } else out.push(g);
  }
  return out;
}

export interface RuledTable {
  header: string[];
  rows: string[][];
  /** Rows spanning the whole table above it (titles) and below it (notes, sources): paragraphs. */
  before: string[];
  after: string[];
  /** The header row is set apart (bold over a plain body); when not, it may be a continued table's row. */
  headerMarked?: boolean;
  /** Where its columns stand (between the rules that bound them), left to right; absent from rules-only tables. */
  cols?: { x0: number; x1: number }[];
  /** Bounding box in page space (items inside it were used). */
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** Centre of an item's glyphs: its middle, a third of its size above the baseline. */
const centre = (it: Item) => (it.up ? { x: it.x - 0.3 * it.size, y: it.y + it.w / 2 } : { x: it.x + it.w / 2, y: it.y + 0.3 * it.size });

/**
 * Lines of a cell's labels set turned to run up the page (a narrow column's header): a label's
 * lines stand side by side, the first on the left; pieces of one line (same x) bottom to top.
 */
function upLines(its: Item[]): string[] {
  const sorted = its.filter((it) => /\S/.test(it.s)).sort((p, q) => p.x - q.x || p.y - q.y);
  const out: { x: number; size: number; parts: string[] }[] = [];
  for (const it of sorted) {
    const last = out[out.length - 1];
    if (last && it.x - last.x <= 0.4 * Math.min(last.size, it.size)) last.parts.push(it.s.trim());
    else out.push({ x: it.x, size: it.size, parts: [it.s.trim()] });
  }
  return out.map((l) => l.parts.join(' '));
}

/**
 * The tables of a page from its grids and text items. Returns the tables and the items they used;
 * the rest of the page is read as usual.
 */
export function ruledTables(grids: Grid[], items: Item[], page: number, vocab: Vocab): { tables: RuledTable[]; used: Set<Item> } {
  const tables: RuledTable[] = [];
  const used = new Set<Item>();
  for (const g of grids) {
    const inside = items.filter((it) => {
      const c = centre(it);
      return !used.has(it) && c.x > g.x0 && c.x < g.x1 && c.y > g.y0 && c.y < g.y1;
    });
    if (!inside.some((it) => /\S/.test(it.s))) continue;
    const t = tableOf(g, inside, page, vocab);
    if (!t) continue;
    tables.push(t);
    for (const it of inside) used.add(it);
  }
  return { tables, used };
}

/**
 * Text runs cut where a column's rule crosses them. A spreadsheet prints a right-aligned figure and
 * the next cell's left-aligned word a few points apart, and pdf.js joins them into one run ("7420 no")
 * that lies across the rule between their cells. Such a run is cut at the space nearest the rule (its
 * characters' places estimated by their share of its width) when a drawn vertical line crosses it at
 * its height; a run with no space there stays whole (textAcross then judges the grid).
 */
function splitAtRules(g: Grid, items: Item[]): Item[] {
  const inner = g.xs.slice(1, -1);
  const out: Item[] = [];
  for (const it of items) {
    const mid = it.y + 0.3 * it.size;
    const at = it.up || it.ttb || !it.s.includes(' ') ? undefined : inner.find((x) => x > it.x + 2 && x < it.x + it.w - 2 && g.v.some((s) => Math.abs(s.x0 - x) <= TOL && s.y0 <= mid && s.y1 >= mid));
    const cut = at === undefined ? -1 : nearestSpace(it, at);
    if (cut < 0) {
      out.push(it);
      continue;
    }
    const per = it.w / it.s.length;
    const first = it.s.slice(0, cut).trimEnd();
    const rest = it.s.slice(cut + 1).trimStart();
    // A right-to-left run's string is in logical order: its first part is drawn at the right.
    const head = { ...it, s: first, x: it.rtl ? it.x + it.w - first.length * per : it.x, w: first.length * per };
    const tail = { ...it, s: rest, x: it.rtl ? it.x : it.x + (it.s.length - rest.length) * per, w: rest.length * per };
    out.push(head, ...splitAtRules(g, [tail]));
  }
  return out;
}

/** The index of the space in a run whose estimated place is nearest x, or -1 (none within two sizes). */
function nearestSpace(it: Item, x: number): number {
  const per = it.w / it.s.length;
  let best = -1;
  let d = 2 * it.size;
  for (let k = 0; k < it.s.length; k++) {
    if (it.s[k] !== ' ') continue;
    // (a right-to-left run's characters are drawn from its right end)
    const dk = Math.abs((it.rtl ? it.x + it.w - (k + 0.5) * per : it.x + (k + 0.5) * per) - x);
    if (dk < d) [best, d] = [k, dk];
  }
  return best > 0 && best < it.s.length - 1 ? best : -1;
}

/** Each segment under the boundary it lies on (within 3 pt), by binary search: positions sorted either way. */
function onLines(at: number[], segs: Seg[], pos: (s: Seg) => number): Seg[][] {
  const out: Seg[][] = at.map(() => []);
  const up = at.length < 2 || at[0] <= at[at.length - 1];
  for (const s of segs) {
    const p = pos(s);
    let lo = 0;
    let hi = at.length - 1;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (up ? at[m] < p : at[m] > p) lo = m + 1;
      else hi = m;
    }
    for (const k of [lo - 1, lo]) if (k >= 0 && k < at.length && Math.abs(at[k] - p) <= 3) out[k].push(s);
  }
  return out;
}

/**
 * One grid's cells: neighbours with no line between them merged into one cell (union-find over the
 * grid's cells, a root per merged cell), the text of each merged cell, and its lines.
 */
class CellGrid {
  readonly nr: number;
  readonly nc: number;
  private readonly parent: number[];
  /** The segments lying on each boundary (so that each check looks at its own line's pieces only). */
  readonly onX: Seg[][];
  private readonly onY: Seg[][];
  readonly byCell = new Map<number, Item[]>();
  readonly text = new Map<number, string>();
  readonly lines = new Map<number, { y: number; size: number; text: string }[]>();

  constructor(readonly g: Grid) {
    this.nr = g.ys.length - 1;
    this.nc = g.xs.length - 1;
    this.parent = Array.from({ length: this.nr * this.nc }, (_, i) => i);
    this.onX = onLines(g.xs, g.v, (s) => s.x0);
    this.onY = onLines(g.ys, g.h, (s) => s.y0);
    this.merge();
  }

  find(i: number): number {
    const { parent } = this;
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  }

  /** The root of the cell at row r, column c. */
  at(r: number, c: number): number {
    return this.find(r * this.nc + c);
  }

  private union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }

  /** Merged cells: neighbours with no line between them share one root. */
  private merge(): void {
    const { g, nr, nc } = this;
    const coversV = (c: number, midY: number) => this.onX[c].some((s) => s.y0 - TOL <= midY && s.y1 + TOL >= midY);
    const coversH = (r: number, midX: number) => this.onY[r].some((s) => s.x0 - TOL <= midX && s.x1 + TOL >= midX);
    for (let r = 0; r < nr; r++) {
      const midY = (g.ys[r] + g.ys[r + 1]) / 2;
      for (let c = 0; c + 1 < nc; c++) if (!coversV(c + 1, midY)) this.union(r * nc + c, r * nc + c + 1);
    }
    for (let c = 0; c < nc; c++) {
      const midX = (g.xs[c] + g.xs[c + 1]) / 2;
      for (let r = 0; r + 1 < nr; r++) if (!coversH(r + 1, midX)) this.union(r * nc + c, (r + 1) * nc + c);
    }
  }

  /**
   * Does text run across the grid's vertical lines (a form whose lines and text do not line up: its
   * text was not laid out in these cells)? Two items or more, and more than a fifth of them.
   */
  textAcross(items: Item[]): boolean {
    const { g } = this;
    let across = 0;
    let visible = 0;
    for (const it of items) {
      if (!/\S/.test(it.s)) continue;
      visible++;
      if (it.up) continue; // a turned label is one line's height wide
      const mid = it.y + 0.3 * it.size;
      // Inner column boundaries strictly inside the item's width, and a piece of line there at its height.
      for (let c = 1; c + 1 < g.xs.length; c++) {
        if (g.xs[c] <= it.x + 2 || g.xs[c] >= it.x + it.w - 2) continue;
        if (this.onX[c].some((s) => s.y0 <= mid && s.y1 >= mid)) {
          across++;
          break;
        }
      }
    }
    return across >= 2 && across * RULED.ACROSS_ONE_IN > visible;
  }

  /** Each item to the merged cell holding its centre; each cell's text and lines. */
  fill(items: Item[], page: number, vocab: Vocab): void {
    const { g, nr, nc } = this;
    for (const it of items) {
      const p = centre(it);
      let c = 0;
      while (c < nc - 1 && p.x > g.xs[c + 1]) c++;
      let r = 0;
      while (r < nr - 1 && p.y < g.ys[r + 1]) r++;
      const k = this.at(r, c);
      (this.byCell.get(k) ?? this.byCell.set(k, []).get(k)!).push(it);
    }
    for (const [k, its] of this.byCell) {
      const rows = rowsOf(its.filter((it) => !it.up), page);
      const turned = upLines(its.filter((it) => it.up));
      const t = joinLines([...rows.map(rowText), ...turned], vocab);
      if (t) this.text.set(k, t);
      this.lines.set(k, rows.map((x) => ({ y: x.y, size: x.size, text: rowText(x) })));
    }
  }

  /**
   * A table's merged cells are rectangles. Regions of no line that wind around boxes (L shapes, a
   * frame's inside around inner boxes) are the spaces of a drawing: boxes joined by connectors, a
   * diagram whose lines happen to meet. Irregular when they cover a quarter of the grid.
   */
  irregular(): boolean {
    const { nr, nc } = this;
    const span = new Map<number, { r0: number; r1: number; c0: number; c1: number; n: number }>();
    for (let r = 0; r < nr; r++)
      for (let c = 0; c < nc; c++) {
        const k = this.at(r, c);
        const b = span.get(k);
        if (!b) span.set(k, { r0: r, r1: r, c0: c, c1: c, n: 1 });
        else {
          b.r1 = Math.max(b.r1, r);
          b.c0 = Math.min(b.c0, c);
          b.c1 = Math.max(b.c1, c);
          b.n++;
        }
      }
    let irregular = 0;
    for (const b of span.values()) if (b.n !== (b.r1 - b.r0 + 1) * (b.c1 - b.c0 + 1)) irregular += b.n;
    return irregular * RULED.IRREGULAR_ONE_IN >= nr * nc;
  }

  /** Roots confined to one grid row (not merged with a row above or below). */
  ownRows(): (k: number) => boolean {
    const rowsOfRoot = new Map<number, Set<number>>();
    for (let r = 0; r < this.nr; r++)
      for (let c = 0; c < this.nc; c++) {
        const k = this.at(r, c);
        (rowsOfRoot.get(k) ?? rowsOfRoot.set(k, new Set()).get(k)!).add(r);
      }
    return (k: number) => (rowsOfRoot.get(k)?.size ?? 0) === 1;
  }

  /** Is row r one cell across the whole table? */
  whole(r: number): boolean {
    const k = this.at(r, 0);
    for (let c = 1; c < this.nc; c++) if (this.at(r, c) !== k) return false;
    return true;
  }
}

function tableOf(g: Grid, items: Item[], page: number, vocab: Vocab): RuledTable | null {
  if ((g.ys.length - 1) * (g.xs.length - 1) > 20000) return null;
  const cg = new CellGrid(g);
  if (cg.textAcross(items)) return null;
  cg.fill(splitAtRules(g, items), page, vocab);
  if (cg.irregular()) return null;
  const { nr, nc } = cg;
  const grid: string[][] = Array.from({ length: nr }, (_, r) => Array.from({ length: nc }, (_, c) => cg.text.get(cg.at(r, c)) ?? ''));
  const { keepR, before, after } = edgeRows(cg, grid);
  const { colIdx, rowsKept } = ownedLines(cg, grid, keepR);
  const t = headerAndBody(cg, grid, colIdx, rowsKept);
  if (!t || !plausible(cg, colIdx, rowsKept)) return null;
  // Is the first row set apart as a header (bold where the body is not)? A table continued from the
  // previous page without its header repeated has a plain first row: it may join that table.
  const weight = (rs: number[]) => {
    const its = [...new Set(rs.flatMap((r) => colIdx.map((c) => cg.at(r, c))))].flatMap((k) => cg.byCell.get(k) ?? []).filter((it) => /\S/.test(it.s));
    return its.length > 0 && its.every((it) => it.bold);
  };
  const marked = weight(rowsKept.slice(0, t.head)) && !weight(rowsKept.slice(t.head));
  const cols = colIdx.map((c, i) => ({ x0: g.xs[c], x1: g.xs[i + 1 < colIdx.length ? colIdx[i + 1] : g.xs.length - 1] }));
  return { header: t.cells[0], rows: t.cells.slice(1), before, after, headerMarked: marked, cols, x0: g.x0, x1: g.x1, y0: g.y0, y1: g.y1 };
}

/**
 * Rows kept (those with text), and the rows one cell across the whole table at its edges: at the top
 * a title or caption, at the bottom a note or source line (both kept as paragraphs beside the
 * table). In between, such a row is a section label: its text in the first column only.
 */
function edgeRows(cg: CellGrid, grid: string[][]): { keepR: boolean[]; before: string[]; after: string[] } {
  const { nr, nc } = cg;
  // Rows and columns without any text (a double rule's sliver, a spacer) go.
  const keepR = grid.map((row) => row.some(Boolean));
  const before: string[] = [];
  for (let r = 0; r < nr && (!keepR[r] || cg.whole(r)); r++) {
    if (keepR[r]) before.push(grid[r][0]);
    keepR[r] = false;
  }
  const tail: string[] = [];
  for (let r = nr - 1; r >= 0 && (!keepR[r] || cg.whole(r)); r--) {
    if (keepR[r]) tail.push(grid[r][0]);
    keepR[r] = false;
  }
  for (let r = 0; r < nr; r++) if (keepR[r] && cg.whole(r)) for (let c = 1; c < nc; c++) grid[r][c] = '';
  return { keepR, before, after: tail.reverse() };
}

/**
 * The columns and rows that own text. Each merged cell's text belongs to its first column and first
 * row (its owner); a column or row that owns no text (a sliver between doubled rules, a cell
 * boundary offset by a point or two, a line only some cells are split at) adds nothing and goes.
 */
function ownedLines(cg: CellGrid, grid: string[][], keepR: boolean[]): { colIdx: number[]; rowsKept: number[] } {
  const { nr, nc } = cg;
  const keepC = Array.from({ length: nc }, () => false);
  for (let r = 0; r < nr; r++) {
    if (!keepR[r]) continue;
    for (let c = 0; c < nc; c++) if (grid[r][c] && (c === 0 || cg.at(r, c) !== cg.at(r, c - 1))) keepC[c] = true;
  }
  const colIdx = keepC.map((_, c) => c).filter((c) => keepC[c]);
  const owns = (r: number, prev: number) => colIdx.some((c) => grid[r][c] && cg.at(r, c) !== cg.at(prev, c));
  const rowsKept: number[] = [];
  for (let r = 0; r < nr; r++) if (keepR[r] && (!rowsKept.length || owns(r, rowsKept[rowsKept.length - 1]))) rowsKept.push(r);
  return { colIdx, rowsKept };
}

/**
 * The header row and the body rows. A header over several rows (a cell of the first row spanning
 * down, grouped labels spanning columns above their sub-labels) is one header row, each column's
 * label the distinct texts above it. Body cells: a merged cell's text stands in its first row and
 * column only (the others stay empty, as the PDF shows them), so no text is read twice. Null when
 * fewer than two rows or two columns are left, or the cells are figures only in a sparse grid.
 */
function headerAndBody(cg: CellGrid, grid: string[][], colIdx: number[], rowsKept: number[]): { cells: string[][]; head: number } | null {
  let head = 1;
  if (rowsKept.length > 2) {
    const first = rowsKept[0];
    let last = 0;
    for (let k = 1; k < Math.min(3, rowsKept.length - 1); k++) if (colIdx.some((c) => cg.at(rowsKept[k], c) === cg.at(first, c))) last = k;
    head = last + 1;
  }
  let header = colIdx.map((c) => {
    const seen: number[] = [];
    for (const r of rowsKept.slice(0, head)) {
      const k = cg.at(r, c);
      if (!seen.includes(k) && cg.text.has(k)) seen.push(k);
    }
    return seen.map((k) => cg.text.get(k)!).join(' ');
  });
  // (A header cell spanning down into the body's rows is not read again there either.)
  const shown = new Set<number>();
  const isOwnRow = cg.ownRows();
  // A table with no header row (a rule above records and one under them, then a total): the first
  // grid row holds records one a line like any other; its first record stands as the header.
  const split = (keys: number[]) => stackedRecords(cg, keys, shown, isOwnRow);
  const headRecords = head === 1 && rowsKept.length ? split(colIdx.map((c) => cg.at(rowsKept[0], c))) : null;
  if (headRecords) header = headRecords[0];
  for (const r of rowsKept.slice(0, head)) for (const c of colIdx) shown.add(cg.at(r, c));
  const body = rowsKept.slice(head).flatMap((r) => {
    const records = split(colIdx.map((c) => cg.at(r, c)));
    if (records) return records;
    return [
      colIdx.map((c) => {
        const k = cg.at(r, c);
        if (shown.has(k)) return '';
        shown.add(k);
        return grid[r][c];
      }),
    ];
  });
  const cells = [header, ...(headRecords?.slice(1) ?? []), ...body];
  if (cells.length < 2 || (cells[0]?.length ?? 0) < 2) return null;
  // Figures only, no word anywhere, in a grid with many empty cells: the value labels of a bar
  // chart whose bars and axes form the grid (a table's header or first column names its figures).
  const all = cells.flat();
  if (!all.some((c) => /\p{L}/u.test(c)) && all.filter((c) => !c).length * 4 >= all.length) return null;
  return { cells, head };
}

/**
 * Rows drawn around several records at once (rules every five lines, as statistical tables
 * have; or only a rule under the header and one at the bottom, so that each column's whole body
 * is one cell): the lines of the row's cells stand on shared baselines, every cell holding text
 * has a line on most of them, and one cell holds figures only (numbers, dates: they do not wrap).
 * Then each baseline is a record: one row a line, a cell with no line on it left empty. Null
 * otherwise (a wrapped cell beside one-line cells, wrapped words in every cell, lines that do not
 * line up): the row stays one row.
 */
function stackedRecords(cg: CellGrid, keys: number[], shown: Set<number>, isOwnRow: (k: number) => boolean): string[][] | null {
  const own = [...new Set(keys)];
  if (own.some((k) => shown.has(k) || !isOwnRow(k))) return null;
  const at = records(own.map((k) => cg.lines.get(k) ?? []));
  if (!at) return null;
  for (const k of own) shown.add(k);
  const slot = new Map(own.map((k, i) => [k, at.slots[i]]));
  return Array.from({ length: at.n }, (_, j) => keys.map((k, i) => (i > 0 && keys[i - 1] === k ? '' : (slot.get(k)![j] ?? ''))));
}

/**
 * Text in most cells (counting each merged cell once), and no cell of prose; not one cell holding
 * most of the text (a framed paragraph with a caption row).
 */
function plausible(cg: CellGrid, colIdx: number[], rowsKept: number[]): boolean {
  const roots = new Set<number>();
  for (const r of rowsKept) for (const c of colIdx) roots.add(cg.at(r, c));
  const filled = [...roots].filter((k) => cg.text.has(k));
  if (filled.length * 2 < roots.size || filled.length < RULED.MIN_FILLED) return false;
  const lengths = filled.map((k) => cg.text.get(k)!.length);
  const mean = lengths.reduce((a, b) => a + b, 0) / lengths.length;
  if (mean > RULED.MAX_MEAN_CELL_CHARS) return false;
  const total = lengths.reduce((a, b) => a + b, 0);
  return !(filled.length <= RULED.FRAME_MAX_CELLS && Math.max(...lengths) > RULED.FRAME_TEXT_SHARE * total && total > RULED.FRAME_MIN_CHARS);
}

// ------------------------------------------------------------------ records set one a line

/** A cell line of figures only: a number, an amount, a percentage, a date or a range of them. */
export const isFigure = (s: string) => /\d/.test(s) && !/\p{L}/u.test(s);

/**
 * Cells of one ruled row whose lines are records set one a line rather than wrapped text: the
 * lines stand on shared baselines (two or more), no cell has two lines on one baseline, every cell
 * holding text has a line on more than half of the baselines, and one cell has a figure (isFigure)
 * on more than half of them and nothing else. Gives the number of baselines and, for each cell,
 * its text on each baseline (top to bottom; undefined where it has none). Null otherwise: one cell
 * wrapped beside one-line cells, words wrapped in every cell, lines that do not line up.
 */
export function records(cells: { y: number; size: number; text: string }[][]): { n: number; slots: (string | undefined)[][] } | null {
  const full = cells.filter((c) => c.length);
  if (full.length < 2 || !full.some((c) => c.length >= 2)) return null;
  const sizes = full.flat().map((l) => l.size).sort((a, b) => a - b);
  const tol = 0.4 * sizes[sizes.length >> 1];
  const base = cluster(full.flat().map((l) => l.y), tol).reverse();
  const n = base.length;
  if (n < 2) return null;
  const slots: (string | undefined)[][] = [];
  for (const c of cells) {
    const row: (string | undefined)[] = Array.from({ length: n });
    for (const l of c) {
      let j = 0;
      for (let m = 1; m < n; m++) if (Math.abs(base[m] - l.y) < Math.abs(base[j] - l.y)) j = m;
      if (Math.abs(base[j] - l.y) > tol || row[j] !== undefined) return null;
      row[j] = l.text;
    }
    if (c.length && c.length * 2 <= n) return null;
    slots.push(row);
  }
  if (!cells.some((c) => c.length * 2 > n && c.every((l) => isFigure(l.text)))) return null;
  return { n, slots };
}

// ------------------------------------------------------------------ tables ruled across only

/**
 * Tables ruled with horizontal lines only, as papers set them (a rule above, one under the header,
 * one below: LaTeX's booktabs): three or more rules of one width stacked on the page with no
 * vertical line between them. The header is the text between the first two rules; the body the
 * text between the second and the last, its columns where every body line leaves a gap; a body
 * line with nothing in the first column continues the row above (a wrapped cell); a header label
 * over several columns (a group label) names each of them. Not a table: fewer than two columns or
 * two body rows, mostly empty cells, or cells of running prose (text between section rules).
 */
export function rulesOnlyTables(segs: Segments, grids: Grid[], items: Item[], page: number, vocab: Vocab, taken: Set<Item>): RuledTable[] {
  const inGrid = (s: Seg) => grids.some((g) => s.y0 >= g.y0 - TOL && s.y0 <= g.y1 + TOL && s.x0 >= g.x0 - TOL && s.x1 <= g.x1 + TOL);
  const h = mergeCollinear(segs.h, true).filter((s) => s.x1 - s.x0 >= RULED.MIN_RULE_WIDTH && !inGrid(s));
  if (h.length < 3 || h.length > 400) return [];
  // Groups of rules of the same extent, top to bottom.
  const groups: Seg[][] = [];
  for (const s of [...h].sort((a, b) => b.y0 - a.y0)) {
    const g = groups.find((x) => Math.abs(x[0].x0 - s.x0) <= 4 && Math.abs(x[0].x1 - s.x1) <= 4 && x[x.length - 1].y0 - s.y0 <= 300 && x[x.length - 1].y0 - s.y0 > 2);
    if (g) g.push(s);
    else groups.push([s]);
  }
  const out: RuledTable[] = [];
  for (const g of groups) {
    if (g.length < 3) continue;
    const top = g[0].y0;
    const mid = g[1].y0;
    const bottom = g[g.length - 1].y0;
    const x0 = Math.min(...g.map((s) => s.x0));
    const x1 = Math.max(...g.map((s) => s.x1));
    // A vertical line inside: a grid's business, not this one's.
    if (segs.v.some((v) => v.x0 > x0 + TOL && v.x0 < x1 - TOL && v.y1 > bottom + TOL && v.y0 < top - TOL)) continue;
    const inside = (lo: number, hi: number) =>
      items.filter((it) => {
        if (taken.has(it) || !/\S/.test(it.s)) return false;
        const c = centre(it);
        return c.x >= x0 - TOL && c.x <= x1 + TOL && c.y > lo && c.y < hi;
      });
    const headItems = inside(mid, top);
    const bodyItems = inside(bottom, mid);
    if (!headItems.length || bodyItems.length < 4) continue;
    // Short rules in the header (\\cmidrule): the label right above one spans the columns under it.
    const under = mergeCollinear(segs.h, true).filter((s) => s.y0 < top - TOL && s.y0 > mid + TOL && s.x0 >= x0 - TOL && s.x1 <= x1 + TOL && s.x1 - s.x0 < x1 - x0 - 2 * TOL);
    // The rules between the second and the last, when they rule off the body's rows.
    const cuts = g.slice(2, -1).map((r) => r.y0);
    let t = rulesOnlyTable(headItems, bodyItems, under, page, vocab, cuts);
    if (!t) continue;
    // Rows shaded in turn (a zebra table with no lines) give rules at the shaded rows' edges only:
    // an unshaded last row lies under the last rule. The one line right under it, at the body's
    // line pitch, with cells in two or more of the table's columns, is that row.
    const bodyRows = rowsOf(bodyItems, page);
    const last = bodyRows[bodyRows.length - 1];
    const pitch = bodyRows.length >= 2 ? (bodyRows[0].y - last.y) / (bodyRows.length - 1) : 0;
    let y0 = bottom;
    const next = pitch > 0 ? rowsOf(inside(last.y - 1.3 * pitch, bottom), page)[0] : undefined;
    if (next && next.frags.length >= 2 && last.y - next.y <= 1.3 * pitch) {
      const nextItems = inside(next.y - 0.5 * next.size, bottom).filter((it) => Math.abs(it.y - next.y) <= 0.5 * next.size);
      const longer = rulesOnlyTable(headItems, [...bodyItems, ...nextItems], under, page, vocab, [...cuts, bottom]);
      if (longer && longer.header.length === t.header.length && longer.rows.length === t.rows.length + 1 && longer.rows[longer.rows.length - 1].filter(Boolean).length >= 2) {
        t = longer;
        bodyItems.push(...nextItems);
        y0 = next.y - 0.5 * next.size;
      }
    }
    out.push({ ...t, before: [], after: [], x0, x1, y0, y1: top });
    for (const it of [...headItems, ...bodyItems]) taken.add(it);
  }
  return out;
}

function rulesOnlyTable(headItems: Item[], bodyItems: Item[], under: Seg[], page: number, vocab: Vocab, cuts: number[] = []): { header: string[]; rows: string[][] } | null {
  const body = rowsOf(bodyItems, page);
  // Columns: the stretches of x that body text covers, separated by gaps no body line bridges.
  const spans = body.flatMap((r) => r.frags.map((f) => ({ x0: f.x0, x1: f.x1, size: f.size }))).sort((a, b) => a.x0 - b.x0);
  const cols: { x0: number; x1: number }[] = [];
  for (const s of spans) {
    const last = cols[cols.length - 1];
    if (last && s.x0 <= last.x1 + 0.5 * s.size) last.x1 = Math.max(last.x1, s.x1);
    else cols.push({ x0: s.x0, x1: s.x1 });
  }
  if (cols.length < 2 || cols.length > 30) return null;
  const colOf = (x0: number, x1: number) => {
    const c = (x0 + x1) / 2;
    let best = 0;
    let d = Infinity;
    cols.forEach((k, i) => {
      const dist = c < k.x0 ? k.x0 - c : c > k.x1 ? c - k.x1 : 0;
      if (dist < d) [best, d] = [i, dist];
    });
    return best;
  };
  const rows: string[][][] = [];
  const lineCells = body.map((r) => {
    const cells: string[][] = cols.map(() => []);
    for (const f of r.frags) cells[colOf(f.x0, f.x1)].push(f.text);
    return cells;
  });
  // Rules between the body's rows (each row ruled off, as office tables and manuals draw them):
  // the lines between two rules are one row, whichever cells wrap; unless they are records set
  // one a line (each line fills the same cells, one of them a figure on every line).
  const band = (y: number) => cuts.filter((c) => c > y).length;
  const records = (ls: string[][][]) =>
    ls.length >= 2 &&
    ls.every((l) => l.map((c) => c.length > 0).join() === ls[0].map((c) => c.length > 0).join() && l.filter((c) => c.length).length >= 2) &&
    cols.some((_, i) => ls.every((l) => l[i].length === 1 && isFigure(l[i][0])));
  let prevY = Infinity;
  for (let j = 0; j < body.length; j++) {
    const r = body[j];
    const cells = lineCells[j];
    let wrapped = rows.length > 0 && !cells[0].length && prevY - r.y <= 1.5 * r.size;
    if (cuts.length && j > 0) {
      const same = band(r.y) === band(body[j - 1].y);
      const inBand = body.map((x, k) => k).filter((k) => band(body[k].y) === band(r.y));
      wrapped = same && !records(inBand.map((k) => lineCells[k]));
    }
    if (wrapped) rows[rows.length - 1].forEach((c, i) => c.push(...cells[i]));
    else rows.push(cells);
    prevY = r.y;
  }
  if (rows.length < 2) return null;
  const grid = rows.map((r) => r.map((c) => joinLines(c, vocab)));
  const cells = grid.flat();
  const filled = cells.filter(Boolean);
  if (filled.length * 2 < cells.length) return null;
  // Running prose between section rules: most cells hold many words.
  if (filled.filter((c) => c.split(' ').length >= RULED.PROSE_CELL_WORDS).length * 2 >= filled.length) return null;
  // Header: each label names every column it covers at least half of, or every column under the
  // short rule drawn right below it (a group label over its sub-columns), else the one its centre
  // is nearest to.
  const header: string[][] = cols.map(() => []);
  for (const r of rowsOf(headItems, page))
    for (const f of r.frags) {
      const rule = under.find((u) => r.y - u.y0 > 0 && r.y - u.y0 <= f.size && u.x0 <= f.x1 && u.x1 >= f.x0);
      const covers = (k: { x0: number; x1: number }) =>
        rule ? (k.x0 + k.x1) / 2 >= rule.x0 - TOL && (k.x0 + k.x1) / 2 <= rule.x1 + TOL : Math.min(k.x1, f.x1) - Math.max(k.x0, f.x0) >= 0.5 * (k.x1 - k.x0);
      const covered = cols.map((k, i) => (covers(k) ? i : -1)).filter((i) => i >= 0);
      for (const i of covered.length > 1 ? covered : [colOf(f.x0, f.x1)]) header[i].push(f.text);
    }
  const head = header.map((h) => joinLines(h, vocab));
  if (head.filter(Boolean).length * 2 < head.length) return null;
  // A column label is a few words: lines of prose between the first two rules (two columns of
  // running text under a section rule, a small table further down) are no header.
  if (head.some((h) => h.split(' ').length > RULED.MAX_LABEL_WORDS)) return null;
  return { header: head, rows: grid };
}
