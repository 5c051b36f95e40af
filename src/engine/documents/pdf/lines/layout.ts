// Page layout of untagged PDFs: running headers and footers (lines repeated at the same height on
// most pages, page numbers) are removed, and a page of two or more columns is read column by column
// (columns.ts finds them).

import { columnOrder, outerGutter } from './columns.ts';
import { endsInLeader, rowText } from './geometry.ts';
import { bodyStyle } from './style.ts';
import type { Row } from '../types.ts';
import { RUNNING_BAND as BAND, RUNNING_WIDE_BAND as WIDE_BAND } from '../thresholds.ts';

export interface PageRows {
  page: number;
  /** Page box height, for the top and bottom bands. */
  top: number;
  bottom: number;
  rows: Row[];
}

/** "3", "- 3 -", "Page 3 of 10", "p. 3", "3/10", "iv" (a well-formed roman numeral: "vivid" is a word), and Word's "3 | Page" / "Page | 3". */
export const PAGE_NUMBER = /^(?:[-–—]\s*)?(?:(?:page|p\.|pág\.?|página|seite)\s*\|?\s*)?(?:\d{1,5}|(?=[ivxlcdm])m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3}))(?:\s*(?:of|de|\/|von)\s*\d{1,5})?(?:\s*\|\s*(?:page|página|seite))?(?:\s*[-–—])?$/i;

/** Digits as "#", spaces collapsed; case kept (a title in capitals on page 1 is not the same line as its running header in lower case). */
const keyOf = (s: string) => s.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
/**
 * A row's key for repetition: its text with digits as "#" when set no larger than the body; a row
 * set larger keys on its exact words less its page number ("Federal Register / Vol. 85, No. 152 /
 * … / Proposed Rules" in 10 pt over a 9 pt body, the same on every page), so numbered headings set
 * larger ("Section 2", "Section 3" at the top of their pages) never match one another.
 */
const rowKey = (r: Row, small: boolean) =>
  small
    ? keyOf(rowText(r))
    : `L|${r.frags
        .filter((f) => !PAGE_NUMBER.test(f.text.trim()))
        .map((f) => f.text)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim()}`;

/** What the running-line passes share: the body size, how many pages a line must repeat on, the bands. */
interface RunningScope {
  pages: PageRows[];
  /** The size of a row's words is the body's at most (a page number set large beside a running title does not count). */
  small: (r: Row) => boolean;
  /** Pages a line must repeat on (half of those with text, at least two). */
  need: number;
  inBand: (p: PageRows, r: Row, band?: number) => boolean;
  firstPage: number | undefined;
}

/**
 * The rows that may be running lines: the first three and the last three of each page (running
 * headers and footers sit at a page's edges, above and below its text).
 */
export function runningCandidates(p: PageRows): Row[] {
  const n = p.rows.length;
  return p.rows.filter((_, i) => i < 3 || i >= n - 3);
}

/**
 * Which running-line candidates go: given the pages and the rows the hand rules below take for
 * running lines, a decision returns the rows to remove (roles/running.ts: the learned one).
 */
export type RunningDecision = (pages: PageRows[], hand: Set<Row>) => Set<Row>;

/**
 * Removes running headers/footers and page numbers in place; returns how many rows went. `decide`
 * picks them among the candidates (default: the hand rules, handRunningRows).
 */
export function removeRunningLines(pages: PageRows[], decide?: RunningDecision): number {
  const hand = handRunningRows(pages);
  const drop = decide ? decide(pages, hand) : hand;
  let removed = 0;
  for (const p of pages) {
    const before = p.rows.length;
    p.rows = p.rows.filter((r) => !drop.has(r));
    removed += before - p.rows.length;
  }
  return removed;
}

/**
 * The running headers/footers and page numbers by the hand rules. Lines set larger than the body
 * text are running lines only when their words repeat exactly (see rowKey): "Section 2" at the top
 * of page after page reads like a header once digits are ignored, but it is a heading.
 */
export function handRunningRows(pages: PageRows[]): Set<Row> {
  const withText = pages.filter((p) => p.rows.length).length;
  const body = bodyStyle(pages.flatMap((p) => p.rows)).size;
  const scope: RunningScope = {
    pages,
    // The size of a row's words: a page number set large and bold beside a running title
    // ("47699" in 11 pt bold by a 10 pt "Federal Register / Vol. 85…") does not make the line a heading.
    // (Not Math.max(...sizes): a row may hold more fragments than a spread takes.)
    small: (r: Row) => r.frags.every((f) => f.size <= body + 0.5 || PAGE_NUMBER.test(f.text.trim())),
    need: Math.max(2, Math.ceil(withText * 0.5)),
    inBand: (p: PageRows, r: Row, band = BAND) => {
      const h = p.top - p.bottom;
      return r.y >= p.top - band * h || r.y <= p.bottom + band * h;
    },
    firstPage: pages.find((p) => p.rows.length)?.page,
  };
  const running = repeatedLines(scope);
  for (const k of headerSlots(scope)) running.add(k);
  const { small, inBand } = scope;
  const out = new Set<Row>();
  for (const p of pages)
    for (const r of runningCandidates(p)) {
      const t = rowText(r);
      if (running.has(`${p.page}|${rowKey(r, small(r))}|${r.y}`) || (small(r) && running.has(`${p.page}|${rowKey(r, true)}|${r.y}`)) || (small(r) && inBand(p, r) && PAGE_NUMBER.test(t.trim()))) out.add(r);
    }
  return out;
}

const styleOf = (r: Row) => `${Math.round(r.size * 2) / 2}|${r.frags.some((f) => f.bold) ? 1 : 0}`;

/**
 * Lines repeated at one height ("page|key|y"): on most pages, or on most pages of one parity (a
 * header that alternates: book title on even pages, chapter on odd ones). Candidates are the first
 * three and last three rows of each page inside the bands (the first and last row inside the wider
 * band, when they then repeat on most pages).
 */
function repeatedLines({ pages, small, need, inBand, firstPage }: RunningScope): Set<string> {
  const seen = new Map<string, { page: number; y: number; style: string }[]>();
  const wide = new Set<string>();
  for (const p of pages) {
    const rows = p.rows;
    const idx = new Set([0, 1, 2, rows.length - 3, rows.length - 2, rows.length - 1].filter((i) => i >= 0 && i < rows.length));
    for (const i of idx) {
      const outer = i === 0 || i === rows.length - 1;
      if (!inBand(p, rows[i])) {
        if (!outer || !inBand(p, rows[i], WIDE_BAND)) continue;
        wide.add(`${p.page}|${rows[i].y}`);
      }
      const k = rowKey(rows[i], small(rows[i]));
      if (!k || k === 'L|') continue;
      const list = seen.get(k) ?? [];
      list.push({ page: p.page, y: rows[i].y, style: styleOf(rows[i]) });
      seen.set(k, list);
    }
  }
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
    // A line found only in the wider band must repeat on most pages, not on one parity only.
    const wideOnly = at.every((e) => wide.has(`${e.page}|${e.y}`));
    // The first page's line set in another style than the line's other occurrences (bold, larger)
    // is the document's title, not its running header.
    const styles = new Map<string, number>();
    for (const e of at) styles.set(e.style, (styles.get(e.style) ?? 0) + 1);
    const usual = [...styles].sort((a, b) => b[1] - a[1])[0]?.[0];
    if (pagesAt.size >= need || (alternating && !wideOnly)) for (const e of at) if (e.page !== firstPage || e.style === usual || at.length < 3) running.add(`${e.page}|${k}|${e.y}`);
  }
  return running;
}

/**
 * Running lines in a header slot: the place (top or bottom line, one height) where most pages have
 * their outermost line and where nearly every such line is a repeated line or a page number. Its
 * lines that repeat are running lines even when none is on half of the pages: a chapter's title over
 * its pages ("Chapter 4: Function reference  12"), another chapter's over the next ones.
 */
function headerSlots({ pages, small, need, inBand, firstPage }: RunningScope): string[] {
  const slots = new Map<string, { page: number; key: string; y: number }[]>();
  for (const p of pages) {
    const rows = p.rows;
    for (const [i, side] of [[0, 'top'], [rows.length - 1, 'bottom']] as const) {
      const r = rows[i];
      if (!r || !inBand(p, r) || !small(r) || (side === 'bottom' && i === 0)) continue;
      const slot = `${side}|${Math.round(r.y)}`;
      (slots.get(slot) ?? slots.set(slot, []).get(slot)!).push({ page: p.page, key: rowKey(r, true), y: r.y });
    }
  }
  const out: string[] = [];
  for (const list of slots.values()) {
    if (list.length < need) continue;
    const count = new Map<string, number>();
    for (const e of list) count.set(e.key, (count.get(e.key) ?? 0) + 1);
    const repeated = (e: { key: string }) => (count.get(e.key) ?? 0) >= 2 || PAGE_NUMBER.test(e.key.replace(/#/g, '1'));
    if (list.filter(repeated).length < 0.8 * list.length) continue;
    for (const e of list) if ((count.get(e.key) ?? 0) >= 2 && e.page !== firstPage) out.push(`${e.page}|${e.key}|${e.y}`);
  }
  return out;
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
