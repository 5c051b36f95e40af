// Small shared helpers of the documents layer: whitespace tests that agree with /\s/, trimming of
// ranges, line tables, and the final pass that turns rough block ranges into the Block contract
// (sorted, trimmed, non-overlapping, every non-blank character covered, heading paths filled in).

import type { Block } from '../types.ts';

/** True for exactly the UTF-16 code units JavaScript's /\s/ matches. */
export function isWs(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** [start, end) shrunk to drop whitespace on both sides; start === end when only whitespace. */
export function trimRange(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  while (s < e && isWs(text.charCodeAt(s))) s++;
  while (e > s && isWs(text.charCodeAt(e - 1))) e--;
  return [s, e];
}

export function hasNonWs(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isWs(text.charCodeAt(i))) return true;
  return false;
}

/** Offsets where each line starts; a line ends at \n, \r\n or a lone \r. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** Index of the line holding `offset` (binary search over lineStarts' output). */
export function lineOf(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A block before the final pass: any range, heading path not yet known. */
export type RawBlock = Omit<Block, 'headingPath'> & { headingPath?: string[] };

/**
 * Turns rough blocks into the Block contract: each range is trimmed, empty ones dropped, blocks
 * sorted; a block that starts inside the previous one is cut to start after it; any non-blank text
 * no block covers becomes 'paragraph' blocks (one per run of lines without a blank line); heading
 * paths are filled in from the heading blocks. Table header/rows are clipped to their block.
 */
export function finalizeBlocks(text: string, raw: RawBlock[]): Block[] {
  // The raw blocks are the parser's own fresh objects: they are updated in place (no copies).
  const trimmed: RawBlock[] = [];
  for (const b of raw) {
    let s = Math.max(0, b.start);
    let e = Math.min(text.length, b.end);
    while (s < e && isWs(text.charCodeAt(s))) s++;
    while (e > s && isWs(text.charCodeAt(e - 1))) e--;
    if (s < e) {
      b.start = s;
      b.end = e;
      trimmed.push(b);
    }
  }
  trimmed.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: RawBlock[] = [];
  let cursor = 0;
  for (const b of trimmed) {
    let start = b.start;
    if (start < cursor) {
      if (b.end <= cursor) continue;
      [start] = trimRange(text, cursor, b.end);
      if (start >= b.end) continue;
    }
    if (hasNonWs(text, cursor, start)) pushGapParagraphs(text, cursor, start, out);
    b.start = start;
    out.push(clipTable(b));
    cursor = b.end;
  }
  if (hasNonWs(text, cursor, text.length)) pushGapParagraphs(text, cursor, text.length, out);
  return assignHeadingPaths(out);
}

function clipTable(b: RawBlock): RawBlock {
  if (b.kind !== 'table') return b;
  const header = b.header && insideOf(b, b.header) ? b.header : undefined;
  const rows = (b.rows ?? []).filter((s) => insideOf(b, s));
  const res: RawBlock = { ...b, rows };
  if (header) res.header = header;
  else delete res.header;
  return res;
}

function insideOf(b: RawBlock, s: { start: number; end: number }): boolean {
  return s.start >= b.start && s.end <= b.end && s.start < s.end;
}

/** Non-blank text between blocks: paragraphs split at blank lines. */
function pushGapParagraphs(text: string, from: number, to: number, out: RawBlock[]): void {
  pushParagraphRuns(text, from, to, (s, e) => out.push({ kind: 'paragraph', start: s, end: e }));
}

/** Calls `emit` with each trimmed run of non-blank lines inside [from, to). */
export function pushParagraphRuns(text: string, from: number, to: number, emit: (s: number, e: number) => void): void {
  let runStart = -1;
  let runEnd = -1;
  let i = from;
  while (i < to) {
    let j = i;
    while (j < to && text.charCodeAt(j) !== 10 && text.charCodeAt(j) !== 13) j++;
    const blank = !hasNonWs(text, i, j);
    if (blank) {
      if (runStart >= 0) {
        const [s, e] = trimRange(text, runStart, runEnd);
        if (s < e) emit(s, e);
        runStart = -1;
      }
    } else {
      if (runStart < 0) runStart = i;
      runEnd = j;
    }
    if (j < to && text.charCodeAt(j) === 13 && text.charCodeAt(j + 1) === 10) j++;
    i = j + 1;
  }
  if (runStart >= 0) {
    const [s, e] = trimRange(text, runStart, runEnd);
    if (s < e) emit(s, e);
  }
}

/**
 * Fills headingPath (in place) from heading blocks: a heading pops headings of its level or deeper.
 * Blocks between two headings share one path array (paths are read, never mutated), so a document
 * costs one array per heading, not one per block.
 */
export function assignHeadingPaths(blocks: RawBlock[]): Block[] {
  const stack: { level: number; title: string }[] = [];
  let path: string[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (b.kind === 'heading') {
      const level = b.level ?? 1;
      while (stack.length && stack[stack.length - 1].level >= level) stack.pop();
      stack.push({ level, title: b.title ?? '' });
      path = new Array(stack.length);
      for (let k = 0; k < stack.length; k++) path[k] = stack[k].title;
    }
    b.headingPath = path; // the blocks are the caller's fresh objects
  }
  return blocks as Block[];
}
