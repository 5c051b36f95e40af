// Semantic chunks: units are embedded, and a chunk ends where neighbouring units stop resembling each
// other (distance above a percentile, or similarity below a threshold), within minTokens..maxTokens.
// Use it for long unstructured text whose topic drifts; it needs an embedding model.

import { InputError, type Chunk, type ChunkerContext, type CommonParams, type Doc, type Chunker } from '../types.ts';
import { type Draft, finalize, isBlank, throwIfAborted, tokenIndexOf, unitsOf } from './common.ts';
import { type GroupEnv, type Item, groupItems, unitItems } from './group.ts';
import { createPrefixer } from './header.ts';

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

/** The p-th percentile (0-100) with linear interpolation between closest ranks (numpy's default). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

export const semanticChunker: Chunker<SemanticParams> = {
  id: 'semantic',
  async chunk(doc: Doc, params: SemanticParams, ctx: ChunkerContext): Promise<Chunk[]> {
    if (!ctx.embed) throw new InputError('the semantic chunker needs an embedding model');
    if (isBlank(doc.text)) return [];
    const index = tokenIndexOf(doc, ctx.tokenizer);
    const prefixer = createPrefixer(doc, ctx.tokenizer, params.maxTokens, params.header);
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
    return finalize({ doc, tokenizer: ctx.tokenizer, index, maxTokens: params.maxTokens, prefixer }, drafts);
  },
};
