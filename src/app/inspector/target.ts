// The inspector's target: a gold span handed over from a results view ("open in the inspector" on a
// missed question). Results files count code points; the inspector's text and chunks count UTF-16
// units, so the span is converted here. Presentation only: which display pieces lie in the span and
// which chunk boundaries fall strictly inside it (the cuts that split the answer).
import type { Piece, Range } from './segments.ts';

export interface Target {
  docId: string;
  /** Code point offsets, as in results files. */
  start: number;
  end: number;
}

/** UTF-16 offset of code point `cp` in `text` (clamped to the text). */
export function utf16Offset(text: string, cp: number): number {
  let units = 0;
  let n = 0;
  for (const ch of text) {
    if (n >= cp) break;
    units += ch.length;
    n++;
  }
  return units;
}

/** The target as a UTF-16 range of `text`. */
export function targetRange(text: string, t: Target): Range {
  const start = utf16Offset(text, t.start);
  return { start, end: Math.max(start, utf16Offset(text, t.end)) };
}

export type TargetPiece = Piece & { gold?: boolean };

/** The pieces with text pieces cut at the range's ends, those inside it marked `gold`. */
export function markTarget(list: readonly Piece[], r: Range | null): TargetPiece[] {
  if (!r) return [...list];
  const out: TargetPiece[] = [];
  for (const p of list) {
    if (p.kind !== 'text') {
      out.push(p);
      continue;
    }
    const cuts = [p.start, ...[r.start, r.end].filter((x) => x > p.start && x < p.end), p.end];
    for (let i = 0; i + 1 < cuts.length; i++) {
      const s = cuts[i];
      const e = cuts[i + 1];
      out.push({ ...p, start: s, end: e, gold: s >= r.start && e <= r.end && r.end > r.start });
    }
  }
  return out;
}

/** Indices of chunks that start strictly inside the range: their markers are the cuts that split it. */
export function splittingChunks(chunks: readonly Range[], r: Range): number[] {
  const out: number[] = [];
  chunks.forEach((c, i) => {
    if (c.start > r.start && c.start < r.end) out.push(i);
  });
  return out;
}

/** Indices of chunks that hold the whole range. */
export function holdingChunks(chunks: readonly Range[], r: Range): number[] {
  const out: number[] = [];
  chunks.forEach((c, i) => {
    if (c.start <= r.start && c.end >= r.end) out.push(i);
  });
  return out;
}
