// Finding a model's "verbatim" excerpt in the document it was copied from. Models retype quotes,
// dashes and spaces, change case, drop Markdown emphasis and wrap excerpts in quotes or "…", so the
// search runs in three passes: exact, then normalised (white space, quotes, dashes, case), then
// loose (also ignoring Markdown emphasis marks). Among several occurrences the one nearest to the
// passage the question was asked about wins. Offsets are UTF-16 offsets into the original text.

import type { Span } from '../types.ts';

export type LocateHow = 'exact' | 'normalised' | 'loose';

export interface Located extends Span {
  how: LocateHow;
}

const QUOTE_SINGLE = /[\u2018\u2019\u201a\u201b\u2032\u00b4\u0060]/;
const QUOTE_DOUBLE = /[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb]/;
const DASH = /[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/;
const EMPHASIS = /[*_`]/;
const INVISIBLE = /[\u00ad\u200b\u200c\u200d\u2060\ufeff]/;

/** A normalised copy of `text` with, for each of its code units, the original range it came from. */
export interface Normalised {
  text: string;
  /** from[i]: original start of normalised code unit i; to[i]: original end. */
  from: Int32Array;
  to: Int32Array;
}

/**
 * Normalises `text`: runs of white space become one space, curly quotes straight, every dash a
 * hyphen-minus, letters lower case, invisible characters dropped; `loose` also drops `*`, `_` and
 * backticks. Each output code unit remembers the original characters it stands for.
 */
export function normalise(text: string, loose = false): Normalised {
  const out: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const push = (s: string, a: number, b: number) => {
    for (let k = 0; k < s.length; k++) {
      out.push(s[k]);
      from.push(a);
      to.push(b);
    }
  };
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const w = cp > 0xffff ? 2 : 1;
    const ch = text.slice(i, i + w);
    if (/\s/.test(ch)) {
      let j = i + w;
      while (j < text.length && /\s/.test(text[j])) j++;
      push(' ', i, j);
      i = j;
      continue;
    }
    if (INVISIBLE.test(ch) || (loose && EMPHASIS.test(ch))) {
      i += w;
      continue;
    }
    let n: string;
    if (QUOTE_SINGLE.test(ch)) n = "'";
    else if (QUOTE_DOUBLE.test(ch)) n = '"';
    else if (DASH.test(ch)) n = '-';
    else if (ch === '\u2026') n = '...';
    else n = ch.toLowerCase();
    push(n, i, i + w);
    i += w;
  }
  // An emphasis mark removed between two spaces would leave a double space: fold it again.
  const t: string[] = [];
  const f: number[] = [];
  const e: number[] = [];
  for (let k = 0; k < out.length; k++) {
    if (out[k] === ' ' && t.length && t[t.length - 1] === ' ') {
      e[e.length - 1] = to[k];
      continue;
    }
    t.push(out[k]);
    f.push(from[k]);
    e.push(to[k]);
  }
  return { text: t.join(''), from: Int32Array.from(f), to: Int32Array.from(e) };
}

/** Strips what models add around an excerpt: surrounding white space, quotes and ellipses. */
export function cleanExcerpt(excerpt: string): string {
  let s = excerpt.trim();
  for (;;) {
    const before = s;
    s = s.replace(/^(?:\.\.\.|\u2026|["'\u201c\u201d\u2018\u2019\u00ab\u00bb])\s*/u, '').replace(/\s*(?:\.\.\.|\u2026|["'\u201c\u201d\u2018\u2019\u00ab\u00bb])$/u, '');
    s = s.trim();
    if (s === before) return s;
  }
}

function occurrences(hay: string, needle: string): number[] {
  const found: number[] = [];
  if (!needle) return found;
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + 1)) found.push(at);
  return found;
}

function nearest(starts: number[], len: number, near: Span | undefined, map?: (a: number, b: number) => Span): Span {
  const spans = starts.map((s) => (map ? map(s, s + len) : { start: s, end: s + len }));
  if (!near || spans.length === 1) return spans[0];
  const dist = (s: Span) => (s.end <= near.start ? near.start - s.end : s.start >= near.end ? s.start - near.end : 0);
  let best = spans[0];
  for (const s of spans) if (dist(s) < dist(best)) best = s;
  return best;
}

/** Caches the normalised forms of one document across many excerpts. */
export class ExcerptLocator {
  private norm?: Normalised;
  private looseNorm?: Normalised;

  constructor(readonly text: string) {}

  /**
   * Where `excerpt` is in the document, or null. `near`: the passage it was asked about (ties
   * between occurrences go to the nearest one). The result is trimmed to non-space characters.
   */
  locate(excerpt: string, near?: Span): Located | null {
    const clean = cleanExcerpt(excerpt);
    if (!clean) return null;
    const exact = occurrences(this.text, clean);
    if (exact.length) return { ...nearest(exact, clean.length, near), how: 'exact' };
    for (const loose of [false, true]) {
      const doc = loose ? (this.looseNorm ??= normalise(this.text, true)) : (this.norm ??= normalise(this.text));
      const needle = normalise(clean, loose).text.trim();
      const hits = occurrences(doc.text, needle);
      if (!hits.length) continue;
      const span = nearest(hits, needle.length, near, (a, b) => ({ start: doc.from[a], end: doc.to[b - 1] }));
      return { ...span, how: loose ? 'loose' : 'normalised' };
    }
    return null;
  }
}
