// Structure fixes a user makes in the import preview before a document is added: a line promoted or
// demoted to a heading level (H1–H6, or 0 for a plain paragraph), a range of lines marked as a table.
// Each edit rewrites the Markdown the way the PDF reader would have written it had it seen that
// structure (blocks apart by one blank line, "## title", a table with its separator row, paragraph
// text escaped where Markdown would read structure into it), so every chunker reads the fix. Edits
// are a list applied in order to the reader's Markdown (undo = drop the last ones); line numbers
// count the lines of the Markdown as it stands before that edit. The page map follows the text.

import { InputError } from '../types.ts';
import type { PageRange } from './pdf/markdown/page-map.ts';
import { escapeClosingHashes, escapeLineStart, tableMarkdown, type ColumnCuts } from './pdf/markdown/render.ts';

export type StructureEdit =
  /** Line `line` becomes a heading of `level` (1–6), or a plain paragraph (0). */
  | { kind: 'heading'; line: number; level: number }
  /** Lines `from`..`to` (inclusive) become a table; the first non-blank one is its header. */
  | { kind: 'table'; from: number; to: number };

export type LineKind = 'heading' | 'text' | 'list' | 'table' | 'code' | 'other';

export interface MdLine {
  /** 0-based line number in the Markdown. */
  index: number;
  /** Offsets of the line in the Markdown (end excludes the line break). */
  start: number;
  end: number;
  /** The line as written. */
  raw: string;
  /** The line's text without its Markdown (heading marks, list bullet, line-start escapes). */
  text: string;
  kind: LineKind;
  /** Headings: 1–6. */
  level?: number;
  /** The block (run of lines between blank lines; a fenced code block is one) it belongs to. */
  block: number;
}

/** Why an edit cannot be made (the page words it). */
export type EditProblem = 'out-of-range' | 'not-editable' | 'no-columns';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+|$)(.*)$/;
const BULLET = /^( {0,}|\t*)([-+*])(?:[ \t]+|$)(.*)$/;
const ORDERED = /^( {0,}|\t*)(\d{1,9}[.)])(?:[ \t]+|$)(.*)$/;
const TABLE_SEP = /^ {0,3}\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
const SETEXT = /^ {0,3}(?:=+|-+)\s*$/;
const isBlank = (s: string) => !/\S/.test(s);

/** The text escapeLineStart turned into `t` (the line-start escape taken off again). */
export function unescapeLineStart(t: string): string {
  const num = /^(\d{1,9})\\([.)])/.exec(t);
  if (num) {
    const plain = `${num[1]}${num[2]}${t.slice(num[0].length)}`;
    if (escapeLineStart(plain) === t) return plain;
  }
  if (t.startsWith('\\') && escapeLineStart(t.slice(1)) === t) return t.slice(1);
  return t;
}

/** A heading's title: marks and a closing sequence taken off, an escaped closing "#" kept. */
function headingTitle(rest: string): string {
  let t = rest.trim();
  // A closing sequence: spaces then "#"s at the end (not escaped).
  const close = /(?:^|[ \t]+)#+[ \t]*$/.exec(t);
  if (close && !/\\#+[ \t]*$/.test(t)) t = t.slice(0, close.index).trim();
  let i = t.length;
  while (i > 0 && t[i - 1] === '#') i--;
  if (i < t.length && i > 0 && t[i - 1] === '\\') t = t.slice(0, i - 1) + t.slice(i);
  return t;
}

/** The Markdown's lines, each with its kind, its text and its block. */
export function markdownLines(markdown: string): MdLine[] {
  const out: MdLine[] = [];
  let start = 0;
  const raws = markdown.split('\n');
  let block = -1;
  let fence: string | null = null;
  let inBlock = false;
  raws.forEach((line, index) => {
    const raw = line.endsWith('\r') ? line.slice(0, -1) : line;
    const end = start + raw.length;
    const base = { index, start, end, raw };
    start += line.length + 1;
    if (fence !== null) {
      out.push({ ...base, text: raw, kind: 'code', block });
      const m = FENCE.exec(raw);
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length && isBlank(raw.slice(m[0].length))) fence = null;
      return;
    }
    if (isBlank(raw)) {
      inBlock = false;
      out.push({ ...base, text: '', kind: 'other', block: -1 });
      return;
    }
    if (!inBlock) {
      block++;
      inBlock = true;
    }
    const f = FENCE.exec(raw);
    if (f) {
      fence = f[1];
      out.push({ ...base, text: raw, kind: 'code', block });
      return;
    }
    const h = ATX.exec(raw);
    if (h) {
      out.push({ ...base, text: headingTitle(h[2]), kind: 'heading', level: h[1].length, block });
      return;
    }
    const b = BULLET.exec(raw);
    if (b && !SETEXT.test(raw)) {
      out.push({ ...base, text: b[3].trim(), kind: 'list', block });
      return;
    }
    const o = ORDERED.exec(raw);
    if (o) {
      out.push({ ...base, text: `${o[2].replace(')', '.')} ${o[3].trim()}`.trim(), kind: 'list', block });
      return;
    }
    const prev = out[out.length - 1];
    if (prev && prev.block === block && (prev.kind === 'text' || prev.kind === 'other') && SETEXT.test(raw)) {
      out.push({ ...base, text: raw, kind: 'other', block });
      return;
    }
    // Four spaces in at a block's start: indented code.
    if (/^(?: {4}|\t)/.test(raw) && (!prev || prev.block !== block)) {
      out.push({ ...base, text: raw, kind: 'code', block });
      return;
    }
    if (prev && prev.block === block && prev.kind === 'code' && /^(?: {4}|\t)/.test(raw)) {
      out.push({ ...base, text: raw, kind: 'code', block });
      return;
    }
    out.push({ ...base, text: unescapeLineStart(raw.trim()), kind: 'text', block });
  });
  // Tables: a block whose second line is a separator row under a first line with a "|".
  const byBlock = new Map<number, MdLine[]>();
  for (const l of out) if (l.block >= 0 && l.kind !== 'code') (byBlock.get(l.block) ?? byBlock.set(l.block, []).get(l.block)!).push(l);
  for (const lines of byBlock.values()) {
    for (let k = 1; k < lines.length; k++) {
      if (lines[k].index !== lines[k - 1].index + 1 || !TABLE_SEP.test(lines[k].raw) || !lines[k - 1].raw.includes('|') || !lines[k].raw.includes('-')) continue;
      if (lines[k - 1].kind !== 'text' && lines[k - 1].kind !== 'other') continue;
      let j = k + 1;
      while (j < lines.length && lines[j].index === lines[j - 1].index + 1 && lines[j].raw.includes('|')) j++;
      for (let q = k - 1; q < j; q++) lines[q].kind = 'table';
      k = j;
    }
  }
  return out;
}

/** Headings of the Markdown (the preview's outline). */
export function markdownOutline(markdown: string): { level: number; title: string }[] {
  return markdownLines(markdown)
    .filter((l) => l.kind === 'heading')
    .map((l) => ({ level: l.level!, title: l.text }));
}

const EDITABLE: ReadonlySet<LineKind> = new Set(['heading', 'text', 'list']);

/** A line's cells: the reader's cut positions when it has them, else runs of 2+ spaces or tabs. */
export function cellsOf(text: string, columns?: ReadonlyMap<string, number[]>): string[] {
  const cuts = columns?.get(text);
  if (cuts?.length && cuts.every((c, i) => c > (cuts[i - 1] ?? 0) && c < text.length)) {
    return [0, ...cuts].map((c, i) => text.slice(c, cuts[i] ?? text.length).trim());
  }
  return text
    .split(/\t+| {2,}/)
    .map((c) => c.trim())
    .filter((c, i, all) => c || (i > 0 && i < all.length - 1));
}

/** The table lines from..to would become (header first), or null when none splits into columns. */
export function tableOf(lines: MdLine[], from: number, to: number, columns?: ReadonlyMap<string, number[]>): { header: string[]; rows: string[][] } | null {
  const rows = lines.slice(from, to + 1).filter((l) => l.kind !== 'other' || !isBlank(l.raw)).map((l) => cellsOf(l.text, columns));
  if (!rows.length || !rows.some((r) => r.length >= 2)) return null;
  return { header: rows[0], rows: rows.slice(1) };
}

/** Why `edit` cannot be made on this Markdown, or null when it can. */
export function editProblem(markdown: string, edit: StructureEdit, columns?: ColumnCuts | ReadonlyMap<string, number[]>): EditProblem | null {
  return check(markdownLines(markdown), edit, asMap(columns));
}

function asMap(columns?: ColumnCuts | ReadonlyMap<string, number[]>): ReadonlyMap<string, number[]> | undefined {
  if (!columns) return undefined;
  return Array.isArray(columns) ? new Map(columns) : (columns as ReadonlyMap<string, number[]>);
}

function check(lines: MdLine[], edit: StructureEdit, columns?: ReadonlyMap<string, number[]>): EditProblem | null {
  const ok = (i: number) => Number.isInteger(i) && i >= 0 && i < lines.length;
  if (edit.kind === 'heading') {
    if (!ok(edit.line) || !Number.isInteger(edit.level) || edit.level < 0 || edit.level > 6) return 'out-of-range';
    return EDITABLE.has(lines[edit.line].kind) ? null : 'not-editable';
  }
  if (!ok(edit.from) || !ok(edit.to) || edit.from > edit.to) return 'out-of-range';
  const range = lines.slice(edit.from, edit.to + 1);
  if (range.some((l) => !EDITABLE.has(l.kind) && !(l.kind === 'other' && isBlank(l.raw)))) return 'not-editable';
  if (!range.some((l) => !isBlank(l.raw))) return 'out-of-range';
  return tableOf(lines, edit.from, edit.to, columns) ? null : 'no-columns';
}

/** Markdown for a line as a heading (level 1–6) or as a plain paragraph (0). */
function lineAs(text: string, level: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return level ? `${'#'.repeat(level)} ${escapeClosingHashes(t)}` : escapeLineStart(t);
}

/** Lines of a block cut off at a list's start: leading indentation taken off (it would read as code). */
function dedent(lines: MdLine[]): string[] {
  if (!lines.length) return [];
  const pad = /^[ \t]*/.exec(lines[0].raw)![0].length;
  return lines.map((l) => {
    const own = /^[ \t]*/.exec(l.raw)![0].length;
    return l.raw.slice(Math.min(pad, own));
  });
}

interface Splice {
  at: number;
  removed: number;
  inserted: number;
}

function applyOne(markdown: string, edit: StructureEdit, columns?: ReadonlyMap<string, number[]>): { markdown: string; splice: Splice | null } {
  const lines = markdownLines(markdown);
  const problem = check(lines, edit, columns);
  if (problem) {
    const where = edit.kind === 'heading' ? `line ${edit.line + 1}` : `lines ${edit.from + 1}–${edit.to + 1}`;
    const what = problem === 'no-columns' ? 'no line there splits into columns' : problem === 'not-editable' ? 'code, an existing table or a heading underline cannot be changed this way' : 'no such line';
    throw new InputError(`structure edit refused: ${what}`, where, { code: 'bad-structure-edit' });
  }
  const first = edit.kind === 'heading' ? edit.line : edit.from;
  const last = edit.kind === 'heading' ? edit.line : edit.to;
  // First non-blank line of the range (a table's range may start on a blank line).
  let a = first;
  while (isBlank(lines[a].raw)) a++;
  let z = last;
  while (isBlank(lines[z].raw)) z--;
  const inBlock = (b: number) => lines.filter((l) => l.block === b);
  const before = inBlock(lines[a].block).filter((l) => l.index < a);
  const after = inBlock(lines[z].block).filter((l) => l.index > z);
  let middle: string;
  if (edit.kind === 'heading') {
    const l = lines[a];
    // Already so (a text line made "paragraph" stays in its paragraph).
    if ((l.kind === 'heading' && l.level === edit.level) || (l.kind === 'text' && edit.level === 0)) return { markdown, splice: null };
    middle = lineAs(l.text, edit.level);
  } else {
    const t = tableOf(lines, a, z, columns)!;
    middle = tableMarkdown(t.header, t.rows);
  }
  const afterText = after.length && after[0].kind === 'list' ? dedent(after) : after.map((l) => l.raw);
  const parts = [before.map((l) => l.raw).join('\n'), middle, afterText.join('\n')].filter((p) => p.length);
  const from = (before[0] ?? lines[a]).start;
  const to = (after[after.length - 1] ?? lines[z]).end;
  const inserted = parts.join('\n\n');
  return { markdown: markdown.slice(0, from) + inserted + markdown.slice(to), splice: { at: from, removed: to - from, inserted: inserted.length } };
}

/** An offset moved by a splice: after it shifted, inside it kept within the new text. */
function moved(offset: number, s: Splice): number {
  if (offset <= s.at) return offset;
  if (offset >= s.at + s.removed) return offset + s.inserted - s.removed;
  return s.at + Math.min(offset - s.at, s.inserted);
}

export interface EditedMarkdown {
  markdown: string;
  /** The page map moved with the text (ranges emptied by an edit dropped). */
  pages: PageRange[];
}

/**
 * Applies the edits in order. Throws InputError (code bad-structure-edit) naming the line when one
 * cannot be made; `editProblem` says so beforehand.
 */
export function applyStructureEdits(markdown: string, edits: readonly StructureEdit[], opts: { columns?: ColumnCuts | ReadonlyMap<string, number[]>; pages?: readonly PageRange[] } = {}): EditedMarkdown {
  const columns = asMap(opts.columns);
  let md = markdown;
  let pages = (opts.pages ?? []).map((p) => ({ ...p }));
  for (const e of edits) {
    const r = applyOne(md, e, columns);
    md = r.markdown;
    const s = r.splice;
    if (s) pages = pages.map((p) => ({ page: p.page, start: moved(p.start, s), end: moved(p.end, s) })).filter((p, i) => p.end > p.start || i === 0);
  }
  if (pages.length) pages[pages.length - 1].end = md.length;
  return { markdown: md, pages };
}
