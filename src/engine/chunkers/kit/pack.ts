// Unit packing: greedy grouping of indivisible items (sentences, headings, table rows, code blocks,
// whole blocks) into chunks that fit the cap. Headings never end a chunk when their body can follow;
// oversized items are cut (tables by rows, code by lines, prose by the separator ladder) and flagged
// 'oversized-unit'.

import type { Block, Doc, Unit } from '../../types.ts';
import type { TokenIndex } from '../../tokens/index.ts';
import { trimRange } from '../../documents/ranges.ts';
import type { Draft } from './finalize.ts';
import { DEFAULT_LADDER, splitRange } from './ladder.ts';
import type { BudgetAt } from './prefix.ts';

export type ItemKind = 'heading' | 'text' | 'code' | 'table' | 'row';

export interface Item {
  start: number;
  end: number;
  kind: ItemKind;
  /** The block the item comes from (index into doc.blocks). */
  block: number;
}

export interface GroupEnv {
  doc: Doc;
  index: TokenIndex;
  budgetAt: BudgetAt;
  /** Repeat a table's header row before a chunk that starts among its rows. */
  repeatTableHeader: boolean;
  /**
   * When headings and the prose after them do not fit together although the prose fits alone: true cuts
   * the prose so its first piece carries the headings (structure); false keeps units whole and lets the
   * headings close a chunk of their own (sentences: the body cannot follow).
   */
  cutToKeepHeadings?: boolean;
}

/** The header row text of a table (with its delimiter line), as a prefix ending in a line break. */
export function tableHeaderPrefix(doc: Doc, block: Block): string {
  if (!block.header) return '';
  const [s, e] = trimRange(doc.text, block.header.start, block.header.end);
  return s < e ? doc.text.slice(s, e).replace(/\r/g, '') + '\n' : '';
}

/**
 * Items from docUnits, tiling each block: the first unit of a block starts at the block's start and each
 * unit runs up to the next one, so markup between units (list markers, pipes) is never lost.
 */
export function unitItems(doc: Doc, units: Unit[]): Item[] {
  const items: Item[] = [];
  for (let i = 0; i < units.length; i++) {
    const u = units[i];
    const block = doc.blocks[u.block];
    const prev = units[i - 1];
    const next = units[i + 1];
    const start = !prev || prev.block !== u.block ? Math.min(u.start, block?.start ?? u.start) : u.start;
    const end = !next || next.block !== u.block ? Math.max(u.end, block?.end ?? u.end) : next.start;
    const kind: ItemKind =
      u.kind === 'heading' ? 'heading' : u.kind === 'code' ? 'code' : u.kind === 'table-row' ? 'row' : 'text';
    items.push({ start, end: Math.max(start, end), kind, block: u.block });
  }
  return items.length ? items : wholeText(doc);
}

/** One item per block of blocks[from, to). */
export function blockItems(doc: Doc, from: number, to: number): Item[] {
  const items: Item[] = [];
  for (let b = from; b < to; b++) {
    const block = doc.blocks[b];
    const kind: ItemKind =
      block.kind === 'heading' ? 'heading' : block.kind === 'code' ? 'code' : block.kind === 'table' ? 'table' : 'text';
    items.push({ start: block.start, end: block.end, kind, block: b });
  }
  return items;
}

/** A document with text but no blocks (the parser found nothing it knows): one prose item. */
function wholeText(doc: Doc): Item[] {
  const [s, e] = trimRange(doc.text, 0, doc.text.length);
  return s < e ? [{ start: s, end: e, kind: 'text', block: -1 }] : [];
}

interface Group {
  items: Item[];
  extra: string;
}

/** Groups items greedily (see the file comment). `overlap`: tokens of whole trailing items repeated. */
export function groupItems(env: GroupEnv, items: Item[], overlap = 0): Draft[] {
  const { doc, index, budgetAt } = env;
  const drafts: Draft[] = [];
  const extraFor = (first: Item): string => {
    if (!env.repeatTableHeader || first.kind !== 'row') return '';
    const block = doc.blocks[first.block];
    if (!block?.header || block.header.start >= first.start) return '';
    // Repeated only when the row still fits after it.
    const prefix = tableHeaderPrefix(doc, block);
    return index.count(first.start, first.end) <= budgetAt(first.start, prefix) ? prefix : '';
  };
  const fitsRange = (s: number, e: number, extra: string) => index.count(s, e) <= budgetAt(s, extra);
  const emit = (g: Item[], extra: string) => {
    if (g.length) drafts.push({ start: g[0].start, end: g[g.length - 1].end, extraPrefix: extra || undefined });
  };

  let cur: Group | null = null;
  /** Emits the current group but keeps back its trailing headings, which lead what follows. */
  const flush = (): { lead: Item[]; emitted: Item[] } => {
    if (!cur) return { lead: [], emitted: [] };
    const g = cur.items;
    const extra = cur.extra;
    cur = null;
    let k = g.length - 1;
    while (k >= 0 && g[k].kind === 'heading') k--;
    if (k < 0) return { lead: g, emitted: [] }; // only headings: all of them lead the next group
    const emitted = g.slice(0, k + 1);
    emit(emitted, extra);
    return { lead: g.slice(k + 1), emitted };
  };

  for (const it of items) {
    if (it.end <= it.start) continue;
    const open: Group | null = cur;
    if (open && fitsRange(open.items[0].start, it.end, open.extra)) {
      open.items.push(it);
      continue;
    }
    const { lead, emitted } = flush();
    const itExtra = extraFor(it);
    const itFits = fitsRange(it.start, it.end, itExtra);
    if (lead.length) {
      if (fitsRange(lead[0].start, it.end, '')) {
        cur = { items: [...lead, it], extra: '' };
        continue;
      }
      if (!itFits || (env.cutToKeepHeadings && (it.kind === 'text' || it.kind === 'table'))) {
        // Cut the item so that its first piece carries the headings.
        drafts.push(...cutOversized(env, it, lead[0].start, itFits));
        continue;
      }
      // Code (or a row) that fits alone but not with its headings: kept whole, the headings alone.
      emit(lead, '');
    }
    if (!itFits) {
      drafts.push(...cutOversized(env, it, it.start, false));
      continue;
    }
    // Overlap: whole trailing items of the chunk just emitted (never all of it), within `overlap` tokens.
    let from = emitted.length;
    if (overlap > 0 && lead.length === 0 && emitted.length > 1) {
      const lastEnd = emitted[emitted.length - 1].end;
      for (let k = emitted.length - 1; k >= 1; k--) {
        const cand = emitted[k];
        if (index.count(cand.start, lastEnd) > overlap) break;
        if (!fitsRange(cand.start, it.end, extraFor(cand))) break;
        from = k;
      }
    }
    const g = [...emitted.slice(from), it];
    cur = { items: g, extra: extraFor(g[0]) };
  }
  const { lead } = flush();
  if (lead.length) emit(lead, '');
  return drafts;
}

/**
 * Cuts an item that does not fit (or that must carry leading headings from leadStart): a table by rows
 * with the header repeated, code by lines, anything else by the recursive ladder. Pieces are flagged
 * 'oversized-unit' when the item alone was over the budget.
 */
function cutOversized(env: GroupEnv, it: Item, leadStart: number, itFitsAlone: boolean): Draft[] {
  const { doc, index, budgetAt } = env;
  const flags = itFitsAlone ? undefined : (['oversized-unit'] as Draft['flags']);
  const leadTokens = leadStart < it.start ? index.count(leadStart, it.start) : 0;
  const block = doc.blocks[it.block];
  if (it.kind === 'table' && block?.rows && block.rows.length && block.header) {
    return cutTable(env, block, leadStart, it.end);
  }
  const ladder = it.kind === 'code' ? [/\n/g] : DEFAULT_LADDER;
  const reduced: BudgetAt = (offset, extra) => Math.max(1, budgetAt(offset, extra) - leadTokens);
  const ranges = splitRange({ text: doc.text, index, budgetAt: reduced }, it.start, it.end, ladder);
  if (ranges.length) ranges[0] = [leadStart, ranges[0][1]];
  else ranges.push([leadStart, it.end]);
  return ranges.map(([start, end]) => ({ start, end, flags: flags ? [...flags] : undefined }));
}

/** A table cut by rows: the first piece has the header (and leading headings), later ones repeat it. */
function cutTable(env: GroupEnv, block: Block, leadStart: number, end: number): Draft[] {
  const { doc, index, budgetAt } = env;
  const rows = block.rows!;
  const headerPrefix = tableHeaderPrefix(doc, block);
  const drafts: Draft[] = [];
  let pieceStart = leadStart;
  let extra = '';
  let lastEnd = -1;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const rowEnd = r === rows.length - 1 ? Math.max(row.end, end) : row.end;
    if (lastEnd < 0) {
      lastEnd = rowEnd;
      continue;
    }
    if (index.count(pieceStart, rowEnd) <= budgetAt(pieceStart, extra)) {
      lastEnd = rowEnd;
      continue;
    }
    drafts.push(...fitPiece(env, pieceStart, lastEnd, extra));
    pieceStart = row.start;
    // The header is repeated when the row still fits after it.
    extra = env.repeatTableHeader && index.count(row.start, rowEnd) <= budgetAt(row.start, headerPrefix) ? headerPrefix : '';
    lastEnd = rowEnd;
  }
  if (lastEnd >= 0) drafts.push(...fitPiece(env, pieceStart, lastEnd, extra));
  return drafts;
}

/** A piece that should fit; when it does not (one huge row, a header with leading headings), cut it. */
function fitPiece(env: GroupEnv, s: number, e: number, extra: string): Draft[] {
  const { doc, index, budgetAt } = env;
  if (index.count(s, e) <= budgetAt(s, extra)) return [{ start: s, end: e, extraPrefix: extra || undefined }];
  const withExtra: BudgetAt = (offset) => budgetAt(offset, extra);
  const ranges = splitRange({ text: doc.text, index, budgetAt: withExtra }, s, e, [/\n/g, ...DEFAULT_LADDER.slice(2)]);
  return ranges.map(([start, end]) => ({ start, end, extraPrefix: extra || undefined, flags: ['oversized-unit'] }));
}
