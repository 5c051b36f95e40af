// Sentence grouping: whole units (sentences; headings, table rows and code blocks are indivisible) are
// packed up to the cap, so no chunk starts or ends mid-sentence. Use it for prose-heavy documents.

import type { CommonParams } from '../types.ts';
import { unitsOf } from '../documents/ranges.ts';
import { chunkEnv, defineChunker, finalize, groupItems, headerParam, maxTokensParam, overlapParam, unitItems } from './kit/index.ts';

export interface SentencesParams extends CommonParams {
  /** Language for sentence segmentation ('pt', 'en'); default: the document's, else guessed. */
  language?: string;
}

export const sentences = defineChunker<SentencesParams>({
  id: 'sentences',
  label: { pt: 'Frases', en: 'Sentences' },
  summary: {
    pt: 'Agrupa frases inteiras (títulos, linhas de tabela e blocos de código indivisíveis) até o limite.\nUse em documentos de prosa, quando cortar no meio da frase prejudica.',
    en: 'Packs whole sentences (headings, table rows and code blocks indivisible) up to the cap.\nUse it for prose, where cutting mid-sentence hurts.',
  },
  params: [
    maxTokensParam(256),
    overlapParam({
      pt: 'Tokens de frases inteiras do fim de um chunk repetidos no seguinte (0 = sem sobreposição).',
      en: 'Tokens of whole sentences from the end of a chunk repeated in the next (0 = none).',
    }),
    headerParam,
  ],
  chunk(doc, params, ctx) {
    const env = chunkEnv(doc, params, ctx);
    if (!env) return [];
    const items = unitItems(doc, unitsOf(doc, params.language || undefined));
    const drafts = groupItems({ doc, index: env.index, budgetAt: env.prefixer.budgetAt, repeatTableHeader: true }, items, params.overlap ?? 0);
    return finalize(env, drafts);
  },
});
