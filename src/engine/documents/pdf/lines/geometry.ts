// Positioned text items → rows of fragments, and rows → text. A row holds the items sharing a
// baseline; it is cut into fragments where the gap between two visible items passes about one em
// (table cells, the gutter between columns). Lines of a paragraph are joined with a space, or
// without one where a word was hyphenated at the line end (see joinHyphen for the rule).

import { closeCjkSpacing, mirrorBrackets, trackedSpace } from './scripts.ts';
import type { Frag, Row } from '../types.ts';
import type { Item } from '../read/items.ts';
import { FRAG_GAP, PART_GAP } from '../thresholds.ts';

export { toItem, normalizeForms, MAX_COORD, MIN_SIZE, MAX_SIZE, type Item } from '../read/items.ts';


/** A superscript that marks a note: figures, or the usual note signs. */
const NOTE_MARK = /^(?:\d{1,3}|[*∗†‡§¶]{1,3})$/u;

/**
 * Does text ending in `prev` take a note mark apart? After a word of two letters or more, or a
 * number written with separators or of three figures or more ("copying²" → "copying 2",
 * "273.879.750¹"); not after a single letter or a short number, where a raised figure is an
 * exponent ("S²", "R²", "10⁶") and stays with it.
 */
/** A raised figure that the next item carries on at once ("cos²(v)", "2^{2k}"): an exponent, not a note mark. */
function exponent(it: Item, next: Item | undefined): boolean {
  return !!next && !isBlank(next.s) && next.x - (it.x + it.w) < 0.15 * it.size && /^[(\p{L}\p{N}]/u.test(next.s);
}

function markable(prev: string): boolean {
  const word = /\p{L}+$/u.exec(prev)?.[0];
  if (word) return word.length >= 2;
  const num = /[\p{N}.,]+$/u.exec(prev)?.[0] ?? '';
  return /\p{N}$/u.test(num) && (num.length >= 3 || /[.,]/.test(num));
}




const isBlank = (s: string) => !/\S/.test(s);

/** A fragment that ends in a leader: dots (spaced or not), an ellipsis run, middle dots or underscores. */
const LEADER = /(?:(?:\.\s?){5,}|…{3,}|(?:·\s?){5,}|_{5,})\s*$/;
export const endsInLeader = (text: string) => LEADER.test(text);

/** Longest run of spaces a drawn gap turns into (code indentation, aligned columns). */
export const MAX_PAD = 160;
// Letters of the right-to-left scripts. Their digits (Arabic-Indic ٠-٩, Persian ۰-۹) are left out:
// numbers read left to right whatever their script, so an item holding only digits is a
// left-to-right run (a number drawn digit by digit keeps its digits' order).
const RTL_CHAR = /(?!\p{N})[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const RTL_CHARS = /(?!\p{N})[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/gu;
const LETTERS = /\p{L}/gu;
const LETTER = /\p{L}/u;
/** Scripts written without spaces between words: no space is inserted between two of their characters. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF00-\uFFEF]/u;

const count = (s: string, re: RegExp) => {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(s)) n++;
  return n;
};

/** Is a line of these items right-to-left (more right-to-left letters than left-to-right ones)? */
export function isRtlLine(items: { s: string }[]): boolean {
  let r = 0;
  let l = 0;
  for (const it of items) {
    const rr = count(it.s, RTL_CHARS);
    r += rr;
    l += count(it.s, LETTERS) - rr;
  }
  return r > l;
}

/**
 * Items of a right-to-left line, left to right on the page, in logical (reading) order: the
 * Unicode bidi algorithm's reordering applied at the level of pdf.js's items, whose strings pdf.js
 * has already put in logical order (it runs the algorithm within each item and reports `dir`). The
 * line is reversed, then each run of left-to-right items (Latin words, numbers) is turned back so it
 * reads left to right in place.
 */
export function logicalOrder<T extends { s: string }>(visual: T[]): T[] {
  const rev = [...visual].reverse();
  const out: T[] = [];
  let run: T[] = [];
  const ltr = (it: T) => !RTL_CHAR.test(it.s) && /[\p{L}\p{N}]/u.test(it.s);
  for (const it of rev) {
    if (ltr(it) || (run.length && isBlank(it.s))) run.push(it);
    else {
      flush();
      out.push(it);
    }
  }
  flush();
  return out;
  function flush() {
    // Blanks that trail an LTR run belong between it and the RTL text that follows.
    let tail: T[] = [];
    while (run.length && isBlank(run[run.length - 1].s)) tail.push(run.pop()!);
    out.push(...run.reverse(), ...tail);
    run = [];
  }
}

/** Rows of `items`, top to bottom, each with its fragments left to right on the page. */
export function rowsOf(items: Item[], page: number): Row[] {
  const sorted = items.filter((i) => i.s).sort((p, q) => q.y - p.y || p.x - q.x);
  let groups: Item[][] = [];
  for (const it of sorted) {
    const g = groups[groups.length - 1];
    if (g && Math.abs(g[0].y - it.y) <= 0.4 * Math.min(g[0].size, it.size)) g.push(it);
    else groups.push([it]);
  }
  groups = attachScripts(groups);
  const rows: Row[] = [];
  for (const g of groups) {
    g.sort((p, q) => p.x - q.x);
    const rtl = isRtlLine(g);
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
        if (cur) frags.push(fragWithParts(cur.items, rtl));
        cur = { items: [it], x1: it.x + it.w };
      }
    }
    if (cur) frags.push(fragWithParts(cur.items, rtl));
    if (!frags.length) continue;
    let size = 0;
    for (const f of frags) size = Math.max(size, f.size);
    rows.push({ y: g[0].y, size, frags, page, ...(rtl ? { rtl: true } : {}) });
  }
  return neutralRowsFollow(rows);
}

/**
 * A row with no letters (figures, dates, a table's row of years) has no direction of its own: as in
 * the Unicode bidi algorithm, it takes its paragraph's, here the page's (right-to-left when most rows
 * with letters are), so its cells line up with the right-to-left rows around it.
 */
function neutralRowsFollow(rows: Row[]): Row[] {
  let r = 0;
  let l = 0;
  const neutral: Row[] = [];
  for (const row of rows) {
    if (row.rtl) r++;
    else if (row.frags.some((f) => LETTER.test(f.text))) l++;
    else neutral.push(row);
  }
  if (r > l) for (const row of neutral) row.rtl = true;
  return rows;
}

const maxSize = (g: Item[]) => {
  let m = 0;
  for (const it of g) if (/\S/.test(it.s)) m = Math.max(m, it.size);
  return m;
};

/**
 * Superscripts and subscripts (footnote marks, author affiliations, exponents) sit on their own
 * baseline a little above or below a line of larger text: they join that line, or they would read
 * as lines of their own ("∗ # +") between the words they mark. A group joins the line below when
 * its text is smaller (under 0.8 of it) and its baseline is within 0.6 of that line's size above it,
 * or the line above when it is within 0.35 below (a subscript); the line keeps its own baseline.
 */
function attachScripts(groups: Item[][]): Item[][] {
  const extent = (h: Item[]) => {
    let x0 = Infinity;
    let x1 = -Infinity;
    for (const t of h) {
      x0 = Math.min(x0, t.x);
      x1 = Math.max(x1, t.x + t.w);
    }
    return [x0, x1];
  };
  const out: Item[][] = [];
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i];
    const below = groups[i + 1];
    const above = out[out.length - 1];
    // Item by item: a row can hold a superscript beside unrelated text (a sidebar's line).
    const bSize = below ? maxSize(below) : 0;
    const aSize = above ? maxSize(above) : 0;
    const [b0, b1] = below ? extent(below) : [0, 0];
    const [a0, a1] = above ? extent(above) : [0, 0];
    const keep: Item[] = [];
    for (const t of g) {
      const short = t.s.trim().length <= 8;
      if (below && short && t.size <= 0.85 * bSize && t.y - below[0].y > 0 && t.y - below[0].y <= 0.6 * bSize && t.x >= b0 - bSize && t.x <= b1 + bSize) below.push({ ...t, y: below[0].y, sup: true });
      else if (above && short && t.size <= 0.85 * aSize && above[0].y - t.y > 0 && above[0].y - t.y <= 0.35 * aSize && t.x >= a0 - aSize && t.x <= a1 + aSize) above.push({ ...t, y: above[0].y });
      else keep.push(t);
    }
    if (keep.length) out.push(keep);
  }
  return out;
}


/**
 * A fragment, with its parts when gaps of PART_GAP ems or more lie inside it: a gutter narrower
 * than FRAG_GAP (LaTeX's 10 pt between columns of 10 pt text, a ballot's 6 pt) joins the two
 * columns' lines into one fragment, and the column finder cuts it there.
 */
function fragWithParts(items: Item[], rtl: boolean): Frag {
  const f = fragOf(items, rtl);
  const groups: Item[][] = [];
  let end = -Infinity;
  for (const it of items) {
    if (isBlank(it.s)) {
      groups[groups.length - 1]?.push(it);
      continue;
    }
    if (!groups.length || it.x - end > PART_GAP * it.size) groups.push([it]);
    else groups[groups.length - 1].push(it);
    end = Math.max(end, it.x + it.w);
  }
  if (groups.length > 1) f.parts = groups.map((g) => fragOf(g, rtl));
  return f;
}

/** Hangul syllables (with figures, punctuation) one space apart ("최 근", "있 다 ."): how pdf.js writes a word set with wide tracking. */
const LETTER_SPACED = /^(?=.*\p{Script=Hangul})[\p{Script=Hangul}\p{N}\p{P}](?: [\p{Script=Hangul}\p{N}\p{P}])+$/u;

/**
 * Hangul set with tracking between 0.1 and 0.6 em (justified so that the extra space goes between
 * all syllables, as Korean word processors do): pdf.js puts a space between every two syllables of
 * a word inside its item ("최 근") and ends the item at each wider word gap. A row of such items:
 * most of its visible items are syllables one space apart or single syllables, at least two of them
 * the former. Their inner spaces are then tracking, and the word spaces are the gaps between items.
 */
function letterSpacedHangul(items: Item[]): boolean {
  const vis = items.filter((it) => !isBlank(it.s));
  const spaced = vis.filter((it) => LETTER_SPACED.test(it.s)).length;
  const single = vis.filter((it) => /^\p{Script=Hangul}$/u.test(it.s)).length;
  return spaced >= 2 && (spaced + single) >= 0.6 * vis.length;
}

/** A visible item of a fragment: whether a space stands before it, and the drawn gap in characters. */
interface Placed {
  it: Item;
  space: boolean;
  pad: number;
  mark?: boolean;
}

/**
 * Visible items left to right, each with whether a space stands before it (a blank item drawn
 * between, or a gap wider than 0.15 em) and the drawn gap in characters (for code indentation).
 */
function placedItems(items: Item[]): Placed[] {
  const vis: Placed[] = [];
  let prevEnd = -Infinity;
  let spaced = false;
  // Text placed glyph by glyph with tracking (letter spacing, justified Hangul): a word space is a
  // gap wider than the usual one between letters, not any gap (scripts.ts trackedSpace).
  const tracked = trackedSpace(items);
  const spacedOut = letterSpacedHangul(items);
  for (let k = 0; k < items.length; k++) {
    let it = items[k];
    if (isBlank(it.s)) {
      spaced = true;
      continue;
    }
    if (spacedOut && LETTER_SPACED.test(it.s)) it = { ...it, s: it.s.replace(/ /g, '') };
    const gap = it.x - prevEnd;
    const prev = vis[vis.length - 1]?.it.s ?? '';
    const cjk = CJK.test(prev.slice(-1)) && CJK.test(it.s[0]);
    // A note mark raised after a word or a number stands apart from it ("273.879.750" and its note
    // "1" read "273.879.750 1", not a different number); the text after it too.
    const afterMark = !!vis[vis.length - 1]?.mark && /^[\p{L}\p{N}]/u.test(it.s);
    const mark = !!it.sup && NOTE_MARK.test(it.s.trim()) && (vis.length === 0 || (markable(prev) && !exponent(it, items[k + 1])));
    const space = vis.length > 0 && !cjk && (mark || afterMark || (tracked ? gap > tracked * it.size : spaced || gap > 0.15 * it.size));
    const cw = charWidth(it);
    const pad = space ? Math.min(MAX_PAD, Math.max(1, cw > 0 ? Math.round(gap / cw) : 1)) : 0;
    vis.push({ it, space, pad, mark });
    prevEnd = it.x + it.w;
    spaced = false;
  }
  return vis;
}

/** A right-to-left fragment's text in logical order; a space between two items that had one between them on the page. */
function rtlText(vis: Placed[]): string {
  let text = '';
  const order = logicalOrder(vis.map((v) => v.it));
  const idx = new Map(vis.map((v, i) => [v.it, i]));
  order.forEach((it, k) => {
    if (k > 0) {
      const a = idx.get(order[k - 1])!;
      const b = idx.get(it)!;
      const sp = Math.abs(a - b) === 1 ? vis[Math.max(a, b)].space : true;
      if (sp && !/\s$/.test(text) && !/^\s/.test(it.s)) text += ' ';
    }
    text += it.s;
  });
  return text;
}

/** A left-to-right fragment's text, as drawn (gaps as spaces), and how much of it is bold. */
function ltrText(vis: Placed[]): { text: string; raw: string; boldLead: number; boldShare?: number } {
  let text = '';
  let raw = '';
  let lead = 0;
  let leading = true;
  let letters = 0;
  let boldLetters = 0;
  for (const v of vis) {
    const n = v.it.s.match(/\p{L}/gu)?.length ?? 0;
    letters += n;
    if (v.it.bold) boldLetters += n;
    if (v.space && !/\s$/.test(text) && !/^\s/.test(v.it.s)) {
      text += ' ';
      raw += ' '.repeat(v.pad);
    }
    text += v.it.s;
    raw += v.it.s;
    if (leading && v.it.bold) lead = text.length;
    else leading = false;
  }
  // A bold opening followed by text of another weight (a run-in heading's candidate).
  const boldLead = lead > 0 && !leading ? text.slice(0, lead).replace(/\s+/g, ' ').trimStart().length : 0;
  return { text, raw, boldLead, ...(boldLetters > 0 && boldLetters < letters ? { boldShare: boldLetters / letters } : {}) };
}

function fragOf(items: Item[], rtl: boolean): Frag {
  while (items.length && isBlank(items[items.length - 1].s)) items.pop();
  const vis = placedItems(items);
  const rtlRun = rtl ? rtlText(vis) : '';
  const { text, raw, boldLead, boldShare } = rtl ? { text: rtlRun, raw: rtlRun, boldLead: 0, boldShare: undefined } : ltrText(vis);
  let main = vis[0].it;
  let x1 = -Infinity;
  for (const v of vis) {
    if (v.it.s.length > main.s.length) main = v.it;
    x1 = Math.max(x1, v.it.x + v.it.w);
  }
  return {
    x0: vis[0].it.x,
    x1,
    y: vis[0].it.y,
    size: main.size,
    text: scriptText(text.replace(/\s+/g, ' ').trim(), rtl),
    raw: raw.trimEnd(),
    font: main.font,
    mono: vis.every((v) => v.it.mono),
    bold: main.bold,
    ...(boldLead ? { boldLead } : {}),
    ...(boldShare !== undefined ? { boldShare } : {}),
  };
}

/** Brackets of right-to-left text and letter-spaced CJK (scripts.ts). */
const scriptText = (text: string, rtl: boolean) => {
  const t = rtl ? mirrorBrackets(text) : text;
  return CJK.test(t) ? closeCjkSpacing(t) : t;
};

/** Average width of one character of an item (monospaced text: the exact advance). */
export const charWidth = (it: { s: string; w: number }) => (it.s.length ? it.w / it.s.length : 0);

/** A row's text: its fragments joined by a space. */
export const rowText = (r: Row) => {
  const t = (r.rtl ? [...r.frags].reverse() : r.frags).map((f) => f.text).join(' ');
  // A letter-spaced CJK title drawn with gaps wide enough to split it into fragments ("目   录").
  return r.frags.length > 1 && CJK.test(t) ? closeCjkSpacing(t) : t;
};

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
 * `re` (anchored at the end) run on the last 64 code units of `text`, or on all of it when the
 * match may reach further back: the same match as on `text`, without scanning a whole paragraph
 * each time a line is appended to it (joinLines was quadratic in a paragraph's length).
 */
function execEnd(re: RegExp, text: string): RegExpExecArray | null {
  if (text.length <= 64) return re.exec(text);
  const m = re.exec(text.slice(-64));
  // A match starting at the tail's first or second unit (a surrogate pair cut in two) may extend further back.
  return m && m.index < 2 ? re.exec(text) : m;
}

/**
 * `prev` ends with "stem-" and `next` starts with a lowercase word: is the hyphen a line-end break
 * (drop it) or a real hyphen (keep it)? Rule, in order: the joined word occurs in the document →
 * break; the hyphenated compound occurs elsewhere → real; both halves occur as words elsewhere too
 * (twice, counting the break itself) → real (a compound such as "well-known"); otherwise → break
 * (a syllable such as "docu-"). An uppercase or digit continuation keeps the hyphen. Returns the
 * joined text, or null when `prev` does not end in a hyphenated word.
 */
export function joinHyphen(prev: string, next: string, vocab: Vocab): string | null {
  const h = execEnd(HYPHEN_END, prev);
  if (!h || /\s-$/.test(prev.slice(-2))) return null;
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

const LAST_WORD = /(\p{Ll}+)$/u;
const FIRST_WORD = /^(\p{Ll}+)(?=[^\p{L}]|$)/u;

/**
 * A word broken at a line end whose hyphen the PDF does not carry (pdf.js drops a soft hyphen, and
 * LaTeX's tagged PDFs mark it as an artifact): "in" + "cluding" → "including" when the whole word
 * occurs elsewhere in the document and one of the halves occurs nowhere else (it is a syllable, not
 * a word). Null when the rule does not apply.
 */
export function joinDroppedHyphen(prev: string, next: string, vocab: Vocab): string | null {
  const a = execEnd(LAST_WORD, prev);
  const b = FIRST_WORD.exec(next);
  if (!a || !b) return null;
  const whole = a[1] + b[1];
  if (vocab.count(whole) < 1 || (vocab.count(a[1]) > 1 && vocab.count(b[1]) > 1)) return null;
  return prev + next;
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
    out = joinHyphen(out, l, vocab) ?? joinDroppedHyphen(out, l, vocab) ?? (CJK.test(out.slice(-1)) && CJK.test(l[0]) ? out + l : `${out} ${l}`);
  }
  return out;
}
