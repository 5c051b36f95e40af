// Which way a table of right-to-left text runs. Its cells are read off the page left to right; a
// table laid right to left (its first column the rightmost: Arabic and Hebrew documents in Word,
// Writer, browsers, XeLaTeX with bidi) must be turned round, one laid left to right with Arabic or
// Hebrew words typed into it (a library's default, a sheet left in left-to-right mode) must not.
// Neither the cells' alignment nor the table's place on the page tells the two apart (XeLaTeX sets
// its right-to-left cells flush left, Calc sets Hebrew flush right in a left-to-right sheet), and a
// PDF has no table direction to read. What does: a table's first column is its row labels, words
// where the other columns hold figures more often. So the edge column holding words in more of its
// body cells is the first; when neither edge stands out, the script decides (right to left).

import { isRtlLine } from '../lines/geometry.ts';
import { TABLE_DIRECTION as D } from '../thresholds.ts';

const LETTER = /\p{L}/u;

/** Share of a column's non-empty cells that hold a word (a letter), not only figures. */
function wordShare(cells: string[]): number {
  const filled = cells.filter((c) => c.trim());
  return filled.length ? filled.filter((c) => LETTER.test(c)).length / filled.length : 0;
}

/**
 * Does a table whose cells are given in page order (left to right; header first) read right to
 * left? Only a table whose letters are mostly of a right-to-left script can.
 */
export function readsRightToLeft(grid: string[][]): boolean {
  if (!isRtlLine(grid.flat().map((s) => ({ s })))) return false;
  const body = grid.length > 1 ? grid.slice(1) : grid;
  const n = Math.max(...body.map((r) => r.length));
  if (n < 2) return true;
  const left = wordShare(body.map((r) => r[0] ?? ''));
  const right = wordShare(body.map((r) => r[n - 1] ?? ''));
  return left - right < D.LABEL_COLUMN_MARGIN;
}
