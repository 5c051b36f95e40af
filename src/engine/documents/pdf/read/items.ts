// What the reader keeps of each pdf.js text item: its string (compatibility forms normalised), position,
// size and font facts, with hostile geometry clamped. Later stages see Items, never pdf.js's objects.

import type { PdfTextItem } from '../types.ts';
import { foldRadicals } from './radicals.ts';

/** The `mc` of an item drawn inside an Artifact marked-content sequence (running lines, page numbers). */
export const ARTIFACT_MC = '#artifact';

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
  /** pdf.js read it as right-to-left text (its string is already in logical order). */
  rtl?: boolean;
  /** Marked-content id it sits in (tagged PDFs). */
  mc?: string;
  /** Set turned a quarter to run up the page (a rotated column label): `w` is its length upward from `y`. */
  up?: boolean;
  /** A vertical run (pdf.js `dir: 'ttb'`): `y` is its top, `h` its advance down the page (vertical.ts). */
  ttb?: boolean;
  h?: number;
  /** Raised above the line it was joined to (attachScripts): a footnote mark, an exponent. */
  sup?: boolean;
}

/**
 * Geometry is clamped to a finite range: a PDF can set text at 10^30 pt or place it at 10^300, and
 * every loop and padding below is sized from these numbers. Coordinates beyond ±MAX_COORD (far off
 * any page: a page is at most 14,400 pt wide) are pulled in, font sizes kept within [MIN_SIZE,
 * MAX_SIZE]; non-finite values make the item unreadable and it is dropped.
 */
export const MAX_COORD = 1e5;
export const MIN_SIZE = 0.01;
export const MAX_SIZE = 2000;
const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);

/** Full-width scripts (CJK and Hangul, which separates its words with spaces but is as wide). */
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\uFF00-\uFFEF]/u;

/**
 * Compatibility characters normalised (NFKC) to the letters they draw, so the text is searchable:
 * Latin ligatures ("ﬁ"), Hebrew and Arabic presentation forms (contextual shapes, lam-alef and other
 * ligatures), and the few spacing/letter variants pdf.js itself normalises (no-break and typographic
 * spaces, micro sign, ohm, Greek question mark, Lao AM). pdf.js is asked NOT to do this
 * (`disableNormalization`): it normalises each run before its bidi step reverses a right-to-left
 * run into logical order, so a ligature's letters, expanded first, come out reversed ("ﻻ" → "ال"
 * instead of "لا"). Here it runs on the logical-order string. NFKC is limited to these blocks: on
 * other text it would also fold full-width forms, superscripts and fractions the document means.
 * CJK radicals drawn for ideographs are read as those ideographs (radicals.ts).
 */
const COMPAT = /[\u00a0\u00b5\u037e\u0eb3\u2000-\u200a\u202f\u2126\uFB00-\uFB4F\uFB50-\uFDFF\uFE70-\uFEFE]+/g;
const HAS_COMPAT = /[\u00a0\u00b5\u037e\u0eb3\u2000-\u200a\u202f\u2126\uFB00-\uFB4F\uFB50-\uFDFF\uFE70-\uFEFE]/;
export const normalizeForms = (s: string) => foldRadicals(HAS_COMPAT.test(s) ? s.replace(COMPAT, (m) => m.normalize('NFKC')) : s);

export function toItem(it: PdfTextItem, mono: boolean, bold: boolean, mc?: string): Item | null {
  if (!it.str) return null;
  const [a, b, c, d, e, f] = it.transform;
  if (![a, b, c, d, e, f].every(Number.isFinite)) return null;
  const raw = Math.hypot(c, d) || Math.hypot(a, b) || it.height || 1;
  const size = clamp(Number.isFinite(raw) ? raw : MAX_SIZE, MIN_SIZE, MAX_SIZE);
  const x = clamp(e, -MAX_COORD, MAX_COORD);
  const w = clamp(Number.isFinite(it.width) ? Math.abs(it.width) : 0, 0, 2 * MAX_COORD);
  const s = normalizeForms(it.str);
  // CJK fonts are fixed-pitch by design (every ideograph, kana and hangul syllable one em wide) and
  // often flagged so: that says nothing about code, and their text would all become code blocks.
  return { s, x, y: clamp(f, -MAX_COORD, MAX_COORD), w, size, font: it.fontName, mono: mono && !WIDE.test(s), bold, ...(it.dir === 'rtl' ? { rtl: true } : {}), ...(b > 0 && Math.abs(a) < 0.01 * b && c < 0 ? { up: true } : {}), ...(it.dir === 'ttb' ? { ttb: true, h: clamp(Number.isFinite(it.height) ? Math.abs(it.height) : 0, 0, 2 * MAX_COORD) } : {}), ...(mc ? { mc } : {}) };
}
