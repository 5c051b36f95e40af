// Recursive splitting: the separator ladder (blank line, line break, sentence end, space, then a hard
// token cut) applied to the whole document, merging neighbours while they fit. A good default.

import type { CommonParams } from '../types.ts';
import {
  chunkEnv,
  defineChunker,
  finalize,
  headerParam,
  type LadderName,
  maxTokensParam,
  resolveLadder,
  type Separator,
  splitRange,
  wholePiecesOverlap,
} from './kit/index.ts';

export interface RecursiveParams extends CommonParams {
  /** A named ladder, or your own separators (strings are literal), strongest first. */
  separators?: LadderName | Separator[];
}

export const recursive = defineChunker<RecursiveParams>({
  id: 'recursive',
  label: { pt: 'Recursivo', en: 'Recursive' },
  summary: {
    pt: 'Corta no separador mais forte que resolve (linha em branco, quebra de linha, fim de frase, espaço) e junta vizinhos enquanto cabem.\nUm bom padrão para texto misto.',
    en: 'Cuts at the strongest separator that helps (blank line, line break, sentence end, space) and merges neighbours while they fit.\nA good default for mixed text.',
  },
  params: [
    maxTokensParam(256),
    wholePiecesOverlap,
    headerParam,
    {
      name: 'separators',
      type: 'enum',
      default: 'default',
      options: ['default', 'markdown'],
      help: {
        pt: 'Escada de separadores: "default" (parágrafo, linha, frase, espaço) ou "markdown" (antes de títulos e blocos de código, depois a padrão).',
        en: 'Separator ladder: "default" (paragraph, line, sentence, space) or "markdown" (before headings and code fences, then the default).',
      },
    },
  ],
  chunk(doc, params, ctx) {
    const env = chunkEnv(doc, params, ctx);
    if (!env) return [];
    const split = { text: doc.text, index: env.index, budgetAt: env.prefixer.budgetAt };
    const ranges = splitRange(split, 0, doc.text.length, resolveLadder(params.separators), params.overlap ?? 0);
    return finalize(env, ranges.map(([start, end]) => ({ start, end })));
  },
});
