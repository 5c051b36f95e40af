// `eval`: chunk, index, retrieve and score a dataset's questions through the engine's one pipeline
// (runExperiment). Flags and --help: src/cli/commands.ts. Dense/hybrid/late wiring: retrievers.ts
// (model, embedding cache, counts); vectors from an embedding service: embedder.ts; generated context:
// context.ts; the llm chunker: llm-chunker.ts; reranking: cross-encoder.ts (onnxruntime-node).
//
// run reads as its steps: plan (flags → the experiment's config, with the checks between flags),
// read the dataset, the tokenizer (and vectors) the chunks are counted in, what chunking needs
// besides (a language model, generated context, chunks made elsewhere), retrieve and score, report.
import { InputError, type ChunkerId, type TextTokenizer } from '../engine/types.ts';
import type { Recipe } from '../engine/recipe/index.ts';
import { DEFAULT_CONTEXT_TOKENS, leavesRoomForContext, MIN_CHUNK_TOKENS_WITH_CONTEXT } from '../engine/context/index.ts';
import { LEXICAL_EMBEDDER_ID } from '../engine/embedding/index.ts';
import { parseDataset, runExperiment, selectQuestions, type Dataset, type ExperimentConfig, type ExperimentDeps } from '../engine/evaluation/index.ts';
import { readChunksJsonl, writeResults } from '../engine/formats/index.ts';
import type { RerankStats } from '../engine/retrieval/index.ts';
import { readFlags, requireFlag } from './args.ts';
import type { FlagValues } from './commands.ts';
import { checkOutPath, chooseTokenizer, chunkerParams, lexicalEmbed, writeAtomic } from './common.ts';
import { contextForCli, formatContextReport, type ContextCli } from './context.ts';
import { parsePricing } from './llm.ts';
import type { LoadedCrossEncoder } from '../node/cross-encoder.ts';
import { loadDataset, readOptions, readText } from '../node/files.ts';
import { useOcr } from '../node/document-readers.ts';
import type { ServiceDeps } from './embedder.ts';
import { llmChunkerFromFlags, type LlmChunkerCli } from './llm-chunker.ts';
import { formatSummary } from './report.ts';
import type { ModelDeps } from './retrievers.ts';

type Flags = FlagValues<'eval'>;
type Results = Awaited<ReturnType<typeof runExperiment>> & { embedding?: unknown };

export async function run(argv: string[]): Promise<number> {
  const p = readFlags('eval', argv);
  if (!p) return 0;
  useOcr({ mode: p.flags.ocr, lang: p.flags['ocr-lang'] });
  const recipe = p.flags.recipe !== undefined ? await readEvalRecipe(p.flags.recipe, p.flags.tokenizer, !!(p.flags.model || p.flags.embedder)) : undefined;
  const plan = planEval(p.flags, recipe);
  const dataset = await readQuestions(plan.f);
  const wiring = await tokenizerAndVectors(plan, dataset);
  try {
    await chunkingNeeds(plan, dataset, wiring);
    const results = await retrieveAndScore(plan, dataset, wiring);
    await report(plan, results, wiring);
  } finally {
    await wiring.model?.dispose();
    await wiring.reranker?.dispose();
  }
  return 0;
}

// ---------------------------------------------------------------- plan

interface EvalPlan {
  f: Flags;
  config: ExperimentConfig;
  service?: ReturnType<typeof serviceOptions>;
  ctx: ReturnType<typeof contextOptions>;
  llm?: LlmChunkerCli;
  recipe?: EvalRecipe;
}

/** --recipe: the recipe, and its tokenizer unless a model or service brings its own (checked against it). */
interface EvalRecipe {
  recipe: Recipe;
  tokenizer?: TextTokenizer;
}

async function readEvalRecipe(path: string, tokenizerDir: string | undefined, modelCounts: boolean): Promise<EvalRecipe> {
  const { loadRecipe } = await import('./batch/recipe-file.ts');
  const loaded = await loadRecipe(path, modelCounts ? undefined : tokenizerDir).catch((e) => {
    // A model counts with its own tokenizer: the recipe's is checked against it once the model is loaded.
    if (modelCounts && e instanceof InputError && /tokenizer/.test(e.message)) return null;
    throw e;
  });
  if (loaded?.perDocument) throw new InputError('a per-document recipe cuts each document its own way: eval takes one recipe (run each configuration, then `per-document`)', path);
  if (loaded) return { recipe: loaded.recipe, tokenizer: modelCounts ? undefined : loaded.tokenizer };
  const { parseRecipe } = await import('../engine/recipe/index.ts');
  const { bundledTokenizerName } = await import('./batch/tokenizer.ts');
  return { recipe: parseRecipe(await readText(path), path, await bundledTokenizerName()) };
}

/** The checks between flags the table cannot say, and the experiment's config; nothing read yet. */
function planEval(f: Flags, recipe?: EvalRecipe): EvalPlan {
  if (f.out !== undefined) checkOutPath(f.out);
  if (f.late && f.retriever === 'bm25') throw new InputError('--late needs --retriever dense or hybrid', 'eval');
  const service = serviceOptions(f);
  if (f.retriever !== 'bm25' && !f.model && !service) throw new InputError(`--retriever ${f.retriever} needs --model <id-or-dir> or --embedder <service>:<model>`, 'eval');
  const ctx = contextOptions(f);
  const llm = llmChunkerFromFlags(f, 'eval');
  return { f, config: experimentConfig(f, ctx, recipe?.recipe), service, ctx, llm, recipe };
}

/** What runExperiment is asked to do: the chunker and its parameters (or external chunks), retrieval, scoring. */
function experimentConfig(f: Flags, ctx: ReturnType<typeof contextOptions>, recipe?: Recipe): ExperimentConfig {
  const retriever = { kind: f.retriever as 'bm25' };
  let config: ExperimentConfig;
  if (recipe) {
    config = { chunker: recipe.chunker, params: { ...recipe.params }, retriever, k: f.k };
    if (recipe.semanticEmbedder) config.semanticEmbedder = recipe.semanticEmbedder;
  } else if (f.chunks) {
    config = { chunker: 'external', params: { maxTokens: f['max-tokens'] ?? 0 }, retriever, k: f.k };
    if (f.chunker) config.params.source = f.chunker;
  } else {
    const id: ChunkerId = requireFlag(f.chunker, 'chunker', 'eval');
    config = { chunker: id, params: chunkerParams(id, f, 'eval'), retriever, k: f.k };
  }
  if (f.filter?.length) config.filter = Object.fromEntries(f.filter.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
  if (f.budget !== undefined) config.budget = f.budget;
  if (f.scope) config.scope = f.scope;
  if (ctx.baseline) config.contextBaseline = { contextTokens: ctx.contextTokens };
  if (ctx.spec || ctx.baseline) {
    const reserve = ctx.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
    if (!leavesRoomForContext(config.params.maxTokens, reserve)) {
      throw new InputError(`--max-tokens ${config.params.maxTokens} leaves ${config.params.maxTokens - reserve} tokens for the chunk after reserving ${reserve} for the sentence (--context-tokens); at least ${MIN_CHUNK_TOKENS_WITH_CONTEXT} are needed`, 'eval');
    }
  }
  return config;
}

/** The --context-* flags (the table checks which need --context-model). */
function contextOptions(f: Flags) {
  const spec = f['context-model'];
  const baseline = f['context-arm-baseline'];
  if ((spec || baseline) && f.chunks) throw new InputError('generated context needs --chunker (chunks from --chunks cannot be re-cut at the reduced cap)', 'eval');
  return {
    spec,
    baseline,
    contextTokens: f['context-tokens'],
    baseUrl: f['context-base-url'],
    cacheDir: f['context-cache'],
    onlyCached: f['context-only-cached'],
    pricing: f['context-price'] !== undefined ? parsePricing(f['context-price']) : undefined,
    concurrency: f['context-concurrency'],
  };
}

/** The --embedder flags; undefined without --embedder (the table checks which need it). */
function serviceOptions(f: Flags) {
  const spec = f.embedder;
  if (!spec) return undefined;
  if (f.late) throw new InputError('--late needs a local model (--model): an embedding service returns one pooled vector per text, not the token vectors late chunking pools', 'eval');
  if (f.dtype) throw new InputError('--dtype needs --model (a service chooses its own weights)', 'eval');
  if (f.retriever === 'bm25' && f.chunker !== 'semantic') throw new InputError('--embedder needs --retriever dense or hybrid (or --chunker semantic)', 'eval');
  return { spec, baseUrl: f['embed-base-url'], dimensions: f.dimensions, batchSize: f['embed-batch'], concurrency: f['embed-concurrency'], yes: f.yes };
}

// ---------------------------------------------------------------- read the dataset

/**
 * The dataset and the questions evaluated. Generated questions (see `questions`) are marked
 * unreviewed until a person accepts them in the page; the command line has no review step, so they
 * count unless --reviewed-only, and the run says how many. Rejected questions never count.
 */
async function readQuestions(f: Flags): Promise<Dataset & { unreviewed: number }> {
  const loaded = await loadDataset(f.dataset);
  if (!loaded.questions.length) throw new InputError(`no questions to evaluate (${loaded.skipped.length ? `${loaded.skipped.length} skipped, none usable` : 'the dataset has documents only'}); \`chunk\` works on it`, f.dataset);
  const dataset = selectQuestions(loaded, !f['reviewed-only']);
  if (!dataset.questions.length) throw new InputError('no questions to evaluate: every question is unreviewed or rejected (drop --reviewed-only, or accept them in the page)', f.dataset);
  if (dataset.unreviewed) console.error(`questions  ${dataset.unreviewed} generated question${dataset.unreviewed === 1 ? ' is' : 's are'} unreviewed and included (--reviewed-only leaves them out)`);
  return dataset;
}

// ---------------------------------------------------------------- the tokenizer (and vectors)

interface Wiring {
  deps: ExperimentDeps;
  model?: ModelDeps;
  service?: ServiceDeps;
  context?: ContextCli;
  reranker?: LoadedCrossEncoder;
  rerankStats?: RerankStats;
}

/** What sizes are counted in and where vectors come from: a local model, a service, or neither. */
async function tokenizerAndVectors(plan: EvalPlan, dataset: Dataset): Promise<Wiring> {
  const { f, config } = plan;
  const cacheDir = f['no-cache'] ? null : f['cache-dir'];
  if (f.model) {
    const { loadModelDeps } = await import('./retrievers.ts');
    const model = await loadModelDeps(f.model, { late: f.late, dtype: f.dtype, cacheDir });
    checkRecipeTokenizer(plan, model.tokenizer.name);
    // The config records the model by id, weights hash, dtype, pooling, limit and late on/off.
    Object.assign(config.retriever, model.config);
    if (config.chunker === 'semantic') config.semanticEmbedder = model.config.modelId;
    return { model, deps: { tokenizer: model.tokenizer, embed: model.embed, createRetriever: model.createRetriever } };
  }
  if (plan.service) {
    const { serviceDeps, serviceCliTokenizer } = await import('./embedder.ts');
    // An OpenAI embedding model counts in its tiktoken encoding (sizes, limit, estimate); others (or
    // an explicit --tokenizer) count with the project's tokenizer, and the run says so.
    const tokenizer = await serviceCliTokenizer(plan.service.spec, f.tokenizer);
    checkRecipeTokenizer(plan, tokenizer.name);
    const service = serviceDeps({ ...plan.service, cacheDir, queries: dataset.questions.map((q) => q.text), tokenizer });
    console.error(service.sizesLine);
    // The config records the service, model, dimensions and base URL (no credentials).
    if (f.retriever !== 'bm25') Object.assign(config.retriever, service.record());
    if (config.chunker === 'semantic') config.semanticEmbedder = service.id;
    return { service, deps: { tokenizer, embed: service.embed, createRetriever: service.createRetriever } };
  }
  const deps: ExperimentDeps = { tokenizer: plan.recipe?.tokenizer ?? (await chooseTokenizer(f.tokenizer)) };
  if (config.chunker === 'semantic') {
    deps.embedFor = lexicalEmbed();
    config.semanticEmbedder = LEXICAL_EMBEDDER_ID;
  }
  return { deps };
}

/** A recipe's sizes were counted with one tokenizer: a model or service that counts with another cannot rerun it. */
function checkRecipeTokenizer(plan: EvalPlan, name: string): void {
  const want = plan.recipe?.recipe.tokenizer;
  if (want !== undefined && want !== name) throw new InputError(`the recipe counts sizes with "${want}" but the model counts with "${name}": the chunks would differ from the recipe's`, plan.f.recipe!);
}

// ---------------------------------------------------------------- what chunking needs besides

/** The llm chunker's model (its estimate printed first), generated context, or chunks made elsewhere. */
async function chunkingNeeds(plan: EvalPlan, dataset: Dataset, w: Wiring): Promise<void> {
  const { f, config, llm, ctx } = plan;
  if (llm) {
    // The same model, answers cache and estimate as `chunk --chunker llm`.
    console.error(await llm.estimate([...parseDataset(dataset).values()], config.params, w.deps.tokenizer));
    w.deps.generator = llm.generator;
    w.deps.answers = llm.answers;
    config.generator = llm.generator.id;
  }
  if (ctx.spec) {
    w.context = contextForCli({ ...ctx, spec: ctx.spec }, w.deps.tokenizer, config.params.maxTokens);
    config.context = w.context.config;
    w.deps.contextualize = w.context.contextualize;
  }
  if (f.chunks) {
    const docs = parseDataset(dataset);
    w.deps.chunks = readChunksJsonl(await readText(f.chunks), new Map([...docs].map(([id, d]) => [id, d.text])), f.chunks, readOptions());
  }
}

// ---------------------------------------------------------------- retrieve and score

/** The reranker (when asked), then the engine's pipeline: chunk, index, retrieve, score. */
async function retrieveAndScore(plan: EvalPlan, dataset: Dataset & { unreviewed: number }, w: Wiring): Promise<Results> {
  const { f, config } = plan;
  if (f.rerank) {
    const { loadCrossEncoder } = await import('../node/cross-encoder.ts');
    w.reranker = await loadCrossEncoder(f.rerank, { dtype: f.dtype, cacheDir: f['no-cache'] ? null : f['cache-dir'] });
    // config.rerank = {model, top, modelId, modelSha256, dtype, maxTokens}
    const { model, ...rest } = w.reranker.config;
    config.rerank = { model, top: f['rerank-top'] ?? 50, ...rest };
    w.deps.rerankScore = w.reranker.encoder.score;
    w.deps.onRerankStats = (s) => (w.rerankStats = s);
  }
  const results: Results = await runExperiment(dataset, config, w.deps);
  // Enough to rerun it: where the dataset (and, for --chunks, the chunks) came from.
  Object.assign(results.config, { datasetPath: f.dataset, ...(f.recipe ? { recipeFile: f.recipe } : {}), ...(f.chunks ? { chunksFile: f.chunks } : {}), ...(dataset.unreviewed ? { unreviewedQuestions: dataset.unreviewed } : {}) });
  return results;
}

// ---------------------------------------------------------------- report

/** The terminal lines of each part, the results file (--out), and the summary or --json. */
async function report(plan: EvalPlan, results: Results, w: Wiring): Promise<void> {
  const { f, config, llm } = plan;
  if (llm) console.error(llm.report());
  const contextReport = w.context?.report();
  if (contextReport) console.error(formatContextReport(w.context!.config.model, contextReport));
  const lines: string[] = [];
  if (w.model) {
    // Deterministic counts go into the file; cache hits and model calls only to the terminal.
    results.embedding = w.model.counts();
    const { formatEmbedding } = await import('./retrievers.ts');
    lines.push(formatEmbedding(w.model.config, w.model.counts(), w.model.work()));
  }
  if (w.service) {
    results.embedding = w.service.counts();
    const { formatServiceReport } = await import('./embedder.ts');
    lines.push(formatServiceReport(w.service));
  }
  if (w.rerankStats) {
    const s = w.rerankStats;
    lines.push(`rerank     ${w.reranker!.config.modelId} top ${config.rerank!.top}: ${s.pairs} pairs for ${s.queries} searches, ${(s.ms / Math.max(1, s.queries)).toFixed(1)} ms per search`);
  }
  const embeddingLine = lines.join('\n');
  const json = writeResults(results);
  if (f.out) await writeAtomic(f.out, json);
  if (f.json) {
    process.stdout.write(json);
    if (embeddingLine) console.error(embeddingLine);
  } else console.log(formatSummary(results) + (embeddingLine ? `\n${embeddingLine}` : ''));
}
