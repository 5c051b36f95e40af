// Semantic chunks: units are embedded, and a chunk ends where neighbouring units stop resembling each
// other (distance above a percentile, or similarity below a threshold), within minTokens..maxTokens.
// Use it for long unstructured text whose topic drifts; it needs an embedding model.

import { InputError, type CommonParams } from '../types.ts';
import { unitsOf } from '../documents/ranges.ts';
import {
  chunkEnv,
  cosine,
  defineChunker,
  type Draft,
  finalize,
  type GroupEnv,
  groupItems,
  headerParam,
  ignoredOverlap,
  type Item,
  MAX_TOKENS_LIMIT,
  maxTokensParam,
  percentile,
  throwIfAborted,
  unitItems,
} from './kit/index.ts';

export interface SemanticParams extends CommonParams {
  /** Break where the distance between neighbours is above this percentile of all distances. Default 95. */
  percentile?: number;
  /** When > 0: break where the cosine similarity of neighbours is below this value (overrides percentile). */
  threshold?: number;
  /** Groups under this many tokens are merged into a neighbour. Default 32 (at most half the cap). */
  minTokens?: number;
  language?: string;
  /** Texts embedded per call. Default 32. */
  batchSize?: number;
}

export const semantic = defineChunker<SemanticParams>({
  id: 'semantic',
  label: { pt: 'Semântico', en: 'Semantic' },
  summary: {
    pt: 'Embute cada frase e corta onde frases vizinhas deixam de se parecer, entre um mínimo e o limite.\nUse em texto longo sem estrutura cujo assunto muda; precisa de um modelo de embeddings.',
    en: 'Embeds every sentence and cuts where neighbours stop resembling each other, between a minimum and the cap.\nUse it for long unstructured text whose topic drifts; needs an embedding model.',
  },
  params: [
    maxTokensParam(256),
    ignoredOverlap,
    headerParam,
    {
      name: 'percentile',
      type: 'number',
      default: 95,
      min: 0,
      max: 100,
      help: {
        pt: 'Corta onde a distância entre vizinhos passa deste percentil de todas as distâncias (95 é o usual).',
        en: 'Cut where the distance between neighbours is above this percentile of all distances (95 is usual).',
      },
    },
    {
      name: 'threshold',
      type: 'number',
      default: 0,
      min: 0,
      max: 1,
      help: {
        pt: 'Se maior que 0: corta onde a similaridade de cosseno entre vizinhos fica abaixo deste valor (substitui o percentil).',
        en: 'When above 0: cut where the cosine similarity of neighbours falls below this value (replaces the percentile).',
      },
    },
    {
      name: 'minTokens',
      type: 'int',
      default: 32,
      min: 0,
      max: MAX_TOKENS_LIMIT,
      help: {
        pt: 'Grupos menores que isto se juntam ao vizinho mais parecido (no máximo metade do limite).',
        en: 'Groups smaller than this join their most similar neighbour (at most half the cap).',
      },
    },
  ],
  check(resolved, given) {
    const max = resolved.maxTokens;
    if (given.minTokens !== undefined && (resolved.minTokens as number) >= max) {
      throw new InputError(`must be smaller than maxTokens (${max}), got ${resolved.minTokens}`, 'parameter minTokens');
    }
  },
  async chunk(doc, params, ctx) {
    if (!ctx.embed) throw new InputError('the semantic chunker needs an embedding model');
    const fenv = chunkEnv(doc, params, ctx);
    if (!fenv) return [];
    const { index, prefixer } = fenv;
    const items = unitItems(doc, unitsOf(doc, params.language || undefined));
    const env: GroupEnv = { doc, index, budgetAt: prefixer.budgetAt, repeatTableHeader: true };

    // 1. Embed every unit, in batches (cancellable between batches).
    const batch = Math.max(1, params.batchSize ?? 32);
    const vectors: Float32Array[] = [];
    for (let i = 0; i < items.length; i += batch) {
      throwIfAborted(ctx.signal);
      const texts = items.slice(i, i + batch).map((it) => doc.text.slice(it.start, it.end).trim());
      const out = await ctx.embed(texts);
      if (!Array.isArray(out) || out.length !== texts.length) {
        throw new InputError(`the embedding model returned ${Array.isArray(out) ? out.length : 'no'} vectors for ${texts.length} texts`);
      }
      vectors.push(...out);
      ctx.onProgress?.(Math.min(1, (i + texts.length) / items.length));
    }
    throwIfAborted(ctx.signal);

    // 2. Breakpoints between neighbours i and i+1.
    const sims: number[] = [];
    for (let i = 0; i + 1 < items.length; i++) sims.push(cosine(vectors[i], vectors[i + 1]));
    const threshold = params.threshold ?? 0;
    let isBreak: (i: number) => boolean;
    if (threshold > 0) isBreak = (i) => sims[i] < threshold;
    else {
      const distances = sims.map((s) => 1 - s);
      const cut = percentile(distances, params.percentile ?? 95);
      isBreak = (i) => distances[i] > cut;
    }
    let groups: Item[][] = [];
    let g: Item[] = [];
    items.forEach((it, i) => {
      g.push(it);
      if (i + 1 < items.length && isBreak(i)) {
        // A heading never ends a group: trailing headings move to the next one.
        let k = g.length;
        while (k > 0 && g[k - 1].kind === 'heading') k--;
        if (k > 0) {
          groups.push(g.slice(0, k));
          g = g.slice(k);
        }
      }
    });
    if (g.length) groups.push(g);

    // 3. No micro-chunks: a group under minTokens joins the neighbour it resembles more, when that fits.
    const minTokens = Math.min(params.minTokens ?? 32, Math.floor(params.maxTokens / 2));
    const position = new Map<Item, number>(items.map((it, i) => [it, i]));
    const tokensOf = (grp: Item[]) => index.count(grp[0].start, grp[grp.length - 1].end);
    const fitsGroup = (grp: Item[]) => tokensOf(grp) <= prefixer.budgetAt(grp[0].start);
    /** Similarity across the boundary after this group. */
    const simAfter = (grp: Item[]) => sims[position.get(grp[grp.length - 1])!] ?? -Infinity;
    for (let j = 0; j < groups.length && groups.length > 1; ) {
      if (tokensOf(groups[j]) >= minTokens) {
        j++;
        continue;
      }
      const left = j > 0 ? simAfter(groups[j - 1]) : -Infinity;
      const right = j + 1 < groups.length ? simAfter(groups[j]) : -Infinity;
      let merged = false;
      for (const n of left >= right ? [j - 1, j + 1] : [j + 1, j - 1]) {
        if (n < 0 || n >= groups.length) continue;
        const a = Math.min(n, j);
        const joined = [...groups[a], ...groups[a + 1]];
        if (fitsGroup(joined)) {
          groups.splice(a, 2, joined);
          j = a;
          merged = true;
          break;
        }
      }
      if (!merged) j++;
    }
    groups = groups.filter((grp) => grp.length > 0);

    // 4. No chunk over the cap: a group that does not fit is cut by the grouping rule (units, then ladder).
    const drafts: Draft[] = [];
    for (const grp of groups) {
      if (tokensOf(grp) <= prefixer.budgetAt(grp[0].start)) drafts.push({ start: grp[0].start, end: grp[grp.length - 1].end });
      else drafts.push(...groupItems(env, grp, 0));
    }
    return finalize(fenv, drafts);
  },
});
