// Compares two chunkings of the same document for the inspector's side-by-side view: which chunk
// start offsets (boundaries) both share, which only the first or only the second has, the display
// pieces of the text with those boundaries marked, and each side's totals. Presentation only: the
// offsets, token counts and lint reports come from the engine's chunks.
import type { LintFlag } from '../../engine/types.ts';
import type { Range } from './segments.ts';

export interface BoundaryComparison {
  /** Start offsets present in both chunkings, ascending. */
  shared: number[];
  /** Start offsets only the first chunking (A) has, ascending. */
  onlyA: number[];
  /** Start offsets only the second chunking (B) has, ascending. */
  onlyB: number[];
}

export type BoundaryKind = 'shared' | 'a' | 'b';

/** The distinct chunk start offsets, clamped to [0, length] (no clamping when length is omitted), ascending. */
export function boundaries(chunks: readonly Range[], length = Infinity): number[] {
  const set = new Set<number>();
  for (const c of chunks) set.add(Math.max(0, Math.min(length, c.start)));
  return [...set].sort((x, y) => x - y);
}

/** Shared, only-A and only-B boundaries (distinct chunk starts) of two chunkings of one text. */
export function compareBoundaries(a: readonly Range[], b: readonly Range[], length = Infinity): BoundaryComparison {
  const sa = boundaries(a, length);
  const sb = boundaries(b, length);
  const inB = new Set(sb);
  const inA = new Set(sa);
  return {
    shared: sa.filter((x) => inB.has(x)),
    onlyA: sa.filter((x) => !inB.has(x)),
    onlyB: sb.filter((x) => !inA.has(x)),
  };
}

export type ComparePiece =
  | { kind: 'tick'; at: number; boundary: BoundaryKind; /** 0-based chunk index in A / B starting here. */ a?: number; b?: number }
  | { kind: 'text'; start: number; end: number };

/** First chunk index starting at each (clamped) offset. */
function firstAt(chunks: readonly Range[], length: number): Map<number, number> {
  const m = new Map<number, number>();
  chunks.forEach((c, i) => {
    const at = Math.max(0, Math.min(length, c.start));
    if (!m.has(at)) m.set(at, i);
  });
  return m;
}

/** The text cut at every boundary of either chunking, with a tick before each boundary's text. */
export function comparePieces(length: number, a: readonly Range[], b: readonly Range[]): ComparePiece[] {
  const cmp = compareBoundaries(a, b, length);
  const ia = firstAt(a, length);
  const ib = firstAt(b, length);
  const kinds = new Map<number, BoundaryKind>();
  for (const x of cmp.shared) kinds.set(x, 'shared');
  for (const x of cmp.onlyA) kinds.set(x, 'a');
  for (const x of cmp.onlyB) kinds.set(x, 'b');
  const points = [...kinds.keys()].sort((x, y) => x - y);
  const out: ComparePiece[] = [];
  let pos = 0;
  for (const at of points) {
    if (at > pos) out.push({ kind: 'text', start: pos, end: at });
    const boundary = kinds.get(at)!;
    out.push({ kind: 'tick', at, boundary, a: boundary === 'b' ? undefined : ia.get(at), b: boundary === 'a' ? undefined : ib.get(at) });
    pos = at;
  }
  if (pos < length) out.push({ kind: 'text', start: pos, end: length });
  return out;
}

export interface SideTotals {
  chunks: number;
  /** Mean tokens per chunk (0 when there are none). */
  meanTokens: number;
  /** Chunks carrying each lint flag. */
  lint: Record<LintFlag, number>;
  flagged: number;
}

/** A chunking's totals for the side-by-side table. */
export function sideTotals(chunks: readonly { tokens: number }[], lint: { counts: Record<LintFlag, number>; flagged: number }): SideTotals {
  const sum = chunks.reduce((s, c) => s + c.tokens, 0);
  return { chunks: chunks.length, meanTokens: chunks.length ? sum / chunks.length : 0, lint: { ...lint.counts }, flagged: lint.flagged };
}
