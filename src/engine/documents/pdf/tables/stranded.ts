// A table's header row printed at the foot of a page with its body on the next (no room was left for
// a body row under it): read without care, the header stays a line of text and the body becomes a
// table headed by its first data row. The header row goes to the table on the next page when it
// lines up with that table's columns: a borderless body (buildTable reads the row above it as its
// header), or a drawn grid whose first row is not set apart as a header (one label in each column).

import { buildTable } from './borderless.ts';
import { BLOCK_REACH } from '../thresholds.ts';
import type { Row } from '../types.ts';

/** Rows of the next page read to see its columns: a bound on the work, not a tuned number. */
const PROBE_ROWS = 12;

/** Moves each stranded header row (see above) onto the table that opens the next page, in place. */
export function carryStrandedHeaders(pages: Row[][]): void {
  for (let k = 0; k + 1 < pages.length; k++) {
    const rows = pages[k];
    const next = pages[k + 1];
    if (!rows.length || !next.length || !stranded(rows)) continue;
    const last = rows[rows.length - 1];
    if (next[0].table ? intoRuled(last, next[0]) : intoBorderless(last, next)) rows.pop();
  }
}

/**
 * The page's last row, if it can be a header left alone: two cells or more, each holding a letter
 * (labels, not figures), not part of a run of cells above it on the page, not a drawn table's row.
 */
function stranded(rows: Row[]): boolean {
  const last = rows[rows.length - 1];
  if (last.table || last.frags.length < 2 || last.frags.some((f) => !/\p{L}/u.test(f.text))) return false;
  const above = rows[rows.length - 2];
  return !above || above.table !== undefined || above.frags.length < 2 || above.page !== last.page || above.y - last.y > BLOCK_REACH.CELLS * last.size;
}

/** A drawn table without a marked header, one label over each of its columns: the labels head it. */
function intoRuled(last: Row, first: Row): boolean {
  const t = first.table!;
  const cols = first.cols;
  if (t.headerCells !== false || !cols || cols.length !== last.frags.length || t.header.length !== cols.length) return false;
  // (a right-to-left table's columns were turned round with its cells: so are the labels)
  const turned = cols.length > 1 && cols[0].x0 > cols[cols.length - 1].x0;
  const byX = turned ? [...cols].reverse() : cols;
  const inside = last.frags.every((f, i) => {
    const mid = (f.x0 + f.x1) / 2;
    return mid > byX[i].x0 && mid < byX[i].x1;
  });
  if (!inside) return false;
  const labels = last.frags.map((f) => f.text);
  if (turned) labels.reverse();
  t.rows.unshift(t.header);
  t.header = labels;
  delete t.headerCells;
  return true;
}

/** A borderless table opening the next page that reads the row above it as its header: the row goes there. */
function intoBorderless(last: Row, next: Row[]): boolean {
  const body = leadingCells(next);
  if (body.length < 2) return false;
  const [first, second] = body;
  const moved: Row = { ...last, page: first.page, y: first.y + (first.y - second.y), jump: first.jump };
  const alone = buildTable(body);
  const joined = buildTable([moved, ...body]);
  const labels = last.frags.map((f) => f.text);
  if (!alone || !joined || joined.header.length !== alone.header.length || joined.header.join('\u0000') !== labels.join('\u0000')) return false;
  next.splice(0, 1, moved, { ...first, jump: false });
  return true;
}

/** The rows of two cells or more that open a page (none of a drawn table), PROBE_ROWS at most. */
function leadingCells(rows: Row[]): Row[] {
  const out: Row[] = [];
  for (const r of rows) {
    if (r.table || r.frags.length < 2 || out.length >= PROBE_ROWS) break;
    out.push(r);
  }
  return out;
}
