// The returned range of window strategies (small-to-big, sentence-window): its token count.

import type { Chunk, ChunkerContext, Doc } from '../../types.ts';

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
