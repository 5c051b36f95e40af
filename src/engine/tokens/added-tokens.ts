// Added tokens (special tokens, user-added words) are cut out of the text before anything else, as
// the library's DictionarySplitter does: longest match at the leftmost position, then lstrip/rstrip
// applied to the neighbours as encode_text does.

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The library's added-token splitter (longest match at the leftmost position), as a regex. */
export function splitterRegex(contents: string[]): RegExp | null {
  const uniq = [...new Set(contents.filter((c) => c.length > 0))].sort((a, b) => b.length - a.length);
  return uniq.length ? new RegExp(uniq.map(escapeRe).join('|'), 'g') : null;
}

export interface Range {
  start: number;
  end: number;
}

/** Splits s[start,end) like DictionarySplitter, then applies lstrip/rstrip to neighbours like encode_text. */
export function splitAdded(
  s: string,
  start: number,
  end: number,
  re: RegExp | null,
  addedMap: Map<string, LibAddedToken>,
): Range[] {
  const out: Range[] = [];
  if (!re) return [{ start, end }];
  re.lastIndex = 0;
  const sub = start === 0 && end === s.length ? s : s.slice(start, end);
  let prev = 0;
  for (const m of sub.matchAll(re)) {
    if (m.index > prev) out.push({ start: start + prev, end: start + m.index });
    out.push({ start: start + m.index, end: start + m.index + m[0].length });
    prev = m.index + m[0].length;
  }
  if (prev < sub.length) out.push({ start: start + prev, end });
  for (let i = 0; i < out.length; i++) {
    const tok = addedMap.get(s.slice(out[i].start, out[i].end));
    if (!tok) continue;
    if (tok.lstrip && i > 0) {
      const r = out[i - 1];
      r.end = r.start + s.slice(r.start, r.end).trimEnd().length;
    }
    if (tok.rstrip && i < out.length - 1) {
      const r = out[i + 1];
      const t = s.slice(r.start, r.end);
      r.start = r.end - t.trimStart().length;
    }
  }
  return out;
}

export interface LibAddedToken {
  id: number;
  content: string;
  lstrip: boolean;
  rstrip: boolean;
}
