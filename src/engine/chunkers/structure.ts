// Structure-aware chunks: one section (at heading level `level`) per chunk, heading always with its body,
// small neighbours merged, big sections cut inside; tables cut by rows with the header repeated, code
// kept whole when it fits. Use it for Markdown with real headings (manuals, policies, docs sites).

import type { Chunk, ChunkerContext, CommonParams, Doc, Chunker } from '../types.ts';
import { sections as docSections, type Section } from '../documents/index.ts';
import { type Draft, finalize, isBlank, tokenIndexOf } from './common.ts';
import { blockItems, groupItems, unitItems } from './group.ts';
import { createPrefixer } from './header.ts';

export interface StructureParams extends CommonParams {
  /** Heading level that starts a section (1-6). Default 2. */
  level?: number;
  /** Merge consecutive small sections while they fit. Default true. */
  merge?: boolean;
}

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

export const structureChunker: Chunker<StructureParams> = {
  id: 'structure',
  chunk(doc: Doc, params: StructureParams, ctx: ChunkerContext): Chunk[] {
    if (isBlank(doc.text)) return [];
    const index = tokenIndexOf(doc, ctx.tokenizer);
    const prefixer = createPrefixer(doc, ctx.tokenizer, params.maxTokens, params.header);
    const env = { doc, index, budgetAt: prefixer.budgetAt, repeatTableHeader: true, cutToKeepHeadings: true };
    const merge = params.merge ?? true;
    const drafts: Draft[] = [];
    let cur: Draft | null = null;
    let curPath: string[] = [];
    const secs = bodySections(doc, params.level ?? 2);
    if (secs.length === 0) drafts.push(...groupItems(env, unitItems(doc, []), params.overlap ?? 0));
    for (const sec of secs) {
      const fits = index.count(sec.start, sec.end) <= prefixer.budgetAt(sec.start);
      if (fits) {
        if (merge && cur && index.count(cur.start, sec.end) <= prefixer.budgetAt(cur.start)) {
          cur.end = sec.end;
          // A merged chunk is labelled with what its sections share, not with its first section's path.
          // (A shorter path means a shorter header, so the budget checked above still holds.)
          const shared = commonPrefix(cur.path ?? curPath, sec.headingPath);
          if (shared.length) cur.path = shared;
          continue;
        }
        if (cur) drafts.push(cur);
        cur = { start: sec.start, end: sec.end };
        curPath = sec.headingPath;
        continue;
      }
      if (cur) drafts.push(cur);
      cur = null;
      // Too big: grouped block by block inside the section (sub-headings stay with their bodies).
      drafts.push(...groupItems(env, blockItems(doc, sec.blocks[0], sec.blocks[1]), params.overlap ?? 0));
    }
    if (cur) drafts.push(cur);
    return finalize({ doc, tokenizer: ctx.tokenizer, index, maxTokens: params.maxTokens, prefixer }, drafts);
  },
};

/** The longest common leading part of two heading paths. */
function commonPrefix(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < a.length && i < b.length && a[i] === b[i]; i++) out.push(a[i]);
  return out;
}
