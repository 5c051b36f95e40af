// The search view's dense, hybrid and reranked searches on the page side: which embedding the page
// would use (the embedding service when one is in use, else the chosen in-page model), and what one
// search lends the engine worker — the embed hook (passages counted and their progress reported),
// the cross-encoder's scores, and the ids that key the worker's caches. The worker keeps the corpus's
// passage vectors per (corpus, chunking, model): a later query embeds only itself.
import * as Comlink from 'comlink';
import type { SearchHooks, SearchRequest } from '../../../workers/engine-api.ts';
import { chunkHooks, chunkModels } from '../chunking/hooks.ts';
import { embedVectors, ensureModel, modelState } from '../models/state.svelte.ts';
import { serviceEmbed, serviceGridModel, serviceState } from '../models/service.svelte.ts';
import { readyReranker, rerankerNeedsFiles, rerankScoreHook, rerankState } from '../rerank/state.svelte.ts';
import { FolderNeededError } from '../components/folder.ts';
import { savedModelChoice } from '../experiments/state.svelte.ts';
import { InputError } from '../../engine/types.ts';

export type SearchRetriever = 'bm25' | 'dense' | 'hybrid';

/** The embedding dense/hybrid search uses now, or null when none is chosen. */
export function searchEmbedding(): { id: string; service: boolean; key: string } | null {
  const service = serviceGridModel();
  // `key` names the vectors: a service's every setting that changes them (a new base URL or dimensions
  // must not reuse vectors embedded before); the in-page model's choice with its dtype and device.
  if (service) {
    const s = serviceState.settings!;
    return { id: service, service: true, key: JSON.stringify([s.kind, s.model, s.baseUrl ?? '', s.dimensions ?? '']) };
  }
  if (modelState.status || modelState.phase === 'loading' || savedModelChoice()) {
    const c = modelState.choice;
    return { id: modelState.status?.id ?? c.id, service: false, key: `${c.kind}|${c.id}|${c.dtype}|${c.device}` };
  }
  return null;
}

/** What was embedded for one search, as the page's hook saw it. */
export interface EmbedCount {
  passages: number;
  queries: number;
}

export interface Lent {
  req: Pick<SearchRequest, 'model' | 'rerank' | 'retriever'>;
  /** The semantic chunker's model id (part of the index key), when it embeds with a model. */
  embedder?: string;
  hooks?: SearchHooks;
  /**
   * Reranking was asked for, but the reranker came from a folder on disk that must be picked again
   * (the page keeps no model files across a reload): the search runs without it. Its folder's name.
   */
  rerankSkipped?: string;
}

/**
 * Loads what a search needs (the in-page model, the reranker) and builds its hooks. `onPassages`
 * reports passage embedding (texts, fraction done); `count` is added to as the hooks are called.
 * Throws InputError 'need-model' when dense/hybrid is asked for and no embedding is chosen.
 */
export async function lendModels(
  o: { retriever: SearchRetriever; chunker: string; rerankTop?: number },
  signal: AbortSignal,
  count: EmbedCount,
  onPassages: (texts: number, fraction: number) => void,
): Promise<Lent> {
  const req: Lent['req'] = { retriever: o.retriever };
  const extra: SearchHooks = {};
  let service: string | undefined;
  if (o.retriever !== 'bm25') {
    const emb = searchEmbedding();
    if (!emb) throw new InputError('dense and hybrid search need an embedding model: choose one in the models panel', 'need-model');
    let embed: (texts: string[], kind: 'query' | 'passage', onProgress?: (f: number) => void) => Promise<Float32Array[]>;
    if (emb.service) {
      req.model = emb.key;
      embed = (texts, kind) => serviceEmbed(texts, kind, signal);
    } else {
      if (modelState.needsFiles) throw new FolderNeededError('model', modelState.choice.id);
      const s = await ensureModel(signal);
      req.model = `${s.id}|${s.dtype}|${s.device}`;
      embed = (texts, kind, p) => embedVectors(texts, kind, p, signal);
    }
    if (emb.service && o.chunker === 'semantic') service = emb.id;
    extra.embed = (texts: string[], kind: 'query' | 'passage') => {
      if (kind === 'query') {
        count.queries += texts.length;
        return embed(texts, kind);
      }
      count.passages += texts.length;
      onPassages(texts.length, 0);
      return embed(texts, kind, (f) => onPassages(texts.length, f));
    };
  }
  let rerankSkipped: string | undefined;
  if (o.rerankTop !== undefined && rerankState.choice && rerankerNeedsFiles()) {
    // A reranker from a folder that must be picked again never blocks the search: it runs as the
    // retriever ranks, and the page says why it is not reranked (Lent.rerankSkipped).
    rerankSkipped = rerankState.choice.id;
  } else if (o.rerankTop !== undefined && rerankState.choice) {
    const s = await readyReranker(signal);
    req.rerank = { model: `${s.cacheId}|${s.dtype}|${s.device}`, top: o.rerankTop };
    extra.rerankScore = rerankScoreHook(signal);
  }
  // Read after the model is loaded; one embed hook serves the semantic chunker too (the same model).
  const base = chunkHooks(o.chunker, signal);
  const embedder = service ?? chunkModels(o.chunker).embedder;
  const hooks = base || extra.embed || extra.rerankScore ? Comlink.proxy({ ...(base ?? {}), ...extra }) : undefined;
  return { req, embedder, hooks, rerankSkipped };
}
