// Small-to-big: small children (maxTokens each) are indexed, and each returns its parent, a section or a
// window of parentTokens; children of one parent share parentId and merge at retrieval. Use it when
// precise matching and rich context pull in opposite directions.

import type { CommonParams } from '../types.ts';
import { trimRange } from '../documents/ranges.ts';
import {
  bodySections,
  chunkEnv,
  defineChunker,
  type Draft,
  finalize,
  headerParam,
  levelParam,
  MARKDOWN_LADDER,
  MAX_TOKENS_LIMIT,
  maxTokensParam,
  splitRange,
  wholePiecesOverlap,
  withReturnTokens,
} from './kit/index.ts';

export interface SmallToBigParams extends CommonParams {
  /** What a child returns: its section (cut at parentTokens when longer) or a window of parentTokens. */
  parent?: 'section' | 'window';
  /** Size of a parent in tokens (the largest a section parent may be). Default 512. */
  parentTokens?: number;
  /** Heading level of section parents. Default 2. */
  level?: number;
}

export const smallToBig = defineChunker<SmallToBigParams>({
  id: 'small-to-big',
  label: { pt: 'Pequeno para grande', en: 'Small-to-big' },
  summary: {
    pt: 'Indexa filhos pequenos e devolve o pai (a seção ou uma janela maior); filhos do mesmo pai se fundem na busca.\nUse quando a busca precisa de precisão e a leitura precisa de contexto.',
    en: 'Indexes small children and returns their parent (the section or a larger window); children of one parent merge at retrieval.\nUse it when matching needs precision and reading needs context.',
  },
  params: [
    maxTokensParam(128, {
      pt: 'Limite rígido de tokens de cada filho indexado (prefixo incluído).',
      en: 'Hard cap on tokens of each indexed child (prefix included).',
    }),
    wholePiecesOverlap,
    headerParam,
    {
      name: 'parent',
      type: 'enum',
      default: 'section',
      options: ['section', 'window'],
      help: {
        pt: 'O que o filho devolve: a sua seção (cortada em parentTokens se maior) ou uma janela de parentTokens.',
        en: 'What a child returns: its section (cut at parentTokens when longer) or a window of parentTokens.',
      },
    },
    {
      name: 'parentTokens',
      type: 'int',
      default: 512,
      min: 16,
      max: MAX_TOKENS_LIMIT * 4,
      help: {
        pt: 'Tamanho máximo de um pai em tokens (nunca menor que o limite dos filhos).',
        en: "Largest size of a parent in tokens (never below the children's cap).",
      },
    },
    levelParam(2, {
      pt: 'Nível de título das seções-pai.',
      en: 'Heading level of section parents.',
    }),
  ],
  chunk(doc, params, ctx) {
    const env = chunkEnv(doc, params, ctx);
    if (!env) return [];
    const { index, prefixer } = env;
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
    return withReturnTokens(doc, finalize(env, drafts), ctx);
  },
});
