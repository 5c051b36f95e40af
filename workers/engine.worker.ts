// The engine in a Web Worker: a thin Comlink adapter over src/engine that loads (the tokenizer in
// use, workers/tokenizer.ts), converts (the page's hooks into the engine's EmbeddingSource and
// contextualizer), calls and returns plain data. Its API's types are in workers/engine-api.ts.
// Long calls take an optional progress callback (a Comlink.proxy on the page side). Errors (InputError
// included, with its code: workers/errors.ts) reach the page through Comlink.
import * as Comlink from 'comlink';
import './errors.ts';
import { parseDocument, type ParseInput } from '../src/engine/documents/index.ts';
import { CHUNKERS, chunkCorpus, chunkDocument } from '../src/engine/chunkers/index.ts';
import { lintChunks, type LintReport } from '../src/engine/lints/index.ts';
import { lexicalEmbedderFor } from '../src/engine/embedding/lexical.ts';
import { runExperiment, type ExperimentDeps } from '../src/engine/evaluation/experiment.ts';
import { compareResults } from '../src/engine/evaluation/compare.ts';
import { contextualizerFromSentences } from '../src/engine/context/index.ts';
import { createRetriever, type EmbeddingSource } from '../src/engine/retrieval/wiring.ts';
import { SearchSession } from '../src/engine/search/index.ts';
import { detectDataset, listingFromUploads, readResults, summarize, workspaceOf, writeChunksJsonl, writeResults, writeWorkspace } from '../src/engine/formats/index.ts';
import { InputError, type Chunk, type ChunkerId, type Doc, type EmbedFn, type TextTokenizer } from '../src/engine/types.ts';
import { modelLimit, tokenizer, useTokenizer } from './tokenizer.ts';
import { documentReaders } from './document-readers.ts';
import type { DocumentsProgress, EngineApi, ExperimentHooks, LintOptions, Progress } from './engine-api.ts';

/** Lets go of a page-side callback (a Comlink proxy) once a call is over. */
function release(cb: unknown): void {
  const r = (cb as { [Comlink.releaseProxy]?: () => void } | undefined)?.[Comlink.releaseProxy];
  if (typeof r === 'function') r.call(cb);
}

/** Runs `fn`, then releases the progress callback whatever happened. */
async function withProgress<T>(cb: unknown, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } finally {
    release(cb);
  }
}

/** A page-side callback as the engine's (fire and forget: the engine does not wait for the page). */
function progressOf(cb?: Progress): ((f: number) => void) | undefined {
  return cb ? (f) => void cb(f) : undefined;
}

/** The model limit defaults to the model's (or the tokenizer's) own when the page gives none. */
function lintOptions(lint: LintOptions, tok: TextTokenizer) {
  return { modelMaxTokens: lint.modelMaxTokens ?? modelLimit(tok) ?? 512, minTokens: lint.minTokens ?? 0 };
}

/**
 * The semantic chunker's vectors in the page until a model is chosen: the lexical TF-IDF embedder of
 * the document (word overlap, not meaning), as the CLI does without --model.
 */
const LEXICAL_EMBEDDER = 'lexical-tfidf';
function semanticEmbed(chunkerId: ChunkerId, doc: Doc): EmbedFn | undefined {
  return chunkerId === 'semantic' ? lexicalEmbedderFor(doc).embed : undefined;
}

function parseAll(inputs: ParseInput[]): Map<string, Doc> {
  const docs = new Map<string, Doc>();
  for (const d of inputs) {
    if (docs.has(d.id)) throw new InputError(`duplicate document id "${d.id}"`);
    docs.set(d.id, parseDocument(d));
  }
  return docs;
}

/**
 * A hook as a plain function. Called as a method of `hooks`: a Comlink remote answers every property
 * (so presence cannot be tested there; a page that lacks the hook rejects the call), a plain object
 * may lack it.
 */
function needHook<K extends keyof ExperimentHooks>(hooks: ExperimentHooks, name: K, what: string): NonNullable<ExperimentHooks[K]> {
  if (!hooks[name]) throw new InputError(`${what} needs the page's ${name} hook, and none was given`, 'experiment');
  return ((...args: unknown[]) => (hooks as Record<K, (...a: unknown[]) => unknown>)[name](...args)) as NonNullable<ExperimentHooks[K]>;
}

/** The page's embedding model (its embed and lateChunkCorpus hooks) as the engine's EmbeddingSource. */
function pageModel(hooks: ExperimentHooks, kind: string, late: boolean): EmbeddingSource {
  const embed = needHook(hooks, 'embed', `retriever "${kind}"`);
  const lateCorpus = late ? needHook(hooks, 'lateChunkCorpus', 'late chunking') : undefined;
  return {
    embed: (texts, k) => embed(texts, k),
    lateChunkCorpus: lateCorpus ? async (docs, spans) => (await lateCorpus([...docs], spans)).vectors : undefined,
  };
}

/** ExperimentDeps from the page's hooks: dense/hybrid/late over its model, generated context from its cache. */
function pageDeps(hooks: ExperimentHooks | undefined, config: Parameters<EngineApi['experiment']>[1], tok: TextTokenizer): Partial<ExperimentDeps> {
  if (!hooks) return {};
  const ctx = config.context;
  return {
    createRetriever: config.retriever.kind !== 'bm25' ? (cfg, rctx) => createRetriever(cfg, rctx, pageModel(hooks, cfg.kind, !!cfg.late)) : undefined,
    contextualize: ctx
      ? contextualizerFromSentences(needHook(hooks, 'contextSentences', 'generated context'), {
          tokenizer: tok,
          maxTokens: config.params.maxTokens,
          contextTokens: ctx.contextTokens,
          model: ctx.model,
        })
      : undefined,
    // The page's cross-encoder; the AbortSignal stays here (it cannot cross to the page): cancel
    // terminates this worker and the page's embedding worker both.
    rerankScore: config.rerank
      ? ((score) => (query: string, passages: readonly string[]) => score(query, [...passages]))(needHook(hooks, 'rerankScore', 'reranking'))
      : undefined,
  };
}

const search = new SearchSession(tokenizer);

const api: EngineApi = {
  chunkers: () => Object.values(CHUNKERS).map(({ chunker: _chunker, ...info }) => info),

  parse: (inputs) => inputs.map((d) => parseDocument(d)),

  inspect: (input, chunkerId, params, lint, onProgress) =>
    withProgress(onProgress, async () => {
      const tok = await tokenizer();
      const doc = parseDocument(input);
      const chunks = await chunkDocument(doc, chunkerId, params, { tokenizer: tok, embed: semanticEmbed(chunkerId, doc), onProgress: progressOf(onProgress) });
      return { doc, chunks, lint: lintChunks(doc, chunks, lintOptions(lint, tok)), tokenizer: tok.name, modelMaxLength: modelLimit(tok) };
    }),

  chunkCorpus: (inputs, chunkerId, params, lint, onProgress) =>
    withProgress(onProgress, async () => {
      const tok = await tokenizer();
      const docs = inputs.map((d) => parseDocument(d));
      const chunks: Chunk[] = [];
      if (chunkerId === 'semantic') {
        // The lexical embedder's statistics are per document: chunk one document at a time.
        for (let i = 0; i < docs.length; i++) {
          chunks.push(...(await chunkCorpus([docs[i]], chunkerId, params, { tokenizer: tok, embed: semanticEmbed(chunkerId, docs[i]) })));
          onProgress?.((i + 1) / docs.length);
        }
      } else {
        chunks.push(...(await chunkCorpus(docs, chunkerId, params, { tokenizer: tok, onProgress: progressOf(onProgress) })));
      }
      const byDoc = new Map<string, Chunk[]>(docs.map((d) => [d.id, []]));
      for (const c of chunks) byDoc.get(c.docId)?.push(c);
      const reports: Record<string, LintReport> = {};
      for (const d of docs) reports[d.id] = lintChunks(d, byDoc.get(d.id)!, lintOptions(lint, tok));
      return { chunks, lint: reports, tokenizer: tok.name };
    }),

  experiment: (dataset, config, onProgress, hooks) =>
    withProgress(onProgress, async () => {
      try {
        const tok = await tokenizer();
        const semantic = config.chunker === 'semantic';
        // The page names an embedder for the semantic chunker (an embedding service): its embed hook.
        const pageSemantic = semantic && !!hooks && config.semanticEmbedder !== undefined && config.semanticEmbedder !== LEXICAL_EMBEDDER;
        return await runExperiment(dataset, semantic ? { ...config, semanticEmbedder: config.semanticEmbedder ?? LEXICAL_EMBEDDER } : config, {
          tokenizer: tok,
          embedFor: semantic && !pageSemantic ? (doc) => lexicalEmbedderFor(doc).embed : undefined,
          embed: pageSemantic ? (texts) => needHook(hooks!, 'embed', 'the semantic chunker')(texts, 'passage') : undefined,
          ...pageDeps(hooks, config, tok),
          onProgress: onProgress ? (stage, f) => void onProgress(stage, f) : undefined,
        });
      } finally {
        release(hooks);
      }
    }),

  readUpload: async (files) => workspaceOf(await detectDataset(listingFromUploads(files), { readers: documentReaders })),

  async readDocuments(files, opts, onProgress) {
    // Page-by-page reports at most every 100 ms (each is a message the page's main thread handles);
    // a file's start and its outcome always.
    let last = 0;
    const report = onProgress
      ? (p: DocumentsProgress) => {
          const now = performance.now();
          if (p.pagesDone !== undefined && !p.outcome && p.pagesDone < (p.pageCount ?? 0) && now - last < 100) return;
          last = now;
          void onProgress(p);
        }
      : undefined;
    const d = await detectDataset(listingFromUploads(files), { ...opts, readers: documentReaders, keepGoing: true, onProgress: report });
    if (d.kind === 'documents') return { kind: 'documents' as const, name: d.dataset.name, documents: d.dataset.documents, files: d.files };
    return { kind: 'dataset' as const, ...workspaceOf(d) };
  },

  writeWorkspace: (ws) => writeWorkspace(ws),

  search: (req, onProgress) => withProgress(onProgress, () => search.search(req, progressOf(onProgress))),
  resolveGold: (corpusKey, docs, refs) => search.resolveGold(corpusKey, docs, refs),
  placeGold: (corpusKey, docs, cfg, spans, onProgress) => withProgress(onProgress, () => search.placeGold(corpusKey, docs, cfg, spans, progressOf(onProgress))),
  corpusDoc: (corpusKey, docs, docId) => search.corpusDoc(corpusKey, docs, docId),

  compareResults: (a, b, names) => compareResults(a, b, names),

  openResults(text, fileName) {
    const file = readResults(text, fileName);
    return { file, summary: summarize(file, fileName) };
  },

  writeResultsFile(file, author) {
    const a = author?.trim();
    return writeResults(a ? { ...file, config: { ...file.config, author: a } } : file);
  },

  chunksJsonl: (inputs, chunkerId, params, onProgress) =>
    withProgress(onProgress, async () => {
      const tok = await tokenizer();
      const docs = parseAll(inputs);
      const chunks = await chunkCorpus([...docs.values()], chunkerId, params, { tokenizer: tok, onProgress: progressOf(onProgress) });
      return { text: writeChunksJsonl(chunks, (id) => docs.get(id)!.text), chunks: chunks.length };
    }),

  async useTokenizer(files) {
    // Cached search indexes were chunked with the previous tokenizer.
    search.clearIndexes();
    return useTokenizer(files);
  },
};

Comlink.expose(api);
