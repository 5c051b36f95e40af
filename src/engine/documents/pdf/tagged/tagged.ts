// Tagged PDFs: blocks from the structure tree (what Chromium, Word and LibreOffice write when they
// print with tags). H1–H6 (and H) are headings; P, Caption, BlockQuote, Note, TOCI paragraphs;
// L/LI/Lbl/LBody lists (nested L = one level deeper); Table/TR/TH/TD tables; Code outside a
// paragraph a code block; Formula text stays in its place. Other roles (Document, Sect, Div,
// NonStruct, Part…) are containers.
//
// Roles: pdf.js hands each element's role through the document's RoleMap (Word's "Title" → H1,
// LibreOffice's "Text body" → P). A role the RoleMap leaves unmapped and that is not a standard one
// is read by its name when the name says what it is ("Heading 2", "head3", "TOC 1", "Artifact");
// otherwise it is a container, or a paragraph when it holds no block.
//
// Tables: a row whose cells are fewer than the table's columns (ColSpan, RowSpan: pdf.js does not
// hand over the attributes) is placed by where its cells' text lies under the columns of the full
// rows; leading rows of header cells become one header row, each column labelled by the texts
// above it. A TR holding content without TD/TH cells has each child read as a cell.
//
// Text the tree does not reach: inside an Artifact marked-content sequence it is left out (running
// headers, page numbers); text outside any sequence, or in one the tree never names (a producer's
// mistake), is real text and is kept, as paragraphs placed by their height among the tree's blocks.
// Running lines that a producer put in the tree (Chromium's fixed-position headers, Word exports
// that tag headers as sections) are found by repetition across pages (`taggedRunning`, layout.ts's
// rule) and left out. Figures: short labels inside (a chart's ticks) are left out, captions and
// sentences kept.

import { codeGrid } from '../blocks/blocks.ts';
import { joinLines, MAX_PAD, rowText, rowsOf, type Item, type Vocab } from '../lines/geometry.ts';
import { removeRunningLines, type PageRows } from '../lines/layout.ts';
import type { Frag, PBlock, PdfStructLeaf, PdfStructNode, Row } from '../types.ts';

type Node = PdfStructNode | PdfStructLeaf;
const isLeaf = (n: Node): n is PdfStructLeaf => typeof (n as PdfStructLeaf).type === 'string' && !(n as PdfStructNode).role;

/** The `mc` of an item drawn inside an Artifact marked-content sequence (pdf.ts sets it). */
export const ARTIFACT_MC = '#artifact';

const PARA = new Set(['P', 'Caption', 'BlockQuote', 'Quote', 'Note', 'TOCI', 'Lbl', 'LBody', 'Formula']);
const SKIP = new Set(['Artifact', 'Annot', 'Form']);
/** The first index of `xs` (sorted by `key`, ascending) whose key is `v` or more. */
function firstAtOrAbove<T>(xs: T[], v: number, key: (x: T) => number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(xs[mid]) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Does x lie within one of a line's fragments (a point of slack each side)? `fs` sorted by x0; they
 * do not overlap, so the one holding x starts around x: a binary search, not a pass over the line
 * (a row of many fragments times its many items would cost their product).
 */
function underFrag(fs: Frag[], x: number): boolean {
  const k = firstAtOrAbove(fs, x + 1, (f) => f.x0);
  return [k, k - 1, k - 2].some((j) => j >= 0 && j < fs.length && x >= fs[j].x0 - 1 && x <= fs[j].x1 + 1);
}

/** Lines within reach of a figure's item that are looked at for it (see figure()). */
const MAX_FIGURE_LINES = 8;
const BLOCK = new Set(['H', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'Title', 'L', 'Table', 'Code', 'Figure', ...PARA, ...SKIP]);

/** Standard structure types of PDF 1.7 and 2.0: taken as they are. */
const STANDARD = new Set([
  ...BLOCK,
  ...['Document', 'DocumentFragment', 'Part', 'Art', 'Sect', 'Div', 'Aside', 'NonStruct', 'Private', 'TOC', 'Index', 'Bibliography'],
  ...['LI', 'TR', 'TH', 'TD', 'THead', 'TBody', 'TFoot', 'Span', 'Quote', 'Note', 'Reference', 'BibEntry', 'Link', 'Ruby', 'Warichu', 'RB', 'RT', 'RP', 'WT', 'WP', 'Em', 'Strong', 'Sub', 'FENote'],
]);

/**
 * The role an element plays: its (RoleMap-mapped) role when standard, else what its name says
 * ("Heading 2", "head_3", "h4" → H2–H4; "Heading" → H; "TOC 1", "TOC Entry" → TOCI; "Artifact",
 * "Pagination" → Artifact), else the name itself (a container or paragraph, by what it holds).
 */
export function roleOf(name: string): string {
  if (STANDARD.has(name)) return name;
  const t = name.trim();
  const h = /^(?:h|head|heading|header)[\s_-]*([1-9])$/i.exec(t);
  if (h) return `H${Math.min(6, Number(h[1]))}`;
  if (/^(?:heading|head)$/i.test(t)) return 'H';
  if (/^toc[\s_-]*(?:\d|entry|item|line)/i.test(t)) return 'TOCI';
  if (/^(?:artifact|pagination|running[\s_-]*(?:head|foot)\w*)$/i.test(t)) return 'Artifact';
  return name;
}

export interface TaggedPage {
  blocks: PBlock[];
  /** Visible characters reached from the tree (Figures' included), and on the page. */
  covered: number;
  total: number;
  /** Paragraphs that font analysis must not make headings (captions, TOC entries, figure text). */
  notHeadings: Set<PBlock>;
  /** Headings from a bare H role (no level), with their text's size: levelBareHeadings sets their level. */
  bare: Map<PBlock, number>;
}

/**
 * Headings tagged H (no number) take their level from their size across the document: the
 * largest size is level 1, the next 2, and so on (sizes within half a point are one size). Files
 * whose H1–H6 are used as they should be are left alone.
 */
export function levelBareHeadings(pages: TaggedPage[]): void {
  const sizes = [...new Set(pages.flatMap((p) => [...p.bare.values()].map((v) => Math.round(v * 2) / 2)))].sort((a, b) => b - a);
  if (sizes.length < 2) return;
  for (const p of pages)
    for (const [b, v] of p.bare) if (b.kind === 'heading') b.level = Math.min(6, sizes.indexOf(Math.round(v * 2) / 2) + 1);
}

const visibleLength = (s: string) => s.replace(/\s+/g, '').length;

/** A list label read as a Markdown marker: bullets → "-", "3." / "3)" → "3."; null for other labels (kept in the text). */
const BULLET_LABEL = /^[\p{Co}\p{So}•◦▪▫●○■□◆◇►▸▹‣⁃∙·*–—-]$/u;
function markerOf(label: string): string | null {
  if (!label || BULLET_LABEL.test(label)) return '-';
  const num = /^(\d{1,9})[.)]$/.exec(label);
  return num ? `${num[1]}.` : null;
}
/** A label the producer left at the start of the item's text (no Lbl element): a bullet, or "3." / "3)". */
const LEADING_LABEL = /^([\p{Co}\p{So}•◦▪▫●○■□◆◇►▸▹‣⁃∙·*–—-]|\d{1,9}[.)])\s+(?=\S)/u;

export function taggedBlocks(tree: PdfStructNode, items: Item[], page: number, vocab: Vocab, running?: Set<Item>): TaggedPage {
  const byMc = new Map<string, Item[]>();
  let total = 0;
  for (const it of items) {
    if (running?.has(it)) continue;
    total += visibleLength(it.s);
    if (!it.mc || it.mc === ARTIFACT_MC) continue;
    const list = byMc.get(it.mc);
    if (list) list.push(it);
    else byMc.set(it.mc, [it]);
  }
  const used = new Set<string>();
  const blocks: PBlock[] = [];
  const notHeadings = new Set<PBlock>();
  const bare = new Map<PBlock, number>();
  const marked = (from: number) => {
    for (let k = from; k < blocks.length; k++) notHeadings.add(blocks[k]);
  };
  /** Where each block's text lies (baselines, horizontal extent), for placing text the tree does not reach. */
  interface Extent {
    top: number;
    bottom: number;
    x0: number;
    x1: number;
  }
  const extents: Extent[] = [];
  const extentOf = (its: Item[]): Extent => {
    const e = { top: -Infinity, bottom: Infinity, x0: Infinity, x1: -Infinity };
    for (const it of its) {
      if (!/\S/.test(it.s)) continue;
      e.top = Math.max(e.top, it.y);
      e.bottom = Math.min(e.bottom, it.y);
      e.x0 = Math.min(e.x0, it.x);
      e.x1 = Math.max(e.x1, it.x + it.w);
    }
    return e;
  };
  const push = (b: PBlock, its: Item[]) => {
    blocks.push(b);
    extents.push(extentOf(its));
  };

  const itemsOf = (n: Node, acc: Item[] = []): Item[] => {
    if (isLeaf(n)) {
      const got = byMc.get(n.id);
      if (got && !used.has(n.id)) {
        used.add(n.id);
        acc.push(...got);
      }
      return acc;
    }
    const role = roleOf(n.role);
    if (SKIP.has(role)) {
      consume(n);
      return acc;
    }
    if (role === 'Figure') {
      figure(n, acc);
      return acc;
    }
    for (const c of n.children ?? []) itemsOf(c, acc);
    return acc;
  };
  /** Marks a subtree's content as reached without reading it (artifacts tagged in the tree). */
  const consume = (n: Node) => {
    if (isLeaf(n)) used.add(n.id);
    else for (const c of n.children ?? []) consume(c);
  };
  const linesOf = (its: Item[]) => rowsOf(its, page).map(rowText);
  const textOfItems = (its: Item[]) => joinLines(linesOf(its), vocab);
  const collect = (n: Node | Node[]): Item[] => {
    const its: Item[] = [];
    for (const c of Array.isArray(n) ? n : [n]) itemsOf(c, its);
    return its;
  };
  const textOf = (n: Node | Node[]): string => textOfItems(collect(n));
  const hasBlock = (n: Node): boolean => !isLeaf(n) && (BLOCK.has(roleOf(n.role)) || (n.children ?? []).some(hasBlock));

  /**
   * A figure's text: the labels drawn inside it (a chart's ticks and legends, a diagram's boxes) are
   * left out; its captions, and runs of text that read as sentences, are kept. Inside
   * a paragraph (`into`) they join its text; otherwise they are paragraphs of their own.
   */
  function figure(n: PdfStructNode, into?: Item[]) {
    const all: Item[] = [];
    const captions: Item[][] = [];
    const gather = (x: Node) => {
      if (isLeaf(x)) {
        const got = byMc.get(x.id);
        if (got && !used.has(x.id)) {
          used.add(x.id);
          for (const it of got) all.push(it);
        }
        return;
      }
      if (roleOf(x.role) === 'Caption') {
        captions.push(collect(x));
        return;
      }
      for (const c of x.children ?? []) gather(c);
    };
    gather(n);
    // A run of text (one fragment: no wide gap inside) of three words or more, two of them with
    // letters, reads as a sentence; tick labels and legends set apart on one line do not.
    const sentence = (t: string) => {
      const words = t.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
      return words.length >= 3 && words.filter((w) => /\p{L}{2}/u.test(w)).length >= 2;
    };
    // The figure's items inside such a fragment (on its line, within its extent). Looked up by
    // line and by x (sorted, binary search), not item by fragment: a figure of many items and many
    // sentences would cost their product; an item is matched against its first MAX_FIGURE_LINES
    // lines within reach only.
    const lines = rowsOf(all, page)
      .map((r) => ({ y: r.y, fs: r.frags.filter((f) => sentence(f.text)).sort((a, b) => a.x0 - b.x0) }))
      .filter((l) => l.fs.length)
      .sort((a, b) => a.y - b.y);
    const prose = all.filter((it) => {
      const reach = 0.4 * it.size;
      for (let i = firstAtOrAbove(lines, it.y - reach, (l) => l.y), n = 0; i < lines.length && lines[i].y <= it.y + reach && n < MAX_FIGURE_LINES; i++, n++) if (underFrag(lines[i].fs, it.x)) return true;
      return false;
    });
    if (into) {
      for (const it of [prose, ...captions].flat()) into.push(it);
      return;
    }
    const from = blocks.length;
    if (prose.length) paraItems(prose);
    for (const c of captions) paraItems(c);
    marked(from);
  }

  const list = (n: PdfStructNode, depth: number) => {
    for (const c of n.children ?? []) {
      if (isLeaf(c)) {
        // Content right under L (no LI): an item of its own.
        const its = collect(c);
        const text = textOfItems(its);
        if (text) listItem(text, '', depth, its);
        continue;
      }
      const role = roleOf(c.role);
      if (role === 'L') list(c, depth + 1);
      else if (role === 'LI') item(c, depth);
      else walk(c);
    }
  };
  const listItem = (body: string, label: string, depth: number, its: Item[]) => {
    let mark = label.trim();
    let text = body;
    if (!mark) {
      const lead = LEADING_LABEL.exec(text);
      if (lead) {
        mark = lead[1];
        text = text.slice(lead[0].length);
      }
    }
    const marker = markerOf(mark);
    if (marker === null) text = `${mark} ${text}`;
    if (text) push({ kind: 'list-item', text, depth, marker: marker ?? '-', page }, its);
  };
  const item = (li: PdfStructNode, depth: number) => {
    const kids = li.children ?? [];
    const lbl = kids.filter((k) => !isLeaf(k) && roleOf(k.role) === 'Lbl');
    const nested: PdfStructNode[] = [];
    const blocksInside: PdfStructNode[] = [];
    const body: Node[] = [];
    const gather = (ns: Node[]) => {
      for (const k of ns) {
        const role = isLeaf(k) ? '' : roleOf(k.role);
        if (role === 'L') nested.push(k as PdfStructNode);
        else if (role === 'LBody') gather((k as PdfStructNode).children ?? []);
        else if (role === 'Table' || role === 'Code') blocksInside.push(k as PdfStructNode);
        else if (role !== 'Lbl') body.push(k);
      }
    };
    gather(kids);
    const labelItems = collect(lbl);
    const bodyItems = collect(body);
    listItem(textOfItems(bodyItems), textOfItems(labelItems), depth, [...labelItems, ...bodyItems]);
    for (const b of blocksInside) walk(b);
    for (const l of nested) list(l, depth + 1);
  };

  const table = (n: PdfStructNode) => {
    const trs: PdfStructNode[] = [];
    const findRows = (x: PdfStructNode) => {
      for (const c of x.children ?? []) {
        if (isLeaf(c)) continue;
        const role = roleOf(c.role);
        if (role === 'TR') trs.push(c);
        else if (role === 'Caption') {
          const from = blocks.length;
          para([c]);
          marked(from);
        }
        else findRows(c);
      }
    };
    findRows(n);
    const grid: TaggedRow[] = trs.map((tr) => {
      const kids = tr.children ?? [];
      const cellKids = kids.filter((c) => !isLeaf(c) && (roleOf(c.role) === 'TH' || roleOf(c.role) === 'TD'));
      // A row holding its content without cells: each child is a cell.
      const cells = cellKids.length ? cellKids : kids;
      return {
        th: cellKids.length > 0 && cellKids.every((c) => roleOf((c as PdfStructNode).role) === 'TH'),
        cells: cells.map((c) => {
          const its = collect(c);
          let x0 = Infinity;
          let x1 = -Infinity;
          for (const it of its) {
            if (!/\S/.test(it.s)) continue;
            x0 = Math.min(x0, it.x);
            x1 = Math.max(x1, it.x + it.w);
          }
          return { text: textOfItems(its), x0, x1, its };
        }),
      };
    });
    const rows = grid.filter((g) => g.cells.some((c) => c.text));
    // A row of one cell across a table of several columns, above or below the others, is its
    // title or note (as ruled.ts reads a full-width row): a paragraph.
    const wide = Math.max(0, ...rows.map((r) => r.cells.length));
    const lone = (r: TaggedRow | undefined) => !!r && wide > 1 && r.cells.length === 1;
    const after: TaggedRow[] = [];
    while (rows.length > 2 && lone(rows[0])) paraItems(rows.shift()!.cells[0].its);
    while (rows.length > 2 && lone(rows[rows.length - 1])) after.unshift(rows.pop()!);
    if (!rows.length) return;
    const its = rows.flatMap((r) => r.cells.flatMap((c) => c.its));
    const { header, body, headerCells } = layTable(rows, vocab);
    push({ kind: 'table', header, rows: body, page, headerCells }, its);
    for (const r of after) paraItems(r.cells[0].its);
  };
  const code = (n: PdfStructNode) => {
    const its = itemsOf(n);
    const rows = rowsOf(its, page);
    if (!rows.length) return;
    const { minX, cw } = codeGrid(rows);
    const lines = rows.map((r) => ' '.repeat(Math.min(MAX_PAD, Math.max(0, Math.round((r.frags[0].x0 - minX) / cw)))) + r.frags.map((f) => f.raw).join(' ').trimEnd());
    push({ kind: 'code', lines, page }, its);
  };
  function para(ns: Node[]) {
    paraItems(collect(ns));
  }
  function paraItems(its: Item[]) {
    const t = textOfItems(its);
    if (t) push({ kind: 'paragraph', text: t, page }, its);
  }

  function walk(n: Node): void {
    if (isLeaf(n)) return para([n]);
    const role = roleOf(n.role);
    const h = /^H([1-6])?$/.exec(role) ?? (role === 'Title' ? ['Title', '1'] : null);
    if (h) {
      const its = collect(n);
      const t = textOfItems(its);
      if (t) {
        push({ kind: 'heading', level: h[1] ? Number(h[1]) : 1, text: t, page }, its);
        if (!h[1]) bare.set(blocks[blocks.length - 1], its.reduce((m, it) => Math.max(m, it.size), -Infinity));
      }
      return;
    }
    if (SKIP.has(role)) return consume(n);
    if (role === 'Figure') return figure(n);
    if (role === 'L') return list(n, 1);
    if (role === 'Table') return table(n);
    if (role === 'Code') return code(n);
    if (role === 'Caption' || role === 'TOCI' || role === 'TOC') {
      const from = blocks.length;
      if (role === 'TOC') for (const c of n.children ?? []) walk(c);
      else para([n]);
      return marked(from);
    }
    // A paragraph holding a figure (LibreOffice puts frames in one) is read as a container, so
    // that the figure's caption stays a paragraph of its own.
    const holdsFigure = (n.children ?? []).some((c) => !isLeaf(c) && roleOf(c.role) === 'Figure');
    if (PARA.has(role) && !holdsFigure) return para([n]);
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
  for (const id of used) for (const it of byMc.get(id) ?? []) covered += visibleLength(it.s);

  // Real text the tree does not reach (no marked content, or an id the tree never names): kept, as
  // paragraphs (lines close together), placed after the block whose area holds them (a table's
  // cell, an infobox), else before the first block below them in the same column, else before the
  // first block below them.
  const stray = items.filter((it) => /\S/.test(it.s) && !running?.has(it) && it.mc !== ARTIFACT_MC && !(it.mc && used.has(it.mc)));
  if (stray.length) {
    const groups: Row[][] = [];
    for (const r of rowsOf(stray, page)) {
      const g = groups[groups.length - 1];
      const last = g?.[g.length - 1];
      if (last && last.y - r.y > 0 && last.y - r.y <= 1.6 * Math.max(last.size, r.size)) g.push(r);
      else groups.push([r]);
    }
    for (const g of groups) {
      const text = joinLines(g.map(rowText), vocab);
      if (!text) continue;
      const e: Extent = { top: g[0].y, bottom: g[g.length - 1].y, x0: Math.min(...g.map((r) => r.frags[0].x0)), x1: Math.max(...g.map((r) => r.frags[r.frags.length - 1].x1)) };
      const size = g[0].size;
      const beside = (b: Extent) => b.x0 < e.x1 && b.x1 > e.x0;
      let at = extents.findIndex((b) => beside(b) && b.top + size >= e.top && b.bottom - size <= e.bottom);
      if (at >= 0) at++;
      else {
        const below = (b: Extent) => b.top < e.top - 0.5 * size;
        at = extents.findIndex((b) => beside(b) && below(b));
        if (at < 0) at = extents.findIndex(below);
        if (at < 0) at = blocks.length;
      }
      blocks.splice(at, 0, { kind: 'paragraph', text, page });
      extents.splice(at, 0, e);
    }
  }
  return { blocks, covered, total, notHeadings, bare };
}

interface TaggedCell {
  text: string;
  /** Horizontal extent of its visible text (Infinity/-Infinity when empty). */
  x0: number;
  x1: number;
  its: Item[];
}
interface TaggedRow {
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
