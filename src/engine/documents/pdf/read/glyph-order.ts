// Right-to-left words whose glyphs stand for several characters each, put back in logical order.
//
// A PDF draws right-to-left text glyph by glyph from the left (visual order), and its ToUnicode map
// gives each glyph's characters in logical order; a ligature or a letter with its vowel mark is one
// glyph for two or three characters ("لا" lam-alef, "لأ", "لم", "بَ"). pdf.js joins a run's glyph
// strings and reverses the run character by character (its bidi step), so the characters inside
// such a glyph come out reversed: "الأصوات" reads "األصوات", "الانتخابات" "الانتخاابت". Only the
// glyph boundaries tell a reversed ligature from two letters that happen to read the same way (the
// article "ال" is two glyphs), and pdf.js's text content does not carry them; its operator list
// does (each shown glyph with its `unicode`). So, for a page with right-to-left text that uses such
// glyphs: the page's glyph strings in drawing order, then each right-to-left word of pdf.js's text
// found there reversed (its visual form) and rebuilt from its glyphs in reverse order, each glyph's
// own characters kept as they are.

/** The operator list as pdf.js returns it (only its show-text operators are read). */
export interface GlyphOps {
  fnArray: ArrayLike<number>;
  argsArray: ArrayLike<unknown>;
}

/** Letters (and their marks) of the right-to-left scripts; their digits are left out (bidi keeps them left to right). */
const RTL_WORD = /(?:(?![\u0660-\u0669\u06F0-\u06F9])[\p{Script_Extensions=Arabic}\p{Script_Extensions=Hebrew}\p{Script_Extensions=Syriac}\p{Script_Extensions=Thaana}\p{Script_Extensions=Nko}])+/gu;
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** Bounds on the work: glyphs read from one page's operator list… */
const MAX_GLYPHS = 200_000;
/**
 * …and characters of the glyph stream searched for one page's words: a few million, and at least
 * this many passes over the stream (a word not found costs a scan to the end, twice: from the
 * cursor, then from the start). A page of many right-to-left words missing from its glyphs would
 * otherwise cost words × glyphs.
 */
const SEARCH_PASSES = 16;
const SEARCH_CHARS = 1 << 22;

/** The page's glyph strings in drawing order: their concatenation and where each glyph starts. */
export interface GlyphStream {
  text: string;
  /** starts[i] = 1 when a glyph starts at code unit i of text (and at text.length). */
  starts: Uint8Array;
}

/**
 * Glyph strings of the page's show-text operators, or null when no glyph stands for several
 * right-to-left characters (nothing for pdf.js to have reversed).
 */
export function glyphStreamOf(ops: GlyphOps, showText: number): GlyphStream | null {
  const parts: string[] = [];
  let multi = false;
  let total = 0;
  const n = ops.fnArray.length;
  for (let i = 0; i < n && parts.length < MAX_GLYPHS; i++) {
    if (ops.fnArray[i] !== showText) continue;
    const glyphs = (ops.argsArray[i] as unknown[] | undefined)?.[0];
    if (!Array.isArray(glyphs)) continue;
    for (const g of glyphs) {
      const u = g && typeof g === 'object' ? (g as { unicode?: unknown }).unicode : undefined;
      if (typeof u !== 'string' || !u) continue;
      parts.push(u);
      total += u.length;
      if (!multi && u.length > 1 && RTL_LETTER.test(u)) multi = true;
    }
  }
  if (!multi) return null;
  const starts = new Uint8Array(total + 1);
  let at = 0;
  for (const p of parts) {
    starts[at] = 1;
    at += p.length;
  }
  starts[total] = 1;
  return { text: parts.join(''), starts };
}

const reverse = (s: string) => Array.from(s).reverse().join('');

/**
 * Strings of pdf.js's right-to-left items (in content order) with each word rebuilt from its glyphs
 * in logical order. Items that are not right-to-left come back unchanged. A word not found in the
 * glyph stream (pdf.js inserted or merged something) is left as pdf.js gave it, and so is every
 * word once `budget` characters of the stream have been searched.
 */
export function fixGlyphOrder(items: { str: string; dir?: string }[], stream: GlyphStream, budget = SEARCH_PASSES * stream.text.length + SEARCH_CHARS): string[] {
  const { text, starts } = stream;
  let cursor = 0;
  // Once the search budget is spent, the remaining words stay as pdf.js gave them.
  const find = (v: string): number => {
    for (let from = cursor; budget > 0; ) {
      const k = text.indexOf(v, from);
      budget -= (k < 0 ? text.length : k + v.length) - from + 1;
      if (k < 0) return -1;
      if (starts[k] && starts[k + v.length]) return k;
      from = k + 1;
    }
    return -1;
  };
  return items.map((it) => {
    if (it.dir !== 'rtl' || !it.str) return it.str;
    const words = [...it.str.matchAll(RTL_WORD)];
    if (!words.length) return it.str;
    const fixed = new Map<number, string>();
    // Visual (drawing) order is the reverse of the item's logical order: walk its words backwards
    // so the search moves forward through the page's glyphs.
    for (let w = words.length - 1; w >= 0; w--) {
      const word = words[w][0];
      const v = reverse(word);
      let k = find(v);
      if (k < 0 && cursor > 0) {
        const saved = cursor;
        cursor = 0;
        k = find(v);
        if (k < 0) cursor = saved;
      }
      if (k < 0) continue;
      cursor = k + v.length;
      const glyphs: string[] = [];
      let start = k;
      for (let j = k + 1; j <= k + v.length; j++) {
        if (!starts[j]) continue;
        glyphs.push(text.slice(start, j));
        start = j;
      }
      if (glyphs.every((g) => g.length === 1)) continue;
      fixed.set(words[w].index!, glyphs.reverse().join(''));
    }
    if (!fixed.size) return it.str;
    let out = '';
    let last = 0;
    for (const m of words) {
      const f = fixed.get(m.index!);
      if (f === undefined) continue;
      out += it.str.slice(last, m.index) + f;
      last = m.index! + m[0].length;
    }
    return out + it.str.slice(last);
  });
}
