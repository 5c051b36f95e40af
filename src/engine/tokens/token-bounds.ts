// Where a word's tokens lie in its text when the library gives only token strings: consecutive when
// they concatenate to the text, else each where its text next occurs; and a case- and accent-folded
// copy of a text with a map back to the original offsets, for the approximate alignment.

/** Tokens whose texts concatenate to `input`: consecutive boundaries. */
export function concatBounds(toks: string[], input: string): [number, number][] | null {
  const b: [number, number][] = [];
  let cur = 0;
  for (const t of toks) {
    if (!input.startsWith(t, cur)) return null;
    b.push([cur, cur + t.length]);
    cur += t.length;
  }
  return cur === input.length ? b : null;
}

/** Each token where its text next occurs, or an empty span at the cursor. */
export function greedyBounds(clean: string[], input: string): [number, number][] {
  const b: [number, number][] = [];
  let cur = 0;
  for (const t of clean) {
    const at = t ? input.indexOf(t, cur) : -1;
    if (at < 0) b.push([cur, cur]);
    else {
      b.push([at, at + t.length]);
      cur = at + t.length;
    }
  }
  return b;
}

export function fold(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Folded text[start,end) and, for each folded index (and the end), its original offset. */
export function foldWithMap(text: string, start: number, end: number): { text: string; map: number[] } {
  const parts: string[] = [];
  const map: number[] = [];
  for (let i = start; i < end; ) {
    const cp = text.codePointAt(i)!;
    const w = cp > 0xffff ? 2 : 1;
    const f = cp < 0x80 ? text[i].toLowerCase() : fold(String.fromCodePoint(cp));
    parts.push(f);
    for (let k = 0; k < f.length; k++) map.push(k === 0 ? i : i + w);
    i += w;
  }
  map.push(end);
  return { text: parts.join(''), map };
}
