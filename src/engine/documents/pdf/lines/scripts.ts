import { TRACKED_MIN_GAPS as MIN_GAPS } from '../thresholds.ts';
// Text of other scripts, after the geometry has put a line's pieces in reading order: brackets of
// right-to-left lines drawn as their visual shapes, and Chinese/Japanese text set with letter spacing.

const PAIRS: [string, string][] = [
  ['(', ')'],
  ['[', ']'],
  ['{', '}'],
  ['«', '»'],
];

/** Do the brackets of one pair nest properly in `s` (never closed before opened, all closed)? */
function nests(s: string, open: string, close: string): boolean {
  let depth = 0;
  for (const ch of s) {
    if (ch === open) depth++;
    else if (ch === close && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * A right-to-left line's brackets, mirrored where the PDF mapped each drawn shape to the character
 * of that shape. Unicode draws "(" of right-to-left text as ")" (bidi mirroring); a producer that
 * writes the glyph's shape instead of the character it stands for leaves, once the line is in
 * logical order, ")ללא יהלומים(" for "(ללא יהלומים)". Other producers map the glyph to the logical
 * character and the brackets already nest. So a pair is swapped only when it does not nest as it
 * stands and does once swapped.
 */
export function mirrorBrackets(text: string): string {
  let out = text;
  for (const [open, close] of PAIRS) {
    if (!out.includes(open) && !out.includes(close)) continue;
    if (nests(out, open, close)) continue;
    const swapped = Array.from(out, (ch) => (ch === open ? close : ch === close ? open : ch)).join('');
    if (nests(swapped, open, close)) out = swapped;
  }
  return out;
}

/** Ideographs, kana and their punctuation (full-width): written without spaces between words. */
const IDEO = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303F\\uFF01-\\uFF60';
/** Three or more of them, each one from the next by the same run of spaces (letter spacing). */
const SPACED_RUN = new RegExp(`[${IDEO}](?:([ \\u3000]+)[${IDEO}])(?:\\1[${IDEO}])+`, 'gu');
const SPACED_PAIR = new RegExp(`^([${IDEO}])[ \\u3000]+([${IDEO}])$`, 'u');

/**
 * Chinese and Japanese set with letter spacing ("全 世 界 无 产 者", a title "目   录"): the spaces are
 * drawn, they separate no words, and they would keep the words from being found. Removed inside a run
 * of three or more characters spaced alike, and between the two characters of a text that holds only
 * them (a spaced two-character title). A single space between longer runs is kept (it may separate
 * items of a list).
 */
export function closeCjkSpacing(text: string): string {
  const pair = SPACED_PAIR.exec(text);
  if (pair) return pair[1] + pair[2];
  SPACED_RUN.lastIndex = 0;
  if (!SPACED_RUN.test(text)) return text;
  return text.replace(SPACED_RUN, (m) => m.replace(/[ \u3000]+/g, ''));
}


/**
 * The word-space threshold (in ems) of a run of items drawn one glyph each with tracking, or 0 when
 * the run is not such (the reader's usual rule then applies: a blank item or a gap over 0.15 em).
 * Justified Korean is set this way (every syllable placed, extra space spread between all of them),
 * and so are letter-spaced titles ("T I T L E"); pdf.js then reports a gap, or a blank item, between
 * every two glyphs, and a space in each would split every word. When most visible items are single
 * characters and their usual gap (30th percentile) is over 0.1 em, a space is a gap more than
 * 0.15 em wider than that, provided some gap is (evenly spaced characters keep the usual rule).
 * Items are in page order (left to right).
 */
export function trackedSpace(items: { s: string; x: number; w: number; size: number }[]): number {
  let single = 0;
  let visible = 0;
  const gaps: number[] = [];
  let prev: { s: string; x: number; w: number; size: number } | null = null;
  for (const it of items) {
    if (!/\S/.test(it.s)) continue;
    visible++;
    const one = it.s.length === 1 || Array.from(it.s).length === 1;
    if (one) single++;
    if (prev && one && Array.from(prev.s).length === 1 && it.size > 0) gaps.push((it.x - (prev.x + prev.w)) / it.size);
    prev = it;
  }
  if (gaps.length < MIN_GAPS || single < 0.6 * visible) return 0;
  gaps.sort((a, b) => a - b);
  // The 30th percentile, not the median: words of one or two syllables put nearly half the gaps between words.
  const letterGap = gaps[Math.floor(gaps.length * 0.3)];
  // Some gap must stand out as a word space: evenly spaced single characters are as likely a row
  // of one-character cells (a character chart) as one tracked word, and keep the usual rule.
  return letterGap > 0.1 && gaps[gaps.length - 1] > letterGap + 0.15 ? letterGap + 0.15 : 0;
}

/** The Hangul syllables that letter items in order (가. 나. 다. …), as "a. b. c." do. */
export const HANGUL_ITEM = '가나다라마바사아자차카타파하';
/** Bullets of Korean reports (list markers that keep their own character). */
export const SCRIPT_BULLETS = 'ㅇ◇◆◎▶►▷ㆍ';
/** CJK numerals that number sections and items ("一、", "（一）"). */
export const CJK_NUMERAL = '一二三四五六七八九十';

/**
 * List markers of Korean (and CJK) documents, as a regular-expression source for the reader's list
 * marker (roles/patterns.ts LIST_MARKER): circled or parenthesised numbers and Hangul ("①", "⑴", "㉮"), the
 * Hangul letters counted in order ("가.", "나)", "(다)"), full-width numbers ("１．"), and the bullets
 * Korean reports use ("ㅇ", "◇", "◆", "◎", "▶", "ㆍ"). Without them each such line was glued to
 * the paragraph above. Section numbers ("Ⅰ.", "一、", "（一）", "제1장") are left to the headings.
 */
export const SCRIPT_LIST_MARKER = [
  '[\\u2460-\\u2473\\u2474-\\u2487\\u2776-\\u2793\\u3200-\\u321E\\u3260-\\u327E]\\s?',
  `\\(?[${HANGUL_ITEM}][.)]\\s`,
  `\\([${HANGUL_ITEM}]\\)\\s?`,
  '[\\uFF10-\\uFF19]{1,2}[\\uFF0E.)\\uFF09]\\s?',
  `[${SCRIPT_BULLETS}]\\s`,
].join('|');
