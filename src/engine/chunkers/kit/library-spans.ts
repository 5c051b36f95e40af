// Baseline chunkers hand back what another library returned: strings, not ranges. These helpers place
// each string back in the document (exactly: the chunk's text is document.slice(start, end)) and build
// the engine's chunks from the ranges without trimming, re-cutting or merging anything, so the chunks
// stay the library's own.

import type { Chunk, Doc, TextTokenizer } from '../../types.ts';
import { pathAt } from '../../documents/ranges.ts';

/**
 * The range of each non-blank piece in `text`, in order. Pieces come in document order with strictly increasing
 * starts (overlapping pieces may repeat the previous start: LlamaIndex's overlap can give two chunks
 * from one start); each is searched from just after the previous start (from the previous end when the pieces
 * are known not to overlap, so a repeated passage is not placed inside the chunk before it). A piece
 * `hint` gives where the library says it starts and is used when the text there matches.
 * With `looseSpace`, a piece the library rewrote only in its whitespace (chonkie joins words with one
 * space where the text had several) is placed over the document range it came from, every run of
 * whitespace in the piece matching a run in the text; the chunk is then that range of the document.
 * With `loosePunctuation` too, a run of sentence punctuation (. ? ! …) in the piece matches any such
 * run in the text: LlamaIndex's sentence tokenizer can drop one of two full stops ("2017.." comes back
 * as "2017."); the chunk is again the document's range.
 * Throws when a piece is not in the text even so (the library changed the text: a bug, not input).
 */
export function placePieces(
  text: string,
  pieces: readonly string[],
  opts: { overlapping: boolean; hints?: readonly number[]; who: string; looseSpace?: boolean; loosePunctuation?: boolean },
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let prevStart = -1;
  let prevEnd = 0;
  pieces.forEach((piece, i) => {
    // Blank pieces (chonkie returns a whitespace-only text as one chunk) hold nothing to retrieve.
    if (piece.trim() === '') return;
    const hint = opts.hints?.[i];
    let at = -1;
    if (hint !== undefined && hint > prevStart && text.startsWith(piece, hint)) at = hint;
    if (at < 0 && !opts.overlapping) at = text.indexOf(piece, prevEnd);
    if (at < 0) at = text.indexOf(piece, prevStart + 1);
    // With overlap, LlamaIndex can return two chunks from the same start (the second one longer).
    if (at < 0 && opts.overlapping && prevStart >= 0 && text.startsWith(piece, prevStart)) at = prevStart;
    if (at < 0 && opts.looseSpace) {
      const m = looseFind(text, piece, opts.overlapping ? prevStart + 1 : prevEnd, !!opts.loosePunctuation);
      if (m) {
        out.push(m);
        prevStart = m[0];
        prevEnd = m[1];
        return;
      }
    }
    if (at < 0) throw new Error(`${opts.who}: piece ${i + 1} of the library's output is not in the document text`);
    out.push([at, at + piece.length]);
    prevStart = at;
    prevEnd = at + piece.length;
  });
  return out;
}

/**
 * The first range at or after `from` that equals `piece` with every whitespace run matching any run
 * (and, with `punctuation`, every run of . ? ! … matching any such run).
 */
function looseFind(text: string, piece: string, from: number, punctuation: boolean): [number, number] | null {
  const parts = piece.split(punctuation ? /(\s+|[.?!…]+)/ : /(\s+)/).filter((p) => p !== '');
  if (!parts.length) return null;
  // A trailing run takes only as many characters as the piece has, leaving the rest to the next piece.
  const source = parts
    .map((p, i) =>
      /^\s+$/.test(p)
        ? i === parts.length - 1
          ? `\\s{${p.length}}`
          : '\\s+'
        : punctuation && /^[.?!…]+$/.test(p)
          ? '[.?!…]+'
          : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  const re = new RegExp(source, 'g');
  re.lastIndex = from;
  const m = re.exec(text);
  return m ? [m.index, m.index + m[0].length] : null;
}

/** Chunks for these ranges as they are: no prefix, the exact token count of the text, the heading path at the start. */
export function chunksFromRanges(doc: Doc, ranges: ReadonlyArray<[number, number]>, tokenizer: TextTokenizer): Chunk[] {
  return ranges.map(([start, end], index) => ({
    id: `${doc.id}#${index}`,
    docId: doc.id,
    index,
    start,
    end,
    prefix: '',
    tokens: tokenizer.count(doc.text.slice(start, end)),
    headingPath: pathAt(doc, start),
    flags: [],
  }));
}
