// Tables of tagged PDFs: the rows read from the tree (TR, TH, TD) laid on one column grid.

import { joinLines, type Item, type Vocab } from '../lines/geometry.ts';

export interface TaggedCell {
  text: string;
  /** Horizontal extent of its visible text (Infinity/-Infinity when empty). */
  x0: number;
  x1: number;
  its: Item[];
}
export interface TaggedRow {
  th: boolean;
  cells: TaggedCell[];
}

/**
 * Rows of a tagged table → header and body on one column grid. Rows with as many cells as the
 * widest row give the columns (their cells' text extents); a shorter row (a cell spanning columns,
 * or a cell of the row above spanning down) has each cell placed under the columns its text lies
 * over, or between which it is centred; the columns it does not reach stay empty. Leading rows of
 * header cells (TH) are one header row: each column's label is the distinct texts over it.
 */
export function layTable(rows: TaggedRow[], vocab: Vocab): { header: string[]; body: string[][]; headerCells: boolean } {
  // Cells in the tree in neither left-to-right nor right-to-left order (spreadsheet exports write
  // some rows' cells out of order): put in the order the other rows run in, by their position.
  const runs = (r: TaggedRow, dir: 1 | -1) => r.cells.every((c, k) => k === 0 || !Number.isFinite(c.x0) || !Number.isFinite(r.cells[k - 1].x0) || dir * (c.x0 - r.cells[k - 1].x0) >= 0);
  const rtl = rows.filter((r) => r.cells.length > 1 && runs(r, -1) && !runs(r, 1)).length > rows.filter((r) => r.cells.length > 1 && runs(r, 1) && !runs(r, -1)).length;
  rows = rows.map((r) => (runs(r, 1) || runs(r, -1) || !r.cells.every((c) => Number.isFinite(c.x0)) ? r : { ...r, cells: [...r.cells].sort((a, b) => (rtl ? b.x0 - a.x0 : a.x0 - b.x0)) }));
  const n = Math.max(...rows.map((r) => r.cells.length));
  const full = rows.filter((r) => r.cells.length === n);
  const L: number[] = Array(n).fill(Infinity);
  const R: number[] = Array(n).fill(-Infinity);
  for (const r of full)
    r.cells.forEach((c, j) => {
      L[j] = Math.min(L[j], c.x0);
      R[j] = Math.max(R[j], c.x1);
    });
  const geometric = L.every((v, j) => Number.isFinite(v) && Number.isFinite(R[j])) && L.every((v, j) => j === 0 || v >= L[j - 1]);
  /** Each row's cells placed: per column, the index of the cell covering it (or -1). */
  const place = (r: TaggedRow): number[] => {
    const at = Array(n).fill(-1);
    if (r.cells.length === n || !geometric) {
      r.cells.forEach((_, k) => (at[k] = k));
      return at;
    }
    let next = 0;
    r.cells.forEach((c, k) => {
      let cols: number[] = [];
      if (Number.isFinite(c.x0)) {
        for (let j = 0; j < n; j++) if (c.x0 < R[j] && c.x1 > L[j]) cols.push(j);
        if (!cols.length) {
          const mid = (c.x0 + c.x1) / 2;
          const j = R.findIndex((r1, j1) => j1 + 1 < n && r1 <= mid && L[j1 + 1] >= mid);
          if (j >= 0) cols = [j, j + 1];
          else {
            let best = 0;
            for (let j1 = 1; j1 < n; j1++) if (Math.abs((L[j1] + R[j1]) / 2 - mid) < Math.abs((L[best] + R[best]) / 2 - mid)) best = j1;
            cols = [best];
          }
        }
        cols = cols.filter((j) => j >= next);
      }
      // An empty cell (or one pushed past its place) takes the next free column.
      if (!cols.length) cols = next < n ? [next] : [];
      // Text centred beyond its columns (a label spanning the columns beside them): those too.
      else {
        const mid = (c.x0 + c.x1) / 2;
        const nextStart = r.cells.slice(k + 1).find((o) => Number.isFinite(o.x0))?.x0 ?? Infinity;
        while (cols[0] > next && mid < L[cols[0]]) cols.unshift(cols[0] - 1);
        while (cols[cols.length - 1] + 1 < n && mid > R[cols[cols.length - 1]] && L[cols[cols.length - 1] + 1] < nextStart) cols.push(cols[cols.length - 1] + 1);
      }
      const from = cols[0];
      const to = cols[cols.length - 1];
      for (let j = from; j <= to && j < n; j++) at[j] = k;
      next = to + 1;
    });
    return at;
  };
  const placed = rows.map(place);
  let head = 0;
  while (head < rows.length - 1 && rows[head].th) head++;
  const headerCells = head > 0;
  if (!head) head = 1;
  // Header: each column's label is the distinct texts of the header rows over it.
  const header = Array.from({ length: n }, (_, j) => {
    const seen: string[] = [];
    for (let i = 0; i < head; i++) {
      const k = placed[i][j];
      // A header cell spanning down (RowSpan) leaves the rows below it empty over its column.
      const t = k >= 0 ? rows[i].cells[k].text : '';
      if (t && !seen.includes(t)) seen.push(t);
    }
    return joinLines(seen, vocab);
  });
  // Body: a cell spanning columns stands in its first column only (no text read twice).
  const body = rows.slice(head).map((r, i) => {
    const at = placed[head + i];
    return at.map((k, j) => (k >= 0 && (j === 0 || at[j - 1] !== k) ? r.cells[k].text : ''));
  });
  return { header, body, headerCells };
}
