// Page layout of untagged PDFs: running headers and footers (lines repeated at the same height on
// most pages, page numbers) are removed, and a page of two or more columns is read column by column
// (columns.ts finds them).

import { columnOrder, outerGutter } from './columns.ts';
import { endsInLeader, rowText } from './geometry.ts';
import { bodyStyle } from './headings.ts';
import type { Row } from './types.ts';

export interface PageRows {
  page: number;
  /** Page box height, for the top and bottom bands. */
  top: number;
  bottom: number;
  rows: Row[];
}

const PAGE_NUMBER = /^(?:[-–—]\s*)?(?:(?:page|p\.|pág\.?|página|seite)\s*)?(?:\d{1,5}|[ivxlcdm]{1,7})(?:\s*(?:of|de|\/|von)\s*\d{1,5})?(?:\s*[-–—])?$/i;
/** Share of the page height, at the top and at the bottom, where running lines live. */
const BAND = 0.12;

const keyOf = (s: string) => s.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/**
 * Removes running headers/footers and page numbers in place; returns how many rows went. Lines
 * set larger than the body text are never running lines ("Section 2" at the top of page after
 * page reads like a header once digits are ignored, but it is a heading).
 */
export function removeRunningLines(pages: PageRows[]): number {
  const withText = pages.filter((p) => p.rows.length).length;
  const body = bodyStyle(pages.flatMap((p) => p.rows)).size;
  const small = (r: Row) => r.size <= body + 0.5;
  const need = Math.max(2, Math.ceil(withText * 0.5));
  const inBand = (p: PageRows, r: Row) => {
    const h = p.top - p.bottom;
    return r.y >= p.top - BAND * h || r.y <= p.bottom + BAND * h;
  };
  // Candidates: the first two and last two rows of each page, inside the bands.
  const seen = new Map<string, { page: number; y: number }[]>();
  for (const p of pages) {
    const rows = p.rows;
    const idx = new Set([0, 1, 2, rows.length - 3, rows.length - 2, rows.length - 1].filter((i) => i >= 0 && i < rows.length));
    for (const i of idx) {
      if (!inBand(p, rows[i]) || !small(rows[i])) continue;
      const k = keyOf(rowText(rows[i]));
      if (!k) continue;
      const list = seen.get(k) ?? [];
      list.push({ page: p.page, y: rows[i].y });
      seen.set(k, list);
    }
  }
  // Pages of each parity: a header that alternates (book title on even pages, chapter on odd ones)
  // is on half of the pages, all of one parity.
  const parityPages = [0, 1].map((par) => pages.filter((p) => p.rows.length && p.page % 2 === par).length);
  const running = new Set<string>();
  for (const [k, list] of seen) {
    const ys = list.map((e) => e.y).sort((a, b) => a - b);
    const med = ys[ys.length >> 1];
    const at = list.filter((e) => Math.abs(e.y - med) <= 6);
    const pagesAt = new Set(at.map((e) => e.page));
    const parities = new Set(at.map((e) => e.page % 2));
    const par = at.length ? at[0].page % 2 : 0;
    const alternating = parities.size === 1 && pagesAt.size >= 2 && pagesAt.size >= Math.ceil(parityPages[par] * 0.5) && parityPages[1 - par] > 0;
    if (pagesAt.size >= need || alternating) for (const e of at) running.add(`${e.page}|${k}|${e.y}`);
  }
  let removed = 0;
  for (const p of pages) {
    const n = p.rows.length;
    p.rows = p.rows.filter((r, i) => {
      const t = rowText(r);
      const k = keyOf(t);
      const edge = i < 3 || i >= n - 3;
      const drop = edge && small(r) && (running.has(`${p.page}|${k}|${r.y}`) || (inBand(p, r) && PAGE_NUMBER.test(t.trim())));
      if (drop) removed++;
      return !drop;
    });
  }
  return removed;
}

/**
 * The x of the page's outermost column gutter (the middle of its empty strip), or null for a
 * single column (columns.ts finds it).
 */
export function findGutter(rows: Row[]): number | null {
  return outerGutter(rows, rows.map(bridgeLeaders));
}

/**
 * Rows in reading order: single-column pages as they are; pages of two or more columns column by
 * column, band by band (columns.ts). The first row read after a column change is marked `jump`.
 */
export function readingOrder(rows: Row[]): Row[] {
  // Gutters are looked for with leader lines bridged: a label's dot leader runs to the value it
  // leads to ("Any Injury ........ 1.9"), so the gap after it is no gutter and the row is one line.
  return columnOrder(rows, rows.map(bridgeLeaders)) ?? rows;
}

/** What a leader leads to: figures (a value, a percentage, an amount, a page number) or a roman page number. */
const FIGURE = /^(?:(?=[^\d]*\d)[\d\s.,%()+\-–—−$€£]+|[ivxlcdm]{1,7})$/i;

/**
 * The row with each fragment that ends in a leader stretched over the figures that follow it (a
 * value, a row of values, a page number): they are read on its line, after its label. Text with
 * letters after them (the other column of a two-column page beside a table of contents) stays apart.
 */
export function bridgeLeaders(r: Row): Row {
  if (!r.frags.some((f) => endsInLeader(f.text))) return r;
  const frags = r.frags.map((f, i) => {
    if (!endsInLeader(f.text)) return f;
    let x1 = f.x1;
    for (let k = i + 1; k < r.frags.length && FIGURE.test(r.frags[k].text.trim()); k++) x1 = Math.max(x1, r.frags[k].x1);
    return x1 > f.x1 ? { ...f, x1 } : f;
  });
  return { ...r, frags };
}
