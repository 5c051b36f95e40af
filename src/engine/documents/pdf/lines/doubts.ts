// Layouts the reader reads badly and says so (issue 33): headings set in the margin beside their
// paragraph (side headings), which the rows glue to the paragraph's first line, and a table turned
// sideways among upright text, whose words the rows scramble. Neither is read right yet; both are
// found here, so that the reading is warned about (a note, and the structure marked as guessed).

import { DOUBT } from '../thresholds.ts';
import type { Frag, Row } from '../types.ts';
import type { PageRows } from './layout.ts';

export type Doubt = 'side-headings' | 'sideways-text';

/** The notes the CLI prints for each doubt (the page has its own words for them, in both languages). */
export const DOUBT_NOTES: Record<Doubt, string> = {
  'side-headings': 'words set in the margin beside the text (side headings, margin notes) are read as part of the line beside them',
  'sideways-text': 'text turned sideways among upright text (a rotated table?) is read as scrambled lines',
};

const words = (f: Frag) => f.text.trim().split(/\s+/).filter(Boolean).length;
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.floor(q * (s.length - 1))))];
};

/**
 * Rows that carry a short label in the margin, clear of the page's text block, beside a line of text
 * that fills the block: "Scope" out left of (or right of) "The service covers every …". The block is
 * the page's usual left edge (median) and right edge (80th percentile) of its rows. Every row
 * reaching into that margin must be such a label row: where other lines start (or end) there too,
 * the "margin" is another column of text (a two-column page), not a margin.
 */
export function sideLabelRows(page: PageRows): Row[] {
  const rows = page.rows.filter((r) => !r.table && !r.rtl && r.frags.length);
  if (rows.length < 4) return [];
  const left = quantile(rows.map((r) => r.frags[0].x0), 0.5);
  const right = quantile(rows.map((r) => r.frags[r.frags.length - 1].x1), 0.8);
  const width = right - left;
  if (width <= 0) return [];
  const span = (fs: Frag[]) => (fs.length ? fs[fs.length - 1].x1 - fs[0].x0 : 0);
  const gap = (r: Row) => DOUBT.SIDE_GAP_EMS * (r.size || 10);
  const label = (f: Frag, rest: Frag[]) => words(f) <= DOUBT.SIDE_MAX_WORDS && /\p{L}{2}/u.test(f.text) && span(rest) >= DOUBT.SIDE_TEXT_SPAN * width;
  const isLeft = (r: Row) => r.frags.length >= 2 && r.frags[0].x1 < left - gap(r) && label(r.frags[0], r.frags.slice(1));
  const isRight = (r: Row) => r.frags.length >= 2 && r.frags[r.frags.length - 1].x0 > right + gap(r) && label(r.frags[r.frags.length - 1], r.frags.slice(0, -1));
  const intoLeft = rows.filter((r) => r.frags[0].x0 < left - gap(r));
  const intoRight = rows.filter((r) => r.frags[r.frags.length - 1].x1 > right + gap(r));
  return [...(intoLeft.every(isLeft) ? intoLeft : []), ...(intoRight.every(isRight) ? intoRight : [])];
}

/** The doubts about a reading: side headings over its layout pages, sideways text on its pages. */
export function doubtsOf(layoutPages: PageRows[], sideways: { chars: number; of: number }[]): Doubt[] {
  const out: Doubt[] = [];
  const labels = layoutPages.reduce((n, p) => n + sideLabelRows(p).length, 0);
  if (labels >= DOUBT.SIDE_MIN_LABELS) out.push('side-headings');
  if (sideways.some((s) => s.chars >= DOUBT.SIDEWAYS_MIN_CHARS && s.chars >= DOUBT.SIDEWAYS_MIN_SHARE * s.of)) out.push('sideways-text');
  return out;
}
