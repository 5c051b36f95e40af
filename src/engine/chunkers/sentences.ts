// Sentence grouping: whole units (sentences; headings, table rows and code blocks are indivisible) are
// packed up to the cap, so no chunk starts or ends mid-sentence. Use it for prose-heavy documents.

import type { Chunk, ChunkerContext, CommonParams, Doc, Chunker } from '../types.ts';
import { finalize, isBlank, tokenIndexOf, unitsOf } from './common.ts';
import { groupItems, unitItems } from './group.ts';
import { createPrefixer } from './header.ts';

export interface SentencesParams extends CommonParams {
  /** Language for sentence segmentation ('pt', 'en'); default: the document's, else guessed. */
  language?: string;
}

export const sentencesChunker: Chunker<SentencesParams> = {
  id: 'sentences',
  chunk(doc: Doc, params: SentencesParams, ctx: ChunkerContext): Chunk[] {
    if (isBlank(doc.text)) return [];
    const index = tokenIndexOf(doc, ctx.tokenizer);
    const prefixer = createPrefixer(doc, ctx.tokenizer, params.maxTokens, params.header);
    const items = unitItems(doc, unitsOf(doc, params.language || undefined));
    const drafts = groupItems({ doc, index, budgetAt: prefixer.budgetAt, repeatTableHeader: true }, items, params.overlap ?? 0);
    return finalize({ doc, tokenizer: ctx.tokenizer, index, maxTokens: params.maxTokens, prefixer }, drafts);
  },
};
