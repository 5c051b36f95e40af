// Tagged PDFs: blocks from the structure tree (what Chromium, Word and LibreOffice write when they
// print with tags). H1–H6 (and H) are headings; P, Caption, BlockQuote, Note, TOCI paragraphs;
// L/LI/Lbl/LBody lists (nested L = one level deeper); Table/TR/TH/TD tables; Code outside a
// paragraph a code block; Formula text stays in its place. Other roles (Document, Sect, Div,
// NonStruct, Part…) are containers.
//
// Roles: pdf.js hands each element's role through the document's RoleMap (Word's "Title" → H1,
// LibreOffice's "Text body" → P). A role the RoleMap leaves unmapped and that is not a standard one
// is read by its name when the name says what it is ("Heading 2", "head3", "TOC 1", "Artifact");
// otherwise it is a container, or a paragraph when it holds no block (roles.ts).
//
// Tables: a row whose cells are fewer than the table's columns (ColSpan, RowSpan: pdf.js does not
// hand over the attributes) is placed by where its cells' text lies under the columns of the full
// rows; leading rows of header cells become one header row, each column labelled by the texts
// above it. A TR holding content without TD/TH cells has each child read as a cell (table.ts).
//
// Text the tree does not reach: inside an Artifact marked-content sequence it is left out (running
// headers, page numbers); text outside any sequence, or in one the tree never names (a producer's
// mistake), is real text and is kept, as paragraphs placed by their height among the tree's blocks.
// Running lines that a producer put in the tree (Chromium's fixed-position headers, Word exports
// that tag headers as sections) are found by repetition across pages (running.ts) and left out.
// Figures: short labels inside (a chart's ticks) are left out, captions and sentences kept.

import { codeGrid } from '../blocks/blocks.ts';
import { joinLines, MAX_PAD, rowText, rowsOf, type Item, type Vocab } from '../lines/geometry.ts';
import { ARTIFACT_MC } from '../read/items.ts';
import type { PBlock, PdfStructNode, Row } from '../types.ts';
import { firstAtOrAbove, underFrag } from './near.ts';
import { BLOCK, isLeaf, PARA, roleOf, SKIP, type Node } from './roles.ts';
import { layTable, type TaggedRow } from './table.ts';

/** Lines within reach of a figure's item that are looked at for it (see TreeReader.figure). */
const MAX_FIGURE_LINES = 8;

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

/** Where a block's text lies (baselines, horizontal extent), for placing text the tree does not reach. */
interface Extent {
  top: number;
  bottom: number;
  x0: number;
  x1: number;
}

function extentOf(its: Item[]): Extent {
  const e = { top: -Infinity, bottom: Infinity, x0: Infinity, x1: -Infinity };
  for (const it of its) {
    if (!/\S/.test(it.s)) continue;
    e.top = Math.max(e.top, it.y);
    e.bottom = Math.min(e.bottom, it.y);
    e.x0 = Math.min(e.x0, it.x);
    e.x1 = Math.max(e.x1, it.x + it.w);
  }
  return e;
}

/** The blocks of one tagged page, from its structure tree and its items. */
export function taggedBlocks(tree: PdfStructNode, items: Item[], page: number, vocab: Vocab, running?: Set<Item>): TaggedPage {
  const r = new TreeReader(items, page, vocab, running);
  r.walk(tree);
  let covered = 0;
  for (const id of r.used) for (const it of r.byMc.get(id) ?? []) covered += visibleLength(it.s);
  r.placeStray(items);
  return { blocks: r.blocks, covered, total: r.total, notHeadings: r.notHeadings, bare: r.bare };
}

/** A walk of one page's structure tree: the blocks it gives, and the marked content it reached. */
class TreeReader {
  readonly byMc = new Map<string, Item[]>();
  readonly used = new Set<string>();
  readonly blocks: PBlock[] = [];
  readonly notHeadings = new Set<PBlock>();
  readonly bare = new Map<PBlock, number>();
  /** Visible characters on the page (running lines left out). */
  total = 0;
  private readonly extents: Extent[] = [];

  constructor(
    items: Item[],
    private readonly page: number,
    private readonly vocab: Vocab,
    private readonly running?: Set<Item>,
  ) {
    for (const it of items) {
      if (running?.has(it)) continue;
      this.total += visibleLength(it.s);
      if (!it.mc || it.mc === ARTIFACT_MC) continue;
      const list = this.byMc.get(it.mc);
      if (list) list.push(it);
      else this.byMc.set(it.mc, [it]);
    }
  }

  /** The blocks pushed since `from` are no headings (captions, TOC entries, figure text). */
  private marked(from: number): void {
    for (let k = from; k < this.blocks.length; k++) this.notHeadings.add(this.blocks[k]);
  }

  private push(b: PBlock, its: Item[]): void {
    this.blocks.push(b);
    this.extents.push(extentOf(its));
  }

  /** The items a subtree reaches (each marked content once), figures read as figures. */
  private itemsOf(n: Node, acc: Item[] = []): Item[] {
    if (isLeaf(n)) {
      const got = this.byMc.get(n.id);
      if (got && !this.used.has(n.id)) {
        this.used.add(n.id);
        acc.push(...got);
      }
      return acc;
    }
    const role = roleOf(n.role);
    if (SKIP.has(role)) {
      this.consume(n);
      return acc;
    }
    if (role === 'Figure') {
      this.figure(n, acc);
      return acc;
    }
    for (const c of n.children ?? []) this.itemsOf(c, acc);
    return acc;
  }

  /** Marks a subtree's content as reached without reading it (artifacts tagged in the tree). */
  private consume(n: Node): void {
    if (isLeaf(n)) this.used.add(n.id);
    else for (const c of n.children ?? []) this.consume(c);
  }

  private textOfItems(its: Item[]): string {
    return joinLines(rowsOf(its, this.page).map(rowText), this.vocab);
  }

  private collect(n: Node | Node[]): Item[] {
    const its: Item[] = [];
    for (const c of Array.isArray(n) ? n : [n]) this.itemsOf(c, its);
    return its;
  }

  private hasBlock(n: Node): boolean {
    return !isLeaf(n) && (BLOCK.has(roleOf(n.role)) || (n.children ?? []).some((c) => this.hasBlock(c)));
  }

  /**
   * A figure's text: the labels drawn inside it (a chart's ticks and legends, a diagram's boxes) are
   * left out; its captions, and runs of text that read as sentences, are kept. Inside
   * a paragraph (`into`) they join its text; otherwise they are paragraphs of their own.
   */
  private figure(n: PdfStructNode, into?: Item[]): void {
    const all: Item[] = [];
    const captions: Item[][] = [];
    const gather = (x: Node) => {
      if (isLeaf(x)) {
        const got = this.byMc.get(x.id);
        if (got && !this.used.has(x.id)) {
          this.used.add(x.id);
          for (const it of got) all.push(it);
        }
        return;
      }
      if (roleOf(x.role) === 'Caption') {
        captions.push(this.collect(x));
        return;
      }
      for (const c of x.children ?? []) gather(c);
    };
    gather(n);
    const prose = this.proseOf(all);
    if (into) {
      for (const it of [prose, ...captions].flat()) into.push(it);
      return;
    }
    const from = this.blocks.length;
    if (prose.length) this.paraItems(prose);
    for (const c of captions) this.paraItems(c);
    this.marked(from);
  }

  /**
   * A figure's items that read as sentences: inside a run of text (one fragment: no wide gap inside)
   * of three words or more, two of them with letters; tick labels and legends set apart on one line
   * are not. Looked up by line and by x (sorted, binary search), not item by fragment: a figure of
   * many items and many sentences would cost their product; an item is matched against its first
   * MAX_FIGURE_LINES lines within reach only.
   */
  private proseOf(all: Item[]): Item[] {
    const sentence = (t: string) => {
      const words = t.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
      return words.length >= 3 && words.filter((w) => /\p{L}{2}/u.test(w)).length >= 2;
    };
    const lines = rowsOf(all, this.page)
      .map((r) => ({ y: r.y, fs: r.frags.filter((f) => sentence(f.text)).sort((a, b) => a.x0 - b.x0) }))
      .filter((l) => l.fs.length)
      .sort((a, b) => a.y - b.y);
    return all.filter((it) => {
      const reach = 0.4 * it.size;
      for (let i = firstAtOrAbove(lines, it.y - reach, (l) => l.y), n = 0; i < lines.length && lines[i].y <= it.y + reach && n < MAX_FIGURE_LINES; i++, n++) if (underFrag(lines[i].fs, it.x)) return true;
      return false;
    });
  }

  private list(n: PdfStructNode, depth: number): void {
    for (const c of n.children ?? []) {
      if (isLeaf(c)) {
        // Content right under L (no LI): an item of its own.
        const its = this.collect(c);
        const text = this.textOfItems(its);
        if (text) this.listItem(text, '', depth, its);
        continue;
      }
      const role = roleOf(c.role);
      if (role === 'L') this.list(c, depth + 1);
      else if (role === 'LI') this.item(c, depth);
      else this.walk(c);
    }
  }

  private listItem(body: string, label: string, depth: number, its: Item[]): void {
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
    if (text) this.push({ kind: 'list-item', text, depth, marker: marker ?? '-', page: this.page }, its);
  }

  private item(li: PdfStructNode, depth: number): void {
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
    const labelItems = this.collect(lbl);
    const bodyItems = this.collect(body);
    this.listItem(this.textOfItems(bodyItems), this.textOfItems(labelItems), depth, [...labelItems, ...bodyItems]);
    for (const b of blocksInside) this.walk(b);
    for (const l of nested) this.list(l, depth + 1);
  }

  private table(n: PdfStructNode): void {
    const trs: PdfStructNode[] = [];
    const findRows = (x: PdfStructNode) => {
      for (const c of x.children ?? []) {
        if (isLeaf(c)) continue;
        const role = roleOf(c.role);
        if (role === 'TR') trs.push(c);
        else if (role === 'Caption') {
          const from = this.blocks.length;
          this.para([c]);
          this.marked(from);
        } else findRows(c);
      }
    };
    findRows(n);
    const rows = trs.map((tr) => this.tableRow(tr)).filter((g) => g.cells.some((c) => c.text));
    // A row of one cell across a table of several columns, above or below the others, is its
    // title or note (as ruled.ts reads a full-width row): a paragraph.
    const wide = Math.max(0, ...rows.map((r) => r.cells.length));
    const lone = (r: TaggedRow | undefined) => !!r && wide > 1 && r.cells.length === 1;
    const after: TaggedRow[] = [];
    while (rows.length > 2 && lone(rows[0])) this.paraItems(rows.shift()!.cells[0].its);
    while (rows.length > 2 && lone(rows[rows.length - 1])) after.unshift(rows.pop()!);
    if (!rows.length) return;
    const its = rows.flatMap((r) => r.cells.flatMap((c) => c.its));
    const { header, body, headerCells } = layTable(rows, this.vocab);
    this.push({ kind: 'table', header, rows: body, page: this.page, headerCells }, its);
    for (const r of after) this.paraItems(r.cells[0].its);
  }

  /** A TR's cells (TH/TD; a row holding its content without cells has each child read as a cell). */
  private tableRow(tr: PdfStructNode): TaggedRow {
    const kids = tr.children ?? [];
    const cellKids = kids.filter((c) => !isLeaf(c) && (roleOf(c.role) === 'TH' || roleOf(c.role) === 'TD'));
    const cells = cellKids.length ? cellKids : kids;
    return {
      th: cellKids.length > 0 && cellKids.every((c) => roleOf((c as PdfStructNode).role) === 'TH'),
      cells: cells.map((c) => {
        const its = this.collect(c);
        let x0 = Infinity;
        let x1 = -Infinity;
        for (const it of its) {
          if (!/\S/.test(it.s)) continue;
          x0 = Math.min(x0, it.x);
          x1 = Math.max(x1, it.x + it.w);
        }
        return { text: this.textOfItems(its), x0, x1, its };
      }),
    };
  }

  private code(n: PdfStructNode): void {
    const its = this.itemsOf(n);
    const rows = rowsOf(its, this.page);
    if (!rows.length) return;
    const { minX, cw } = codeGrid(rows);
    const lines = rows.map((r) => ' '.repeat(Math.min(MAX_PAD, Math.max(0, Math.round((r.frags[0].x0 - minX) / cw)))) + r.frags.map((f) => f.raw).join(' ').trimEnd());
    this.push({ kind: 'code', lines, page: this.page }, its);
  }

  private para(ns: Node[]): void {
    this.paraItems(this.collect(ns));
  }

  private paraItems(its: Item[]): void {
    const t = this.textOfItems(its);
    if (t) this.push({ kind: 'paragraph', text: t, page: this.page }, its);
  }

  walk(n: Node): void {
    if (isLeaf(n)) return this.para([n]);
    const role = roleOf(n.role);
    const h = /^H([1-6])?$/.exec(role) ?? (role === 'Title' ? ['Title', '1'] : null);
    if (h) return this.heading(n, h[1]);
    if (SKIP.has(role)) return this.consume(n);
    if (role === 'Figure') return this.figure(n);
    if (role === 'L') return this.list(n, 1);
    if (role === 'Table') return this.table(n);
    if (role === 'Code') return this.code(n);
    if (role === 'Caption' || role === 'TOCI' || role === 'TOC') {
      const from = this.blocks.length;
      if (role === 'TOC') for (const c of n.children ?? []) this.walk(c);
      else this.para([n]);
      return this.marked(from);
    }
    // A paragraph holding a figure (LibreOffice puts frames in one) is read as a container, so
    // that the figure's caption stays a paragraph of its own.
    const holdsFigure = (n.children ?? []).some((c) => !isLeaf(c) && roleOf(c.role) === 'Figure');
    if (PARA.has(role) && !holdsFigure) return this.para([n]);
    if (!this.hasBlock(n)) return this.para([n]);
    // A container: runs of inline children between block children form paragraphs.
    let pending: Node[] = [];
    for (const c of n.children ?? []) {
      if (this.hasBlock(c)) {
        if (pending.length) this.para(pending);
        pending = [];
        this.walk(c);
      } else pending.push(c);
    }
    if (pending.length) this.para(pending);
  }

  /** A heading element (H1–H6, Title; a bare H gets its level from its size: levelBareHeadings). */
  private heading(n: PdfStructNode, level: string | undefined): void {
    const its = this.collect(n);
    const t = this.textOfItems(its);
    if (!t) return;
    this.push({ kind: 'heading', level: level ? Number(level) : 1, text: t, page: this.page }, its);
    if (!level) this.bare.set(this.blocks[this.blocks.length - 1], its.reduce((m, it) => Math.max(m, it.size), -Infinity));
  }

  /**
   * Real text the tree does not reach (no marked content, or an id the tree never names): kept, as
   * paragraphs (lines close together), placed after the block whose area holds them (a table's
   * cell, an infobox), else before the first block below them in the same column, else before the
   * first block below them.
   */
  placeStray(items: Item[]): void {
    const stray = items.filter((it) => /\S/.test(it.s) && !this.running?.has(it) && it.mc !== ARTIFACT_MC && !(it.mc && this.used.has(it.mc)));
    if (!stray.length) return;
    const groups: Row[][] = [];
    for (const r of rowsOf(stray, this.page)) {
      const g = groups[groups.length - 1];
      const last = g?.[g.length - 1];
      if (last && last.y - r.y > 0 && last.y - r.y <= 1.6 * Math.max(last.size, r.size)) g.push(r);
      else groups.push([r]);
    }
    for (const g of groups) {
      const text = joinLines(g.map(rowText), this.vocab);
      if (!text) continue;
      const e: Extent = { top: g[0].y, bottom: g[g.length - 1].y, x0: Math.min(...g.map((r) => r.frags[0].x0)), x1: Math.max(...g.map((r) => r.frags[r.frags.length - 1].x1)) };
      const size = g[0].size;
      const beside = (b: Extent) => b.x0 < e.x1 && b.x1 > e.x0;
      let at = this.extents.findIndex((b) => beside(b) && b.top + size >= e.top && b.bottom - size <= e.bottom);
      if (at >= 0) at++;
      else {
        const below = (b: Extent) => b.top < e.top - 0.5 * size;
        at = this.extents.findIndex((b) => beside(b) && below(b));
        if (at < 0) at = this.extents.findIndex(below);
        if (at < 0) at = this.blocks.length;
      }
      this.blocks.splice(at, 0, { kind: 'paragraph', text, page: this.page });
      this.extents.splice(at, 0, e);
    }
  }
}
