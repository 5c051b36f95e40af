// Tagged PDFs: blocks from the structure tree (what Chromium, Word and LibreOffice write when they
// print with tags). H1–H6 are headings; P, Caption, BlockQuote, Note paragraphs; L/LI/Lbl lists
// (nested L = one level deeper); Table/TR/TH/TD tables (a first row of TH cells is the header);
// Code outside a paragraph a code block. Other roles (Document, Sect, Div, NonStruct, Part…) are
// containers. Content not reachable from the tree is an artifact (running headers, page numbers)
// and is left out. Text of an element = its marked contents, laid out by geometry and joined.

import { codeGrid } from './blocks.ts';
import { joinLines, MAX_PAD, rowText, rowsOf, type Item, type Vocab } from './geometry.ts';
import type { PBlock, PdfStructLeaf, PdfStructNode } from './types.ts';

type Node = PdfStructNode | PdfStructLeaf;
const isLeaf = (n: Node): n is PdfStructLeaf => typeof (n as PdfStructLeaf).type === 'string' && !(n as PdfStructNode).role;

const PARA = new Set(['P', 'Caption', 'BlockQuote', 'Quote', 'Note', 'TOCI', 'Lbl', 'LBody', 'Title']);
const SKIP = new Set(['Figure', 'Formula', 'Artifact', 'Annot', 'Form']);
const BLOCK = new Set(['H', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'L', 'Table', 'Code', ...PARA, ...SKIP]);

export interface TaggedPage {
  blocks: PBlock[];
  /** Visible characters reached from the tree, and on the page. */
  covered: number;
  total: number;
}

export function taggedBlocks(tree: PdfStructNode, items: Item[], page: number, vocab: Vocab): TaggedPage {
  const byMc = new Map<string, Item[]>();
  let total = 0;
  for (const it of items) {
    total += it.s.replace(/\s+/g, '').length;
    if (!it.mc) continue;
    const list = byMc.get(it.mc);
    if (list) list.push(it);
    else byMc.set(it.mc, [it]);
  }
  const used = new Set<string>();
  const blocks: PBlock[] = [];

  const itemsOf = (n: Node, acc: Item[] = []): Item[] => {
    if (isLeaf(n)) {
      const got = byMc.get(n.id);
      if (got && !used.has(n.id)) {
        used.add(n.id);
        acc.push(...got);
      }
      return acc;
    }
    if (SKIP.has(n.role)) return acc;
    for (const c of n.children ?? []) itemsOf(c, acc);
    return acc;
  };
  const textOf = (n: Node | Node[]): string => {
    const its: Item[] = [];
    for (const c of Array.isArray(n) ? n : [n]) itemsOf(c, its);
    return joinLines(rowsOf(its, page).map(rowText), vocab);
  };
  const hasBlock = (n: Node): boolean => !isLeaf(n) && (BLOCK.has(n.role) || (n.children ?? []).some(hasBlock));

  const list = (n: PdfStructNode, depth: number) => {
    for (const c of n.children ?? []) {
      if (isLeaf(c)) continue;
      if (c.role === 'L') list(c, depth + 1);
      else if (c.role === 'LI') item(c, depth);
      else walk(c);
    }
  };
  const item = (li: PdfStructNode, depth: number) => {
    const kids = li.children ?? [];
    const lbl = kids.filter((k) => !isLeaf(k) && k.role === 'Lbl');
    const nested: PdfStructNode[] = [];
    const body: Node[] = [];
    const collect = (ns: Node[]) => {
      for (const k of ns) {
        if (!isLeaf(k) && k.role === 'L') nested.push(k);
        else if (!isLeaf(k) && k.role === 'LBody') collect(k.children ?? []);
        else if (isLeaf(k) || k.role !== 'Lbl') body.push(k);
      }
    };
    collect(kids);
    const mark = textOf(lbl).trim();
    const marker = /^\d{1,9}[.)]$/.test(mark) ? `${mark.slice(0, -1)}.` : '-';
    const text = textOf(body);
    if (text) blocks.push({ kind: 'list-item', text, depth, marker, page });
    for (const l of nested) list(l, depth + 1);
  };
  const table = (n: PdfStructNode) => {
    const trs: PdfStructNode[] = [];
    const findRows = (x: PdfStructNode) => {
      for (const c of x.children ?? []) {
        if (isLeaf(c)) continue;
        if (c.role === 'TR') trs.push(c);
        else if (c.role === 'Caption') {
          const t = textOf(c);
          if (t) blocks.push({ kind: 'paragraph', text: t, page });
        } else findRows(c);
      }
    };
    findRows(n);
    const grid = trs.map((tr) => {
      const cells = (tr.children ?? []).filter((c): c is PdfStructNode => !isLeaf(c) && (c.role === 'TH' || c.role === 'TD'));
      return { th: cells.length > 0 && cells.every((c) => c.role === 'TH'), cells: cells.map((c) => textOf(c)) };
    });
    const rows = grid.filter((g) => g.cells.some(Boolean));
    if (!rows.length) return;
    blocks.push({ kind: 'table', header: rows[0].cells, rows: rows.slice(1).map((g) => g.cells), page, headerCells: rows[0].th });
  };
  const code = (n: PdfStructNode) => {
    const rows = rowsOf(itemsOf(n), page);
    if (!rows.length) return;
    const { minX, cw } = codeGrid(rows);
    const lines = rows.map((r) => ' '.repeat(Math.min(MAX_PAD, Math.max(0, Math.round((r.frags[0].x0 - minX) / cw)))) + r.frags.map((f) => f.raw).join(' ').trimEnd());
    blocks.push({ kind: 'code', lines, page });
  };
  const para = (ns: Node[]) => {
    const t = textOf(ns);
    if (t) blocks.push({ kind: 'paragraph', text: t, page });
  };

  function walk(n: Node): void {
    if (isLeaf(n)) return para([n]);
    const role = n.role;
    const h = /^H([1-6])?$/.exec(role);
    if (h) {
      const t = textOf(n);
      if (t) blocks.push({ kind: 'heading', level: h[1] ? Number(h[1]) : 1, text: t, page });
      return;
    }
    if (SKIP.has(role)) return;
    if (role === 'L') return list(n, 1);
    if (role === 'Table') return table(n);
    if (role === 'Code') return code(n);
    if (PARA.has(role)) return para([n]);
    if (!hasBlock(n)) return para([n]);
    // A container: runs of inline children between block children form paragraphs.
    let pending: Node[] = [];
    for (const c of n.children ?? []) {
      if (hasBlock(c)) {
        if (pending.length) para(pending);
        pending = [];
        walk(c);
      } else pending.push(c);
    }
    if (pending.length) para(pending);
  }

  walk(tree);
  let covered = 0;
  for (const id of used) for (const it of byMc.get(id) ?? []) covered += it.s.replace(/\s+/g, '').length;
  return { blocks, covered, total };
}
