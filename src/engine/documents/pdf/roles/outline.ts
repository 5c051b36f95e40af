// Headings from the outline (bookmarks): its titles found in the text, in order (level = depth in
// the outline), and the numbered font headings below its depth.

import { rowText } from '../lines/geometry.ts';
import type { PdfOutlineNode, Row } from '../types.ts';
import { compact, unlabelled } from './patterns.ts';
import { OUTLINE } from '../thresholds.ts';

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

/**
 * Rows that carry outline titles, with their levels. A title matches a line, or two or three
 * consecutive lines (a title wrapped), when their text is the same letters and digits; taken when at
 * least half the titles are found so. Otherwise a second try also matches lines that are the same
 * once a section label is taken off either side, since texinfo and Word outlines often leave out the
 * numbers the text prints ("ASN.1 syntax" for "2.1 ASN.1 syntax", "A Copying Information" for
 * "Appendix A Copying Information"); taken only when it finds at least 80% of the titles (a looser
 * match that finds fewer says the lines are not read as the outline expects: fonts do better).
 * Null when neither is taken.
 */
export function outlineHeadings(rows: Row[], outline: OutlineEntry[]): Map<Row, number> | null {
  return matchOutline(rows, outline, false, OUTLINE.FOUND) ?? matchOutline(rows, outline, true, OUTLINE.FOUND_UNLABELLED);
}

function matchOutline(rows: Row[], outline: OutlineEntry[], labels: boolean, enough: number): Map<Row, number> | null {
  if (!outline.length) return null;
  const texts = rows.map((r) => rowText(r).trim());
  const keys = texts.map(compact);
  const found = new Map<Row, number>();
  let cursor = 0;
  let hits = 0;
  const same = (text: string, key: string, title: string, want: string): boolean => {
    if (key === want) return true;
    if (!labels) return false;
    const a = unlabelled(text);
    const b = unlabelled(title);
    return a.length >= OUTLINE.MIN_UNLABELLED && (a === b || a === want || key === b);
  };
  const tryAt = (i: number, title: string, want: string, level: number): boolean => {
    if (found.has(rows[i]) || !keys[i]) return false;
    let text = '';
    let key = '';
    for (let k = 0; k < OUTLINE.MAX_LINES && i + k < rows.length; k++) {
      if (k > 0 && (found.has(rows[i + k]) || rows[i + k].page !== rows[i].page)) return false;
      text = k ? `${text} ${texts[i + k]}` : texts[i];
      key += keys[i + k];
      if (same(text, key, title, want)) {
        for (let j = 0; j <= k; j++) found.set(rows[i + j], level);
        return true;
      }
      // Longer than the title already: no further line can make it match.
      if (key.length > want.length + OUTLINE.OVERRUN) return false;
    }
    return false;
  };
  for (const e of outline) {
    const want = compact(e.title);
    if (!want) continue;
    let at = -1;
    for (let i = cursor; i < rows.length && at < 0; i++) if (tryAt(i, e.title, want, e.level)) at = i;
    for (let i = 0; i < cursor && at < 0; i++) if (tryAt(i, e.title, want, e.level)) at = i;
    if (at >= 0) {
      hits++;
      cursor = at + 1;
    }
  }
  return hits >= enough * outline.length ? found : null;
}

const NUMBER = /^\s*(?:(?:appendix|annex|anexo|ap[êe]ndice)\s+)?((?:\d{1,3}|[A-Z])(?:\.\d{1,3}){0,5})\.?\s+(?=\p{L})/u;

/**
 * Headings below the outline's depth: headings found by their look (see lineRoles, decide.ts) that the outline left out,
 * kept only when numbered under the outline heading above them ("2.1.3 Details" after the outline's
 * "2.1 Syntax" becomes one level below it, "2.1.3.1" two). Unnumbered font headings, and numbers that
 * do not continue the heading above ("5.2" under "2.1"), are dropped: with an outline to go by, a
 * bold or larger line that it does not list is more often a function name, a caption or a byline.
 */
export function belowOutline(rows: Row[], outlined: Map<Row, number>, fonts: Map<Row, number>): Map<Row, number> {
  const out = new Map(outlined);
  const styleKey = (r: Row) => {
    const f = r.frags[r.frags.length - 1];
    return `${Math.round(f.size * 2) / 2}|${f.bold ? 1 : 0}`;
  };
  // The level of each style the outlined headings are set in, when that style has one level only.
  const styleLevel = new Map<string, number>();
  const mixed = new Set<string>();
  for (const [r, l] of outlined) {
    const k = styleKey(r);
    if (styleLevel.has(k) && styleLevel.get(k) !== l) mixed.add(k);
    styleLevel.set(k, l);
  }
  for (const k of mixed) styleLevel.delete(k);
  const firstPage = rows.find((r) => outlined.has(r))?.page;
  let parent: { num: string; level: number } | null = null;
  let front = true;
  for (const r of rows) {
    const t = rowText(r);
    const m = NUMBER.exec(t);
    const level = outlined.get(r);
    if (level !== undefined) {
      parent = m ? { num: m[1], level } : null;
      front = false;
      continue;
    }
    // Front matter above the outline's first entry ("Abstract", "Contents"), which outlines often
    // leave out: a line fonts find to be a heading stays when it is set exactly like the outline's
    // headings of one level, on the page where the outline's first heading is (a title page's own
    // styles, a byline, a title page before the text stay text).
    if (front && fonts.has(r) && r.page === firstPage) {
      const l = styleLevel.get(styleKey(r));
      if (l !== undefined) out.set(r, l);
      continue;
    }
    if (!parent || !m || !fonts.has(r) || !m[1].startsWith(`${parent.num}.`)) continue;
    const extra = m[1].split('.').length - parent.num.split('.').length;
    if (extra >= 1) out.set(r, Math.min(6, parent.level + extra));
  }
  return out;
}
