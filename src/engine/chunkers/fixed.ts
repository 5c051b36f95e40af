// Fixed windows: N tokens per chunk, sliding by N − O so consecutive windows share exactly O tokens,
// cut at token boundaries with no regard for structure. The baseline every other strategy must beat.

import type { Chunk, ChunkerContext, CommonParams, Doc, Chunker } from '../types.ts';
import { type Draft, finalize, isBlank, pathAt, tokenIndexOf } from './common.ts';
import { createPrefixer } from './header.ts';

export type FixedParams = CommonParams;

export const fixedChunker: Chunker<FixedParams> = {
  id: 'fixed',
  chunk(doc: Doc, params: FixedParams, ctx: ChunkerContext): Chunk[] {
    if (isBlank(doc.text)) return [];
    const index = tokenIndexOf(doc, ctx.tokenizer);
    const prefixer = createPrefixer(doc, ctx.tokenizer, params.maxTokens, params.header);
    const tokens = index.tokens;
    const n = tokens.length;
    const overlap = Math.max(0, params.overlap ?? 0);
    const drafts: Draft[] = [];
    if (n === 0) {
      // Text the tokenizer drops entirely (control characters…): one chunk, so nothing vanishes.
      drafts.push({ start: 0, end: doc.text.length });
    }
    let i = 0;
    while (i < n) {
      // The window's size: the cap less the context header of the path where it starts.
      const size = Math.max(1, prefixer.budgetAt(tokens[i].start));
      let last = Math.min(n, i + size) - 1;
      // A window that starts inside a word can tokenize to more pieces on its own: verify, and shrink
      // by whole tokens until prefix + text fits (the cap is a hard maximum).
      const prefix = prefixer.header(pathAt(doc, tokens[i].start));
      let count = ctx.tokenizer.count(prefix + doc.text.slice(tokens[i].start, tokens[last].end));
      while (count > params.maxTokens && last > i) {
        last--;
        count = ctx.tokenizer.count(prefix + doc.text.slice(tokens[i].start, tokens[last].end));
      }
      drafts.push({ start: tokens[i].start, end: tokens[last].end, tokens: count });
      if (last === n - 1) break;
      // A header can leave a window no bigger than the overlap: then overlap less, never stall.
      i = last + 1 - Math.min(overlap, last - i);
    }
    return finalize({ doc, tokenizer: ctx.tokenizer, index, maxTokens: params.maxTokens, prefixer }, drafts);
  },
};
