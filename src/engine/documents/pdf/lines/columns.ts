// Columns of an untagged page, any number of them: a recursive XY-cut on whitespace, with bands.
// A region (first the whole page) is cut at a vertical gutter: an x where a column starts (several
// lines begin there) with text left of it, nothing crossing it on most lines, and on each side, over
// a stretch of lines, at least three lines of prose filling that side (so the columns of a table,
// whose cells are short, are no gutter). Lines that do cross it (a full-width title, a caption or a
// footnote across the columns) cut the region into bands; each band is read side by side (left
// region first, or right first when the lines are right-to-left), and each side is cut again the
// same way, so three and four columns, or a caption spanning two of three columns, come out column
// by column. When several gutters qualify, the one fewest lines cross goes first (it is the outer
// cut: a caption over two of three columns crosses one gutter only).
// The cut works on fragments' parts (geometry.ts): a gutter narrower than the fragment gap (LaTeX's
// 10 pt at 10 pt) joins the two columns' lines into one fragment, and the cut splits it there.

import { endsInLeader, MAX_PAD } from './geometry.ts';
import type { Frag, Row } from '../types.ts';
import { PROSE_CHARS, PROSE_SPAN, PROSE_LINES, PROSE_DIGITS, JUSTIFIED_GAP, JUSTIFIED_SPAN } from '../thresholds.ts';

/** A piece of a line the cut moves as a whole: a fragment, or one part of it. */
interface Unit {
  x0: number;
  x1: number;
  size: number;
  /** Characters of text, 0 for monospaced text (code is never prose). */
  chars: number;
  /** Letters and digits in it (a table row's side is mostly figures; prose is mostly letters). */
  letters: number;
  digits: number;
  mono: boolean;
  /** Holds a word (two letters in a row): not a figure. */
  word: boolean;
  /** Its text's first characters. */
  lead: string;
  frag: number;
  /** Index in the fragment's parts; -1 for the whole fragment. */
  part: number;
}

interface Line {
  row: number;
  units: Unit[];
  /** A fragment of it ends in a dot leader (a table of contents' line: label, leader, page). */
  leader?: boolean;
}

export interface Cut {
  /** Where the right-hand column starts. */
  start: number;
  /** The middle of the empty strip before it. */
  mid: number;
}

/** Most column starts tried in one region (each costs one pass over the region's pieces). */
const MAX_CANDIDATES = 64;
/** Deepest nesting of cuts (a page of 2^6 columns is deeper than any layout). */
const MAX_DEPTH = 6;

const WORD = /\p{L}{2}/u;
const LETTER = /\p{L}/u;

/** The largest value of `f` over `xs` (a loop: a row can hold more pieces than a spread takes). */
function maxOf<T>(xs: T[], f: (x: T) => number): number {
  let m = -Infinity;
  for (const x of xs) m = Math.max(m, f(x));
  return m;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : 0;
};

/** The best gutter of a region, or null. */
function findCut(lines: Line[]): Cut | null {
  let n = 0;
  let left = Infinity;
  let right = -Infinity;
  const sizes: number[] = [];
  const starts: number[] = [];
  for (const l of lines)
    for (const u of l.units) {
      n++;
      left = Math.min(left, u.x0);
      right = Math.max(right, u.x1);
      sizes.push(u.size);
      starts.push(u.x0);
    }
  if (n < 6 || !(right > left)) return null;
  const em = median(sizes);
  // Column starts: x0 values shared (within a point) by three pieces or more, away from the edges.
  starts.sort((a, b) => a - b);
  const clusters: { x: number; n: number }[] = [];
  for (const x of starts) {
    const c = clusters[clusters.length - 1];
    if (c && x - c.x <= 1) c.n++;
    else clusters.push({ x, n: 1 });
  }
  let cands = clusters.filter((c) => c.n >= 3 && c.x >= left + 6 * em && c.x <= right - 6 * em);
  if (cands.length > MAX_CANDIDATES) cands = cands.sort((a, b) => b.n - a.n).slice(0, MAX_CANDIDATES);
  let best: { cut: Cut; crossing: number; score: number } | null = null;
  for (const c of cands) {
    const got = tryCut(lines, c.x, em);
    if (!got) continue;
    if (!best || got.crossing < best.crossing || (got.crossing === best.crossing && got.score > best.score)) best = { cut: got.cut, crossing: got.crossing, score: got.score };
  }
  return best?.cut ?? null;
}

/** How a line stands to a gutter starting at `s`. */
function sideOf(l: Line, s: number): { left: boolean; right: boolean; cross: boolean } {
  let lf = false;
  let rt = false;
  let mono = true;
  for (const u of l.units) {
    mono &&= u.mono;
    if (u.x0 >= s - 0.5) rt = true;
    else if (u.x1 <= s) lf = true;
    else return { left: false, right: false, cross: true };
  }
  // A line of code is never cut (its comment is no column): it crosses.
  if (mono && lf && rt) return { left: false, right: false, cross: true };
  return { left: lf, right: rt, cross: false };
}

function tryCut(lines: Line[], s: number, em: number): { cut: Cut; crossing: number; score: number } | null {
  let crossing = 0;
  let score = 0;
  let leftEnd = -Infinity;
  let band: Line[] = [];
  const closeBand = () => {
    if (band.length >= PROSE_LINES) score += bandScore(band, s, em);
    band = [];
  };
  for (const l of lines) {
    const side = sideOf(l, s);
    if (side.cross) {
      crossing++;
      closeBand();
      continue;
    }
    band.push(l);
    if (side.left) for (const u of l.units) if (u.x1 <= s) leftEnd = Math.max(leftEnd, u.x1);
  }
  closeBand();
  if (score < PROSE_LINES || !Number.isFinite(leftEnd)) return null;
  return { cut: { start: s, mid: (leftEnd + s) / 2 }, crossing, score };
}

/** Lines of prose on the weaker side of the gutter in one band (0 unless both sides have enough). */
function bandScore(band: Line[], s: number, em: number): number {
  const spans = (wantLeft: boolean) => {
    let x0 = Infinity;
    let x1 = -Infinity;
    const each: { w: number; chars: number; letters: number; digits: number }[] = [];
    for (const l of band) {
      let a = Infinity;
      let b = -Infinity;
      let chars = 0;
      let letters = 0;
      let digits = 0;
      for (const u of l.units) {
        if (wantLeft ? u.x1 <= s : u.x0 >= s - 0.5) {
          a = Math.min(a, u.x0);
          b = Math.max(b, u.x1);
          chars += u.chars;
          letters += u.letters;
          digits += u.digits;
        }
      }
      if (!chars) continue;
      x0 = Math.min(x0, a);
      x1 = Math.max(x1, b);
      each.push({ w: b - a, chars, letters, digits });
    }
    const width = x1 - x0;
    if (!(width >= 6 * em)) return 0;
    return each.filter((e) => e.chars >= PROSE_CHARS && e.w >= PROSE_SPAN * width && e.digits <= PROSE_DIGITS * (e.letters + e.digits)).length;
  };
  // A column starts at the gutter: lines whose first piece right of it stands at it and holds
  // words (right-aligned figures of a table's last column line up too, but hold none).
  let starts = 0;
  for (const l of band) {
    const first = l.units.find((u) => u.x0 >= s - 0.5);
    if (first && first.word && first.x0 <= s + 2 * em) starts++;
  }
  if (starts < PROSE_LINES) return 0;
  const l = spans(true);
  if (l < PROSE_LINES) return 0;
  const r = spans(false);
  return r < PROSE_LINES ? 0 : Math.min(l, r);
}

/** Lines of a region in reading order; `jump` marks lines read after a column change. */
function orderRegion(lines: Line[], rtl: (l: Line) => boolean, depth: number, jumps: Set<Line>, justified: Set<Line>): Line[] {
  const cut = depth >= MAX_DEPTH ? null : findCut(lines);
  if (!cut) {
    if (depth > 0) markJustified(lines, justified);
    return lines;
  }
  const s = cut.start;
  const rightFirst = lines.filter(rtl).length * 2 > lines.length;
  const out: Line[] = [];
  let L: Line[] = [];
  let R: Line[] = [];
  const flush = () => {
    const [a, b] = rightFirst ? [R, L] : [L, R];
    const first = orderRegion(a, rtl, depth + 1, jumps, justified);
    const second = orderRegion(b, rtl, depth + 1, jumps, justified);
    // Footnotes at the foot of a column come after the band's columns, so that a paragraph running
    // on into the next column is not cut by them.
    const [body1, notes1] = splitNotes(first);
    const [body2, notes2] = splitNotes(second);
    const notes = [...notes1, ...notes2];
    for (const x of body1) out.push(x);
    if (body2.length && body1.length) jumps.add(body2[0]);
    for (const x of body2) out.push(x);
    if (notes.length && (body1.length || body2.length)) jumps.add(notes[0]);
    if (notes2.length && notes1.length) jumps.add(notes2[0]);
    for (const x of notes) out.push(x);
    L = [];
    R = [];
  };
  for (const l of lines) {
    if (sideOf(l, s).cross) {
      flush();
      out.push(l);
      continue;
    }
    const lu = l.units.filter((u) => u.x1 <= s && u.x0 < s - 0.5);
    const ru = l.units.filter((u) => u.x0 >= s - 0.5);
    if (lu.length) L.push({ ...l, units: lu });
    if (ru.length) R.push({ ...l, units: ru });
  }
  flush();
  return out;
}

/** A footnote's first line opens with its mark: a number or a note sign. */
const NOTE_MARK = /^(?:\d{1,3}|[*†‡§¶])/u;

/**
 * A column's lines split before its footnotes: the trailing lines set smaller than the column's
 * text (under 0.9 of its median size), the first of them opening with a note mark, at most half of
 * the column and after three lines of text.
 */
function splitNotes(lines: Line[]): [Line[], Line[]] {
  if (lines.length < 4) return [lines, []];
  const sizeOf = (l: Line) => maxOf(l.units, (u) => u.size);
  const body = median(lines.map(sizeOf));
  let k = lines.length;
  while (k > 0 && sizeOf(lines[k - 1]) < 0.9 * body) k--;
  // The notes start at the first small line that opens with a mark.
  while (k < lines.length && !NOTE_MARK.test(lines[k].units[0].lead)) k++;
  if (k === lines.length || k < 3 || lines.length - k > lines.length / 2) return [lines, []];
  return [lines.slice(0, k), lines.slice(k)];
}


/**
 * Lines of one column (a region the cut found prose on both sides of) whose pieces are words of
 * one justified line: the line spans the column and no gap between its pieces passes JUSTIFIED_GAP
 * ems. A justified line stretches its spaces (LaTeX sets a sentence's space at 1.4 em on a loose
 * line), and a stretched space wider than the fragment gap would make the line two cells.
 */
function markJustified(lines: Line[], justified: Set<Line>): void {
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const l of lines)
    for (const u of l.units) {
      x0 = Math.min(x0, u.x0);
      x1 = Math.max(x1, u.x1);
    }
  const width = x1 - x0;
  for (const l of lines) {
    if (l.units.length < 2 || l.leader) continue;
    const u = l.units;
    let chars = 0;
    let ok = true;
    for (let i = 0; i < u.length; i++) {
      chars += u[i].chars;
      if (i && u[i].x0 - u[i - 1].x1 > JUSTIFIED_GAP * Math.max(u[i].size, u[i - 1].size)) ok = false;
    }
    if (ok && chars >= PROSE_CHARS && u[u.length - 1].x1 - u[0].x0 >= JUSTIFIED_SPAN * width) justified.add(l);
  }
}

/** Parts of one fragment joined back into one fragment (what geometry.ts would have built from them). */
function joinParts(ps: Frag[], rtl: boolean): Frag {
  if (ps.length === 1) return ps[0];
  let raw = '';
  ps.forEach((p, i) => {
    if (i) {
      const prev = ps[i - 1];
      const cw = prev.raw.length ? (prev.x1 - prev.x0) / prev.raw.length : 0;
      raw += ' '.repeat(Math.min(MAX_PAD, Math.max(1, cw > 0 ? Math.round((p.x0 - prev.x1) / cw) : 1)));
    }
    raw += p.raw;
  });
  const text = (rtl ? [...ps].reverse() : ps).map((p) => p.text).join(' ');
  let main = ps[0];
  for (const p of ps) if (p.text.length > main.text.length) main = p;
  // A bold opening: the leading parts set wholly in bold, when text of another weight follows.
  let k = 0;
  while (k < ps.length && ps[k].bold && !ps[k].boldLead) k++;
  const boldLead = rtl ? undefined : k > 0 && k < ps.length ? ps.slice(0, k).map((p) => p.text).join(' ').length : k === 0 ? ps[0].boldLead : undefined;
  return {
    x0: ps[0].x0,
    x1: maxOf(ps, (p) => p.x1),
    y: ps[0].y,
    size: main.size,
    text,
    raw: rtl ? text : raw,
    font: main.font,
    mono: ps.every((p) => p.mono),
    bold: main.bold,
    ...(boldLead ? { boldLead } : {}),
  };
}

/** The pieces of a row: its fragments, or their parts where they have some. */
/** Letters and digits of a piece's text (bounded by its length). */
function counts(text: string): { letters: number; digits: number } {
  let letters = 0;
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if ((c | 32) >= 97 && (c | 32) <= 122) letters++;
    else if (c > 127 && LETTER.test(text[i])) letters++;
  }
  return { letters, digits };
}

function unitsOf(r: Row, extent: Row): Unit[] {
  const out: Unit[] = [];
  r.frags.forEach((f, i) => {
    const e = extent.frags[i];
    // A fragment stretched over what its leader leads to stays whole (layout.ts, bridgeLeaders).
    if (f.parts && e.x1 === f.x1) f.parts.forEach((p, k) => out.push({ x0: p.x0, x1: p.x1, size: p.size, chars: p.mono ? 0 : p.text.length, ...counts(p.text), mono: p.mono, word: WORD.test(p.text), lead: p.text.slice(0, 4), frag: i, part: k }));
    else out.push({ x0: e.x0, x1: e.x1, size: f.size, chars: f.mono ? 0 : f.text.length, ...counts(f.text), mono: f.mono, word: WORD.test(f.text), lead: f.text.slice(0, 4), frag: i, part: -1 });
  });
  return out;
}

/**
 * Rows in reading order, column by column, or null when the page has no gutter (one column).
 * `extents` are the rows with the geometry the cut should see (leaders bridged), index for index.
 */
export function columnOrder(rows: Row[], extents: Row[]): Row[] | null {
  const lines: Line[] = rows.map((r, i) => ({ row: i, units: unitsOf(r, extents[i]), ...(r.frags.some((f) => endsInLeader(f.text)) ? { leader: true } : {}) }));
  if (!findCut(lines)) return null;
  const jumps = new Set<Line>();
  const justified = new Set<Line>();
  const ordered = orderRegion(lines, (l) => !!rows[l.row].rtl, 0, jumps, justified);
  return ordered.map((l) => {
    const r = rows[l.row];
    const frags: Frag[] = [];
    for (let k = 0; k < l.units.length; ) {
      const fi = l.units[k].frag;
      const parts: number[] = [];
      let whole = false;
      for (; k < l.units.length && l.units[k].frag === fi; k++) {
        if (l.units[k].part < 0) whole = true;
        else parts.push(l.units[k].part);
      }
      const f = r.frags[fi];
      if (whole || !f.parts || parts.length === f.parts.length) frags.push(f);
      else frags.push(joinParts(parts.map((p) => f.parts![p]), !!r.rtl));
    }
    if (justified.has(l) && frags.length > 1) frags.splice(0, frags.length, joinParts(frags, !!r.rtl));
    const same = frags.length === r.frags.length && frags.every((f, i) => f === r.frags[i]);
    const row: Row = same ? { ...r } : { ...r, frags, size: maxOf(frags, (f) => f.size) };
    if (jumps.has(l)) row.jump = true;
    return row;
  });
}

/** Where the page's outermost gutter lies (the middle of its empty strip), or null for one column. */
export function outerGutter(rows: Row[], extents: Row[]): number | null {
  return findCut(rows.map((r, i) => ({ row: i, units: unitsOf(r, extents[i]) })))?.mid ?? null;
}
