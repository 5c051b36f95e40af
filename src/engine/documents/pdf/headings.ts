// Headings of untagged PDFs. From the outline (bookmarks) when it has one whose titles are found in
// the text, in order (level = depth in the outline); otherwise from font size and weight against the
// body text: lines set larger than the body, or bold at body size when the body is not bold, each
// distinct (size, bold) style a level, larger first.

import { rowText } from './geometry.ts';
import type { PdfOutlineNode, Row } from './types.ts';

export interface OutlineEntry {
  level: number;
  title: string;
}

export function flattenOutline(nodes: PdfOutlineNode[] | null, level = 1, out: OutlineEntry[] = []): OutlineEntry[] {
  for (const n of nodes ?? []) {
    if (typeof n?.title === 'string' && n.title.trim()) out.push({ level: Math.min(6, level), title: n.title });
    if (Array.isArray(n?.items)) flattenOutline(n.items, level + 1, out);
  }
  return out;
}

const compact = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Rows that carry outline titles, with their levels; null when fewer than half the titles are found. */
export function outlineHeadings(rows: Row[], outline: OutlineEntry[]): Map<Row, number> | null {
  if (!outline.length) return null;
  const keys = rows.map((r) => compact(rowText(r)));
  const found = new Map<Row, number>();
  let cursor = 0;
  let hits = 0;
  const tryAt = (i: number, want: string, level: number): boolean => {
    if (found.has(rows[i])) return false;
    if (keys[i] === want) {
      found.set(rows[i], level);
      return true;
    }
    // A title wrapped over two lines.
    if (i + 1 < rows.length && want.startsWith(keys[i]) && keys[i].length > 0 && keys[i] + keys[i + 1] === want) {
      found.set(rows[i], level);
      found.set(rows[i + 1], level);
      return true;
    }
    return false;
  };
  for (const e of outline) {
    const want = compact(e.title);
    if (!want) continue;
    let at = -1;
    for (let i = cursor; i < rows.length && at < 0; i++) if (tryAt(i, want, e.level)) at = i;
    for (let i = 0; i < cursor && at < 0; i++) if (tryAt(i, want, e.level)) at = i;
    if (at >= 0) {
      hits++;
      cursor = at + 1;
    }
  }
  return hits * 2 >= outline.length ? found : null;
}

const round = (x: number) => Math.round(x * 2) / 2;

/** The body text size: the size carrying the most characters. */
export function bodyStyle(rows: Row[]): { size: number; bold: boolean } {
  const bySize = new Map<number, number>();
  let boldChars = 0;
  let chars = 0;
  for (const r of rows)
    for (const f of r.frags) bySize.set(round(f.size), (bySize.get(round(f.size)) ?? 0) + f.text.length);
  let size = 0;
  let best = -1;
  for (const [s, n] of bySize)
    if (n > best) {
      best = n;
      size = s;
    }
  for (const r of rows)
    for (const f of r.frags)
      if (round(f.size) === size && !f.mono) {
        chars += f.text.length;
        if (f.bold) boldChars += f.text.length;
      }
  return { size, bold: chars > 0 && boldChars / chars > 0.5 };
}

const MARKER = /^(?:[•◦▪▫●○■□‣⁃∙·*–-]\s|\(?(?:\d{1,3}|[a-zA-Z])[.)]\s)/;

/** Heading rows by font size and weight, with their levels. */
export function fontHeadings(rows: Row[]): Map<Row, number> {
  const body = bodyStyle(rows);
  const styleOf = (r: Row): string | null => {
    if (r.frags.length !== 1) return null;
    const f = r.frags[0];
    const t = f.text;
    if (f.mono || !/\p{L}/u.test(t) || t.length > 150 || MARKER.test(t)) return null;
    const big = f.size >= body.size * 1.12;
    const boldish = !body.bold && f.bold && f.size >= body.size - 0.5 && t.split(/\s+/).length <= 12 && !/[.,;:]$/.test(t);
    return big || boldish ? `${round(f.size)}|${f.bold ? 1 : 0}` : null;
  };
  const styles = new Map<string, { size: number; bold: boolean }>();
  const tagged: [Row, string][] = [];
  for (const r of rows) {
    const s = styleOf(r);
    if (!s) continue;
    tagged.push([r, s]);
    styles.set(s, { size: round(r.frags[0].size), bold: r.frags[0].bold });
  }
  const order = [...styles.entries()].sort((a, b) => b[1].size - a[1].size || Number(b[1].bold) - Number(a[1].bold)).map((e) => e[0]);
  const out = new Map<Row, number>();
  for (const [r, s] of tagged) out.set(r, Math.min(6, order.indexOf(s) + 1));
  return out;
}

export { MARKER as LIST_MARKER };
