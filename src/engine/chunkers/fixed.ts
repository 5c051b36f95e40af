// Fixed windows: N tokens per chunk, sliding by N − O so consecutive windows share exactly O tokens,
// cut at token boundaries with no regard for structure. The baseline every other strategy must beat.

import type { CommonParams } from '../types.ts';
import { pathAt } from '../documents/ranges.ts';
import { chunkEnv, defineChunker, type Draft, finalize, headerParam, maxTokensParam, overlapParam } from './kit/index.ts';

export type FixedParams = CommonParams;

export const fixed = defineChunker<FixedParams>({
  id: 'fixed',
  label: { pt: 'Janela fixa', en: 'Fixed window' },
  summary: {
    pt: 'Janelas de N tokens que deslizam com sobreposição de O tokens, sem olhar a estrutura.\nA linha de base: use para comparar as outras estratégias.',
    en: 'Windows of N tokens sliding with an overlap of O tokens, blind to structure.\nThe baseline: use it to compare the other strategies against.',
  },
  params: [
    maxTokensParam(256),
    overlapParam({
      pt: 'Tokens compartilhados por janelas consecutivas (exatamente O, menor que o limite).',
      en: 'Tokens shared by consecutive windows (exactly O, below the cap).',
    }),
    headerParam,
  ],
  chunk(doc, params, ctx) {
    const env = chunkEnv(doc, params, ctx);
    if (!env) return [];
    const { index, prefixer } = env;
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
      // Characters the tokenizer drops (U+FFFD, control and bidi characters, lone surrogates) lie between
      // tokens: the first window reaches back to the text's start and each window forward to the next
      // token (or the text's end), so every character is in some chunk. finalize recounts such a window.
      const start = i === 0 ? 0 : tokens[i].start;
      const end = last === n - 1 ? doc.text.length : tokens[last + 1].start;
      drafts.push(start === tokens[i].start && end === tokens[last].end ? { start, end, tokens: count } : { start, end });
      if (last === n - 1) break;
      // A header can leave a window no bigger than the overlap: then overlap less, never stall.
      i = last + 1 - Math.min(overlap, last - i);
    }
    return finalize(env, drafts);
  },
});
