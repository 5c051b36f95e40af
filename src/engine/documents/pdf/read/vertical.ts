// Vertical CJK text (tategaki): columns written top to bottom, read from the rightmost column to the
// left. pdf.js reports such runs with `dir: 'ttb'`, each at the top of its piece of column with its
// advance down the page as its height. The reader's rows are horizontal, so a block of vertical
// columns is laid on its side in place: each column becomes a line, the rightmost first, starting at
// the block's top and one column pitch apart, its pieces from left to right in top-to-bottom order.
// Horizontal text on the same page keeps its place.

import type { Item } from './items.ts';

/** Items with vertical runs turned into horizontal lines (the others unchanged, same order). */
export function uprightVertical(items: Item[]): Item[] {
  const vert = items.filter((i) => i.ttb);
  if (!vert.length) return items;
  let xMax = -Infinity;
  let xMin = Infinity;
  let top = -Infinity;
  for (const v of vert) {
    xMax = Math.max(xMax, v.x);
    xMin = Math.min(xMin, v.x);
    top = Math.max(top, v.y);
  }
  return items.map((i) => {
    if (!i.ttb) return i;
    const { ttb: _t, h, ...rest } = i;
    // Rightmost column at the block's top, each column further left one column pitch lower; down
    // the column becomes along the line, from the block's left edge.
    return { ...rest, y: top - (xMax - i.x), x: xMin + (top - i.y), w: h ?? i.w };
  });
}
