// Test helpers for the documents layer: block slices and the Block contract's invariants,
// checked by brute force (character by character) rather than by the code under test.

import { expect } from 'vitest';
import type { Doc, Span } from '../../../src/engine/types.ts';
import { rng } from '../../../src/engine/util/random.ts';

export const slice = (doc: Doc, s: Span) => doc.text.slice(s.start, s.end);

/** Kind and exact text of every block. */
export const kindsAndSlices = (doc: Doc) => doc.blocks.map((b) => [b.kind, slice(doc, b)]);

/**
 * Spans sorted, non-overlapping, non-empty, trimmed, and (when `text` covers [from, to)) every
 * non-blank character in that range inside exactly one span.
 */
export function expectTiling(text: string, spans: Span[], from = 0, to = text.length): void {
  const fail = (msg: string): never => {
    throw new Error(msg);
  };
  let prevEnd = from;
  spans.forEach((s, i) => {
    if (!Number.isInteger(s.start) || !Number.isInteger(s.end)) fail(`span ${i} has non-integer offsets`);
    if (s.start < prevEnd) fail(`span ${i} [${s.start}, ${s.end}) starts before the previous one ends (${prevEnd})`);
    if (s.end <= s.start) fail(`span ${i} [${s.start}, ${s.end}) is empty`);
    if (s.end > to) fail(`span ${i} ends after ${to}`);
    const t = text.slice(s.start, s.end);
    if (t.trim() !== t) fail(`span ${i} is not trimmed: ${JSON.stringify(t)}`);
    // Everything between the previous span and this one must be blank.
    for (let k = prevEnd; k < s.start; k++) {
      if (/\S/.test(text[k])) fail(`non-blank char ${JSON.stringify(text[k])} at ${k} is in no span: …${JSON.stringify(text.slice(Math.max(0, k - 20), k + 20))}…`);
    }
    prevEnd = s.end;
  });
  for (let k = prevEnd; k < to; k++) {
    if (/\S/.test(text[k])) fail(`non-blank char ${JSON.stringify(text[k])} at ${k} is in no span (after the last)`);
  }
  expect(true).toBe(true);
}

/** Mulberry32, shared with the engine (src/engine/util/random.ts). */
export { rng };
