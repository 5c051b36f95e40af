// Questions about a parsed document's ranges that chunkers, lints and the inspector ask: trim a range,
// is a text blank, which block holds an offset, the heading path at an offset, and the document's
// units (docUnits) computed once per document and language.

import type { Doc, Unit } from '../types.ts';
import { docUnits } from './parse.ts';
import { trimRange } from './text-utils.ts';

export { trimRange } from './text-utils.ts';

export function isBlank(text: string): boolean {
  const [s, e] = trimRange(text, 0, text.length);
  return s === e;
}

/** Index of the block that contains `offset`, or else the first block after it, or -1. */
export function blockAt(doc: Doc, offset: number): number {
  const blocks = doc.blocks;
  let lo = 0;
  let hi = blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (blocks[mid].end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo < blocks.length ? lo : -1;
}

/**
 * Heading path at an offset: that of the block containing it (or the next block). Front matter takes
 * the path of the block after it (it describes the whole document).
 */
export function pathAt(doc: Doc, offset: number): string[] {
  let i = blockAt(doc, offset);
  while (i >= 0 && i + 1 < doc.blocks.length && doc.blocks[i].kind === 'front-matter') i++;
  if (i >= 0) return doc.blocks[i].headingPath;
  return doc.blocks.length ? doc.blocks[doc.blocks.length - 1].headingPath : [];
}

const unitCache = new WeakMap<Doc, Map<string, { text: string; units: Unit[] }>>();

/** docUnits(doc, language), computed once per document and language. */
export function unitsOf(doc: Doc, language?: string): Unit[] {
  let perLang = unitCache.get(doc);
  if (!perLang) {
    perLang = new Map();
    unitCache.set(doc, perLang);
  }
  const key = language ?? '';
  const hit = perLang.get(key);
  if (hit && hit.text === doc.text) return hit.units;
  const units = docUnits(doc, language);
  perLang.set(key, { text: doc.text, units });
  return units;
}
