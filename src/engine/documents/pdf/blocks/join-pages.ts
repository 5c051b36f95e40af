// Page block lists joined into the document's: paragraphs and tables that run over page breaks.

import { continues, mergeParagraph } from './blocks.ts';
import type { Vocab } from '../lines/geometry.ts';
import type { PBlock } from '../types.ts';

/**
 * Page block lists joined: a paragraph running over a page break becomes one paragraph (with the
 * break in its page map), a table continued on the next page (same columns, its header repeated or
 * absent) one table. A borderless table that ends a page and one that opens the next with its
 * columns in the same places are one table whose header was not repeated.
 */
export function joinPages(pages: PBlock[][], vocab: Vocab): PBlock[] {
  const out: PBlock[] = [];
  for (const blocks of pages) {
    const first = blocks[0];
    const prev = out[out.length - 1];
    let rest = blocks;
    if (prev && first && prev.page !== first.page) {
      if (prev.kind === 'paragraph' && first.kind === 'paragraph' && continues(prev.text, first.text)) {
        mergeParagraph(prev, first.text, first.page, vocab);
        rest = blocks.slice(1);
      } else if (prev.kind === 'table' && first.kind === 'table' && first.header.length === prev.header.length) {
        const same = first.header.every((c, i) => c === prev.header[i]);
        if (same || first.headerCells === false || sameColumns(prev, first)) {
          (prev.breaks ??= []).push({ row: prev.rows.length, page: first.page }, ...(first.breaks ?? []).map((b) => ({ row: prev.rows.length + (same ? 0 : 1) + b.row, page: b.page })));
          prev.rows.push(...(same ? [] : [first.header]), ...first.rows);
          rest = blocks.slice(1);
        }
      }
    }
    out.push(...rest);
  }
  return out;
}

type Table = PBlock & { kind: 'table' };

/**
 * Two borderless tables whose columns stand in the same places: each column of one overlaps the
 * same column of the other more than any other column (cells flush left or right in wide columns
 * need not overlap cell for cell, so the spans are compared, not the edges).
 */
function sameColumns(a: Table, b: Table): boolean {
  if (!a.cols || !b.cols || a.cols.length !== b.cols.length) return false;
  const over = (p: { x0: number; x1: number }, q: { x0: number; x1: number }) => Math.min(p.x1, q.x1) - Math.max(p.x0, q.x0);
  return b.cols.every((c, i) => {
    const o = over(c, a.cols![i]);
    return o > 0 && a.cols!.every((d, k) => k === i || over(c, d) < o);
  });
}
