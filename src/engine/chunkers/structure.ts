// Structure-aware chunks: one section (at heading level `level`) per chunk, heading always with its body,
// small neighbours merged, big sections cut inside; tables cut by rows with the header repeated, code
// kept whole when it fits. Use it for Markdown with real headings (manuals, policies, docs sites).

import type { CommonParams } from '../types.ts';
import { pathAt, trimRange } from '../documents/ranges.ts';
import {
  blockItems,
  bodySections,
  chunkEnv,
  defineChunker,
  type Draft,
  finalize,
  groupItems,
  headerParam,
  levelParam,
  maxTokensParam,
  overlapParam,
  unitItems,
} from './kit/index.ts';

export interface StructureParams extends CommonParams {
  /** Heading level that starts a section (1-6). Default 2. */
  level?: number;
  /** Merge consecutive small sections while they fit. Default true. */
  merge?: boolean;
}

export const structure = defineChunker<StructureParams>({
  id: 'structure',
  label: { pt: 'Estrutura', en: 'Structure' },
  summary: {
    pt: 'Uma seção por chunk, título sempre com o corpo; tabelas cortadas por linhas com o cabeçalho repetido, código inteiro quando cabe.\nUse em Markdown com títulos de verdade (manuais, normas, documentação).',
    en: 'One section per chunk, heading always with its body; tables cut by rows with the header repeated, code whole when it fits.\nUse it for Markdown with real headings (manuals, policies, docs).',
  },
  params: [
    maxTokensParam(256),
    overlapParam({
      pt: 'Sobreposição em blocos inteiros, só dentro de seções grandes demais (0 = sem sobreposição).',
      en: 'Overlap in whole blocks, only inside sections too big for one chunk (0 = none).',
    }),
    headerParam,
    levelParam(2, {
      pt: 'Nível de título que abre uma seção (1 = #, 2 = ##, …).',
      en: 'Heading level that opens a section (1 = #, 2 = ##, …).',
    }),
    {
      name: 'merge',
      type: 'boolean',
      default: true,
      help: {
        pt: 'Junta seções pequenas consecutivas enquanto couberem no limite.',
        en: 'Merge consecutive small sections while they fit the cap.',
      },
    },
  ],
  chunk(doc, params, ctx) {
    const env = chunkEnv(doc, params, ctx);
    if (!env) return [];
    const { index, prefixer } = env;
    const group = { doc, index, budgetAt: prefixer.budgetAt, repeatTableHeader: true, cutToKeepHeadings: true };
    const merge = params.merge ?? true;
    const drafts: Draft[] = [];
    let cur: Draft | null = null;
    const secs = bodySections(doc, params.level ?? 2);
    if (secs.length === 0) drafts.push(...groupItems(group, unitItems(doc, []), params.overlap ?? 0));
    for (const sec of secs) {
      const fits = index.count(sec.start, sec.end) <= prefixer.budgetAt(sec.start);
      if (fits) {
        if (merge && cur && index.count(cur.start, sec.end) <= prefixer.budgetAt(cur.start)) {
          // A merged chunk's heading path (and header) is what its sections share, not the first one's.
          cur.end = sec.end;
          cur.path = commonPrefix(cur.path ?? pathAt(doc, trimRange(doc.text, cur.start, cur.end)[0]), sec.headingPath);
          continue;
        }
        if (cur) drafts.push(cur);
        cur = { start: sec.start, end: sec.end };
        continue;
      }
      if (cur) drafts.push(cur);
      cur = null;
      // Too big: grouped block by block inside the section (sub-headings stay with their bodies).
      drafts.push(...groupItems(group, blockItems(doc, sec.blocks[0], sec.blocks[1]), params.overlap ?? 0));
    }
    if (cur) drafts.push(cur);
    return finalize(env, drafts);
  },
});

/** The longest common leading part of two heading paths. */
function commonPrefix(a: string[], b: string[]): string[] {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return a.slice(0, k);
}
