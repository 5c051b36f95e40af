// What the learned role model sees of a line: numbers taken from the reader's own rows (size against
// the body, weight, font change, place on the page, gaps, numbering, punctuation, case, repetition
// across pages, length). The same function feeds the training dump (bench/pdf-corpus/features.ts)
// and the model's evaluation in the reader, so the page, the CLI and the training see one thing.
// One of them is the hand rules' own verdict (lineRoles with the hand rules, passed in as `hand`): the model learns when
// to follow it and when not, from the labels.

import { rowText } from '../lines/geometry.ts';
import type { Row } from '../types.ts';
import { CAPTION, CODE_LIKE, IDENTIFIER, LIST_MARKER, numberingDepth } from './patterns.ts';

export const FEATURE_NAMES = [
  'size_ratio', 'size_rank', 'bold', 'bold_vs_body', 'font_change', 'mono', 'frags', 'log_chars', 'log_words',
  'ends_sentence', 'ends_colon', 'ends_comma', 'prev_ends_sentence', 'prev_same_size', 'next_same_size',
  'gap_above', 'gap_below', 'indent', 'right_gap', 'centre_offset', 'width_ratio', 'next_width_ratio',
  'numbered', 'number_depth', 'list_marker', 'starts_lower', 'starts_upper', 'all_caps', 'digit_share',
  'page_top', 'first_on_page', 'last_on_page', 'repeats', 'first_page', 'next_starts_lower', 'next_indent',
  'prev_is_bigger', 'rtl', 'page_lines', 'identifier', 'caption', 'prev_width_ratio', 'prev_runs_on', 'hand_rules',
] as const;

export interface BodyLook {
  size: number;
  bold: boolean;
}

const round = (x: number) => Math.round(x * 2) / 2;
const stripKey = (t: string) => t.normalize('NFKC').toLowerCase().replace(/[^\p{L}]+/gu, '');
const clip = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);

/** The font carrying most characters (the body's face), for "this line changes font". */
function bodyFont(rows: Row[]): string {
  const n = new Map<string, number>();
  for (const r of rows) for (const f of r.frags) n.set(f.font, (n.get(f.font) ?? 0) + f.text.length);
  let best = '';
  let most = -1;
  for (const [k, v] of n)
    if (v > most) {
      most = v;
      best = k;
    }
  return best;
}

type Extent = { top: number; bottom: number; left: number; right: number; first: Row; last: Row; maxW: number };

/** What every row's features are measured against: the document's body, pages and repeated lines. */
interface Scope {
  rows: Row[];
  texts: string[];
  keys: string[];
  body: BodyLook;
  hand: Map<Row, number>;
  font: string;
  ext: Map<number, Extent>;
  pagesOf: Map<string, Set<number>>;
  pageCount: number;
  firstPage: number;
  larger: number[];
  perPage: Map<number, number>;
}

/** One feature vector per row (FEATURE_NAMES order). `rows` in reading order, as the roles stage gets them. */
export function lineFeatures(rows: Row[], body: BodyLook, hand: Map<Row, number>): number[][] {
  const texts = rows.map((r) => rowText(r).trim());
  const ext = pageExtents(rows);
  // Repetition: the same letters (digits ignored) on other pages.
  const pagesOf = new Map<string, Set<number>>();
  const keys = texts.map(stripKey);
  rows.forEach((r, i) => {
    if (!keys[i]) return;
    (pagesOf.get(keys[i]) ?? pagesOf.set(keys[i], new Set()).get(keys[i])!).add(r.page);
  });
  const perPage = new Map<number, number>();
  for (const r of rows) perPage.set(r.page, (perPage.get(r.page) ?? 0) + 1);
  const s: Scope = {
    rows,
    texts,
    keys,
    body,
    hand,
    font: bodyFont(rows),
    ext,
    pagesOf,
    pageCount: Math.max(1, ext.size),
    firstPage: rows.length ? Math.min(...ext.keys()) : 0,
    larger: [...new Set(rows.flatMap((r) => r.frags.map((f) => round(f.size))).filter((x) => x > body.size + 0.5))].sort((a, b) => b - a),
    perPage,
  };
  return rows.map((r, i) => rowFeatures(s, r, i));
}

/** Each page's extent (from its rows: no page box needed), its first and last row by height. */
function pageExtents(rows: Row[]): Map<number, Extent> {
  const ext = new Map<number, Extent>();
  for (const r of rows) {
    const x0 = r.frags[0].x0;
    const x1 = r.frags[r.frags.length - 1].x1;
    const e = ext.get(r.page);
    if (!e) ext.set(r.page, { top: r.y, bottom: r.y, left: x0, right: x1, first: r, last: r, maxW: x1 - x0 });
    else {
      if (r.y > e.top) (e.top = r.y), (e.first = r);
      if (r.y < e.bottom) (e.bottom = r.y), (e.last = r);
      e.left = Math.min(e.left, x0);
      e.right = Math.max(e.right, x1);
      e.maxW = Math.max(e.maxW, x1 - x0);
    }
  }
  return ext;
}

/** A row's characters, and those in bold (by share), in another font than the body's, monospaced; its largest size. */
function weights(r: Row, font: string): { chars: number; boldChars: number; maxSize: number; changed: number; mono: number } {
  let chars = 0;
  let boldChars = 0;
  let maxSize = 0;
  let changed = 0;
  let mono = 0;
  for (const f of r.frags) {
    const n = f.text.length;
    chars += n;
    const share = f.boldShare ?? (f.bold ? 1 : 0);
    boldChars += n * share;
    maxSize = Math.max(maxSize, f.size);
    if (f.font !== font) changed += n;
    if (f.mono) mono += n;
  }
  return { chars: Math.max(1, chars), boldChars, maxSize, changed, mono };
}

function rowFeatures(s: Scope, r: Row, i: number): number[] {
  const { rows, texts, keys, body } = s;
  const t = texts[i];
  const prev = rows[i - 1];
  const next = rows[i + 1];
  const hasPrev = !!prev && prev.page === r.page && !prev.jump && !r.jump;
  const hasNext = !!next && next.page === r.page && !next.jump;
  const { chars, boldChars, maxSize, changed, mono } = weights(r, s.font);
  const e = s.ext.get(r.page)!;
  const x0 = r.frags[0].x0;
  const x1 = r.frags[r.frags.length - 1].x1;
  const width = Math.max(1, e.right - e.left);
  const size = Math.max(1, r.size || maxSize);
  const depth = numberingDepth(t);
  const words = t.split(/\s+/).filter(Boolean).length;
  const letters = t.replace(/[^\p{L}\p{N}]/gu, '');
  const digits = letters.replace(/\D/g, '').length;
  const nt = hasNext ? texts[i + 1] : '';
  const rank = s.larger.indexOf(round(maxSize));
  return [
    maxSize / body.size,
    rank < 0 ? 0 : 1 / (1 + rank),
    boldChars / chars,
    boldChars / chars > 0.5 && !body.bold ? 1 : 0,
    changed / chars,
    mono / chars,
    Math.min(r.frags.length, 6),
    Math.log1p(t.length),
    Math.log1p(words),
    /[.!?。！？]$/.test(t) ? 1 : 0,
    /[:：]$/.test(t) ? 1 : 0,
    /[,;，、]$/.test(t) ? 1 : 0,
    hasPrev ? (/[.!?。！？:：]$/.test(texts[i - 1]) ? 1 : 0) : 1,
    hasPrev && Math.abs(prev.size - r.size) < 0.6 ? 1 : 0,
    hasNext && Math.abs(next.size - r.size) < 0.6 ? 1 : 0,
    hasPrev ? clip((prev.y - r.y) / size, -2, 6) : 6,
    hasNext ? clip((r.y - next.y) / size, -2, 6) : 6,
    clip((x0 - e.left) / size, 0, 30),
    clip((e.right - x1) / size, 0, 60),
    Math.abs((x0 + x1) / 2 - (e.left + e.right) / 2) / width,
    (x1 - x0) / Math.max(1, e.maxW),
    hasNext ? (next.frags[next.frags.length - 1].x1 - next.frags[0].x0) / Math.max(1, e.maxW) : 0,
    depth > 0 ? 1 : 0,
    depth,
    LIST_MARKER.test(t) ? 1 : 0,
    /^\p{Ll}/u.test(t) ? 1 : 0,
    /^\p{Lu}/u.test(t) ? 1 : 0,
    /\p{Lu}{3}/u.test(t) && !/\p{Ll}/u.test(t) ? 1 : 0,
    letters.length ? digits / letters.length : 0,
    e.top > e.bottom ? (e.top - r.y) / (e.top - e.bottom) : 0,
    e.first === r ? 1 : 0,
    e.last === r ? 1 : 0,
    keys[i] ? (s.pagesOf.get(keys[i])!.size - 1) / s.pageCount : 0,
    r.page === s.firstPage ? 1 : 0,
    /^\p{Ll}/u.test(nt) ? 1 : 0,
    hasNext ? clip((next.frags[0].x0 - x0) / size, -10, 10) : 0,
    hasPrev && prev.size > r.size + 0.5 ? 1 : 0,
    r.rtl ? 1 : 0,
    Math.log1p(s.perPage.get(r.page) ?? 0),
    // A code identifier or statement ("parse_args()", "SELECT …"), a caption ("Table 3: …").
    IDENTIFIER.test(t) || CODE_LIKE.test(t) ? 1 : 0,
    CAPTION.test(t) ? 1 : 0,
    // The line above filled its measure and its sentence runs on into this one ("… as set out in" / "3.11. the rule …").
    hasPrev ? (prev.frags[prev.frags.length - 1].x1 - prev.frags[0].x0) / Math.max(1, e.maxW) : 0,
    hasPrev && /[\p{L}\p{N},;\-–]$/u.test(texts[i - 1]) ? 1 : 0,
    s.hand.has(r) ? 1 : 0,
  ];
}
