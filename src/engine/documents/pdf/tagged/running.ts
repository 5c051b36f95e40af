// Running headers and footers a producer put in the structure tree (or left in marked content the tree
// does not name), found as on untagged pages: lines repeated at the same height across pages.

import { rowsOf, type Item } from '../lines/geometry.ts';
import { removeRunningLines, type PageRows } from '../lines/layout.ts';
import { ARTIFACT_MC } from '../read/items.ts';
import type { PdfStructNode, Row } from '../types.ts';
import { firstAtOrAbove, underFrag } from './near.ts';
import { isLeaf, roleOf, type Node } from './roles.ts';


/**
 * Items of running headers and footers that a producer put in the structure tree (or left in
 * marked content the tree does not name), found as layout.ts finds them on untagged pages: lines
 * repeated at the same height on most pages, page numbers in the top or bottom band. Items inside
 * Artifact sequences are already left out and are not counted.
 */
export function taggedRunning(pages: { n: number; box: number[]; items: Item[]; tree?: PdfStructNode | null }[]): { items: Set<Item>; lines: Map<number, number> } {
  const out = new Set<Item>();
  const lines = new Map<number, number>();
  if (pages.length < 2) return { items: out, lines };
  const data = pages.map((p) => {
    const its = p.items.filter((it) => it.mc !== ARTIFACT_MC && /\S/.test(it.s)).sort((a, b) => b.y - a.y);
    const [, y0, , y1] = p.box.length === 4 ? p.box : [0, 0, 612, 792];
    const rows = rowsOf(its, p.n);
    return { its, all: rows, tree: p.tree, pr: { page: p.n, top: Math.max(y0, y1), bottom: Math.min(y0, y1), rows: [...rows] } as PageRows };
  });
  if (!removeRunningLines(data.map((d) => d.pr))) return { items: out, lines };
  // Nothing but "running lines" (a page number alone on each page): that is the text; keep it.
  if (data.every((d) => !d.pr.rows.length)) return { items: out, lines };
  // A row's items: those near its baseline (binary search in the page's items sorted by height) and under one of its fragments.
  const itemsOfRow = (its: Item[], r: Row) => {
    const reach = 0.4 * r.size;
    const fs = [...r.frags].sort((a, b) => a.x0 - b.x0);
    const out: Item[] = [];
    for (let k = firstAtOrAbove(its, -(r.y + reach), (it) => -it.y); k < its.length && its[k].y >= r.y - reach; k++) {
      const it = its[k];
      if (Math.abs(it.y - r.y) <= 0.4 * it.size && underFrag(fs, it.x)) out.push(it);
    }
    return out;
  };
  for (const d of data) {
    const kept = new Set(d.pr.rows);
    if (kept.size === d.all.length) continue;
    // A line that shares its marked content with lines kept (the first line of a paragraph that
    // happens to repeat at the foot of each page) is part of that text, not a running line; nor is
    // a table's row (a header row repeated at the top of each page the table runs over).
    const keptMc = cellContents(d.tree);
    for (const r of d.all) if (kept.has(r)) for (const it of itemsOfRow(d.its, r)) if (it.mc) keptMc.add(it.mc);
    let n = 0;
    for (const r of d.all) {
      if (kept.has(r)) continue;
      const its = itemsOfRow(d.its, r);
      if (its.some((it) => it.mc && keptMc.has(it.mc))) continue;
      n++;
      for (const it of its) out.add(it);
    }
    if (n) lines.set(d.pr.page, n);
  }
  return { items: out, lines };
}

/** Marked-content ids inside a tree's table cells. */
function cellContents(tree: PdfStructNode | null | undefined): Set<string> {
  const out = new Set<string>();
  const walk = (n: Node, inCell: boolean) => {
    if (isLeaf(n)) {
      if (inCell) out.add(n.id);
      return;
    }
    const role = roleOf(n.role);
    for (const c of n.children ?? []) walk(c, inCell || role === 'TH' || role === 'TD' || role === 'TR');
  };
  if (tree) walk(tree, false);
  return out;
}
