// The engine in a Web Worker: a thin Comlink adapter over src/engine that loads (the tokenizer in
// use, workers/tokenizer.ts), converts (the page's hooks into the engine's EmbeddingSource and
// contextualizer), calls and returns plain data. Its API's types are in workers/engine-api.ts.
// Long calls take an optional progress callback (a Comlink.proxy on the page side). Errors (InputError
// included, with its code: workers/errors.ts) reach the page through Comlink.
import * as Comlink from 'comlink';
import './errors.ts';
import { parseDocument, type ParseInput } from '../src/engine/documents/index.ts';
import { CHUNKERS, chunkDocument, chunksFromCurve, cutCurve, estimateLlmChunking, resolveParams, semanticBreakpoints } from '../src/engine/chunkers/index.ts';
import { lintChunks, type LintReport } from '../src/engine/lints/index.ts';
import { LEXICAL_EMBEDDER_ID, lexicalEmbedderFor } from '../src/engine/embedding/index.ts';
import { chunkAll, runAgreement, runExperiment, type ExperimentDeps } from '../src/engine/evaluation/index.ts';
import { compareResults, choiceInputFromResults, choosePerDocument } from '../src/engine/evaluation/index.ts';
import { formatPerDocumentRecipe, formatRecipe, makePerDocumentRecipe } from '../src/engine/recipe/index.ts';
import { experimentScorer, tune, tuneBaselines, tuneQuestions, tuneRecipe, tuneSpace } from '../src/engine/tune/index.ts';
import { contextualizerFromSentences } from '../src/engine/context/index.ts';
import { scanPersonalData } from '../src/engine/llm/index.ts';
import { createRetriever, type EmbeddingSource } from '../src/engine/retrieval/index.ts';
import { SearchSession, type SearchModels } from '../src/engine/search/index.ts';
import { detectDataset, listingFromUploads, readResults, summarize, workspaceOf, writeChunksJsonl, writeResults, writeWorkspace } from '../src/engine/formats/index.ts';
import { InputError, type AnswerCache, type Chunk, type ChunkerContext, type ChunkerId, type Doc, type EmbedFn, type TextGenerator, type TextTokenizer } from '../src/engine/types.ts';
import { BUNDLED_TOKENIZER, modelLimit, tokenizer, useTokenizer } from './tokenizer.ts';
import { IdbAnswerCache } from './idb-cache.ts';
import { configureLlm, httpProvider } from './llm-client.ts';
import { documentReaders } from './document-readers.ts';
import { browserOcr } from './ocr.ts';
import { editApi } from './edit-session.ts';
import type { ChunkHooks, ChunkModels, DocumentsProgress, EngineApi, ExperimentHooks, InspectResult, LintOptions, Progress, SearchHooks, SearchRequest } from './engine-api.ts';

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
 * What a chunking borrows from the page: the semantic chunker embeds with the page's model when
 * `models.embedder` names one (through hooks.embed), else with the lexical TF-IDF embedder of each
 * document (word overlap, not meaning: as the CLI does without --model); the llm chunker asks the
 * configured language model from here (workers/llm-client.ts; an in-page model through hooks.generate)
 * and keeps its answers in this worker's IndexedDB cache. Counts calls and cache hits.
 */
interface Borrowed {
  embedder?: string;
  embed?: EmbedFn;
  embedFor?: (doc: Doc) => EmbedFn;
  generator?: TextGenerator;
  answers?: AnswerCache;
  stats: { calls: number; cached: number };
}
function borrowed(chunkerId: ChunkerId, models: ChunkModels | undefined, hooks: ChunkHooks | undefined): Borrowed {
  const stats = { calls: 0, cached: 0 };
  if (chunkerId === 'semantic') {
    if (models?.embedder && hooks) {
      const embed = needHook(hooks, 'embed', 'the semantic chunker with a model');
      return { embedder: models.embedder, embed: (texts) => embed(texts, 'passage'), stats };
    }
    return { embedder: LEXICAL_EMBEDDER_ID, embedFor: (doc) => lexicalEmbedderFor(doc).embed, stats };
  }
  if (chunkerId === 'llm' && models?.generator) {
    // The in-page model runs in the llm worker: the page relays its calls.
    const local = models.generator.startsWith('local:');
    const generate = local && hooks ? needHook(hooks, 'generate', 'the llm chunker with the in-page model') : null;
    return {
      generator: {
        id: models.generator,
        async generate(prompt, o) {
          stats.calls++;
          if (generate) return generate({ system: prompt.system, user: prompt.user }, o.maxTokens);
          if (local) throw new InputError('the llm chunker with the in-page model needs the page\'s generate hook, and none was given', 'llm chunker');
          const r = await httpProvider().generate({ system: prompt.system, user: prompt.user }, { maxTokens: o.maxTokens });
          return { text: r.text };
        },
      },
      answers: {
        async get(key) {
          const v = await llmAnswers.get(key);
          if (v !== undefined) stats.cached++;
          return v;
        },
        set: (key, value) => llmAnswers.set(key, value),
      },
      stats,
    };
  }
  return { stats };
}

/** The llm chunker's answers (IndexedDB "chunklab-llm"/"answers"): a rerun costs nothing. */
const llmAnswers = new IdbAnswerCache('llm');

function chunkerContext(b: Borrowed, doc: Doc): Pick<ChunkerContext, 'embed' | 'generator' | 'answers'> {
  return { embed: b.embed ?? b.embedFor?.(doc), generator: b.generator, answers: b.answers };
}

/** The curve and the embedder of a semantic chunking, or the llm's counts, for InspectResult. */
function views(chunkerId: ChunkerId, b: Borrowed): Pick<InspectResult, 'llm'> {
  return chunkerId === 'llm' && b.generator ? { llm: { generator: b.generator.id, ...b.stats } } : {};
}

function parseAll(inputs: ParseInput[]): Map<string, Doc> {
  const docs = new Map<string, Doc>();
  for (const d of inputs) {
    if (docs.has(d.id)) throw new InputError(`duplicate document id "${d.id}"`, undefined, { code: 'duplicate-document' });
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

/** The page's model for the semantic chunker of a search index, when the request names one. */
function searchEmbed(cfg: { chunker: ChunkerId; embedder?: string }, hooks: ChunkHooks | undefined): EmbedFn | undefined {
  return cfg.chunker === 'semantic' && cfg.embedder ? borrowed('semantic', { embedder: cfg.embedder }, hooks).embed : undefined;
}

/** What a search borrows from the page: its embedding for dense/hybrid, its cross-encoder for reranking. */
function searchModels(req: SearchRequest, hooks: SearchHooks | undefined): SearchModels {
  if (!hooks) return {};
  const kind = req.retriever ?? 'bm25';
  const embed = kind !== 'bm25' ? needHook(hooks, 'embed', `retriever "${kind}"`) : undefined;
  return {
    source: embed ? { embed: (texts, k) => embed(texts, k) } : undefined,
    rerankScore: req.rerank ? ((score) => (query: string, passages: readonly string[]) => score(query, [...passages]))(needHook(hooks, 'rerankScore', 'reranking')) : undefined,
  };
}

const api: EngineApi = {
  chunkers: () => Object.values(CHUNKERS).map(({ chunker: _chunker, ...info }) => info),

  parse: (inputs) => inputs.map((d) => parseDocument(d)),

  inspect: (input, chunkerId, params, lint, onProgress, models, hooks) =>
    withProgress(onProgress, async () => {
      try {
        const tok = await tokenizer();
        const doc = parseDocument(input);
        const b = borrowed(chunkerId, models, hooks);
        const ctx = { tokenizer: tok, ...chunkerContext(b, doc), onProgress: progressOf(onProgress) };
        let chunks: Chunk[];
        let semantic: InspectResult['semantic'];
        if (chunkerId === 'semantic') {
          // The curve is kept for the inspector (recut moves its line without embedding again).
          const resolved = resolveParams('semantic', params);
          const { curve } = await semanticBreakpoints(doc, resolved, ctx);
          chunks = chunksFromCurve(doc, resolved, ctx, curve);
          semantic = { embedder: b.embedder!, curve };
        } else chunks = await chunkDocument(doc, chunkerId, params, ctx);
        const result: InspectResult = { doc, chunks, lint: lintChunks(doc, chunks, lintOptions(lint, tok)), tokenizer: tok.name, modelMaxLength: modelLimit(tok), ...views(chunkerId, b) };
        return semantic ? { ...result, semantic } : result;
      } finally {
        release(hooks);
      }
    }),

  recut: async (input, params, lint, view, rule) => {
    const tok = await tokenizer();
    const doc = parseDocument(input);
    const resolved = resolveParams('semantic', { ...params, percentile: rule.percentile ?? params.percentile, threshold: rule.threshold ?? 0 });
    const curve = cutCurve(view.curve, { percentile: resolved.percentile as number, threshold: resolved.threshold as number });
    const chunks = chunksFromCurve(doc, resolved, { tokenizer: tok }, curve);
    return { doc, chunks, lint: lintChunks(doc, chunks, lintOptions(lint, tok)), tokenizer: tok.name, modelMaxLength: modelLimit(tok), semantic: { embedder: view.embedder, curve } };
  },

  llmEstimate: async (inputs, params, generator, hooks) => {
    try {
      const tok = await tokenizer();
      const docs = inputs.map((d) => parseDocument(d));
      const b = borrowed('llm', { generator }, hooks);
      const est = await estimateLlmChunking(docs, resolveParams('llm', params), { tokenizer: tok, answers: b.answers, model: generator });
      return { ...est, personal: scanPersonalData(docs.map((d) => d.text).join('\n\n')) };
    } finally {
      release(hooks);
    }
  },

  chunkCorpus: (inputs, chunkerId, params, lint, onProgress, models, hooks) =>
    withProgress(onProgress, async () => {
      const tok = await tokenizer();
      const docs = inputs.map((d) => parseDocument(d));
      const b = borrowed(chunkerId, models, hooks);
      let chunks: Chunk[];
      try {
        chunks = await chunkAll(docs, chunkerId, params, { tokenizer: tok, ...b }, (f) => void onProgress?.(f));
      } finally {
        release(hooks);
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
        // The semantic chunker embeds with the page's model when the config names one, else lexically;
        // the llm chunker asks the page's language model when the config names one.
        const model = config.chunker === 'semantic' && config.semanticEmbedder && config.semanticEmbedder !== LEXICAL_EMBEDDER_ID ? config.semanticEmbedder : undefined;
        const b = borrowed(config.chunker as ChunkerId, { embedder: model, generator: config.generator }, hooks);
        const semantic = config.chunker === 'semantic' ? { semanticEmbedder: b.embedder } : {};
        return await runExperiment(dataset, { ...config, ...semantic }, {
          tokenizer: tok,
          embed: b.embed,
          embedFor: b.embedFor,
          generator: b.generator,
          answers: b.answers,
          ...pageDeps(hooks, config, tok),
          onProgress: onProgress ? (stage, f) => void onProgress(stage, f) : undefined,
        });
      } finally {
        release(hooks);
      }
    }),

  readUpload: async (files) => workspaceOf(await detectDataset(listingFromUploads(files), { readers: documentReaders })),

  async readDocuments(files, opts, onProgress, confirmOcr) {
    // Page-by-page reports at most every 100 ms (each is a message the page's main thread handles);
    // a file's start and its outcome always.
    let last = 0;
    const report = onProgress
      ? (p: DocumentsProgress) => {
          const now = performance.now();
          if (((p.pagesDone !== undefined && p.pagesDone < (p.pageCount ?? 0)) || (p.ocr && p.ocr.fraction < 1)) && !p.outcome && now - last < 100) return;
          last = now;
          void onProgress(p);
        }
      : undefined;
    // Scanned pages are read by OCR here (workers/ocr.ts), the page asked before the models first load.
    const readers = { ...documentReaders, ocr: browserOcr({ lang: opts.ocrLang, confirm: confirmOcr }) };
    const d = await detectDataset(listingFromUploads(files), { ...opts, readers, keepGoing: true, onProgress: report });
    if (d.kind === 'documents') return { kind: 'documents' as const, name: d.dataset.name, documents: d.dataset.documents, files: d.files };
    return { kind: 'dataset' as const, ...workspaceOf(d) };
  },

  writeWorkspace: (ws) => writeWorkspace(ws),

  search: (req, onProgress, hooks) =>
    withProgress(onProgress, async () => {
      try {
        return await search.search(req, progressOf(onProgress), searchEmbed(req, hooks), searchModels(req, hooks));
      } finally {
        release(hooks);
      }
    }),
  resolveGold: (corpusKey, docs, refs) => search.resolveGold(corpusKey, docs, refs),
  placeGold: (corpusKey, docs, cfg, spans, onProgress, hooks) =>
    withProgress(onProgress, async () => {
      try {
        return await search.placeGold(corpusKey, docs, cfg, spans, progressOf(onProgress), searchEmbed(cfg, hooks));
      } finally {
        release(hooks);
      }
    }),
  corpusDoc: (corpusKey, docs, docId) => search.corpusDoc(corpusKey, docs, docId),

  agreement: (dataset, runs, sides, opts, onProgress) =>
    withProgress(onProgress, async () => {
      const side = new Map(Object.entries(sides));
      // BM25 only, chunkers that need no model (the page picks them): the tokenizer in use is all it needs.
      return runAgreement(dataset, runs, (q) => side.get(q.id), { tokenizer: await tokenizer() }, { ...opts, onRun: onProgress ? (done, total, f) => void onProgress(done, total, f) : undefined });
    }),

  tune: (dataset, opts, onProgress, hooks) =>
    withProgress(onProgress, async () => {
      try {
        // The tokenizer in use, chunkers that need no model (the page picks them). BM25 first; dense or
        // hybrid over the page's model (hooks.embed) for the later stages and the estimate when asked.
        const tok = await tokenizer();
        const retriever = opts.retriever ?? { kind: 'bm25' as const };
        if (retriever.kind !== 'bm25' && !hooks) throw new InputError(`retriever "${retriever.kind}" needs the page's model, and none was lent`, 'tune');
        const model = hooks && retriever.kind !== 'bm25' ? hooks : undefined;
        const deps: Parameters<typeof experimentScorer>[1] = { tokenizer: tok, createRetriever: model ? (cfg, rctx) => createRetriever(cfg, rctx, pageModel(model, cfg.kind, false)) : undefined };
        const report = await tune(tuneQuestions(dataset), experimentScorer(dataset, deps, opts.metric), {
          metric: opts.metric,
          seed: opts.seed,
          maxRuns: opts.maxRuns,
          retriever,
          space: tuneSpace(opts.chunkers, opts.sizes),
          baselines: tuneBaselines(),
          onProgress: onProgress ? (p) => void onProgress(p) : undefined,
        });
        return { report, recipe: formatRecipe(tuneRecipe(report, tok.name)) };
      } finally {
        release(hooks);
      }
    }),

  compareResults: (a, b, names) => compareResults(a, b, names),
  perDocumentChoice(runs, metric, opts) {
    const result = choosePerDocument(choiceInputFromResults(runs, metric), opts);
    const recipe = makePerDocumentRecipe(result, runs.map((r) => r.file.config), { metric, defaultTokenizer: BUNDLED_TOKENIZER });
    return { result, recipe: formatPerDocumentRecipe(recipe) };
  },

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
      const b = borrowed(chunkerId, undefined, undefined);
      const chunks = await chunkAll([...docs.values()], chunkerId, params, { tokenizer: tok, ...b }, (f) => void onProgress?.(f));
      return { text: writeChunksJsonl(chunks, (id) => docs.get(id)!.text), chunks: chunks.length };
    }),

  ...editApi(tokenizer, release),

  configureLlm,
  llmAnswerCount: () => llmAnswers.count(),

  async useTokenizer(files) {
    // Cached search indexes were chunked with the previous tokenizer.
    search.clearIndexes();
    return useTokenizer(files);
  },
};

Comlink.expose(api);
