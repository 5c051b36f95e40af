// Hand edits of one document's chunking (the inspector's "move a boundary"): move the cut between two
// neighbouring chunks, merge two neighbours, split a chunk at a point. Pure: a new chunk list comes
// back, the old one is untouched. Offsets are UTF-16 units of the document text (as Doc and Chunk
// everywhere in the engine); an edit position snaps to a whole character inside the document, and
// whitespace at a new cut stays outside both chunks (as the chunkers trim), so the chunks keep
// covering every non-blank character. A chunk whose start moved gets the heading path of its new
// place and the run's context header for it; every changed chunk is counted again with the run's
// tokenizer (prefix + text).
import { InputError } from '../types.ts';
import type { Chunk, Doc, TextTokenizer } from '../types.ts';
import { pathAt } from '../documents/ranges.ts';

export type BoundaryEdit =
  /** Moves the cut between chunk `chunk` and chunk `chunk + 1` (the start of the latter) to `to`. */
  | { kind: 'move'; chunk: number; to: number }
  /** Merges chunk `chunk` with the chunk after it. */
  | { kind: 'merge'; chunk: number }
  /** Splits chunk `chunk` in two at `at`. */
  | { kind: 'split'; chunk: number; at: number };

export interface EditEnv {
  /** The parsed document (its text and blocks: the heading path at an offset). */
  doc: Doc;
  tokenizer: Pick<TextTokenizer, 'count'>;
  /** The run's context header for a heading path ('' when the run has none); see chunkers' createPrefixer. */
  header?: (path: string[]) => string;
}

function isSpace(c: number): boolean {
  // The whitespace trimRange skips (documents/ranges.ts): ASCII blanks and the Unicode spaces \s knows.
  return /\s/.test(String.fromCharCode(c));
}

/** `at` as a whole-character offset within the text: rounded, clamped, never between a surrogate pair. */
export function snapOffset(text: string, at: number): number {
  if (!Number.isFinite(at)) throw new InputError(`the position must be a number, got ${String(at)}`, 'boundary', { code: 'edit-bad-boundary' });
  let p = Math.max(0, Math.min(text.length, Math.round(at)));
  const c = text.charCodeAt(p);
  if (p > 0 && p < text.length && c >= 0xdc00 && c <= 0xdfff) {
    const h = text.charCodeAt(p - 1);
    if (h >= 0xd800 && h <= 0xdbff) p--;
  }
  return p;
}

/** First non-blank offset at or after `p` (at most `limit`). */
function skipForward(text: string, p: number, limit: number): number {
  while (p < limit && isSpace(text.charCodeAt(p))) p++;
  return p;
}

/** Offset just after the last non-blank character before `p` (at least `limit`). */
function skipBack(text: string, p: number, limit: number): number {
  while (p > limit && isSpace(text.charCodeAt(p - 1))) p--;
  return p;
}

function bad(message: string, n: number): InputError {
  return new InputError(message, `chunk #${n + 1}`, { code: 'edit-bad-boundary' });
}

function checkIndex(chunks: readonly Chunk[], i: number, neighbour: boolean): void {
  const last = chunks.length - (neighbour ? 2 : 1);
  if (!Number.isInteger(i) || i < 0 || i > last) {
    throw new InputError(
      neighbour ? `there is no boundary after chunk #${i + 1} (the document has ${chunks.length} chunks)` : `there is no chunk #${i + 1} (the document has ${chunks.length})`,
      'boundary',
      { code: 'edit-bad-boundary' },
    );
  }
}

/**
 * The chunk list after one edit, renumbered (`${docId}#${index}`, as the chunkers number them).
 * Throws an InputError (code 'edit-bad-boundary') for an edit that would leave a chunk empty or
 * name a chunk or boundary that does not exist.
 */
export function applyBoundaryEdit(env: EditEnv, chunks: readonly Chunk[], edit: BoundaryEdit): Chunk[] {
  const text = env.doc.text;
  const out = chunks.map((c) => ({ ...c }));
  const touched = new Set<number>();
  // Chunks whose start moved: they take the heading path (and context header) of their new place.
  const moved = new Set<number>();
  if (edit.kind === 'move') {
    checkIndex(chunks, edit.chunk, true);
    const a = out[edit.chunk];
    const b = out[edit.chunk + 1];
    const to = snapOffset(text, edit.to);
    // The cut must leave text in both chunks.
    const start = skipForward(text, to, b.end);
    const overlap = a.end - b.start;
    const end = skipBack(text, overlap > 0 ? Math.min(b.end, start + overlap) : to, a.start);
    if (start >= b.end) throw bad(`moving the boundary to ${to} would leave the chunk after it empty`, edit.chunk + 1);
    if (end <= a.start || to <= a.start) throw bad(`moving the boundary to ${to} would leave the chunk before it empty`, edit.chunk);
    // With overlap the next chunk starts inside this one: the moved start may not pass it (chunks stay in order of start).
    const next = out[edit.chunk + 2];
    if (next && start >= next.start) throw bad(`moving the boundary to ${to} would start the chunk after it at or past the start of the next one (${next.start})`, edit.chunk + 1);
    if (b.start !== start) {
      b.start = start;
      touched.add(edit.chunk + 1);
      moved.add(edit.chunk + 1);
    }
    if (a.end !== end) {
      a.end = end;
      touched.add(edit.chunk);
    }
  } else if (edit.kind === 'merge') {
    checkIndex(chunks, edit.chunk, true);
    const a = out[edit.chunk];
    const b = out[edit.chunk + 1];
    a.end = Math.max(a.end, b.end);
    out.splice(edit.chunk + 1, 1);
    touched.add(edit.chunk);
  } else if (edit.kind === 'split') {
    checkIndex(chunks, edit.chunk, false);
    const c = out[edit.chunk];
    const at = snapOffset(text, edit.at);
    const end = skipBack(text, at, c.start);
    const start = skipForward(text, at, c.end);
    if (at <= c.start || end <= c.start) throw bad(`splitting at ${at} would leave the first part empty`, edit.chunk);
    if (at >= c.end || start >= c.end) throw bad(`splitting at ${at} would leave the second part empty`, edit.chunk);
    // With overlap the next chunk starts inside this one: the second part may not start at or past it (chunks stay in order of start).
    const next = out[edit.chunk + 1];
    if (next && start >= next.start) throw bad(`splitting at ${at} would start the second part at or past the start of the next chunk (${next.start})`, edit.chunk);
    const second: Chunk = { ...c, start, flags: [] };
    c.end = end;
    out.splice(edit.chunk + 1, 0, second);
    touched.add(edit.chunk);
    touched.add(edit.chunk + 1);
    moved.add(edit.chunk + 1);
  } else {
    throw new InputError(`unknown edit "${String((edit as { kind?: unknown }).kind)}"`, 'boundary', { code: 'edit-bad-boundary' });
  }
  for (const i of touched) {
    const c = out[i];
    if (moved.has(i)) {
      c.headingPath = pathAt(env.doc, c.start);
      c.prefix = env.header?.(c.headingPath) ?? '';
    }
    c.tokens = env.tokenizer.count(c.prefix + text.slice(c.start, c.end));
    c.flags = [];
  }
  return renumber(out);
}

/** Ids and indexes in order, as the chunkers give them. */
function renumber(chunks: Chunk[]): Chunk[] {
  return chunks.map((c, index) => ({ ...c, index, id: `${c.docId}#${index}` }));
}

/**
 * What is wrong with a hand-edited chunk list of `doc`, or null: every chunk inside the text on whole
 * characters, non-empty, in order of start, and no non-blank character left outside every chunk.
 */
export function chunkingProblem(text: string, chunks: readonly Pick<Chunk, 'start' | 'end'>[]): string | null {
  let covered = 0;
  for (const [i, c] of chunks.entries()) {
    if (!Number.isInteger(c.start) || !Number.isInteger(c.end) || c.start < 0 || c.end > text.length || c.start >= c.end) return `chunk #${i + 1} has the range ${c.start}–${c.end}, outside the text or empty`;
    if (snapOffset(text, c.start) !== c.start || snapOffset(text, c.end) !== c.end) return `chunk #${i + 1} cuts a character in two`;
    if (i > 0 && c.start < chunks[i - 1].start) return `chunk #${i + 1} starts before the chunk before it`;
    if (skipForward(text, covered, c.start) < c.start) return `the text at ${skipForward(text, covered, c.start)} lies in no chunk`;
    covered = Math.max(covered, c.end);
  }
  if (skipForward(text, covered, text.length) < text.length) return `the text at ${skipForward(text, covered, text.length)} lies in no chunk`;
  return null;
}
