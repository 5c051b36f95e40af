// The CLI's wiring point for dense, hybrid and late-chunked retrieval: --model loads an embedding
// model (src/node/model.ts, onnxruntime-node), wraps it in the engine's embedder with a file cache
// (.cache/embeddings, so a rerun does no model work), and builds the retrievers of
// src/engine/retrieval. BM25 needs none of this and never loads it (onnxruntime-node is imported
// only here, lazily). Counts what happened (cache hits, model calls, inputs over the model's limit)
// for the summary and the results file.
import path from 'node:path';
import { InputError } from '../engine/types.ts';
import { sha256File } from '../node/files.ts';
import type { TextTokenizer } from '../engine/types.ts';
import type { ExperimentDeps, RetrieverConfig } from '../engine/evaluation/index.ts';
import type { EmbeddingSource } from '../engine/retrieval/index.ts';
import type { ModelDtype } from '../engine/embedding/index.ts';
import type { ModelRunner } from '../engine/embedding/index.ts';
import { defaultWindowOverlap } from '../engine/embedding/index.ts';

export interface ModelDepsOptions {
  late?: boolean;
  /** Which ONNX file of the model folder (default fp32). */
  dtype?: ModelDtype;
  /** Folder of the embedding cache (default .cache/embeddings); null: no cache. */
  cacheDir?: string | null;
  /** Context tokens shared by consecutive late-chunking macro-windows (default: the engine's defaultWindowOverlap). */
  windowOverlap?: number;
}

/** What the results file's config records about the model (enough to rerun and to compare). */
export interface ModelConfig {
  /** As given on the command line (folder or Hub id). */
  model: string;
  /** The model's id (config.json's _name_or_path, or the folder's name). */
  modelId: string;
  /** First 16 hex digits of the ONNX file's SHA-256: two folders with the same id but other weights differ here. */
  modelSha256: string;
  dtype: ModelDtype;
  pooling: string;
  /** Input limit in tokens, special tokens included. */
  maxTokens: number;
  dimensions: number;
  prefixes: { query: string; passage: string };
  late: boolean;
  /** With late: what happens to chunk prefixes (src/engine/embedding/late-corpus.ts). */
  latePrefix?: string;
  lateWindowOverlap?: number;
}

/** Deterministic counts, written to the results file (`embedding`). */
export interface EmbeddingCounts {
  /** Passages (indexed chunk texts) and queries embedded (or taken from the cache). */
  passages: number;
  queries: number;
  /** Inputs over the model's input limit: cut to fit for the vector, and listed here. */
  overLimit: { limit: number; passages: number; passageIds: string[]; queries: number; queryTexts: string[] };
  late?: { documents: number; documentsSplit: number; windows: number; tokens: number; emptyChunks: string[] };
}

/** Counts that depend on what the cache held: printed, never written to the results file. */
export interface EmbeddingWork {
  cacheHits: number;
  modelCalls: number;
  modelRows: number;
}

export interface ModelDeps {
  tokenizer: TextTokenizer;
  config: ModelConfig;
  embed: NonNullable<ExperimentDeps['embed']>;
  createRetriever: NonNullable<ExperimentDeps['createRetriever']>;
  counts(): EmbeddingCounts;
  work(): EmbeddingWork;
  dispose(): Promise<void>;
}

function countingRunner(inner: ModelRunner, work: EmbeddingWork): ModelRunner {
  return {
    async run(batch) {
      work.modelCalls++;
      work.modelRows += batch.inputIds.length;
      return inner.run(batch);
    },
    dispose: inner.dispose ? () => inner.dispose!() : undefined,
  };
}

/** Loads `model` (a folder or a Hub id already on disk) and returns what the experiment needs. */
export async function loadModelDeps(model: string, opts: ModelDepsOptions = {}): Promise<ModelDeps> {
  let mods;
  try {
    mods = await Promise.all([
      import('../node/model.ts'),
      import('../node/embed-cache.ts'),
      import('../engine/embedding/index.ts'),
      import('../engine/retrieval/index.ts'),
    ]);
  } catch (e) {
    throw new InputError(`dense retrieval is not available in this build (${e instanceof Error ? e.message.split('\n')[0] : e})`, '--retriever');
  }
  const [{ loadModel }, { FileEmbeddingCache }, emb, { createRetriever }] = mods;
  const m = await loadModel(model, { dtype: opts.dtype });
  const sha = (await sha256File(path.join(m.dir, 'onnx', emb.DTYPE_FILES[m.dtype]))).slice(0, 16);
  // The cache is keyed by id AND weights: a fine-tuned copy that kept its id never reads stale vectors.
  const cacheModel = `${m.info.id}@${sha}`;
  const cache = opts.cacheDir === null ? undefined : new FileEmbeddingCache(opts.cacheDir ?? undefined);

  const work: EmbeddingWork = { cacheHits: 0, modelCalls: 0, modelRows: 0 };
  const runner = countingRunner(m.runner, work);
  const late = !!opts.late;
  const capacity = m.info.maxTokens - 2;
  const windowOverlap = opts.windowOverlap ?? defaultWindowOverlap(capacity);
  const info = { ...m.info, dtype: m.dtype };
  const config = { model, modelId: m.info.id, modelSha256: sha, ...emb.modelRecord(info, late, windowOverlap) } as unknown as ModelConfig;
  const counts: EmbeddingCounts = {
    passages: 0,
    queries: 0,
    overLimit: { limit: m.info.maxTokens, passages: 0, passageIds: [], queries: 0, queryTexts: [] },
  };

  const embedder = emb.createEmbedder({
    runner,
    tokenizer: m.tokenizer,
    clsId: m.clsId,
    sepId: m.sepId,
    padId: m.padId,
    maxTokens: m.info.maxTokens,
    pooling: m.info.pooling,
    prefixes: m.info.prefixes,
    modelId: cacheModel,
    dtype: m.dtype,
    cache,
  });

  /** Queries go one at a time through here (DenseRetriever.search). */
  const embedQuery = async (texts: string[], kind: 'query' | 'passage', o?: { signal?: AbortSignal }) => {
    const r = await embedder.embed(texts, kind, { signal: o?.signal });
    work.cacheHits += r.cacheHits;
    if (kind === 'query') {
      counts.queries += texts.length;
      for (const i of r.truncated) {
        counts.overLimit.queries++;
        counts.overLimit.queryTexts.push(texts[i]);
      }
    }
    return r;
  };

  /** The model as the engine's retriever wiring sees it: queries, passages (counted by id) and late-chunked documents. */
  const source: EmbeddingSource = {
    embed: embedQuery,
    async embedEntries(entries, signal) {
      const r = await embedder.embed(entries.map((e) => e.text), 'passage', { signal });
      work.cacheHits += r.cacheHits;
      counts.passages += entries.length;
      for (const i of r.truncated) {
        counts.overLimit.passages++;
        counts.overLimit.passageIds.push(entries[i].id);
      }
      return r;
    },
    async lateChunkCorpus(docs, spans, signal) {
      const r = await emb.lateChunkCorpus(docs, spans, {
        runner,
        tokenizer: m.tokenizer,
        clsId: m.clsId,
        sepId: m.sepId,
        padId: m.padId,
        maxTokens: m.info.maxTokens,
        passagePrefix: m.info.prefixes.passage,
        windowOverlap,
        cache,
        modelId: cacheModel,
        dtype: m.dtype,
        signal,
      });
      work.cacheHits += r.cacheHits;
      counts.passages += spans.length;
      counts.late = { documents: r.documents, documentsSplit: r.documentsSplit, windows: r.windows, tokens: r.tokens, emptyChunks: r.empty };
      return r.vectors;
    },
  };

  return {
    tokenizer: m.tokenizer,
    config,
    // The semantic chunker's sentence vectors: plain passages, cached like the rest.
    embed: async (texts) => {
      const r = await embedder.embed(texts, 'passage');
      work.cacheHits += r.cacheHits;
      return r;
    },
    createRetriever: (cfg: RetrieverConfig, ctx) => {
      if (cfg.kind !== 'dense' && cfg.kind !== 'hybrid') throw new InputError(`unknown retriever "${cfg.kind}"`, '--retriever');
      return createRetriever(cfg, ctx, source);
    },
    counts: () => counts,
    work: () => ({ ...work }),
    dispose: async () => {
      await m.runner.dispose?.();
    },
  };
}

/** One line for the terminal: the model, what was embedded, the cache, and what was over the limit. */
export function formatEmbedding(cfg: ModelConfig, c: EmbeddingCounts, w: EmbeddingWork): string {
  const lines = [
    `embedding  ${cfg.modelId} (${cfg.dtype}, ${cfg.pooling} pooling, ${cfg.maxTokens}-token inputs${cfg.late ? ', late chunking' : ''}): ` +
      `${c.passages} passages, ${c.queries} queries; ${w.cacheHits} cache hits, ${w.modelCalls} model calls`,
  ];
  const o = c.overLimit;
  if (o.passages || o.queries) {
    lines.push(
      `over limit ${o.passages} chunks and ${o.queries} queries exceed ${o.limit} tokens: their vectors see only the first ${o.limit - 2} tokens` +
        (o.passageIds.length ? ` (${o.passageIds.slice(0, 5).join(', ')}${o.passageIds.length > 5 ? ', …' : ''})` : ''),
    );
  } else lines.push(`over limit none (every ${cfg.late ? 'query' : 'input'} fits in ${o.limit} tokens)`);
  if (c.late) {
    const l = c.late;
    lines.push(
      `late       ${l.documents} documents in ${l.windows} model inputs (${l.documentsSplit} longer than one input, split into overlapping windows)` +
        `${l.emptyChunks.length ? `; ${l.emptyChunks.length} chunks own no token (zero vector)` : ''}; chunk prefixes are not pooled`,
    );
  }
  return lines.join('\n');
}
