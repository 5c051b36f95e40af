// Markdown → blocks with exact offsets into the ORIGINAL text. marked's lexer runs on a copy with
// CRLF/CR turned into LF; token `raw`s are located in that copy and mapped back through an offset
// table, so CRLF files get offsets that are valid in their own text. Front matter is read here
// (marked does not know it). List items are mapped line by line (nested raws are dedented copies).
// Lines nested deeper than MAX_NESTING (blockquote and list markers, plus list indentation) are
// blanked in the copy marked sees and read as plain paragraphs, one per line: marked's cost grows
// with nesting (3,000 levels of ">" on 500 lines ran V8 out of memory), so depth is bounded before
// it runs and its time stays linear in the length of the text. The document's meta.notes says so.

import { Lexer, type Token, type Tokens } from 'marked';
import type { DocMeta } from '../types.ts';
import { lineOf, pushParagraphRuns, type RawBlock } from './text-utils.ts';
import { trimBlanksEnd } from '../util/whitespace.ts';

export interface ParsedMarkdown {
  blocks: RawBlock[];
  /** Front matter pairs; `notes` also carries the nesting guard's note when it fired. */
  frontMatter: DocMeta;
  /** Lines read as paragraphs because they were nested too deep, and the deepest nesting seen. */
  deepNesting?: { lines: number; maxDepth: number; firstLine: number };
}

/** Deepest nesting (">" and list markers, plus two columns of list indentation per level) lexed as Markdown. */
export const MAX_NESTING = 32;

/**
 * Nesting depth of the line starting at `i`: container markers (">", "-", "*", "+", "1.", "1)")
 * at its start, plus, when there is at least one marker, its indentation in columns / 2. Stops
 * scanning once the depth passes `cap`, so a line costs at most O(cap) beyond its markers.
 */
function lineDepth(s: string, i: number, cap: number): number {
  let markers = 0;
  let cols = 0;
  const n = s.length;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === 32) {
      cols++;
      i++;
    } else if (c === 9) {
      cols += 4;
      i++;
    } else if (c === 62 /* > */) {
      markers++;
      i++;
    } else if ((c === 45 || c === 42 || c === 43) && (s.charCodeAt(i + 1) === 32 || s.charCodeAt(i + 1) === 9)) {
      markers++;
      i += 2;
      cols++;
    } else if (c >= 48 && c <= 57) {
      let j = i;
      while (j < n && j - i < 9 && s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) j++;
      const d = s.charCodeAt(j);
      const after = s.charCodeAt(j + 1);
      if ((d === 46 || d === 41) && (after === 32 || after === 9)) {
        markers++;
        i = j + 2;
        cols++;
      } else break;
    } else break;
    if (markers > 0 && markers + (cols >> 1) > cap) return markers + (cols >> 1);
  }
  return markers > 0 ? markers + (cols >> 1) : 0;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

interface NestingScan {
  /** `norm` with every too-deep line replaced by spaces (same length: offsets unchanged). */
  lexable: string;
  /** [start, end) in `norm` of each too-deep line. */
  deep: [number, number][];
  maxDepth: number;
  firstLine: number;
}

/** Finds lines nested deeper than MAX_NESTING outside top-level fences; null when there are none. */
function scanNesting(norm: string): NestingScan | null {
  const deep: [number, number][] = [];
  let maxDepth = 0;
  let firstLine = -1;
  let fence: string | null = null;
  let line = 0;
  for (let i = 0; i <= norm.length; line++) {
    let j = norm.indexOf('\n', i);
    if (j < 0) j = norm.length;
    const c = norm.charCodeAt(i);
    if (c === 32 || c === 96 || c === 126) {
      const f = FENCE.exec(norm.slice(i, Math.min(j, i + 64)));
      if (f && (fence === null || (f[1][0] === fence[0] && f[1].length >= fence.length))) fence = fence === null ? f[1] : null;
    }
    if (fence === null) {
      const d = lineDepth(norm, i, MAX_NESTING);
      if (d > MAX_NESTING) {
        deep.push([i, j]);
        if (firstLine < 0) firstLine = line + 1;
        // The full depth for the note, counted only on deep lines (markers and spaces: linear).
        maxDepth = Math.max(maxDepth, lineDepth(norm, i, Infinity));
      }
    }
    i = j + 1;
  }
  if (!deep.length) return null;
  const parts: string[] = [];
  let at = 0;
  for (const [s, e] of deep) {
    parts.push(norm.slice(at, s), ' '.repeat(e - s));
    at = e;
  }
  parts.push(norm.slice(at));
  return { lexable: parts.join(''), deep, maxDepth, firstLine };
}

const FRONT_OPEN = /^\uFEFF?---[ \t]*(?:\r\n|\r|\n)/;
const FRONT_CLOSE = /^(?:---|\.\.\.)[ \t]*$/;

/** Front matter at the very top: its end offset (after the closing line) and its key: value pairs. */
export function readFrontMatter(text: string): { end: number; meta: DocMeta } | null {
  const open = FRONT_OPEN.exec(text);
  if (!open) return null;
  let i = open[0].length;
  const meta: DocMeta = {};
  while (i <= text.length) {
    let j = i;
    while (j < text.length && text.charCodeAt(j) !== 10 && text.charCodeAt(j) !== 13) j++;
    const line = text.slice(i, j);
    let next = j;
    if (text.charCodeAt(next) === 13 && text.charCodeAt(next + 1) === 10) next += 2;
    else if (next < text.length) next += 1;
    if (FRONT_CLOSE.test(line)) return { end: j, meta };
    // The value trimmed by trim(), not by a lazy group before [ \t]*$ (quadratic on a long blank run).
    const kv = /^([A-Za-z_][\w.-]*)[ \t]*:(.*)$/.exec(line);
    const value = kv ? trimBlanksEnd(kv[2].replace(/^[ \t]+/, '')) : '';
    if (kv && value) meta[kv[1]] = unquote(value);
    if (next === i || j >= text.length) break;
    i = next;
  }
  return null; // never closed: not front matter
}

function unquote(v: string): string {
  if (v.length >= 2 && ((v[0] === '"' && v.endsWith('"')) || (v[0] === "'" && v.endsWith("'")))) return v.slice(1, -1);
  return v;
}

/** Blocks of a Markdown text (offsets into `text` itself) and its front matter. */
export function parseMarkdown(text: string): ParsedMarkdown {
  const blocks: RawBlock[] = [];
  let frontMatter: DocMeta = {};
  let bodyStart = 0;
  const fm = readFrontMatter(text);
  if (fm) {
    blocks.push({ kind: 'front-matter', start: 0, end: fm.end });
    frontMatter = fm.meta;
    bodyStart = fm.end;
  } else if (text.charCodeAt(0) === 0xfeff) {
    bodyStart = 1; // a byte-order mark would hide a heading on the first line from marked
  }
  const body = bodyStart === 0 ? text : text.slice(bodyStart);
  // Normalized copy (what marked sees) and, for each of its offsets, the offset in `text`. Without
  // a CR the copy is the body itself and an offset maps by adding bodyStart (no table).
  const hasCR = body.indexOf('\r') >= 0;
  const norm = hasCR ? body.replace(/\r\n?/g, '\n') : body;
  let toOrig: Int32Array | null = null;
  if (hasCR) {
    toOrig = new Int32Array(norm.length + 1);
    for (let i = 0, o = 0; i <= norm.length; i++) {
      toOrig[i] = bodyStart + o;
      o += body.charCodeAt(o) === 13 && body.charCodeAt(o + 1) === 10 ? 2 : 1;
    }
  }
  const nesting = scanNesting(norm);
  let deepNesting: ParsedMarkdown['deepNesting'];
  if (nesting) {
    const toO = (k: number) => (toOrig === null ? bodyStart + k : toOrig[k]);
    for (const [s, e] of nesting.deep) blocks.push({ kind: 'paragraph', start: toO(s), end: toO(e) });
    deepNesting = { lines: nesting.deep.length, maxDepth: nesting.maxDepth, firstLine: nesting.firstLine };
    const note = `${nesting.deep.length} line${nesting.deep.length === 1 ? '' : 's'} nested deeper than ${MAX_NESTING} levels (up to ${nesting.maxDepth}, first at line ${nesting.firstLine} of the body) read as plain paragraphs`;
    frontMatter = { ...frontMatter, notes: frontMatter.notes ? `${frontMatter.notes}; ${note}` : note };
  }
  let tokens: Token[];
  try {
    // Block structure only: inline lexing (half of marked's time) is done for headings alone.
    tokens = new Lexer({ gfm: true }).blockTokens(nesting ? nesting.lexable : norm);
  } catch {
    // marked refused the input: fall back to paragraphs split at blank lines.
    pushParagraphRuns(text, bodyStart, text.length, (s, e) => blocks.push({ kind: 'paragraph', start: s, end: e }));
    return { blocks, frontMatter, ...(deepNesting ? { deepNesting } : {}) };
  }
  const ctx: Ctx = { norm: nesting ? nesting.lexable : norm, toOrig, shift: bodyStart, linesCache: null, out: blocks };
  let cursor = 0;
  for (const tok of tokens) {
    const at = locate(ctx.norm, tok.raw, cursor);
    if (at < 0) continue; // cannot happen with marked's top-level raws; finalize covers any gap
    cursor = at + tok.raw.length;
    emitToken(ctx, tok, at, cursor);
  }
  return { blocks, frontMatter, ...(deepNesting ? { deepNesting } : {}) };
}

interface Ctx {
  norm: string;
  /** Normalized offset → original offset; null when the two differ by `shift` alone (no CR). */
  toOrig: Int32Array | null;
  shift: number;
  /** Line starts of `norm`, computed when a list first needs them. */
  linesCache: number[] | null;
  out: RawBlock[];
}

function orig(ctx: Ctx, i: number): number {
  return ctx.toOrig === null ? ctx.shift + i : ctx.toOrig[i];
}

function linesOf(ctx: Ctx): number[] {
  return (ctx.linesCache ??= lfLineStarts(ctx.norm));
}

/** lineStarts() of a text without CR (the normalized copy), with indexOf's scan. */
function lfLineStarts(s: string): number[] {
  const starts = [0];
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function locate(hay: string, needle: string, from: number): number {
  if (hay.startsWith(needle, from)) return from;
  return hay.indexOf(needle, from);
}

/** Maps a fresh block (made by the caller for this call alone) to original offsets, in place, and keeps it. */
function push(ctx: Ctx, b: RawBlock): void {
  ctx.out.push(mapped(ctx, b));
}

function emitToken(ctx: Ctx, tok: Token, s: number, e: number): void {
  switch (tok.type) {
    case 'space':
      return;
    case 'heading': {
      const h = tok as Tokens.Heading;
      push(ctx, { kind: 'heading', start: s, end: e, level: h.depth, title: headingTitle(h.text) });
      return;
    }
    case 'hr':
      push(ctx, { kind: 'rule', start: s, end: e });
      return;
    case 'code': {
      const c = tok as Tokens.Code;
      push(ctx, { kind: 'code', start: s, end: e, ...codeInfo(c) });
      return;
    }
    case 'table':
      emitTable(ctx, s, e);
      return;
    case 'blockquote':
      push(ctx, { kind: 'blockquote', start: s, end: e });
      return;
    case 'html':
      push(ctx, { kind: 'html', start: s, end: e });
      return;
    case 'list':
      emitList(ctx, tok as Tokens.List, s, 1);
      return;
    default:
      push(ctx, { kind: 'paragraph', start: s, end: e });
  }
}

function codeInfo(c: Tokens.Code): { lang?: string; closed: boolean } {
  const raw = c.raw.trimEnd();
  const open = /^ {0,3}(`{3,}|~{3,})/.exec(raw);
  if (!open) return { closed: true }; // indented code
  const lang = (c.lang ?? '').trim().split(/\s+/)[0] || undefined;
  const nl = raw.indexOf('\n');
  const last = nl < 0 ? '' : raw.slice(raw.lastIndexOf('\n') + 1);
  const fence = open[1];
  const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
  const info: { lang?: string; closed: boolean } = { closed: nl >= 0 && close.test(last) };
  if (lang) info.lang = lang;
  return info;
}

function emitTable(ctx: Ctx, s: number, e: number): void {
  const { norm } = ctx;
  const lineRanges: [number, number][] = [];
  let i = s;
  while (i < e) {
    let j = norm.indexOf('\n', i);
    if (j < 0 || j > e) j = e;
    if (/\S/.test(norm.slice(i, j))) lineRanges.push([i, j]);
    i = j + 1;
  }
  const block: RawBlock = { kind: 'table', start: s, end: e, rows: [] };
  if (lineRanges.length >= 2) {
    block.header = mapTrim(ctx, lineRanges[0][0], lineRanges[1][1]);
    block.rows = lineRanges.slice(2).map(([a, b]) => mapTrim(ctx, a, b));
  }
  push(ctx, block);
}

/** A normalized range mapped to original offsets, trimmed. */
function mapTrim(ctx: Ctx, a: number, b: number): { start: number; end: number } {
  while (a < b && /\s/.test(ctx.norm[a])) a++;
  while (b > a && /\s/.test(ctx.norm[b - 1])) b--;
  return { start: orig(ctx, a), end: orig(ctx, b) };
}

const MARKER = /^[ \t]*(?:[*+-]|\d{1,9}[.)])(?:[ \t]+|$)/;

/**
 * One block per list item, nested items at level depth+1. `at` is the list's offset in the
 * normalized text. Items' raws of a top-level list are verbatim; nested ones are dedented, so they
 * are placed by line: a dedented raw has as many lines as the original it came from.
 */
function emitList(ctx: Ctx, list: Tokens.List, at: number, depth: number): void {
  let cursor = at;
  for (const item of list.items) {
    const s = locate(ctx.norm, item.raw, cursor);
    if (s < 0) return;
    cursor = s + item.raw.length;
    const lines = linesOf(ctx);
    emitItem(ctx, item, lines[lineOf(lines, s)] === s ? firstNonBlank(ctx.norm, s) : s, cursor, depth);
  }
}

function firstNonBlank(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  return i;
}

/** Lines (0-based) in which each child token of an item starts, relative to the item's first line. */
function childLines(item: Tokens.ListItem): number[] {
  const res: number[] = [];
  // item.tokens are lexed from the item's text, which begins on the item's first line unless the
  // marker line is empty ("-\n  text"): then the text begins one line down.
  const firstLine = /^[ \t]*(?:[*+-]|\d{1,9}[.)])[ \t]*\n/.test(item.raw) ? 1 : 0;
  let line = firstLine;
  for (const t of item.tokens) {
    res.push(line);
    line += countNewlines(t.raw);
  }
  return res;
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

function emitItem(ctx: Ctx, item: Tokens.ListItem, start: number, end: number, depth: number): void {
  const { norm } = ctx;
  const lines = linesOf(ctx);
  const firstLine = lineOf(lines, start);
  const lastLine = lineOf(lines, Math.max(start, end - 1));
  const marker = MARKER.exec(norm.slice(start, Math.min(end, start + 20)));
  const contentStart = start + (marker ? marker[0].length : 0);
  const kids = childLines(item);
  let segStart = start; // start of the item's own text not yet emitted
  for (let k = 0; k < item.tokens.length; k++) {
    const t = item.tokens[k];
    if (t.type !== 'list') continue;
    const line = firstLine + kids[k];
    // Where the nested list starts: on its own line, or right after the parent's marker ("- - x").
    let listStart = line === firstLine ? contentStart : lineStartIn(lines, line, lastLine, start, end);
    if (line > lastLine) listStart = end;
    if (listStart > segStart) ctx.out.push(mapped(ctx, { kind: 'list-item', start: segStart, end: listStart, level: depth }));
    // The nested list runs to the line where the next non-list token starts, or the item's end.
    let listEndLine = lastLine + 1;
    for (let m = k + 1; m < item.tokens.length; m++) {
      if (item.tokens[m].type === 'space') continue;
      listEndLine = Math.min(listEndLine, firstLine + kids[m]);
      break;
    }
    const listEnd = Math.max(listStart, lineStartIn(lines, listEndLine, lastLine, start, end));
    emitNested(ctx, t as Tokens.List, listStart, listEnd, depth + 1);
    segStart = listEnd;
  }
  if (end > segStart) ctx.out.push(mapped(ctx, { kind: 'list-item', start: segStart, end, level: depth }));
}

/** Where line `l` starts, clamped to an item's [start, end) whose last line is `lastLine`. */
function lineStartIn(lines: number[], l: number, lastLine: number, start: number, end: number): number {
  return l > lastLine ? end : Math.max(start, lines[Math.min(l, lines.length - 1)]);
}

/** A nested list inside [start, end) of the normalized text: its items placed by line counts. */
function emitNested(ctx: Ctx, list: Tokens.List, start: number, end: number, depth: number): void {
  const { norm } = ctx;
  const lines = linesOf(ctx);
  let line = lineOf(lines, start);
  for (let n = 0; n < list.items.length; n++) {
    const item = list.items[n];
    const s = n === 0 ? start : firstNonBlank(norm, lines[Math.min(line, lines.length - 1)]);
    const nextLine = line + Math.max(1, countNewlines(item.raw));
    const e = n === list.items.length - 1 ? end : Math.min(end, nextLine < lines.length ? lines[nextLine] : norm.length);
    if (s >= end) return;
    emitItem(ctx, item, s, Math.max(s, e), depth);
    line = lineOf(lines, Math.max(s, e));
    if (e >= end) return;
  }
}

function mapped(ctx: Ctx, b: RawBlock): RawBlock {
  b.start = orig(ctx, b.start);
  b.end = orig(ctx, b.end);
  return b;
}

/**
 * Characters and sequences that can start an inline rule of marked (escape, tag, link, reflink,
 * emphasis, code span, strikethrough, autolink, GFM url/email) or change a text token's `text`
 * (numeric character references, decoded at "&"). A heading without any of them lexes to text tokens
 * whose texts join to the source, so its title is the source with whitespace collapsed.
 */
const INLINE_TRIGGER = /[\\<[!*_~`@&]|:\/\/|www\./i;

function headingTitle(src: string): string {
  if (!INLINE_TRIGGER.test(src)) return src.replace(/\s+/g, ' ').trim();
  try {
    return inlineText(Lexer.lexInline(src, { gfm: true }), src);
  } catch {
    return src.replace(/\s+/g, ' ').trim();
  }
}

/** Plain text of inline tokens: markup dropped, whitespace collapsed. */
export function inlineText(tokens: Token[] | undefined, fallback: string): string {
  if (!tokens) return fallback.replace(/\s+/g, ' ').trim();
  const parts: string[] = [];
  const walk = (ts: Token[]) => {
    for (const t of ts) {
      const anyT = t as Token & { tokens?: Token[]; text?: string };
      if (t.type === 'html') continue;
      if (t.type === 'br') parts.push(' ');
      else if (anyT.tokens && anyT.tokens.length) walk(anyT.tokens);
      else if (typeof anyT.text === 'string') parts.push(anyT.text);
    }
  };
  walk(tokens);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
