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

export type ItemKind = 'heading' | 'text' | 'code' | 'table' | 'table-header' | 'row';

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
      u.kind === 'heading' ? 'heading' : u.kind === 'code' ? 'code' : u.kind === 'table-row' ? 'row' : u.kind === 'table-header' ? 'table-header' : 'text';
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

/** What goes before a piece besides its text: a repeated table header row, and how lean the context header is. */
interface PrefixChoice {
  extra: string;
  /** Forms of the context header skipped (Prefixer.header), so that the piece fits with `extra`. */
  lean: number;
}

const NO_EXTRA: PrefixChoice = { extra: '', lean: 0 };

/**
 * The table header row repeated before a piece of rows starting at [s, e): with its delimiter line and
 * the fullest context header that still leave room for the piece (down to the title alone: the header option promises the
 * title on every chunk); none when even then it does not fit.
 */
function rowPrefix(env: GroupEnv, block: Block, s: number, e: number): PrefixChoice {
  if (!env.repeatTableHeader) return NO_EXTRA;
  const full = tableHeaderPrefix(env.doc, block);
  if (!full) return NO_EXTRA;
  // The header row with its delimiter line, else the header row alone (the column names are what count).
  const line = full.split('\n')[0].trim() + '\n';
  const n = env.index.count(s, e);
  for (const extra of line.length < full.length ? [full, line] : [full]) {
    for (let lean = 0; lean <= 2; lean++) if (n <= env.budgetAt(s, extra, lean)) return { extra, lean };
  }
  return NO_EXTRA;
}

interface Group extends PrefixChoice {
  items: Item[];
}

/** Groups items greedily (see the file comment). `overlap`: tokens of whole trailing items repeated. */
export function groupItems(env: GroupEnv, items: Item[], overlap = 0): Draft[] {
  const { doc, index, budgetAt } = env;
  const drafts: Draft[] = [];
  const extraFor = (first: Item): PrefixChoice => {
    if (first.kind !== 'row') return NO_EXTRA;
    const block = doc.blocks[first.block];
    if (!block?.header || block.header.start >= first.start) return NO_EXTRA;
    // Repeated only when the row still fits after it.
    return rowPrefix(env, block, first.start, first.end);
  };
  const fitsRange = (s: number, e: number, p: PrefixChoice) => index.count(s, e) <= budgetAt(s, p.extra, p.lean);
  const emit = (g: Item[], p: PrefixChoice) => {
    if (g.length) drafts.push(draft(g[0].start, g[g.length - 1].end, p));
  };

  let cur: Group | null = null;
  /** Emits the current group but keeps back its trailing headings (and a table's header row), which lead what follows. */
  const flush = (): { lead: Item[]; emitted: Item[] } => {
    if (!cur) return { lead: [], emitted: [] };
    const g = cur.items;
    const choice: PrefixChoice = cur;
    cur = null;
    let k = g.length - 1;
    while (k >= 0 && (g[k].kind === 'heading' || g[k].kind === 'table-header')) k--;
    if (k < 0) return { lead: g, emitted: [] }; // only headings: all of them lead the next group
    const emitted = g.slice(0, k + 1);
    emit(emitted, choice);
    return { lead: g.slice(k + 1), emitted };
  };

  for (const it of items) {
    if (it.end <= it.start) continue;
    const open: Group | null = cur;
    if (open && fitsRange(open.items[0].start, it.end, open)) {
      open.items.push(it);
      continue;
    }
    const { lead, emitted } = flush();
    const itExtra = extraFor(it);
    const itFits = fitsRange(it.start, it.end, itExtra);
    if (it.kind === 'table-header' && !itFits) {
      // A table's header row too big for a chunk by itself leads its first row (cut as a table is), never cut alone.
      cur = { items: [...lead, it], ...NO_EXTRA };
      continue;
    }
    if (lead.length) {
      // Headings with what follows, under the fullest context header that leaves them room.
      const lean = [0, 1, 2].find((l) => fitsRange(lead[0].start, it.end, { extra: '', lean: l }));
      if (lean !== undefined) {
        cur = { items: [...lead, it], extra: '', lean };
        continue;
      }
      const last = lead[lead.length - 1];
      const table = doc.blocks[it.block];
      if (last.kind === 'table-header' && it.kind === 'row' && last.block === it.block && table?.header && table.rows?.length) {
        // A table's header row with its first row, cut as a table is (never the header row alone).
        drafts.push(...cutTable(env, { ...table, rows: [table.rows[0]] }, lead[0].start, it.end));
        continue;
      }
      if (!itFits || (env.cutToKeepHeadings && (it.kind === 'text' || it.kind === 'table'))) {
        // Cut the item so that its first piece carries the headings.
        drafts.push(...cutOversized(env, it, lead[0].start, itFits));
        continue;
      }
      // Code (or a row) that fits alone but not with its headings: kept whole, the headings alone.
      emit(lead, NO_EXTRA);
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
    cur = { items: g, ...extraFor(g[0]) };
  }
  const { lead } = flush();
  if (lead.length) emit(lead, NO_EXTRA);
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
  const drafts: Draft[] = [];
  let pieceStart = leadStart;
  let choice = NO_EXTRA;
  let lastEnd = -1;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const rowEnd = r === rows.length - 1 ? Math.max(row.end, end) : row.end;
    if (lastEnd < 0) {
      const over = pieceStart < row.start && index.count(pieceStart, rowEnd) > budgetAt(pieceStart);
      // The header row with its first row under a leaner context header, before anything else.
      const leanFrom = (s: number) => [0, 1, 2].find((l) => index.count(s, rowEnd) <= budgetAt(s, '', l));
      const lean = over ? leanFrom(pieceStart) : undefined;
      if (lean !== undefined) choice = { extra: '', lean };
      if (over && lean === undefined) {
        // They do not fit together even under the title alone: the header row never goes alone (a
        // chunk of column names and no data only adds noise): it takes the first row's opening cells.
        const first = headerWithFirstCells(env, block, pieceStart, row.start, rowEnd);
        drafts.push(...first.drafts);
        pieceStart = first.next;
        choice = rowPrefix(env, block, pieceStart, rowEnd);
      }
      lastEnd = rowEnd;
      continue;
    }
    if (index.count(pieceStart, rowEnd) <= budgetAt(pieceStart, choice.extra, choice.lean)) {
      lastEnd = rowEnd;
      continue;
    }
    drafts.push(...fitPiece(env, pieceStart, lastEnd, choice));
    pieceStart = row.start;
    // The header is repeated when the row still fits after it.
    choice = rowPrefix(env, block, row.start, rowEnd);
    lastEnd = rowEnd;
  }
  if (lastEnd >= 0) drafts.push(...fitPiece(env, pieceStart, lastEnd, choice));
  return drafts;
}

/**
 * Where the first data row [rowStart, rowEnd) may be cut so that a piece ending there holds some of
 * its text: after each cell (at a '|' with text before it in the row), from the last; then after each
 * word of the first cell that holds text, from the last.
 */
function firstRowCuts(text: string, rowStart: number, rowEnd: number): { cells: number[]; words: number[] } {
  const cells: number[] = [];
  const words: number[] = [];
  let seen = false;
  for (let i = rowStart; i < rowEnd; i++) {
    const c = text.charCodeAt(i);
    if (c === 124 /* | */) {
      if (seen) {
        if (!cells.length) words.push(i);
        cells.push(i + 1);
      }
    } else if (c === 32 || c === 9) {
      if (seen && !cells.length && text.charCodeAt(i - 1) !== 32 && text.charCodeAt(i - 1) !== 9) words.push(i);
    } else if (c !== 10 && c !== 13) {
      seen = true;
    }
  }
  if (seen && !cells.length) words.push(rowEnd);
  return { cells: cells.filter((c) => c < rowEnd).reverse(), words: [...new Set(words)].reverse() };
}

/**
 * The table's header row (and separator) with as much of the first row as fits, for a table whose
 * header and first row do not fit one chunk even under the title alone. In order: leading headings,
 * header and the first row cut after its last cell that fits (else after a word of its first cell),
 * under the fullest context header that leaves room; the same without the leading headings (they go
 * first, alone); the same with no context header for that one chunk. When even the column names and
 * the first word of the row exceed the cap, that one chunk goes over it, flagged 'over-cap' with its
 * real count: a hard cap would otherwise force chunks of column names alone. `next`: where the rest
 * of the first row starts.
 */
function headerWithFirstCells(env: GroupEnv, block: Block, leadStart: number, rowStart: number, rowEnd: number): { drafts: Draft[]; next: number } {
  const { doc, index, budgetAt } = env;
  const hs = Math.min(block.header!.start, block.start);
  const { cells, words } = firstRowCuts(doc.text, rowStart, rowEnd);
  const cuts = [...cells, ...words];
  const lead = (from: number) => (from > leadStart ? fitPiece(env, leadStart, from, NO_EXTRA) : []);
  const starts = leadStart < hs ? [leadStart, hs] : [hs];
  // Headings kept with the table first, then the fullest context header, then the most of the row.
  for (const leans of [[0, 1, 2], [3]]) {
    for (const from of starts) {
      for (const lean of leans) {
        const budget = budgetAt(from, '', lean);
        const cut = cuts.find((c) => index.count(from, c) <= budget);
        if (cut !== undefined) return { drafts: [...lead(from), draft(from, cut, { extra: '', lean })], next: cut };
      }
    }
  }
  const cut = words.length ? words[words.length - 1] : rowEnd;
  return { drafts: [...lead(hs), { ...draft(hs, cut, { extra: '', lean: 3 }), overCap: true, flags: ['over-cap'] }], next: cut };
}

/** A piece that should fit; when it does not (one huge row, a header with leading headings), cut it. */
function fitPiece(env: GroupEnv, s: number, e: number, p: PrefixChoice): Draft[] {
  const { doc, index, budgetAt } = env;
  if (index.count(s, e) <= budgetAt(s, p.extra, p.lean)) return [draft(s, e, p)];
  const withExtra: BudgetAt = (offset) => budgetAt(offset, p.extra, p.lean);
  const ranges = splitRange({ text: doc.text, index, budgetAt: withExtra }, s, e, [/\n/g, ...DEFAULT_LADDER.slice(2)]);
  return ranges.map(([start, end]) => ({ ...draft(start, end, p), flags: ['oversized-unit'] }));
}

function draft(start: number, end: number, p: PrefixChoice): Draft {
  const d: Draft = { start, end, extraPrefix: p.extra || undefined };
  if (p.lean) d.leanHeader = p.lean;
  return d;
}
