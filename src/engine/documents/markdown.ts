// Markdown → blocks with exact offsets into the ORIGINAL text. marked's lexer runs on a copy with
// CRLF/CR turned into LF; token `raw`s are located in that copy and mapped back through an offset
// table, so CRLF files get offsets that are valid in their own text. Front matter is read here
// (marked does not know it). List items are mapped line by line (nested raws are dedented copies).
// Lines nested deeper than MAX_NESTING (blockquote and list markers, plus list indentation) are
// blanked in the copy marked sees and read as plain paragraphs, one per line: marked's cost grows
// with nesting (3,000 levels of ">" on 500 lines ran V8 out of memory), so depth is bounded before
// it runs and its time stays linear in the length of the text. The document's meta.notes says so.
// Plain groups of lines, plain one-line lists and plain tables (see lexInPieces) skip marked: their blocks are known without it.

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

/**
 * Blocks of a Markdown text (offsets into `text` itself) and its front matter. `wholeLex` hands the
 * whole body to marked (no plain-group shortcut): the reference the shortcut is tested against.
 */
export function parseMarkdown(text: string, opts: { wholeLex?: boolean } = {}): ParsedMarkdown {
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
  const lexable = nesting ? nesting.lexable : norm;
  const ctx: Ctx = { norm: lexable, toOrig, shift: bodyStart, linesCache: null, out: [] };
  try {
    // Block structure only: inline lexing (half of marked's time) is done for headings alone.
    const lexer = new Lexer({ gfm: true });
    if (opts.wholeLex) emitTokens(ctx, lexer.blockTokens(lexable), 0);
    else lexInPieces(ctx, lexer);
  } catch {
    // marked refused the input: fall back to paragraphs split at blank lines.
    pushParagraphRuns(text, bodyStart, text.length, (s, e) => blocks.push({ kind: 'paragraph', start: s, end: e }));
    return { blocks, frontMatter, ...(deepNesting ? { deepNesting } : {}) };
  }
  for (const b of ctx.out) blocks.push(b);
  return { blocks, frontMatter, ...(deepNesting ? { deepNesting } : {}) };
}

/** Places marked's top-level tokens (lexed from ctx.norm at `from` on) and turns them into blocks. */
function emitTokens(ctx: Ctx, tokens: Token[], from: number): void {
  let cursor = from;
  for (const tok of tokens) {
    const at = locate(ctx.norm, tok.raw, cursor);
    if (at < 0) continue; // cannot happen with marked's top-level raws; finalize covers any gap
    cursor = at + tok.raw.length;
    emitToken(ctx, tok, at, cursor);
  }
}

/**
 * Lexes ctx.norm with marked except its plain groups, whose blocks are made here. A group is a run of
 * non-blank lines between blank lines (spaces only) or the ends of the text; it is plain when every line is
 * either paragraph text that no block rule can claim (it starts with a letter, a non-ASCII character
 * other than white space, or digits not followed by "." or ")"; no control or line-separator
 * characters) or an ATX heading at column 0 with a title not ending in "#". marked reads such a
 * group as exactly these blocks: nothing in it can start or interrupt a block, and a line that
 * starts with a letter after a blank line ends every open block that a blank line alone does not
 * (a list item, indented code), except the three that can run past it: a fenced code block not yet
 * closed, an HTML block of kinds 1-5 (<pre>, <!-- … ) not yet ended, and a link definition whose
 * quoted title spans blank lines. The text between plain groups is lexed by marked piece by piece;
 * when a piece ends in a token that may be one of those three, the rest of the text is lexed whole
 * instead (once, so the time stays linear). Parsing one piece alone gives the same tokens as
 * within the whole text: the piece starts after a blank line, where marked holds no state that a
 * later token depends on (tests/engine/documents/markdown-plain.test.ts compares both ways).
 * A group of one-line list items (plainList) is made here too when the list surely starts and ends
 * with the group: the line after its blank lines is one plainLine takes (endsAList), and the piece
 * before does not end in a list it could continue; and so is a group that is one GFM table
 * (plainTable) or one closed fenced code block (plainFence) (tests/engine/documents/markdown-lists.test.ts).
 */
function lexInPieces(ctx: Ctx, lexer: Lexer): void {
  const src = ctx.norm;
  const n = src.length;
  let from = 0; // start of the text not yet turned into blocks
  let i = 0;
  let listsOK = true; // false while the pending piece is known to end in a list
  while (i < n) {
    // Skip blank lines; find the group [g0, g1) (g1 at its last line's end, before the newline).
    let lineEnd = src.indexOf('\n', i);
    if (lineEnd < 0) lineEnd = n;
    if (isBlankLine(src, i, lineEnd)) {
      i = lineEnd + 1;
      continue;
    }
    const g0 = i;
    let plain = true;
    let g1 = lineEnd;
    for (;;) {
      if (plain && !plainLine(src, i, lineEnd)) plain = false;
      g1 = lineEnd;
      i = lineEnd + 1;
      if (i >= n) break;
      lineEnd = src.indexOf('\n', i);
      if (lineEnd < 0) lineEnd = n;
      if (isBlankLine(src, i, lineEnd)) break;
    }
    const list = !plain && listsOK && plainList(src, g0, g1) && endsAList(src, g1 + 1);
    const table = !plain && !list && plainTable(src, g0, g1);
    const fence = !plain && !list && !table && plainFence(src, g0, g1);
    if (!plain && !list && !table && !fence) continue;
    if (!isBlankText(src, from, g0)) {
      const tokens = lexer.blockTokens(src.slice(from, g0), []);
      if (mayRunOn(tokens)) break;
      if (list && lastIsList(tokens)) {
        // In the whole text this group would continue that list: it goes to marked with the piece,
        // and no list is tried again until the piece is flushed (each piece lexed at most twice).
        listsOK = false;
        continue;
      }
      emitTokens(ctx, tokens, from);
    }
    listsOK = true;
    if (list) emitPlainList(ctx, g0, g1);
    else if (table) emitTable(ctx, g0, g1);
    else if (fence) push(ctx, { kind: 'code', start: g0, end: g1, ...codeInfo({ raw: src.slice(g0, g1), lang: fenceInfo(src, g0) } as Tokens.Code) });
    else emitPlainGroup(ctx, g0, g1);
    from = g1;
  }
  if (from < n && !isBlankText(src, from, n)) emitTokens(ctx, lexer.blockTokens(src.slice(from), []), from);
}

/**
 * A line of spaces only: what ends every block that a blank line ends. (A line of tabs ends a
 * paragraph but not a GFM table's rows, so it counts as text here: its group goes to marked.)
 */
function isBlankLine(s: string, a: number, b: number): boolean {
  for (let k = a; k < b; k++) if (s.charCodeAt(k) !== 32) return false;
  return true;
}

function isBlankText(s: string, a: number, b: number): boolean {
  for (let k = a; k < b; k++) {
    const c = s.charCodeAt(k);
    if (c !== 32 && c !== 9 && c !== 10) return false;
  }
  return true;
}

/** JavaScript's \s outside ASCII (which marked's rules and trim() treat as white space). */
const WIDE_SPACE = /^[\s\uFEFF]/;

/** A line marked reads as paragraph text or (at column 0, "# Title") an ATX heading; see lexInPieces. */
function plainLine(s: string, a: number, b: number): boolean {
  const c = s.charCodeAt(a);
  let k = a;
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) {
    // a letter: nothing to check at the start
  } else if (c >= 48 && c <= 57) {
    while (k < b && s.charCodeAt(k) >= 48 && s.charCodeAt(k) <= 57) k++;
    const d = s.charCodeAt(k);
    if (d === 46 || d === 41) return false; // "1." or "1)": a list marker, maybe
  } else if (c === 35) {
    if (atxTitle(s, a, b) === null) return false;
  } else if (c < 128 || WIDE_SPACE.test(s[a])) {
    return false;
  }
  for (; k < b; k++) {
    const d = s.charCodeAt(k);
    if ((d < 32 && d !== 9) || d === 0x2028 || d === 0x2029) return false;
  }
  return true;
}

/** The title text marked gives an ATX heading line at column 0 ("## Title"), or null when the line is not one this path takes. */
function atxTitle(s: string, a: number, b: number): string | null {
  let k = a;
  while (k < b && k - a < 7 && s.charCodeAt(k) === 35) k++;
  const level = k - a;
  const after = s.charCodeAt(k);
  if (level < 1 || level > 6 || (after !== 32 && after !== 9)) return null;
  const title = s.slice(k, b).trim();
  if (!title || title.charCodeAt(title.length - 1) === 35) return null; // closing #s: marked's rules apply
  return title;
}

/**
 * A plain list group [g0, g1): every line an item at column 0 with the same marker ("- ", "* ", "+ ",
 * or digits and the same "." or ")"), one space, then text that starts no block inside the item (what
 * plainLine takes, or emphasis or a code span opening on a letter or digit). marked reads it as one
 * list of one-line items whatever sits inside them, provided the list starts fresh here (the piece
 * before does not end in a list: see lexInPieces) and ends here (see endsAList).
 */
function plainList(s: string, g0: number, g1: number): boolean {
  // A list whose last character is a tab, at the end of the text, gets a raw from marked that is not
  // in the text ("- a\t" gives "- a\n"): emitTokens cannot place it and the text is read as a
  // paragraph. Such a group is left to marked, so both paths agree (review R5-1).
  if (s.charCodeAt(g1 - 1) === 9) return false;
  const first = s.charCodeAt(g0);
  let delim = -1; // an ordered list's "." or ")"
  for (let a = g0; a <= g1; ) {
    let b = s.indexOf('\n', a);
    if (b < 0 || b > g1) b = g1;
    let k = a;
    const c = s.charCodeAt(a);
    if (c === 45 || c === 42 || c === 43) {
      if (c !== first) return false;
      k++;
    } else {
      while (k < b && k - a < 10 && s.charCodeAt(k) >= 48 && s.charCodeAt(k) <= 57) k++;
      const d = s.charCodeAt(k);
      if (k === a || k - a > 9 || (d !== 46 && d !== 41) || (delim >= 0 && d !== delim) || first > 57 || first < 48) return false;
      delim = d;
      k++;
    }
    if (s.charCodeAt(k) !== 32 || k + 1 >= b || !itemText(s, k + 1, b)) return false;
    a = b + 1;
  }
  return true;
}

/** A GFM table's delimiter row as marked's table rule takes it (at column 0). */
const TABLE_DELIMITER = /^(?:\| *)?:?-+:? *(?:\| *:?-+:? *)*(?:\| *)?$/;

/**
 * A plain table group [g0, g1): every line starts with "|" at column 0 (no block rule but the table's
 * claims such a line, and no row line can end the table early), none holds a backslash (no escaped
 * pipe: cells are split at every "|"), a control or line-separator character; the second line is a
 * delimiter row with as many columns as the header has cells. marked reads it as one table whose
 * raw is the whole group, as after a blank line nothing before it can claim it.
 */
function plainTable(s: string, g0: number, g1: number): boolean {
  let headerEnd = -1;
  let delimEnd = -1;
  for (let a = g0; a <= g1; ) {
    let b = s.indexOf('\n', a);
    if (b < 0 || b > g1) b = g1;
    if (s.charCodeAt(a) !== 124) return false;
    for (let k = a; k < b; k++) {
      const d = s.charCodeAt(k);
      if ((d < 32 && d !== 9) || d === 92 || d === 0x2028 || d === 0x2029) return false;
    }
    if (headerEnd < 0) headerEnd = b;
    else if (delimEnd < 0) delimEnd = b;
    a = b + 1;
  }
  if (delimEnd < 0) return false;
  const delim = s.slice(headerEnd + 1, delimEnd);
  if (!TABLE_DELIMITER.test(delim)) return false;
  const cells = s.slice(g0, headerEnd).split('|');
  if (!cells[0].trim()) cells.shift();
  if (cells.length > 0 && !cells[cells.length - 1].trim()) cells.pop();
  return cells.length === delim.replace(/^\||\| *$/g, '').split('|').length;
}

/** The run of fence characters a line at `a` opens with (``` or ~~~, three or more), or 0. */
function fenceRun(s: string, a: number): number {
  const c = s.charCodeAt(a);
  if (c !== 96 && c !== 126) return 0;
  let k = a;
  while (s.charCodeAt(k) === c) k++;
  return k - a >= 3 ? k - a : 0;
}

/** The info string of the fence opening at `a`, as marked's token gives it (trimmed), or undefined when empty. */
function fenceInfo(s: string, a: number): string | undefined {
  let b = s.indexOf('\n', a);
  if (b < 0) b = s.length;
  return s.slice(a + fenceRun(s, a), b).trim() || undefined;
}

/**
 * A plain fenced code group [g0, g1): a fence at column 0 (``` or ~~~) with an info string of letters,
 * digits, spaces and _+#.- only, closed by its last line (the same character, at least as many, then
 * spaces) and by no line before it (up to three spaces, the fence, spaces). marked reads it as one code
 * block whose raw is the whole group.
 */
function plainFence(s: string, g0: number, g1: number): boolean {
  const run = fenceRun(s, g0);
  if (!run) return false;
  const c = s.charCodeAt(g0);
  let b = s.indexOf('\n', g0);
  if (b < 0 || b >= g1) return false; // one line: no closing fence
  for (let k = g0 + run; k < b; k++) {
    const d = s.charCodeAt(k);
    const ok = (d >= 48 && d <= 57) || (d >= 65 && d <= 90) || (d >= 97 && d <= 122) || d === 32 || d === 95 || d === 43 || d === 35 || d === 46 || d === 45;
    if (!ok) return false;
  }
  for (let a = b + 1; a <= g1; a = b + 1) {
    b = s.indexOf('\n', a);
    if (b < 0 || b > g1) b = g1;
    let k = a;
    while (k < b && k - a < 3 && s.charCodeAt(k) === 32) k++;
    let f = k;
    while (f < b && s.charCodeAt(f) === c) f++;
    let e = f;
    while (e < b && s.charCodeAt(e) === 32) e++;
    const closes = f - k >= run && e === b;
    if (b === g1) return closes && k === a; // the last line closes it, at column 0
    if (closes) return false; // closed before the group's end: the rest is other blocks
  }
  return false;
}

/** The text of a one-line item, from `k` (not blank) to `b`: one that opens no block inside the item. */
function itemText(s: string, k: number, b: number): boolean {
  const c = s.charCodeAt(k);
  if (c !== 42 && c !== 95 && c !== 96) return plainLine(s, k, b);
  // "*", "**", "_", "__" or "`" right before a letter or digit: emphasis or a code span, never a rule,
  // a list marker or a fence
  let j = k + 1;
  if (c !== 96 && s.charCodeAt(j) === c) j++;
  const d = s.charCodeAt(j);
  if (!((d >= 65 && d <= 90) || (d >= 97 && d <= 122) || (d >= 48 && d <= 57))) return false;
  return plainLine(s, j, b);
}

/**
 * True when the list of a group ending before `k` ends there in the whole text too: after the blank
 * lines from `k` on comes the end of the text or a line that plainLine takes (at column 0, neither an
 * item nor indented, so it continues no item after a blank line).
 */
function endsAList(s: string, k: number): boolean {
  const n = s.length;
  while (k < n) {
    let e = s.indexOf('\n', k);
    if (e < 0) e = n;
    if (!isBlankLine(s, k, e)) return plainLine(s, k, e);
    k = e + 1;
  }
  return true;
}

function lastIsList(tokens: Token[]): boolean {
  for (let k = tokens.length - 1; k >= 0; k--) if (tokens[k].type !== 'space') return tokens[k].type === 'list';
  return false;
}

/**
 * The items of a plain list group [g0, g1), as marked's raws place them: each line with its newline,
 * the last one without its trailing white space (marked trims the list's last item).
 */
function emitPlainList(ctx: Ctx, g0: number, g1: number): void {
  const src = ctx.norm;
  for (let a = g0; a <= g1; ) {
    let b = src.indexOf('\n', a);
    if (b < 0 || b >= g1) {
      b = g1;
      while (b > a && /\s/.test(src[b - 1])) b--;
      push(ctx, { kind: 'list-item', start: a, end: b, level: 1 });
      return;
    }
    push(ctx, { kind: 'list-item', start: a, end: b + 1, level: 1 });
    a = b + 1;
  }
}

/**
 * True when the last token of a piece may, in the whole text, have run on past the blank line that
 * ends the piece: a fenced code block without its closing fence, any HTML block, or anything that
 * starts like a link definition ("[label]: url" with a title that can span blank lines, also one
 * that starts on the next line).
 */
function mayRunOn(tokens: Token[]): boolean {
  for (let k = tokens.length - 1; k >= 0; k--) {
    const t = tokens[k];
    if (t.type === 'space') continue;
    if (t.type === 'html') return true;
    if (/^ {0,3}\[/.test(t.raw)) return true;
    // A definition's title may start on the line after its URL: in the piece marked reads a definition
    // and then a paragraph, in the whole text one definition whose title runs past the blank line.
    if (t.type === 'paragraph' && tokens[k - 1]?.type === 'def') return true;
    if (t.type === 'code') return FENCE.test(t.raw) && !codeInfo(t as Tokens.Code).closed;
    return false;
  }
  return false;
}

/** The blocks of a plain group [g0, g1): ATX headings, and paragraphs of the lines between them. */
function emitPlainGroup(ctx: Ctx, g0: number, g1: number): void {
  const src = ctx.norm;
  let para = -1; // start of the paragraph being gathered
  for (let a = g0; a <= g1; ) {
    let b = src.indexOf('\n', a);
    if (b < 0 || b > g1) b = g1;
    if (src.charCodeAt(a) === 35) {
      if (para >= 0) push(ctx, { kind: 'paragraph', start: para, end: a - 1 });
      para = -1;
      let level = 0;
      while (src.charCodeAt(a + level) === 35) level++;
      push(ctx, { kind: 'heading', start: a, end: b, level, title: headingTitle(atxTitle(src, a, b)!) });
    } else if (para < 0) para = a;
    a = b + 1;
  }
  if (para >= 0) push(ctx, { kind: 'paragraph', start: para, end: g1 });
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
