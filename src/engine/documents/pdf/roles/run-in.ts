// Run-in headings: the bold numbered opening of a paragraph's first line ("1.2 Scope. The rest…").

import { rowText } from '../lines/geometry.ts';
import { bodyStyle } from '../lines/style.ts';
import type { Row } from '../types.ts';
import { CODE_LIKE, isByline, numberingDepth, SECTION_NUMBER } from './patterns.ts';
import { HEADING, RUN_IN } from '../thresholds.ts';

/** A run-in heading: the bold numbered opening of a paragraph's first line, split off as a heading. */
export interface RunIn {
  level: number;
  /** The heading's text (its final "." or ":" taken off). */
  title: string;
  /** The row's text after the heading (the paragraph's start). */
  rest: string;
}

/**
 * Run-in headings ("**1.2 Scope.** The rest of the paragraph…" on a body-size line), found only on
 * strong evidence: the row opens a paragraph (the line above ends a sentence, or is far, or another
 * size), is one fragment at body size in a body that is not bold, and opens in bold with a section
 * number and a short title ending in "." or ":" (at most 12 words), followed by text of another
 * weight. Bold words inside a sentence never qualify, nor unnumbered bold openings ("**Note.**"),
 * bylines or code. Levels: the numbering depth, shifted as the numbered headings already found are
 * (a title above "1 Introduction" makes depth 1 level 2).
 */
export function runInHeadings(rows: Row[], headingOf: Map<Row, number>): Map<Row, RunIn> {
  const out = new Map<Row, RunIn>();
  const body = bodyStyle(rows);
  if (body.bold) return out;
  let shift = 0;
  let numbered = false;
  let titled = false;
  for (const [r, level] of headingOf) {
    const d = numberingDepth(rowText(r).trim());
    if (d) {
      shift = numbered ? Math.max(shift, level - d) : level - d;
      numbered = true;
    } else if (level === 1) titled = true;
  }
  if (!numbered && titled) shift = 1;
  rows.forEach((r, i) => {
    if (headingOf.has(r) || r.frags.length !== 1) return;
    const f = r.frags[0];
    if (!f.boldLead || f.mono || Math.abs(f.size - body.size) > HEADING.SAME_SIZE) return;
    const lead = f.text.slice(0, f.boldLead).trim();
    const rest = f.text.slice(f.boldLead).trim();
    const depth = numberingDepth(lead);
    if (!depth || !/[.:]$/.test(lead) || lead.split(/\s+/).length > RUN_IN.MAX_WORDS || lead.length > RUN_IN.MAX_CHARS) return;
    if (!/\p{L}/u.test(rest) || CODE_LIKE.test(lead) || isByline(lead)) return;
    // The title itself: a number, then words ("1.2 Scope.", not "1.2." alone).
    const title = lead.replace(/[.:]$/, '').trim();
    if (!/\p{L}{2}/u.test(title.replace(SECTION_NUMBER, ''))) return;
    // It opens a paragraph: the line above, close and as large, ends a sentence (or is a heading).
    const prev = rows[i - 1];
    if (prev && prev.page === r.page && !prev.jump && !headingOf.has(prev) && Math.abs(prev.size - r.size) < HEADING.SAME_SIZE && prev.y - r.y > 0 && prev.y - r.y <= HEADING.LINE_PITCH * r.size && !/[.!?:;]$/.test(rowText(prev).trim())) return;
    out.set(r, { level: Math.max(1, Math.min(6, depth + shift)), title, rest });
  });
  return out;
}
