// Token plumbing shared by the strategies: the document's token index (built once per document and
// tokenizer) and hard cuts at token boundaries.

import type { Doc, TextTokenizer } from '../../types.ts';
import { TokenIndex } from '../../tokens/index.ts';

const indexCache = new WeakMap<Doc, Map<TextTokenizer, { text: string; index: TokenIndex }>>();

/** The document's token index for this tokenizer, built once and reused by every chunker and lint. */
export function tokenIndexOf(doc: Doc, tokenizer: TextTokenizer): TokenIndex {
  let perTokenizer = indexCache.get(doc);
  if (!perTokenizer) {
    perTokenizer = new Map();
    indexCache.set(doc, perTokenizer);
  }
  const hit = perTokenizer.get(tokenizer);
  if (hit && hit.text === doc.text) return hit.index;
  const index = new TokenIndex(doc.text, tokenizer);
  perTokenizer.set(tokenizer, { text: doc.text, index });
  return index;
}

/**
 * Cuts [start, end) at token boundaries into pieces of at most budgetAt(pieceStart) tokens. The pieces
 * tile the range (the first starts at `start`, the last ends at `end`), so nothing is lost.
 */
export function hardCut(index: TokenIndex, start: number, end: number, budgetAt: (offset: number) => number): [number, number][] {
  const i0 = index.firstStartAtOrAfter(start);
  const i1 = index.firstEndAfter(end) - 1;
  const out: [number, number][] = [];
  let pieceStart = start;
  let i = i0;
  while (i <= i1) {
    const budget = Math.max(1, budgetAt(pieceStart));
    const last = i + budget - 1;
    if (last >= i1) break;
    const cut = index.charEnd(last);
    out.push([pieceStart, cut]);
    pieceStart = cut;
    i = last + 1;
  }
  if (pieceStart < end) out.push([pieceStart, end]);
  return out;
}
