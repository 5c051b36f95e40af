// Sections for the strategies that cut by headings (structure, small-to-big's section parents).

import type { Doc } from '../../types.ts';
import { sections as docSections, type Section } from '../../documents/index.ts';

/**
 * Sections at `level` in which a section holding nothing but its heading (a heading with no body) is
 * joined to the next one, so a heading is never left alone when something follows it.
 */
export function bodySections(doc: Doc, level: number): Section[] {
  const out: Section[] = [];
  let pending: Section | null = null;
  for (const sec of docSections(doc, level)) {
    const [from, to] = sec.blocks;
    let onlyHeadings = true;
    for (let b = from; b < to; b++) if (doc.blocks[b].kind !== 'heading') onlyHeadings = false;
    const merged: Section = pending
      ? { ...sec, start: pending.start, headingPath: pending.headingPath, heading: pending.heading, blocks: [pending.blocks[0], to] }
      : sec;
    if (onlyHeadings) pending = merged;
    else {
      out.push(merged);
      pending = null;
    }
  }
  if (pending) out.push(pending);
  return out;
}
