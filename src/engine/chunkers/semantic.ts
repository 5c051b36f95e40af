// Semantic chunks: units are embedded (by any embedder: the chosen model, or the lexical TF-IDF one),
// windows of `buffer` units on each side of every gap are compared, the distance curve is smoothed, and
// a chunk ends where the distance reaches a percentile (or the similarity falls below a threshold),
// within minTokens..maxTokens. semanticBreakpoints gives the curve and the vectors, so a caller can move
// the threshold and re-chunk (chunksFromCurve) without embedding again.

import { InputError, type Chunk, type ChunkerContext, type CommonParams, type Doc } from '../types.ts';
import { unitsOf } from '../documents/ranges.ts';
import {
  type BreakpointCurve,
  breakpointCurve,
  chunkEnv,
  type CurveOptions,
  defineChunker,
  finalize,
  type GroupEnv,
  headerParam,
  ignoredOverlap,
  type Item,
  segmentDrafts,
  MAX_TOKENS_LIMIT,
  maxTokensParam,
  throwIfAborted,
  unitItems,
  type Vector,
  checkMinTokens,
  DEFAULT_MIN_TOKENS,
} from './kit/index.ts';

export interface SemanticParams extends CommonParams {
  /** Break where the distance between neighbours is above this percentile of all distances. Default 95. */
  percentile?: number;
  /** When > 0: break where the cosine similarity of neighbours is below this value (overrides percentile). */
  threshold?: number;
  /** Groups under this many tokens are merged into a neighbour. Default 32 (at most half the cap). */
  minTokens?: number;
  /** Units summed on each side of a gap before comparing. Default 3. */
  buffer?: number;
  /** Width of the moving average over the distance curve. Default 3. */
  smoothing?: number;
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
      name: 'buffer',
      type: 'int',
      default: 3,
      min: 1,
      max: 20,
      help: {
        pt: 'Frases somadas de cada lado de uma fronteira antes de comparar (1 = só as vizinhas); janelas maiores enxergam a mudança de assunto.',
        en: 'Sentences summed on each side of a boundary before comparing (1 = plain neighbours); larger windows see the change of topic.',
      },
    },
    {
      name: 'smoothing',
      type: 'int',
      default: 3,
      min: 1,
      max: 21,
      help: {
        pt: 'Largura da média móvel sobre a curva de distâncias (1 = sem suavização).',
        en: 'Width of the moving average over the distance curve (1 = no smoothing).',
      },
    },
    {
      name: 'minTokens',
      type: 'int',
      default: DEFAULT_MIN_TOKENS,
      min: 0,
      max: MAX_TOKENS_LIMIT,
      help: {
        pt: 'Grupos menores que isto se juntam ao vizinho mais parecido (no máximo metade do limite).',
        en: 'Groups smaller than this join their most similar neighbour (at most half the cap).',
      },
    },
  ],
  needs: 'embedder',
  check: checkMinTokens,
  async chunk(doc, params, ctx) {
    if (!ctx.embed) throw new InputError('the semantic chunker needs an embedding model');
    if (!chunkEnv(doc, params, ctx)) return [];
    const { curve } = await semanticBreakpoints(doc, params, ctx);
    return chunksFromCurve(doc, params, ctx, curve);
  },
});

/** Units, their vectors and the breakpoint curve of one document. */
export interface SemanticBreakpoints {
  /** Start offset of every unit (the units the chunker groups, in order). */
  unitStarts: number[];
  /** One vector per unit, as the embedder gave it (dense or sparse). */
  vectors: Vector[];
  curve: BreakpointCurve;
}

function itemsOf(doc: Doc, params: SemanticParams): Item[] {
  return unitItems(doc, unitsOf(doc, params.language || undefined));
}

function curveOptions(params: SemanticParams): CurveOptions {
  return { buffer: params.buffer ?? 3, smoothing: params.smoothing ?? 3, percentile: params.percentile ?? 95, threshold: params.threshold ?? 0 };
}

/** Embeds every unit in batches (cancellable between batches, progress per batch). */
async function embedItems(doc: Doc, items: Item[], params: SemanticParams, ctx: ChunkerContext): Promise<Vector[]> {
  if (!ctx.embed) throw new InputError('the semantic chunker needs an embedding model');
  const batch = Math.max(1, params.batchSize ?? 32);
  const vectors: Vector[] = [];
  for (let i = 0; i < items.length; i += batch) {
    throwIfAborted(ctx.signal);
    const texts = items.slice(i, i + batch).map((it) => doc.text.slice(it.start, it.end).trim());
    const out = await ctx.embed(texts);
    if (!Array.isArray(out) || out.length !== texts.length) {
      throw new InputError(`the embedding model returned ${Array.isArray(out) ? out.length : 'no'} vectors for ${texts.length} texts`);
    }
    for (const v of out) vectors.push(v);
    ctx.onProgress?.(Math.min(1, (i + texts.length) / items.length));
  }
  throwIfAborted(ctx.signal);
  return vectors;
}

/** The units, vectors and breakpoint curve of a document (params as resolved by resolveParams). */
export async function semanticBreakpoints(doc: Doc, params: SemanticParams, ctx: ChunkerContext): Promise<SemanticBreakpoints> {
  const items = itemsOf(doc, params);
  const vectors = await embedItems(doc, items, params, ctx);
  const unitStarts = items.map((it) => it.start);
  return { unitStarts, vectors, curve: breakpointCurve(vectors, unitStarts, curveOptions(params)) };
}

/**
 * Chunks of a document from a breakpoint curve (semanticBreakpoints, possibly re-cut with cutCurve for a
 * new threshold or percentile): no embedding. Groups end at breakpoints (never after a heading), groups
 * under minTokens join the neighbour they resemble more when that fits, groups over the cap are packed
 * by units.
 */
export function chunksFromCurve(doc: Doc, params: SemanticParams, ctx: ChunkerContext, curve: BreakpointCurve): Chunk[] {
  const fenv = chunkEnv(doc, params, ctx);
  if (!fenv) return [];
  const { index, prefixer } = fenv;
  const items = itemsOf(doc, params);
  if (curve.positions.length !== Math.max(0, items.length - 1)) {
    throw new InputError(`the breakpoint curve has ${curve.positions.length} gaps but the document has ${items.length} units`);
  }
  const isBreak = new Uint8Array(Math.max(0, items.length - 1));
  for (const b of curve.breaks) isBreak[b] = 1;
  const group: GroupEnv = { doc, index, budgetAt: prefixer.budgetAt, repeatTableHeader: true };
  const minTokens = Math.min(params.minTokens ?? 32, Math.floor(params.maxTokens / 2));
  // Micro-groups join the neighbour they resemble more: the smoothed similarity across the gap.
  const drafts = segmentDrafts(group, items, isBreak, minTokens, (gap) => 1 - curve.distances[gap]);
  return finalize(fenv, drafts);
}
