// Chunk lints: flags the defects a chunking leaves (orphan headings, cuts mid-sentence, table rows without
// their header, split code, chunks over the model's limit, micro-chunks, missing heading paths) and counts them.

import type { Chunk, Doc, LintFlag, Unit } from '../types.ts';
import { unitsOf } from '../documents/ranges.ts';

export interface LintOptions {
  /** The embedding model's input limit, special tokens included (2 are added: [CLS] … [SEP]). */
  modelMaxTokens?: number;
  /** Chunks with fewer tokens (prefix + text) are micro-chunks. */
  minTokens?: number;
  /** Language for sentence boundaries; default: the document's, else guessed. */
  language?: string;
}

export interface LintReport {
  chunks: number;
  /** Chunks with at least one flag. */
  flagged: number;
  /** How many chunks carry each flag. */
  counts: Record<LintFlag, number>;
  /** Share (0-1) of chunks with an empty heading path. */
  emptyHeadingPathShare: number;
}

export const LINT_FLAGS: readonly LintFlag[] = [
  'orphan-heading',
  'starts-mid-sentence',
  'ends-mid-sentence',
  'row-without-header',
  'split-code',
  'over-model-limit',
  'micro-chunk',
  'no-heading-path',
  'oversized-unit',
  'table-header-only',
  'ends-on-list-marker',
  'over-cap',
];

/** A line that is only a list marker: "4.", "2.1.", "b)", "IV.", "-", "*", "+", "•". */
const BARE_MARKER_LINE = /^(?:\d{1,3}(?:\.\d{1,3})*[.)]|[a-zA-Z][.)]|[IVXLCivxlc]{1,6}[.)]|[-*+•])$/;

/** Flags set by the chunkers themselves, which lintChunks keeps. */
const KEPT: ReadonlySet<LintFlag> = new Set<LintFlag>(['oversized-unit', 'over-cap']);

function isWs(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0xfeff || (code >= 0x2000 && code <= 0x200b) || code === 0x3000;
}

/** Range trimmed of whitespace. */
function trim(text: string, s: number, e: number): [number, number] {
  while (s < e && isWs(text.charCodeAt(s))) s++;
  while (e > s && isWs(text.charCodeAt(e - 1))) e--;
  return [s, e];
}

/** Index of the first item whose end is after `offset` (items sorted, non-overlapping). */
function firstEndingAfter(items: { end: number }[], offset: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (items[mid].end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Sets each chunk's `flags` (recomputed, except 'oversized-unit' which the chunker sets) and returns
 * counts per flag. For small-to-big and sentence-window chunks the indexed range is linted.
 */
export function lintChunks(doc: Doc, chunks: Chunk[], opts: LintOptions = {}): LintReport {
  const text = doc.text;
  const blocks = doc.blocks;
  const sentences: { start: number; end: number }[] = [];
  for (const u of unitsOf(doc, opts.language) as Unit[]) {
    if (u.kind !== 'sentence') continue;
    const [s, e] = trim(text, u.start, u.end);
    if (s < e) sentences.push({ start: s, end: e });
  }
  const firstHeading = blocks.findIndex((b) => b.kind === 'heading');
  const counts = Object.fromEntries(LINT_FLAGS.map((f) => [f, 0])) as Record<LintFlag, number>;
  let flagged = 0;
  let emptyPaths = 0;

  /** A sentence that strictly contains this offset. */
  const insideSentence = (offset: number): boolean => {
    const i = firstEndingAfter(sentences, offset);
    const s = sentences[i];
    return !!s && s.start < offset && offset < s.end;
  };

  for (const c of chunks) {
    const flags = new Set<LintFlag>(c.flags.filter((f) => KEPT.has(f)));
    const [cs, ce] = trim(text, c.start, c.end);
    if (cs < ce) {
      if (insideSentence(cs)) flags.add('starts-mid-sentence');
      if (insideSentence(ce)) flags.add('ends-mid-sentence');

      // Blocks the chunk touches: [b0, b1).
      const b0 = firstEndingAfter(blocks, cs);
      let b1 = b0;
      while (b1 < blocks.length && blocks[b1].start < ce) b1++;

      // orphan-heading: the last block the chunk touches is a heading whose body comes after the chunk.
      if (b1 > b0) {
        const last = blocks[b1 - 1];
        const next = blocks[b1];
        if (last.kind === 'heading' && next && next.start >= ce && !(next.kind === 'heading' && (next.level ?? 1) <= (last.level ?? 1))) {
          flags.add('orphan-heading');
        }
      }
      for (let b = b0; b < b1; b++) {
        const block = blocks[b];
        if (block.kind === 'code') {
          const [bs, be] = trim(text, block.start, block.end);
          if (cs > bs || ce < be) flags.add('split-code');
        } else if (block.kind === 'table' && block.rows && block.header) {
          const hasRow = block.rows.some((r) => r.start < ce && r.end > cs);
          // table-header-only: the header row is in the chunk, its data rows all after it.
          if (!hasRow && block.rows.length && block.header.start < ce && block.header.end > cs && block.rows[0].start >= ce) flags.add('table-header-only');
          if (!hasRow) continue;
          const [hs, he] = trim(text, block.header.start, block.header.end);
          const headerInside = cs <= hs && he <= ce;
          const firstLine = text.slice(hs, he).split(/\r?\n/)[0].trim();
          const headerInPrefix = firstLine !== '' && c.prefix.includes(firstLine);
          if (!headerInside && !headerInPrefix) flags.add('row-without-header');
        }
      }
      // ends-on-list-marker: the chunk's last line, trimmed, is a list marker and nothing else.
      let ls = ce;
      while (ls > cs && text.charCodeAt(ls - 1) !== 10 && text.charCodeAt(ls - 1) !== 13 && ce - ls <= 16) ls--;
      if (ce - ls <= 16 && BARE_MARKER_LINE.test(text.slice(ls, ce).trim()) && (ls > cs || ce - cs <= 16)) flags.add('ends-on-list-marker');
      if (c.headingPath.length === 0 && firstHeading >= 0 && ce > blocks[firstHeading].start) flags.add('no-heading-path');
    }
    if (opts.modelMaxTokens !== undefined && c.tokens + 2 > opts.modelMaxTokens) flags.add('over-model-limit');
    if (opts.minTokens !== undefined && opts.minTokens > 0 && c.tokens < opts.minTokens) flags.add('micro-chunk');
    if (c.headingPath.length === 0) emptyPaths++;

    c.flags = LINT_FLAGS.filter((f) => flags.has(f));
    for (const f of c.flags) counts[f]++;
    if (c.flags.length) flagged++;
  }
  return { chunks: chunks.length, flagged, counts, emptyHeadingPathShare: chunks.length ? emptyPaths / chunks.length : 0 };
}
