// A page's rows with its ruled tables in place: the text inside a table's grid leaves the flow of
// rows and one stand-in row, at the table's top edge and as wide as the table, carries the table
// (layoutBlocks writes it where it stands in the reading order; the column finder sees its width).

import { rowsOf, type Item, type Vocab } from '../lines/geometry.ts';
import type { Segments } from '../read/drawn.ts';
import { readsRightToLeft } from './direction.ts';
import { ruledTables, rulesOnlyTables, type Grid } from './ruled.ts';
import type { Row } from '../types.ts';

/**
 * Is the page's text worth fetching the operator list for? Fetching it costs about as much as
 * reading the text, so it is fetched only when at least two lines look like table rows: cut by wide
 * gaps into three or more fragments, or into two of which one is short (a label and its value). The
 * lines of a two-column page (two long fragments each) and running prose do not count.
 */
export function tableLike(items: Item[], page: number): boolean {
  let n = 0;
  for (const r of rowsOf(items, page)) {
    const row = r.frags.length >= 3 || (r.frags.length === 2 && Math.min(r.frags[0].text.length, r.frags[1].text.length) < 25);
    if (row && ++n >= 2) return true;
  }
  return false;
}

/** What a page draws: its horizontal and vertical segments and the grids they form. */
export interface Ruling {
  segs: Segments;
  grids: Grid[];
}

export function ruledRows(ruling: Ruling, items: Item[], page: number, vocab: Vocab): Row[] {
  const { tables, used } = ruledTables(ruling.grids, items, page, vocab);
  tables.push(...rulesOnlyTables(ruling.segs, ruling.grids, items, page, vocab, used));
  const rows = rowsOf(used.size ? items.filter((it) => !used.has(it)) : items, page);
  if (!tables.length) return rows;
  const sizes = items.filter((it) => used.has(it) && /\S/.test(it.s)).map((it) => it.size).sort((a, b) => a - b);
  const size = sizes.length ? sizes[sizes.length >> 1] : 10;
  for (const t of tables) {
    // A right-to-left table's cells were read off the page left to right: its columns turn round.
    if (readsRightToLeft([t.header, ...t.rows])) {
      t.header.reverse();
      for (const r of t.rows) r.reverse();
      t.cols?.reverse();
    }
    const stand: Row = {
      y: t.y1,
      size,
      page,
      frags: [{ x0: t.x0, x1: t.x1, y: t.y1, size, text: '', raw: '', font: '', mono: false, bold: false }],
      table: { kind: 'table', header: t.header, rows: t.rows, page, ...(t.headerMarked === false ? { headerCells: false } : {}) },
      ...(t.cols ? { cols: t.cols } : {}),
      around: { before: t.before, after: t.after },
    };
    let k = 0;
    while (k < rows.length && rows[k].y >= t.y1) k++;
    rows.splice(k, 0, stand);
  }
  return rows;
}
