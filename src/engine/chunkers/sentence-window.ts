// Sentence window: every sentence (unit) is indexed on its own, and the k units on each side are returned
// with it. Use it when questions hit single sentences but the reader needs the surrounding context.

import type { CommonParams } from '../types.ts';
import { trimRange, unitsOf } from '../documents/ranges.ts';
import {
  chunkEnv,
  DEFAULT_LADDER,
  defineChunker,
  type Draft,
  finalize,
  headerParam,
  ignoredOverlap,
  maxTokensParam,
  splitRange,
  unitItems,
  withReturnTokens,
} from './kit/index.ts';

export interface SentenceWindowParams extends CommonParams {
  /** Units returned on each side of the indexed one. Default 2. */
  window?: number;
  language?: string;
}

export const sentenceWindow = defineChunker<SentenceWindowParams>({
  id: 'sentence-window',
  label: { pt: 'Janela de frases', en: 'Sentence window' },
  summary: {
    pt: 'Indexa cada frase sozinha e devolve k frases de cada lado junto com ela.\nUse quando a pergunta bate numa frase mas a leitura precisa do entorno.',
    en: 'Indexes every sentence alone and returns k sentences on each side with it.\nUse it when questions hit one sentence but the reader needs its surroundings.',
  },
  params: [
    maxTokensParam(128, {
      pt: 'Limite rígido de tokens de cada frase indexada (frases maiores são cortadas).',
      en: 'Hard cap on tokens of each indexed sentence (longer ones are cut).',
    }),
    ignoredOverlap,
    headerParam,
    {
      name: 'window',
      type: 'int',
      default: 2,
      min: 0,
      max: 20,
      help: {
        pt: 'Frases devolvidas de cada lado da frase indexada.',
        en: 'Sentences returned on each side of the indexed one.',
      },
    },
  ],
  chunk(doc, params, ctx) {
    const env = chunkEnv(doc, params, ctx);
    if (!env) return [];
    const { index, prefixer } = env;
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
    return withReturnTokens(doc, finalize(env, drafts), ctx);
  },
});
