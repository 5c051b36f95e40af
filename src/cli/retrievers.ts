// The CLI's wiring point for dense and hybrid retrieval: --model loads an embedding model
// (src/cli/model.ts, onnxruntime-node) and builds the retrievers of src/engine/retrieval. BM25 needs
// none of this and never loads it (onnxruntime-node is imported only here, lazily).
import { InputError } from '../engine/types.ts';
import type { TextTokenizer } from '../engine/types.ts';
import type { ExperimentDeps, RetrieverConfig } from '../engine/evaluation/experiment.ts';

export interface ModelDeps {
  tokenizer: TextTokenizer;
  embed: NonNullable<ExperimentDeps['embed']>;
  createRetriever: NonNullable<ExperimentDeps['createRetriever']>;
}

/** Loads `model` (a folder or a Hub id already on disk) and returns what the experiment needs. */
export async function loadModelDeps(model: string, opts: { late?: boolean }): Promise<ModelDeps> {
  if (opts.late) throw new InputError('late chunking is not available from the CLI yet (wiring point: src/cli/retrievers.ts)', '--late');
  let mods;
  try {
    mods = await Promise.all([import('./model.ts'), import('../engine/embedding/index.ts'), import('../engine/retrieval/dense.ts'), import('../engine/retrieval/hybrid.ts')]);
  } catch (e) {
    throw new InputError(`dense retrieval is not available in this build (${e instanceof Error ? e.message.split('\n')[0] : e})`, '--retriever');
  }
  const [{ loadModel }, emb, { DenseRetriever }, { HybridRetriever }] = mods;
  const m = await loadModel(model);
  const embedder = emb.createEmbedder({
    runner: m.runner,
    tokenizer: m.tokenizer,
    clsId: m.clsId,
    sepId: m.sepId,
    padId: m.padId,
    maxTokens: m.info.maxTokens,
    pooling: m.info.pooling,
    prefixes: m.info.prefixes,
    modelId: m.info.id,
    dtype: m.dtype,
  });
  const embed = (texts: string[], kind: 'query' | 'passage', o?: { signal?: AbortSignal; onProgress?: (f: number) => void }) =>
    embedder.embed(texts, kind, { signal: o?.signal, onProgress: o?.onProgress ? (f) => o.onProgress!(f) : undefined });
  const { Bm25Retriever } = await import('../engine/retrieval/bm25.ts');
  return {
    tokenizer: m.tokenizer,
    embed: (texts) => embed(texts, 'passage'),
    createRetriever: (cfg: RetrieverConfig) => {
      const dense = new DenseRetriever({ embed });
      if (cfg.kind === 'dense') return dense;
      return new HybridRetriever(new Bm25Retriever({ k1: cfg.k1, b: cfg.b, stopwords: cfg.stopwords === 'auto' ? undefined : cfg.stopwords }), dense);
    },
  };
}
