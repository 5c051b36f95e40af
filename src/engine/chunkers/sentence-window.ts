// Sentence window: every sentence (unit) is indexed on its own, and the k units on each side are returned
// with it. Use it when questions hit single sentences but the reader needs the surrounding context.

import type { Chunk, ChunkerContext, CommonParams, Doc, Chunker } from '../types.ts';
import { type Draft, finalize, isBlank, tokenIndexOf, trimRange, unitsOf } from './common.ts';
import { unitItems } from './group.ts';
import { createPrefixer } from './header.ts';
import { DEFAULT_LADDER, splitRange } from './recursive.ts';

export interface SentenceWindowParams extends CommonParams {
  /** Units returned on each side of the indexed one. Default 2. */
  window?: number;
  language?: string;
}

export const sentenceWindowChunker: Chunker<SentenceWindowParams> = {
  id: 'sentence-window',
  chunk(doc: Doc, params: SentenceWindowParams, ctx: ChunkerContext): Chunk[] {
    if (isBlank(doc.text)) return [];
    const index = tokenIndexOf(doc, ctx.tokenizer);
    const prefixer = createPrefixer(doc, ctx.tokenizer, params.maxTokens, params.header);
    const items = unitItems(doc, unitsOf(doc, params.language || undefined));
    const k = Math.max(0, params.window ?? 2);
    const drafts: Draft[] = [];
    for (let i = 0; i < items.length; i++) {
      const it = items[i];
      const [s, e] = trimRange(doc.text, it.start, it.end);
      if (s >= e) continue;
      const [returnStart] = trimRange(doc.text, items[Math.max(0, i - k)].start, it.end);
      const returnEnd = trimRange(doc.text, it.start, items[Math.min(items.length - 1, i + k)].end)[1];
      if (index.count(s, e) <= prefixer.budgetAt(s)) {
        drafts.push({ start: s, end: e, returnStart, returnEnd });
        continue;
      }
      // A unit over the cap is indexed in pieces; each returns the same window.
      const ladder = it.kind === 'code' ? [/\n/g] : DEFAULT_LADDER;
      for (const [a, b] of splitRange({ text: doc.text, index, budgetAt: prefixer.budgetAt }, s, e, ladder)) {
        drafts.push({ start: a, end: b, returnStart, returnEnd, flags: ['oversized-unit'] });
      }
    }
    const chunks = finalize({ doc, tokenizer: ctx.tokenizer, index, maxTokens: params.maxTokens, prefixer }, drafts);
    return withReturnTokens(doc, chunks, ctx);
  },
};

/** Sets returnTokens (prefix + returned range) where the returned range differs from the indexed one. */
export function withReturnTokens(doc: Doc, chunks: Chunk[], ctx: ChunkerContext): Chunk[] {
  const cache = new Map<string, number>();
  for (const c of chunks) {
    const rs = c.returnStart ?? c.start;
    const re = c.returnEnd ?? c.end;
    if (rs === c.start && re === c.end) continue;
    const key = `${rs}:${re}:${c.prefix}`;
    let n = cache.get(key);
    if (n === undefined) {
      n = ctx.tokenizer.count(c.prefix + doc.text.slice(rs, re));
      cache.set(key, n);
    }
    c.returnTokens = n;
  }
  return chunks;
}
