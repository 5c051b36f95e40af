// Undecodable characters (see read/undecodable.ts) taken out of the blocks before they are written.

import { READABLE, UNDECODABLE } from '../read/undecodable.ts';
import type { PBlock } from '../types.ts';

/** `s` without undecodable characters, and the new offset of each of `at` (for a paragraph's page breaks). */
function strip(s: string, at: number[] = []): { text: string; at: number[] } {
  if (!UNDECODABLE.test(s)) return { text: s, at };
  let text = '';
  const moved = at.map(() => 0);
  for (let i = 0; i < s.length; i++) {
    at.forEach((a, k) => {
      if (a === i) moved[k] = text.length;
    });
    if (!UNDECODABLE.test(s[i])) text += s[i];
  }
  at.forEach((a, k) => {
    if (a >= s.length) moved[k] = text.length;
  });
  return { text, at: moved };
}

/** Blocks without undecodable characters; blocks left with no text go. */
export function stripUndecodable(blocks: PBlock[]): PBlock[] {
  const out: PBlock[] = [];
  const t = (x: string) => strip(x).text;
  for (const b of blocks) {
    switch (b.kind) {
      case 'heading':
      case 'list-item': {
        const text = t(b.text);
        if (READABLE.test(text)) out.push({ ...b, text });
        break;
      }
      case 'paragraph': {
        if (!UNDECODABLE.test(b.text)) {
          out.push(b);
          break;
        }
        const r = strip(b.text, (b.breaks ?? []).map((x) => x.at));
        if (!READABLE.test(r.text)) break;
        const { cells: _cells, ...rest } = b;
        out.push({ ...rest, text: r.text, ...(b.breaks ? { breaks: b.breaks.map((x, k) => ({ ...x, at: r.at[k] })) } : {}) });
        break;
      }
      case 'table':
        out.push({ ...b, header: b.header.map(t), rows: b.rows.map((r) => r.map(t)) });
        break;
      case 'lines':
      case 'code': {
        const lines = b.lines.map(t);
        if (lines.some((l) => READABLE.test(l))) out.push({ ...b, lines });
        break;
      }
    }
  }
  return out;
}
