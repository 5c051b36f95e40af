// Sentence segmentation: Intl.Segmenter proposes breaks, then guards remove the wrong ones
// (abbreviations, initials, numbers, URLs, e-mails, ellipses, soft line wraps). Linear in the text.
//
// The rules, in order, for a break the segmenter proposes between two pieces of text:
//  1. A blank line (two or more line breaks in the whitespace at the break) is always a break.
//  2. One line break: it stays a break when either line looks like a list item ("- x", "* x",
//     "1. x", "a) x", "I - x") or the first line ends with sentence punctuation (. ! ? … : ;, maybe
//     followed by a closing quote or bracket). Otherwise the line break is a soft wrap: no break.
//  3. No whitespace at the break (the segmenter split "ex.Com", "v2.1.3", "a@b.com.br"): no break
//     when the next character is a letter or digit.
//  4. Spaces only: no break after a known abbreviation, a single-letter initial ("J. Silva"),
//     stacked initials before lowercase or digits ("S.A. de"), an ellipsis or a period before
//     lowercase, or a reference abbreviation ("art.", "nº", "Fig.", "etc.") before lowercase/digits.

import { InputError, type Span } from '../types.ts';
import { guessLanguage } from './language.ts';
import { isWs } from './text-utils.ts';

/** Abbreviations after which a break never happens (titles, Latin forms). Lowercase. */
const ALWAYS = new Set([
  'sr.', 'sra.', 'srs.', 'sras.', 'srta.', 'dr.', 'dra.', 'drs.', 'dras.', 'prof.', 'profa.', 'profs.',
  'exmo.', 'exma.', 'ilmo.', 'ilma.', 'mr.', 'mrs.', 'ms.', 'messrs.', 'e.g.', 'i.e.', 'cf.', 'vs.',
  'viz.', 'p.ex.', 'approx.', 'aprox.',
]);

/** Abbreviations that may also end a sentence: no break only before lowercase or a digit. Lowercase. */
const BEFORE_LOWER_OR_DIGIT = new Set([
  'art.', 'arts.', 'nº.', 'n.º', 'no.', 'nos.', 'n.', 'p.', 'pp.', 'pág.', 'págs.', 'pag.', 'fig.',
  'figs.', 'vol.', 'vols.', 'cap.', 'caps.', 'sec.', 'séc.', 'seç.', 'tab.', 'eq.', 'ed.', 'ex.',
  'inc.', 'ltd.', 'ltda.', 'etc.', 'co.', 'corp.', 'al.', 'jr.', 'st.', 'av.', 'min.', 'máx.', 'mín.',
  'obs.', 'ref.', 'tel.', 'op.', 'cit.', 'par.', 'parág.', 'inc.', 'dept.', 'depto.', 'est.', 'aff.',
]);

const segmenters = new Map<string, Intl.Segmenter | null>();

function segmenterFor(language: string): Intl.Segmenter | null {
  let s = segmenters.get(language);
  if (s === undefined) {
    try {
      s = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(language, { granularity: 'sentence' }) : null;
    } catch {
      s = language === 'pt' ? null : segmenterFor('pt');
    }
    segmenters.set(language, s);
  }
  return s;
}

/**
 * Sentences inside text[start, end): trimmed, in order, non-overlapping, together covering every
 * non-blank character of the range. `language` ('pt', 'en' or any BCP 47 tag) picks the segmenter's
 * locale; when absent it is guessed from the range.
 */
export function sentenceSpans(text: string, start: number, end: number, language?: string): Span[] {
  if (typeof text !== 'string') throw new InputError('sentenceSpans: text must be a string');
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > text.length || start > end) {
    throw new InputError(`sentenceSpans: range [${start}, ${end}) is not inside the text (length ${text.length})`);
  }
  if (start === end) return [];
  if (!mayBreak(text, start, end)) {
    const out: Span[] = [];
    pushTrimmed(text, start, end, out);
    return out;
  }
  const lang = language || guessLanguage(text.slice(start, Math.min(end, start + 4000)));
  const breaks = proposeBreaks(text, start, end, lang);
  const out: Span[] = [];
  let cur = start;
  for (const b of breaks) {
    if (b <= cur || b >= end) continue;
    if (keepBreak(text, cur, b, end)) {
      pushTrimmed(text, cur, b, out);
      cur = b;
    }
  }
  pushTrimmed(text, cur, end, out);
  return out;
}

/**
 * False when the range cannot hold a sentence break: only characters below U+0370 (Latin, no
 * Greek or other scripts with their own terminators) and none of . ! ? line breaks or NEL.
 */
function mayBreak(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x370 || c === 46 || c === 33 || c === 63 || c === 10 || c === 13 || c === 11 || c === 12 || c === 0x85) return true;
  }
  return false;
}

function pushTrimmed(text: string, s: number, e: number, out: Span[]): void {
  while (s < e && isWs(text.charCodeAt(s))) s++;
  while (e > s && isWs(text.charCodeAt(e - 1))) e--;
  if (s < e) out.push({ start: s, end: e });
}

/** Window the segmenter sees at a time: V8's Intl.Segmenter slows down sharply on long strings. */
const WINDOW = 1024;
/** Breaks closer than this to a window's cut end are re-decided in the next window (lookahead). */
const MARGIN = 64;

/**
 * Offsets (absolute, increasing) where a sentence may start, from Intl.Segmenter run over windows
 * of about WINDOW characters (cut at whitespace), or from a punctuation fallback without Intl.
 */
function proposeBreaks(text: string, start: number, end: number, lang: string): number[] {
  const breaks: number[] = [];
  const seg = segmenterFor(lang);
  if (!seg) {
    for (const m of text.slice(start, end).matchAll(/[.!?…]+["')\]”’»]*[ \t\u00a0]+|\r\n|\n|\r/g)) {
      breaks.push(start + (m.index ?? 0) + m[0].length);
    }
    return breaks;
  }
  let ws = start;
  while (ws < end) {
    let we = Math.min(end, ws + WINDOW);
    // Cut at whitespace when there is some nearby, so words, numbers and URLs stay whole.
    const limit = Math.min(end, we + 256);
    while (we < limit && !isWs(text.charCodeAt(we))) we++;
    const last = we >= end;
    let accepted = -1;
    for (const s of seg.segment(text.slice(ws, we))) {
      if (s.index === 0) continue;
      const b = ws + s.index;
      if (!last && b > we - MARGIN) break;
      breaks.push(b);
      accepted = b;
    }
    if (last) break;
    // The next window starts at a known sentence start, or (inside a long sentence) between two
    // letters or digits, where no sentence can start: a window's first offset is never a break.
    ws = accepted > ws ? accepted : safeCut(text, ws + 1, Math.max(ws + 1, we - MARGIN));
  }
  return breaks;
}

/** A position at or before `pos` (not before `min`) between two word characters, else `pos`. */
function safeCut(text: string, min: number, pos: number): number {
  for (let i = pos; i > min && pos - i < 256; i--) {
    if (isWordChar(text.charCodeAt(i - 1)) && isWordChar(text.charCodeAt(i))) return i;
  }
  return pos;
}

function isWordChar(c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return /[\p{L}\p{N}]/u.test(String.fromCharCode(c));
}

function keepBreak(text: string, segStart: number, b: number, end: number): boolean {
  let p = b;
  while (p > segStart && isWs(text.charCodeAt(p - 1))) p--;
  if (p === segStart) return true; // the piece before is only whitespace
  let q = b;
  while (q < end && isWs(text.charCodeAt(q))) q++;
  if (q >= end) return true; // only whitespace after: trimmed away anyway
  let newlines = 0;
  for (let i = p; i < q; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10) || c === 0x2028 || c === 0x2029) newlines++;
  }
  if (newlines >= 2) return true;
  // A bare list number ("4.", "b)", "IV.") opening the piece is the item's marker, not a sentence:
  // kept with the item's text, so no chunk ends on a marker alone.
  if (isBareListMarker(text, segStart, p)) return false;
  if (newlines === 1) return lineBreakIsSentenceBreak(text, segStart, p, q, end);
  const nextCh = String.fromCodePoint(text.codePointAt(q) ?? 32);
  if (p === q) return !/[\p{L}\p{N}]/u.test(nextCh) || text.charCodeAt(p - 1) > 0x7f;
  return !noBreakAfterWord(lastWord(text, segStart, p), nextCh);
}

const BARE_MARKER = /^(?:\d{1,3}(?:\.\d{1,3})*|[a-zA-Z]|[IVXLCivxlc]{1,6})[.)]$/;

/** Is text[segStart, p), less leading whitespace, only a list number such as "4." or "2.1." or "b)"? */
function isBareListMarker(text: string, segStart: number, p: number): boolean {
  let s = segStart;
  while (s < p && isWs(text.charCodeAt(s))) s++;
  if (p - s > 12) return false;
  // It must open its line: "see item 4." followed by text is an ordinary sentence end.
  let ls = s;
  while (ls > 0 && (text.charCodeAt(ls - 1) === 32 || text.charCodeAt(ls - 1) === 9)) ls--;
  if (ls > 0 && text.charCodeAt(ls - 1) !== 10 && text.charCodeAt(ls - 1) !== 13) return false;
  return BARE_MARKER.test(text.slice(s, p));
}

const LIST_LINE = /^(?:[-*+•–—▪◦]\s|\d{1,3}[.)]\s|\(?[a-zA-Z]\)\s|[IVXLCivxlc]{1,6}\s?[-–—.)]\s)/;
const SENTENCE_END = /[.!?…:;]["')\]”’»]*$/;

function lineBreakIsSentenceBreak(text: string, segStart: number, p: number, q: number, end: number): boolean {
  if (SENTENCE_END.test(text.slice(Math.max(segStart, p - 4), p))) return true;
  if (LIST_LINE.test(text.slice(q, Math.min(end, q + 10)))) return true;
  // Start of the line that ends at p (it may begin before segStart when an earlier break was inside it).
  let ls = p;
  while (ls > 0) {
    const c = text.charCodeAt(ls - 1);
    if (c === 10 || c === 13) break;
    ls--;
  }
  while (ls < p && (text.charCodeAt(ls) === 32 || text.charCodeAt(ls) === 9)) ls++;
  return LIST_LINE.test(text.slice(ls, Math.min(p + 1, ls + 10)));
}

/** The run of non-whitespace ending at p (at most 40 characters), without opening punctuation. */
function lastWord(text: string, segStart: number, p: number): string {
  let s = p;
  while (s > segStart && p - s < 40 && !isWs(text.charCodeAt(s - 1))) s--;
  return text.slice(s, p).replace(/^["'(\[{“‘«¿¡]+/, '');
}

function noBreakAfterWord(word: string, nextCh: string): boolean {
  const lw = word.toLowerCase();
  const nextLower = /\p{Ll}/u.test(nextCh);
  const nextDigit = /\p{N}/u.test(nextCh);
  if (lw.endsWith('...') || lw.endsWith('…')) return nextLower;
  if (!lw.endsWith('.')) return false;
  if (ALWAYS.has(lw)) return true;
  if (BEFORE_LOWER_OR_DIGIT.has(lw)) return nextLower || nextDigit;
  if (/^\p{L}\.$/u.test(word)) return true; // initial: "J. Silva", "p. 3"
  if (/^(?:\p{L}{1,2}\.){2,}$/u.test(word)) return nextLower || nextDigit; // "S.A.", "a.C."
  return nextLower;
}
