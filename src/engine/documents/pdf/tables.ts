// Tables of untagged PDFs, from the x positions of the fragments of consecutive rows. Columns come
// from the row with the most cells; every fragment of every row must fall into one column, at most
// one per column, or the table is declared unrecoverable (the caller keeps its rows as lines and
// says so). A row without a first cell right under the previous one continues that row's cells
// (a cell wrapped onto a second line).

import type { Row } from './types.ts';

export interface TableGrid {
  header: string[];
  rows: string[][];
}

export function buildTable(rows: Row[]): TableGrid | null {
  if (rows.length < 2) return null;
  const widest = rows.reduce((a, b) => (b.frags.length > a.frags.length ? b : a));
  const cols = widest.frags.map((f) => ({ x0: f.x0, x1: f.x1 }));
  if (cols.length < 2) return null;
  const grid: string[][] = [];
  let prev: Row | null = null;
  for (const r of rows) {
    const cells: string[] = cols.map(() => '');
    for (const f of r.frags) {
      let best = -1;
      let bestOverlap = 0;
      cols.forEach((c, i) => {
        const o = Math.min(c.x1, f.x1) - Math.max(c.x0, f.x0);
        if (o > bestOverlap) {
          bestOverlap = o;
          best = i;
        }
      });
      if (best < 0) {
        // No overlap: the nearest column start, if closer than half the gap to its neighbour.
        let d = Infinity;
        cols.forEach((c, i) => {
          const dist = Math.abs(c.x0 - f.x0);
          if (dist < d) {
            d = dist;
            best = i;
          }
        });
        if (d > 2 * f.size) return null;
      }
      if (cells[best]) return null; // two fragments in one column: columns do not line up
      cells[best] = f.text;
      cols[best].x0 = Math.min(cols[best].x0, f.x0);
      cols[best].x1 = Math.max(cols[best].x1, f.x1);
    }
    const continues = prev !== null && grid.length > 0 && !cells[0] && prev.y - r.y <= 1.35 * r.size;
    if (continues) {
      const last = grid[grid.length - 1];
      cells.forEach((c, i) => {
        if (c) last[i] = last[i] ? `${last[i]} ${c}` : c;
      });
    } else grid.push(cells);
    prev = r;
  }
  if (grid.length < 2) return null;
  const cellsAll = grid.flat().filter(Boolean);
  const mean = cellsAll.reduce((n, c) => n + c.length, 0) / Math.max(1, cellsAll.length);
  if (mean > 60) return null; // prose side by side, not a table
  return { header: grid[0], rows: grid.slice(1) };
}
