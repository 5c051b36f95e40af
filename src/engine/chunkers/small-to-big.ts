// Small-to-big: small children (maxTokens each) are indexed, and each returns its parent, a section or a
// window of parentTokens; children of one parent share parentId and merge at retrieval. Use it when
// precise matching and rich context pull in opposite directions.

import type { Chunk, ChunkerContext, CommonParams, Doc, Chunker } from '../types.ts';
import { type Draft, finalize, isBlank, tokenIndexOf, trimRange } from './common.ts';
import { createPrefixer } from './header.ts';
import { MARKDOWN_LADDER, splitRange } from './recursive.ts';
import { withReturnTokens } from './sentence-window.ts';
import { bodySections } from './structure.ts';

export interface SmallToBigParams extends CommonParams {
  /** What a child returns: its section (cut at parentTokens when longer) or a window of parentTokens. */
  parent?: 'section' | 'window';
  /** Size of a parent in tokens (the largest a section parent may be). Default 512. */
  parentTokens?: number;
  /** Heading level of section parents. Default 2. */
  level?: number;
}

export const smallToBigChunker: Chunker<SmallToBigParams> = {
  id: 'small-to-big',
  chunk(doc: Doc, params: SmallToBigParams, ctx: ChunkerContext): Chunk[] {
    if (isBlank(doc.text)) return [];
    const index = tokenIndexOf(doc, ctx.tokenizer);
    const prefixer = createPrefixer(doc, ctx.tokenizer, params.maxTokens, params.header);
    const parentTokens = Math.max(params.maxTokens, params.parentTokens ?? 512);
    const parentEnv = { text: doc.text, index, budgetAt: () => parentTokens };
    // Parents: aligned, non-overlapping ranges that tile the document.
    const parents: [number, number][] = [];
    const sectionRanges: [number, number][] =
      (params.parent ?? 'section') === 'section'
        ? bodySections(doc, params.level ?? 2).map((s) => [s.start, s.end])
        : [[0, doc.text.length]];
    if (sectionRanges.length === 0) sectionRanges.push([0, doc.text.length]);
    for (const [s, e] of sectionRanges) parents.push(...splitRange(parentEnv, s, e, MARKDOWN_LADDER));
    const childEnv = { text: doc.text, index, budgetAt: prefixer.budgetAt };
    const drafts: Draft[] = [];
    parents.forEach(([ps, pe], p) => {
      const [returnStart, returnEnd] = trimRange(doc.text, ps, pe);
      const parentId = `${doc.id}#p${p}`;
      for (const [a, b] of splitRange(childEnv, ps, pe, MARKDOWN_LADDER, params.overlap ?? 0)) {
        drafts.push({ start: a, end: b, returnStart, returnEnd, parentId });
      }
    });
    const chunks = finalize({ doc, tokenizer: ctx.tokenizer, index, maxTokens: params.maxTokens, prefixer }, drafts);
    return withReturnTokens(doc, chunks, ctx);
  },
};
