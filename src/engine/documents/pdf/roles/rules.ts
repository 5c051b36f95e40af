// The per-line heading decision in use today: hand rules over font size, weight, section numbering
// and the lines around. One function, `handRules`, replaceable through lineRoles' `decide` (see
// decide.ts); every number it weighs is named in ../thresholds.ts (HEADING).

import { endsInLeader, rowText } from '../lines/geometry.ts';
import { HEADING as H } from '../thresholds.ts';
import type { Row } from '../types.ts';
import type { HeadingVerdict, LineContext } from './line.ts';
import { BULLET_ONLY, CAPTION, CODE_LIKE, IDENTIFIER, isByline, LIST_MARKER, NUMBER_APART, numberingDepth, TOC_LINE } from './patterns.ts';

const round = (x: number) => Math.round(x * 2) / 2;
const textOf = (r: Row) => rowText(r).trim();
/** `next` goes on from `r` in the same page and column, as large, within `reach` sizes below. */
const closeBelow = (r: Row, next: Row, reach: number) => next.page === r.page && !next.jump && Math.abs(next.size - r.size) < H.SAME_SIZE && r.y - next.y > 0 && r.y - next.y <= reach * r.size;

/**
 * Is this line a heading, by font size, weight and section numbering? Evidence: set larger than the
 * body; bold at body size when the body is not bold; a section number ("2.3 Scope") on a short line
 * standing apart. Never: a line continuing a paragraph (the line above, at the same size and close,
 * does not end a sentence), a byline, date or affiliation, code or query syntax, a bulleted line, a
 * line ending like a sentence.
 */
export function handRules({ rows, i, body }: LineContext): HeadingVerdict | null {
  const r = rows[i];
  // One fragment, or a section number set apart from its title ("1   Introduction").
  if (r.frags.length > 2) return null;
  if (r.frags.length === 2 && !NUMBER_APART.test(r.frags[0].text)) return null;
  const f = r.frags[r.frags.length - 1];
  const t = textOf(r);
  if (f.mono || !/\p{L}{2}/u.test(t) || t.length > H.MAX_CHARS || BULLET_ONLY.test(t)) return null;
  if (CODE_LIKE.test(t) || isByline(t) || TOC_LINE.test(t) || CAPTION.test(t)) return null;
  const depth = numberingDepth(t);
  if (!depth && LIST_MARKER.test(t)) return null; // "a) item", "3) item": a list
  if (!depth && IDENTIFIER.test(t)) return null;
  const words = t.split(/\s+/).length;
  const prev = rows[i - 1];
  const next = rows[i + 1];
  const big = f.size >= body.size * H.LARGER;
  if (endsLikeSentence(r, t, words, big, next)) return null;
  // A line inside a paragraph: the line above is close, as large, and does not end a sentence
  // (a label with a dot leader and its figures is no sentence in progress).
  if (!big && prev && prev.page === r.page && !prev.jump && Math.abs(prev.size - r.size) < H.SAME_SIZE && prev.y - r.y > 0 && prev.y - r.y <= H.LINE_PITCH * r.size && !/[.!?:;]$/.test(textOf(prev)) && !(f.bold && prev.frags.every((x) => x.bold)) && !prev.frags.some((x) => endsInLeader(x.text))) return null;
  if (next && opensParagraph(r, t, next)) return null;
  if (!big && !depth && f.bold && headerCell(r, prev, next)) return null;
  // A label set apart at body size that introduces what follows ("Proof:", "Adjustments and
  // Preferences:", "Proof: (of Lemma 2)") is no section heading.
  if (!big && !depth && (/:$/.test(t) || /^\p{L}+:\s*\(.*\)$/u.test(t))) return null;
  // Nor is a line at body size opening in lower case: it carries on a sentence.
  if (!big && !depth && /^\p{Ll}/u.test(t)) return null;
  const numbered = depth > 0 && words <= H.MAX_NUMBERED_WORDS && standsApart(r, prev, next) && /^\S+\s*[\p{Lu}\p{Lo}]/u.test(t) && (depth >= 2 || /^\d{1,2}\s/.test(t) || /^[IVXLC]+\.\s/.test(t) || /^(?:[Ⅰ-Ⅻ]|第)/u.test(t));
  if (!big && !boldAtBodySize(t, f, body, words) && !numbered) return null;
  return { size: round(f.size), bold: f.bold, depth };
}

/**
 * Ends like a sentence (punctuation after more than a few words, or a full-width full stop after more
 * than a few characters), unless it is a title set larger
 * than the body and broken after a comma, colon or semicolon ("Overview of the Model: Origins," over
 * "Developments and Future Directions"), going on in the next line, as large and close below.
 */
function endsLikeSentence(r: Row, t: string, words: number, big: boolean, next: Row | undefined): boolean {
  // "1 委員会は…承認しました。" (a numbered list item or a note in Japanese): a sentence, however few its spaces.
  if (/[。！？]$/.test(t) && [...t].length > H.MAX_SENTENCE_CJK_CHARS) return true;
  const sentence = /[.,;:!?]$/.test(t) && !/^\S+\.$/.test(t);
  const titleGoesOn = big && !!next && closeBelow(r, next, H.TITLE_PITCH) && /[,;:]$/.test(t);
  return sentence && words > H.MAX_SENTENCE_WORDS && !titleGoesOn;
}

/**
 * The opening of a paragraph: the line fills the measure, and the next line, close and as large, is
 * set in another weight and carries on the sentence ("2. Reverse engineering (section 1201(f)). This
 * exception permits" over "circumvention, and the…"): a bold run-in opener, not a heading (which
 * stops short of the margin).
 */
function opensParagraph(r: Row, t: string, next: Row): boolean {
  const f = r.frags[r.frags.length - 1];
  return closeBelow(r, next, H.LINE_PITCH) && !/[.!?:;]$/.test(t) && /^[\p{Ll}(]/u.test(textOf(next)) && next.frags.some((x) => x.bold !== f.bold) && f.x1 >= next.frags[next.frags.length - 1].x1 - H.FILLS_MEASURE_EMS * r.size;
}

/**
 * Bold at body size, or a little smaller when in capitals ("INTRODUCTION" in 11 pt bold over a 12 pt
 * body), in a body that is not bold. A bold opening followed by words of another weight on the line
 * is a run-in, not a bold line; so is a line where bold words stand among others ("σ heißt
 * **Möbiustransformation**."): a bold line has nearly all its letters in bold.
 */
function boldAtBodySize(t: string, f: Row['frags'][number], body: { size: number; bold: boolean }, words: number): boolean {
  const caps = /\p{Lu}{4}/u.test(t) && !/\p{Ll}/u.test(t);
  const mixed = (!!f.boldLead && /\p{L}{2}/u.test(f.text.slice(f.boldLead))) || (f.boldShare ?? 1) < H.BOLD_SHARE;
  return !body.bold && f.bold && !mixed && f.size >= (caps ? H.CAPS_SMALLER * body.size : body.size - H.BOLD_SMALLER_PT) && words <= H.MAX_BOLD_WORDS;
}

/**
 * A numbered line at body weight stands alone: the next line is far, on another page or column, or of
 * another size. Or it is set off above (a gap over a line and a half) and much shorter than the line
 * below, which starts at the same x: a section title over its paragraph's first, full line (LaTeX's
 * \subsection at body size and weight, tight above its text).
 */
function standsApart(r: Row, prev: Row | undefined, next: Row | undefined): boolean {
  if (!next || next.page !== r.page || next.jump || r.y - next.y > H.LINE_PITCH * r.size || next.size !== r.size) return true;
  if (prev && prev.page === r.page && !prev.jump && prev.y - r.y <= H.LINE_PITCH * r.size) return false;
  const f = r.frags[r.frags.length - 1];
  const x0 = r.frags[0].x0;
  const nx0 = next.frags[0].x0;
  const nx1 = next.frags[next.frags.length - 1].x1;
  return Math.abs(nx0 - x0) < r.size && f.x1 - x0 < H.SHORT_OVER_NEXT * (nx1 - nx0);
}

/**
 * A spreadsheet column's bold header cell left alone on its row (Calc prints a wide sheet's right-hand
 * columns on later pages, each under its header cell): the line below, close and not bold, is one
 * short cell ("9805", "monthly"); or the line ends its page and the line above it there is a bare
 * number (a column's last cell). A heading at body size is followed by its text, not by a lone cell.
 */
function headerCell(r: Row, prev: Row | undefined, next: Row | undefined): boolean {
  const cell = (q: Row) => q.frags.length === 1 && !q.frags[0].bold && !/\s/.test(textOf(q)) && [...textOf(q)].length <= H.MAX_CELL_CHARS;
  if (next && closeBelow(r, next, H.LINE_PITCH)) return cell(next);
  const endsPage = !next || next.page !== r.page;
  return endsPage && !!prev && prev.page === r.page && cell(prev) && /^\d[\d.,]*$/.test(textOf(prev));
}
