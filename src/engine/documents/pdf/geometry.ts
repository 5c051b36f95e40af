// Positioned text items → rows of fragments, and rows → text. A row holds the items sharing a
// baseline; it is cut into fragments where the gap between two visible items passes about one em
// (table cells, the gutter between columns). Lines of a paragraph are joined with a space, or
// without one where a word was hyphenated at the line end (see joinHyphen for the rule).

import type { Frag, PdfTextItem, Row } from './types.ts';

/** One text item with its position and font facts resolved. */
export interface Item {
  s: string;
  x: number;
  y: number;
  w: number;
  size: number;
  font: string;
  mono: boolean;
  bold: boolean;
  /** Marked-content id it sits in (tagged PDFs). */
  mc?: string;
}

/** Gap (in ems) above which one baseline splits into separate fragments. */
const FRAG_GAP = 1.0;

export function toItem(it: PdfTextItem, mono: boolean, bold: boolean, mc?: string): Item | null {
  const [a, b, c, d, e, f] = it.transform;
  const size = Math.hypot(c, d) || Math.hypot(a, b) || it.height || 1;
  if (!it.str) return null;
  return { s: it.str, x: e, y: f, w: Math.abs(it.width), size, font: it.fontName, mono, bold, ...(mc ? { mc } : {}) };
}

const isBlank = (s: string) => !/\S/.test(s);

/** Rows of `items`, top to bottom, each with its fragments left to right. */
export function rowsOf(items: Item[], page: number): Row[] {
  const sorted = items.filter((i) => i.s).sort((p, q) => q.y - p.y || p.x - q.x);
  const groups: Item[][] = [];
  for (const it of sorted) {
    const g = groups[groups.length - 1];
    if (g && Math.abs(g[0].y - it.y) <= 0.4 * Math.min(g[0].size, it.size)) g.push(it);
    else groups.push([it]);
  }
  const rows: Row[] = [];
  for (const g of groups) {
    g.sort((p, q) => p.x - q.x);
    const frags: Frag[] = [];
    let cur: { items: Item[]; x1: number } | null = null;
    for (const it of g) {
      if (isBlank(it.s)) {
        if (cur) cur.items.push(it); // spacing only; geometry comes from visible items
        continue;
      }
      const size = it.size;
      if (cur && it.x - cur.x1 <= FRAG_GAP * size) {
        cur.items.push(it);
        cur.x1 = Math.max(cur.x1, it.x + it.w);
      } else {
        if (cur) frags.push(fragOf(cur.items));
        cur = { items: [it], x1: it.x + it.w };
      }
    }
    if (cur) frags.push(fragOf(cur.items));
    if (!frags.length) continue;
    const size = Math.max(...frags.map((f) => f.size));
    rows.push({ y: g[0].y, size, frags, page });
  }
  return rows;
}

function fragOf(items: Item[]): Frag {
  while (items.length && isBlank(items[items.length - 1].s)) items.pop();
  let text = '';
  let raw = '';
  let prevEnd = -Infinity;
  let spaced = false;
  let main = items[0];
  for (const it of items) {
    if (isBlank(it.s)) {
      spaced = true;
      continue;
    }
    if (text && (spaced || it.x - prevEnd > 0.15 * it.size) && !/\s$/.test(text) && !/^\s/.test(it.s)) {
      text += ' ';
      raw += ' '.repeat(Math.max(1, Math.round((it.x - prevEnd) / Math.max(1, charWidth(it)))));
    }
    text += it.s;
    raw += it.s;
    prevEnd = it.x + it.w;
    spaced = false;
    if (it.s.length > main.s.length) main = it;
  }
  const vis = items.filter((i) => !isBlank(i.s));
  return {
    x0: vis[0].x,
    x1: Math.max(...vis.map((i) => i.x + i.w)),
    y: vis[0].y,
    size: main.size,
    text: text.replace(/\s+/g, ' ').trim(),
    raw: raw.replace(/\s+$/, ''),
    font: main.font,
    mono: vis.every((i) => i.mono),
    bold: main.bold,
  };
}

/** Average width of one character of an item (monospaced text: the exact advance). */
export const charWidth = (it: { s: string; w: number }) => (it.s.length ? it.w / it.s.length : 0);

/** A row's text: its fragments joined by a space. */
export const rowText = (r: Row) => r.frags.map((f) => f.text).join(' ');

// ------------------------------------------------------------------ hyphenation

/**
 * Word counts of a document (lowercase), hyphenated compounds included, for the hyphenation rule.
 * Fed with the raw lines, so the two halves of a word broken at a line end count once each.
 */
export class Vocab {
  readonly counts = new Map<string, number>();
  add(text: string): void {
    for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? []) {
      this.bump(w);
      if (w.includes('-')) for (const p of w.split('-')) this.bump(p);
    }
  }
  private bump(w: string): void {
    this.counts.set(w, (this.counts.get(w) ?? 0) + 1);
  }
  count(w: string): number {
    return this.counts.get(w.toLowerCase()) ?? 0;
  }
}

const HYPHEN_END = /([\p{L}]+)-$/u;
const WORD_START = /^([\p{Ll}][\p{L}]*)/u;

/**
 * `prev` ends with "stem-" and `next` starts with a lowercase word: is the hyphen a line-end break
 * (drop it) or a real hyphen (keep it)? Rule, in order: the joined word occurs in the document →
 * break; the hyphenated compound occurs elsewhere → real; both halves occur as words elsewhere too
 * (twice, counting the break itself) → real (a compound such as "well-known"); otherwise → break
 * (a syllable such as "docu-"). An uppercase or digit continuation keeps the hyphen. Returns the
 * joined text, or null when `prev` does not end in a hyphenated word.
 */
export function joinHyphen(prev: string, next: string, vocab: Vocab): string | null {
  const h = HYPHEN_END.exec(prev);
  if (!h || /\s-$/.test(prev)) return null;
  const w = WORD_START.exec(next);
  if (!w) return prev + next; // "COVID-" + "19", "pre-" + "Raphaelite": keep the hyphen, no space
  const stem = h[1];
  const rest = w[1];
  const joined = stem + rest;
  let isBreak: boolean;
  if (vocab.count(joined) > 0) isBreak = true;
  else if (vocab.count(`${stem}-${rest}`) > 0) isBreak = false;
  else if (vocab.count(stem) >= 2 && vocab.count(rest) >= 2) isBreak = false;
  else isBreak = true;
  return isBreak ? prev.slice(0, -1) + next : prev + next;
}

/** Lines of one paragraph joined into one line. */
export function joinLines(lines: string[], vocab: Vocab): string {
  let out = '';
  for (const raw of lines) {
    const l = raw.replace(/\s+/g, ' ').trim();
    if (!l) continue;
    if (!out) {
      out = l;
      continue;
    }
    out = joinHyphen(out, l, vocab) ?? `${out} ${l}`;
  }
  return out;
}
