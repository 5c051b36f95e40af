// Gold references against one document, and gold spans against one chunking: what the question
// editor shows while an answer is being marked. A reference is checked (a span inside its document)
// or resolved (a key phrase becomes its sentence, line or row, as an experiment resolves it); a
// span is placed in the returned units that contain it, or the ones it is split over.
import type { Chunk, Doc, GoldSpan, Unit } from '../types.ts';
import { isPhraseRef, type GoldRef } from './dataset.ts';
import { returnedUnits } from '../retrieval/merge.ts';
import { occurrences, resolvePhrase } from './gold.ts';

export type ResolvedRef =
  | { ok: true; span: GoldSpan; phrase?: string }
  | { ok: false; error: 'missing' | 'ambiguous' | 'empty' | 'unknown-doc' | 'bad-span'; message: string; count?: number };

/** A returned unit, as a placement names it. */
export interface ChunkRef {
  id: string;
  index: number;
  docId: string;
  start: number;
  end: number;
}

/** Where a gold span falls under a chunking: the returned units containing it, or the ones it is split over. */
export interface Placement {
  span: GoldSpan;
  /** Units (as retrieval returns them) that contain the whole span. */
  containedIn: ChunkRef[];
  /** Units overlapping the span when none contains it (two or more: split across chunks). */
  overlapping: ChunkRef[];
}

/** One reference resolved against its document (undefined: no such document); `units` gives the document's units on demand. */
export function resolveRef(doc: Doc | undefined, units: (doc: Doc) => Unit[], ref: GoldRef): ResolvedRef {
  if (!doc) return { ok: false, error: 'unknown-doc', message: `unknown document "${ref.docId}"` };
  if (isPhraseRef(ref)) {
    if (!ref.phrase.trim()) return { ok: false, error: 'empty', message: 'empty key phrase' };
    const found = occurrences(doc.text, ref.phrase, 3).length;
    if (found === 0) return { ok: false, error: 'missing', message: `key phrase does not occur in document "${doc.id}"`, count: 0 };
    if (found > 1) return { ok: false, error: 'ambiguous', message: `key phrase occurs more than once in document "${doc.id}"`, count: found };
    return { ok: true, span: resolvePhrase(doc, units(doc), ref.phrase, 'phrase'), phrase: ref.phrase };
  }
  const { start, end } = ref;
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > doc.text.length || start >= end)
    return { ok: false, error: 'bad-span', message: `span [${start}, ${end}) is outside document "${doc.id}" (length ${doc.text.length}) or empty` };
  return { ok: true, span: { docId: doc.id, start, end } };
}

/** For each span: the returned units of `chunks` that contain it, or (none does) those it overlaps. */
export function placeSpans(chunks: readonly Chunk[], spans: readonly GoldSpan[]): { placements: Placement[]; units: number } {
  const firstIndex = new Map<string, number>();
  for (const ch of chunks) if (!firstIndex.has(ch.parentId ?? ch.id)) firstIndex.set(ch.parentId ?? ch.id, ch.index);
  const units = returnedUnits(chunks).map((u) => ({ ...u, index: firstIndex.get(u.id) ?? 0 }));
  const ref = (u: (typeof units)[number]): ChunkRef => ({ id: u.id, index: u.index, docId: u.docId, start: u.start, end: u.end });
  const placements = spans.map((span) => {
    const mine = units.filter((u) => u.docId === span.docId);
    const containedIn = mine.filter((u) => u.start <= span.start && span.end <= u.end).map(ref);
    const overlapping = containedIn.length ? [] : mine.filter((u) => u.start < span.end && span.start < u.end).map(ref);
    return { span, containedIn, overlapping };
  });
  return { placements, units: units.length };
}
