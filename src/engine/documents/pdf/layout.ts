// Page layout of untagged PDFs: running headers and footers (lines repeated at the same height on
// most pages, page numbers) are removed, and a two-column page is read column by column. Columns
// are found as a vertical gutter near the middle of the text area that column-wide lines stay clear
// of on both sides; lines crossing it (a full-width title, a wide table) cut the page into bands,
// and each band is read left column first, then right.

import { rowText } from './geometry.ts';
import { bodyStyle } from './headings.ts';
import type { Frag, Row } from './types.ts';

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
    const idx = new Set([0, 1, rows.length - 2, rows.length - 1].filter((i) => i >= 0 && i < rows.length));
    for (const i of idx) {
      if (!inBand(p, rows[i]) || !small(rows[i])) continue;
      const k = keyOf(rowText(rows[i]));
      if (!k) continue;
      const list = seen.get(k) ?? [];
      list.push({ page: p.page, y: rows[i].y });
      seen.set(k, list);
    }
  }
  const running = new Set<string>();
  for (const [k, list] of seen) {
    const ys = list.map((e) => e.y).sort((a, b) => a - b);
    const med = ys[ys.length >> 1];
    const pagesAt = new Set(list.filter((e) => Math.abs(e.y - med) <= 6).map((e) => e.page));
    if (pagesAt.size >= need) for (const e of list) if (Math.abs(e.y - med) <= 6) running.add(`${e.page}|${k}|${e.y}`);
  }
  let removed = 0;
  for (const p of pages) {
    const n = p.rows.length;
    p.rows = p.rows.filter((r, i) => {
      const t = rowText(r);
      const k = keyOf(t);
      const edge = i < 2 || i >= n - 2;
      const drop = edge && small(r) && (running.has(`${p.page}|${k}|${r.y}`) || (inBand(p, r) && PAGE_NUMBER.test(t.trim())));
      if (drop) removed++;
      return !drop;
    });
  }
  return removed;
}

/** The x of a two-column gutter on this page, or null for a single column. */
export function findGutter(rows: Row[]): number | null {
  const frags = rows.flatMap((r) => r.frags);
  if (frags.length < 6) return null;
  const left = Math.min(...frags.map((f) => f.x0));
  const right = Math.max(...frags.map((f) => f.x1));
  const W = right - left;
  if (W <= 0) return null;
  const wide = (f: Frag) => f.x1 - f.x0 >= 0.25 * W && f.x1 - f.x0 <= 0.55 * W;
  let best: { x: number; score: number } | null = null;
  for (let x = left + 0.3 * W; x <= left + 0.7 * W; x += 2) {
    const L = frags.filter((f) => wide(f) && f.x1 <= x);
    const R = frags.filter((f) => wide(f) && f.x0 >= x);
    if (L.length < 3 || R.length < 3) continue;
    // The two sides must share a vertical stretch: side by side, not one above the other.
    const lo = Math.max(Math.min(...L.map((f) => f.y)), Math.min(...R.map((f) => f.y)));
    const hi = Math.min(Math.max(...L.map((f) => f.y)), Math.max(...R.map((f) => f.y)));
    if (hi - lo < 2 * Math.max(...L.map((f) => f.size))) continue;
    const score = Math.min(L.length, R.length);
    if (!best || score > best.score) best = { x, score };
  }
  if (!best) return null;
  // Centre the gutter in the empty strip around the best x.
  const x = best.x;
  const lEnd = Math.max(...frags.filter((f) => f.x1 <= x).map((f) => f.x1));
  const rStart = Math.min(...frags.filter((f) => f.x0 >= x).map((f) => f.x0));
  return Number.isFinite(lEnd) && Number.isFinite(rStart) ? (lEnd + rStart) / 2 : x;
}

/**
 * Rows in reading order: single-column pages as they are; two-column pages band by band, left
 * column then right. The first row read after a column change is marked `jump`.
 */
export function readingOrder(rows: Row[]): Row[] {
  const g = findGutter(rows);
  if (g === null) return rows;
  const out: Row[] = [];
  let L: Row[] = [];
  let R: Row[] = [];
  const flush = () => {
    out.push(...L);
    if (R.length) R[0] = { ...R[0], jump: true };
    out.push(...R);
    L = [];
    R = [];
  };
  for (const r of rows) {
    if (r.frags.some((f) => f.x0 < g && f.x1 > g)) {
      flush();
      out.push(r);
      continue;
    }
    const lf = r.frags.filter((f) => f.x1 <= g);
    const rf = r.frags.filter((f) => f.x0 >= g);
    if (lf.length) L.push({ ...r, frags: lf, size: Math.max(...lf.map((f) => f.size)) });
    if (rf.length) R.push({ ...r, frags: rf, size: Math.max(...rf.map((f) => f.size)) });
  }
  flush();
  return out;
}
