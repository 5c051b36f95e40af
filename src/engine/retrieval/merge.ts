// From raw retriever hits to what the reader gets: each chunk hit becomes the unit it returns
// (a small-to-big child returns its parent's range, a sentence-window sentence its window),
// repeated parents and duplicate texts are merged (the first, best-ranked one stays), top-k cut.
// Works on chunks only, so BM25, dense and hybrid share it.
import type { Chunk, Hit } from '../types.ts';

/** A unit as retrieval returns it: the document range handed to the reader. */
export interface ReturnedUnit {
  /** The parent id for small-to-big children, else the chunk id. */
  id: string;
  docId: string;
  start: number;
  end: number;
  prefix: string;
  /** Tokens of prefix + returned range. */
  tokens: number;
}

export interface RankedUnit extends ReturnedUnit {
  /** Score of the best hit that brought this unit in. */
  score: number;
  /** The chunk ids (indexed entries) that hit this unit, best first, merged ones included. */
  via: string[];
}

export interface MergeOptions {
  /** How many units to keep after merging. */
  limit: number;
  /**
   * Which identical returned texts are merged: 'document' (same document only, the default: a
   * passage repeated in two documents stays twice, so per-document gold is still findable),
   * 'corpus' (any document), or 'off'.
   */
  duplicates?: 'document' | 'corpus' | 'off';
}

/** The unit a chunk returns to the reader. */
export function returnedUnit(chunk: Chunk): ReturnedUnit {
  return {
    id: chunk.parentId ?? chunk.id,
    docId: chunk.docId,
    start: chunk.returnStart ?? chunk.start,
    end: chunk.returnEnd ?? chunk.end,
    prefix: chunk.prefix,
    tokens: chunk.returnTokens ?? chunk.tokens,
  };
}

/** The distinct returned units of a chunk list, in chunk order (one per small-to-big parent). */
export function returnedUnits(chunks: readonly Chunk[]): ReturnedUnit[] {
  const seen = new Set<string>();
  const out: ReturnedUnit[] = [];
  for (const c of chunks) {
    const u = returnedUnit(c);
    if (seen.has(u.id)) continue;
    seen.add(u.id);
    out.push(u);
  }
  return out;
}

/**
 * Merge ranked hits into ranked units. `chunks` maps every indexed chunk id to its chunk;
 * `docText` gives a document's text (for the duplicate-text key). Hits whose id is unknown throw.
 */
export function mergeHits(
  hits: readonly Hit[],
  chunks: ReadonlyMap<string, Chunk>,
  docText: (docId: string) => string,
  opts: MergeOptions,
): RankedUnit[] {
  const mode = opts.duplicates ?? 'document';
  const byUnit = new Map<string, RankedUnit>();
  // Kept units by the length of their text (prefix + range): two texts can only be equal when their
  // lengths are, so texts are compared only within a bucket, instead of building and hashing every
  // hit's whole text as a key (the cost of an eval's retrieve stage).
  const byLength = new Map<number, RankedUnit[]>();
  const out: RankedUnit[] = [];
  for (const hit of hits) {
    const chunk = chunks.get(hit.id);
    if (!chunk) throw new Error(`retriever returned unknown chunk id "${hit.id}"`);
    const unit = returnedUnit(chunk);
    const seen = byUnit.get(unit.id);
    if (seen) {
      seen.via.push(hit.id);
      continue;
    }
    const length = unit.prefix.length + (unit.end - unit.start);
    if (mode !== 'off') {
      const dup = byLength.get(length)?.find((u) => (mode === 'corpus' || u.docId === unit.docId) && sameText(u, unit, docText));
      if (dup) {
        dup.via.push(hit.id);
        byUnit.set(unit.id, dup);
        continue;
      }
    }
    if (out.length >= opts.limit) break;
    // Written out, not spread: an object spread costs microseconds per hit, the bulk of an eval's merging.
    const ranked: RankedUnit = { id: unit.id, docId: unit.docId, start: unit.start, end: unit.end, prefix: unit.prefix, tokens: unit.tokens, score: hit.score, via: [hit.id] };
    byUnit.set(unit.id, ranked);
    if (mode !== 'off') {
      const bucket = byLength.get(length);
      if (bucket) bucket.push(ranked);
      else byLength.set(length, [ranked]);
    }
    out.push(ranked);
  }
  return out;
}

/** Whether two units of equal total length return the same text (prefix, then document range). */
function sameText(a: ReturnedUnit, b: ReturnedUnit, docText: (docId: string) => string): boolean {
  if (a.prefix !== b.prefix) return false;
  if (a.docId === b.docId && a.start === b.start) return true;
  return docText(a.docId).slice(a.start, a.end) === docText(b.docId).slice(b.start, b.end);
}
