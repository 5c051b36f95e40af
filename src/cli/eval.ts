// `eval --dataset D --chunker id --max-tokens n [--overlap n] [--context-header]
//   [--retriever bm25|dense|hybrid] [--model id-or-dir] [--late] [--tokenizer dir]
//   [--chunks chunks.jsonl] [--k n] [--filter key=value]... [--out results.json] [--json]
//   [--dtype fp32|fp16|q8] [--cache-dir dir] [--no-cache]
//   [--context-model openai:M|anthropic:M [--context-base-url U] [--context-tokens n] [--context-cache dir]
//    [--context-only-cached] [--context-price in,out[,cached]] [--context-concurrency n]]
//   [--context-arm-baseline [--context-tokens n]]
//   [--rerank id-or-dir [--rerank-top n]] [--budget tokens] [--scope corpus|document]
//   [--embedder openai:M|cohere:M|voyage:M|jina:M [--embed-base-url U] [--dimensions n] [--yes]
//    [--embed-batch n] [--embed-concurrency n]]
//   [--generator openai:M|anthropic:M [--base-url U] [--generator-cache dir] [--generator-price in,out]]`
// Chunk, index, retrieve and score a dataset's questions through the engine's one pipeline.
// Dense/hybrid/late wiring: src/cli/retrievers.ts (model, embedding cache, counts); generated context:
// src/cli/context.ts; the semantic chunker without --model: the lexical embedder (common.ts);
// reranking: src/cli/cross-encoder.ts (a cross-encoder on onnxruntime-node, scores cached);
// vectors from an embedding service (--embedder): src/cli/embedder.ts.
import { InputError } from '../engine/types.ts';
import { runExperiment, parseDataset, type ExperimentConfig, type ExperimentDeps } from '../engine/evaluation/experiment.ts';
import { readChunksJsonl } from '../engine/formats/chunks-jsonl.ts';
import { writeResults } from '../engine/formats/results.ts';
import { intOption, parseArgs, required } from './args.ts';
import { CHUNKING_OPTIONS, checkOutPath, checkModelOptions, chooseTokenizer, chunkerId, chunkerParams, lexicalEmbed, printedHelp, writeAtomic } from './common.ts';
import { LEXICAL_EMBEDDER_ID } from '../engine/embedding/lexical.ts';
import { DEFAULT_CONTEXT_TOKENS } from '../engine/context/index.ts';
import { loadDataset, readOptions, readText } from './dataset.ts';
import { parseEmbedderSpec } from '../engine/embedding/providers/config.ts';
import { selectQuestions } from '../engine/evaluation/dataset.ts';
import { UNSAFE_KEYS } from '../engine/formats/limits.ts';
import { formatSummary } from './report.ts';
import { contextForCli, formatContextReport, parsePricing, providerConfigFromSpec, type ContextCli } from './context.ts';
import { llmChunkerForCli } from './llm-chunker.ts';

const HELP = `usage: npm run cli -- eval --dataset <D> --chunker <id> --max-tokens <n> [--overlap <n>]
       [--context-header] [--retriever bm25|dense|hybrid] [--model <id-or-dir>] [--late]
       [--tokenizer <dir>] [--chunks <chunks.jsonl>] [--k <n>] [--filter key=value]...
       [--out <results.json>] [--json] [--reviewed-only]
       [--dtype fp32|fp16|q8] [--cache-dir <dir>] [--no-cache]
       [--context-model openai:<model>|anthropic:<model>] [--context-base-url <url>]
       [--context-tokens <n>] [--context-cache <dir>] [--context-only-cached]
       [--context-price <in>,<out>[,<cached>]] [--context-concurrency <n>] [--context-arm-baseline]
       [--rerank <model-dir-or-id>] [--rerank-top <n>] [--budget <tokens>] [--scope corpus|document]
       [--embedder openai:<model>|cohere:<model>|voyage:<model>|jina:<model>] [--embed-base-url <url>]
       [--dimensions <n>] [--embed-batch <n>] [--embed-concurrency <n>] [--yes]
       [--generator openai:<model>|anthropic:<model> [--base-url <url>] [--generator-cache <dir>] [--generator-price <in>,<out>]]

dense/hybrid: --model is a folder (config.json, tokenizer.json, onnx/model.onnx) or a Hub id
already on disk; vectors are cached in .cache/embeddings (or --cache-dir), so a rerun does no
model work. --late pools each chunk from one pass over its whole document (late chunking); chunk
prefixes (context headers) are not pooled, the document around the chunk is its context.

embedding service: --embedder takes the vectors of dense/hybrid retrieval (and of the semantic
chunker) from OpenAI or any OpenAI-compatible server (TEI, vLLM, Ollama, LM Studio: --embed-base-url
with its /v1), Cohere, Voyage or Jina. The key comes from OPENAI_API_KEY, COHERE_API_KEY,
VOYAGE_API_KEY or JINA_API_KEY, never from the command line, and is written nowhere. --dimensions asks
for shorter vectors (Matryoshka models); --embed-batch lowers the texts per call (a local server's
limit), --embed-concurrency the calls in flight. The estimate (texts, tokens, calls, price, time) is
printed before any call and confirmed on a terminal; --yes skips the question (needed in scripts).
Vectors are cached in .cache/embeddings (or --cache-dir): an interrupted run resumes, a rerun makes no
call. Sizes are counted in the service model's tokens when it is an OpenAI embedding model (tiktoken
cl100k_base for text-embedding-3-*/ada-002), else with --tokenizer or the bundled one (and the run
says so). Late chunking
needs a local model (--model).

semantic chunker: with --model its sentence vectors come from the model; without, from a lexical
TF-IDF embedder over each document's own sentences (no model needed).

llm chunker: --chunker llm --generator openai:<model>|anthropic:<model> [--base-url <url>]
[--generator-cache <dir>] [--generator-price <in>,<out>], as for \`chunk\`: same key variables, same
answers cache (.cache/llm-chunks.jsonl), the estimate printed before the first call.

generated context (contextual retrieval): --context-model writes one sentence per chunk that
situates it in its document, put before the chunk's text (and before its context header). Chunks are
cut at --max-tokens minus --context-tokens (default 60) so the sentence fits. The key comes from
OPENAI_API_KEY / ANTHROPIC_API_KEY (or CHUNKLAB_CONTEXT_API_KEY), never from the command line, and is
written nowhere; a local OpenAI-compatible server (Ollama, llama.cpp) needs --context-base-url and no
key. The estimate (calls, tokens, cost with --context-price) is printed before any call. Sentences are
cached in .cache/context.jsonl (or --context-cache <dir>): an interrupted run resumes, a rerun makes
no calls, and --context-only-cached refuses to call the model at all.
reranking: --rerank is a cross-encoder folder (config.json, tokenizer.json, onnx/model.onnx, one
output "logits") or a Hub id already on disk; it rescores the retriever's first --rerank-top hits
(default 50) on (question, indexed text with its prefix) and re-sorts them; the rest keep their
order. Scores are cached with the embeddings; --dtype picks its ONNX file too.
--budget (default 1024): hit@budget and recall@budget take ranked units while their tokens stay
within the budget. --scope document searches each question only among its gold document's units.

Paired test: run the header-only arm at the same reduced cap with --context-arm-baseline (same
--max-tokens, --context-tokens and --context-header), then
  npm run cli -- compare baseline.json context.json`;

const RETRIEVERS = ['bm25', 'dense', 'hybrid'] as const;
// Generated questions (see \`questions\`) are marked unreviewed until a person accepts them in the
// page; the command line has no review step, so it includes them unless --reviewed-only, says how
// many, and records the count as config.unreviewedQuestions. Rejected questions never count.

export async function run(argv: string[]): Promise<number> {
  if (printedHelp(argv, HELP)) return 0;
  const o = parseArgs(argv, {
    ...CHUNKING_OPTIONS,
    retriever: { type: 'string' },
    late: { type: 'boolean' },
    chunks: { type: 'string' },
    k: { type: 'string' },
    filter: { type: 'string', multiple: true },
    out: { type: 'string' },
    json: { type: 'boolean' },
    'context-model': { type: 'string' },
    'context-base-url': { type: 'string' },
    'context-tokens': { type: 'string' },
    'context-cache': { type: 'string' },
    'context-only-cached': { type: 'boolean' },
    'context-price': { type: 'string' },
    'context-concurrency': { type: 'string' },
    'context-arm-baseline': { type: 'boolean' },
    rerank: { type: 'string' },
    'rerank-top': { type: 'string' },
    budget: { type: 'string' },
    scope: { type: 'string' },
    embedder: { type: 'string' },
    'embed-base-url': { type: 'string' },
    dimensions: { type: 'string' },
    'embed-batch': { type: 'string' },
    'embed-concurrency': { type: 'string' },
    yes: { type: 'boolean' },
    'reviewed-only': { type: 'boolean' },
    generator: { type: 'string' },
    'base-url': { type: 'string' },
    'generator-cache': { type: 'string' },
    'generator-price': { type: 'string' },
  }, 'eval');
  const datasetPath = required(o.dataset, 'dataset', 'eval');
  if (o.out !== undefined) checkOutPath(String(o.out));
  const kind = (o.retriever ?? 'bm25') as string;
  if (!(RETRIEVERS as readonly string[]).includes(kind)) throw new InputError(`--retriever must be bm25, dense or hybrid, got "${kind}"`, 'eval');
  const k = intOption(o.k, 'k', 'eval', 1) ?? 10;
  const filter: Record<string, string> = {};
  for (const f of (o.filter as string[] | undefined) ?? []) {
    const eq = f.indexOf('=');
    if (eq <= 0) throw new InputError(`--filter must be key=value, got "${f}"`, 'eval');
    const key = f.slice(0, eq);
    if (UNSAFE_KEYS.has(key)) throw new InputError(`--filter: "${key}" cannot be a metadata key`, 'eval');
    filter[key] = f.slice(eq + 1);
  }
  if (o.late && kind === 'bm25') throw new InputError('--late needs --retriever dense or hybrid', 'eval');
  const service = serviceOptions(o, kind);
  if (kind !== 'bm25' && !o.model && !service) throw new InputError(`--retriever ${kind} needs --model <id-or-dir> or --embedder <service>:<model>`, 'eval');
  checkModelOptions(o, 'eval');
  if (o.model && o.tokenizer) throw new InputError('give --model or --tokenizer, not both (the model brings its tokenizer)', 'eval');
  const ctx = contextOptions(o);
  const llm = llmOptions(o);
  const rerankTop = intOption(o['rerank-top'], 'rerank-top', 'eval', 1);
  if (rerankTop !== undefined && !o.rerank) throw new InputError('--rerank-top needs --rerank', 'eval');
  const budget = intOption(o.budget, 'budget', 'eval', 1);
  if (o.scope !== undefined && o.scope !== 'corpus' && o.scope !== 'document') throw new InputError(`--scope must be corpus or document, got "${o.scope}"`, 'eval');

  let config: ExperimentConfig;
  if (o.chunks) {
    config = { chunker: 'external', params: { maxTokens: intOption(o['max-tokens'], 'max-tokens', 'eval', 1) ?? 0 }, retriever: { kind: kind as 'bm25' }, k };
    if (o.chunker) config.params.source = String(o.chunker);
  } else {
    const id = chunkerId(required(o.chunker, 'chunker', 'eval'), 'eval');
    config = { chunker: id, params: chunkerParams(id, o, 'eval'), retriever: { kind: kind as 'bm25' }, k };
  }
  if (Object.keys(filter).length) config.filter = filter;
  if (budget !== undefined) config.budget = budget;
  if (o.scope) config.scope = o.scope as 'corpus' | 'document';
  if (ctx.baseline) config.contextBaseline = { contextTokens: ctx.contextTokens };
  if (ctx.spec || ctx.baseline) {
    const reserve = ctx.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
    if (config.params.maxTokens - reserve < 8) {
      throw new InputError(`--max-tokens ${config.params.maxTokens} leaves ${config.params.maxTokens - reserve} tokens for the chunk after reserving ${reserve} for the sentence (--context-tokens); at least 8 are needed`, 'eval');
    }
  }

  const loaded = await loadDataset(datasetPath);
  if (!loaded.questions.length) throw new InputError(`no questions to evaluate (${loaded.skipped.length ? `${loaded.skipped.length} skipped, none usable` : 'the dataset has documents only'}); \`chunk\` works on it`, datasetPath);
  const dataset = selectQuestions(loaded, !o['reviewed-only']);
  if (!dataset.questions.length) throw new InputError('no questions to evaluate: every question is unreviewed or rejected (drop --reviewed-only, or accept them in the page)', datasetPath);
  if (dataset.unreviewed) console.error(`questions  ${dataset.unreviewed} generated question${dataset.unreviewed === 1 ? ' is' : 's are'} unreviewed and included (--reviewed-only leaves them out)`);
  const deps: ExperimentDeps = { tokenizer: undefined as never };
  let model: import('./retrievers.ts').ModelDeps | undefined;
  let embedService: import('./embedder.ts').ServiceDeps | undefined;
  if (o.model) {
    const { loadModelDeps } = await import('./retrievers.ts');
    model = await loadModelDeps(String(o.model), {
      late: !!o.late,
      dtype: o.dtype as 'fp32' | undefined,
      cacheDir: o['no-cache'] ? null : (o['cache-dir'] as string | undefined),
    });
    // The config records the model by id, weights hash, dtype, pooling, limit and late on/off.
    Object.assign(config.retriever, model.config);
    deps.tokenizer = model.tokenizer;
    deps.embed = model.embed;
    deps.createRetriever = model.createRetriever;
    if (config.chunker === 'semantic') config.semanticEmbedder = model.config.modelId;
  } else if (service) {
    const { serviceDeps, serviceCliTokenizer } = await import('./embedder.ts');
    // An OpenAI embedding model counts in its tiktoken encoding (sizes, limit, estimate); others (or
    // an explicit --tokenizer) count with the project's tokenizer, and the run says so.
    deps.tokenizer = await serviceCliTokenizer(service.spec, o.tokenizer as string | undefined);
    embedService = serviceDeps({
      ...service,
      cacheDir: o['no-cache'] ? null : (o['cache-dir'] as string | undefined),
      queries: dataset.questions.map((q) => q.text),
      tokenizer: deps.tokenizer,
    });
    console.error(embedService.sizesLine);
    // The config records the service, model, dimensions and base URL (no credentials).
    if (kind !== 'bm25') Object.assign(config.retriever, embedService.record());
    deps.embed = embedService.embed;
    deps.createRetriever = embedService.createRetriever;
    if (config.chunker === 'semantic') config.semanticEmbedder = embedService.id;
  } else {
    deps.tokenizer = await chooseTokenizer(o.tokenizer as string | undefined);
    if (config.chunker === 'semantic') {
      deps.embedFor = lexicalEmbed();
      config.semanticEmbedder = LEXICAL_EMBEDDER_ID;
    }
  }
  if (llm) {
    // The same model, answers cache and estimate as `chunk --chunker llm`.
    console.error(await llm.estimate([...parseDataset(dataset).values()], config.params, deps.tokenizer));
    deps.generator = llm.generator;
    deps.answers = llm.answers;
    config.generator = llm.generator.id;
  }
  let context: ContextCli | undefined;
  if (ctx.spec) {
    context = contextForCli({ ...ctx, spec: ctx.spec }, deps.tokenizer, config.params.maxTokens);
    config.context = context.config;
    deps.contextualize = context.contextualize;
  }
  if (o.chunks) {
    const docs = parseDataset(dataset);
    const text = await readText(String(o.chunks));
    deps.chunks = readChunksJsonl(text, new Map([...docs].map(([id, d]) => [id, d.text])), String(o.chunks), readOptions());
  }
  let reranker: import('./cross-encoder.ts').LoadedCrossEncoder | undefined;
  let rerankStats: import('../engine/retrieval/rerank.ts').RerankStats | undefined;
  let results;
  try {
    if (o.rerank) {
      const { loadCrossEncoder } = await import('./cross-encoder.ts');
      reranker = await loadCrossEncoder(String(o.rerank), {
        dtype: o.dtype as 'fp32' | undefined,
        cacheDir: o['no-cache'] ? null : (o['cache-dir'] as string | undefined),
      });
      // config.rerank = {model, top, modelId, modelSha256, dtype, maxTokens}
      const { model: rerankModel, ...rest } = reranker.config;
      config.rerank = { model: rerankModel, top: rerankTop ?? 50, ...rest };
      deps.rerankScore = reranker.encoder.score;
      deps.onRerankStats = (s) => (rerankStats = s);
    }
    results = await runExperiment(dataset, config, deps);
    // Enough to rerun it: where the dataset (and, for --chunks, the chunks) came from.
    Object.assign(results.config, { datasetPath, ...(o.chunks ? { chunksFile: String(o.chunks) } : {}), ...(dataset.unreviewed ? { unreviewedQuestions: dataset.unreviewed } : {}) });
  } finally {
    await model?.dispose();
    await reranker?.dispose();
  }
  if (llm) console.error(llm.report());
  const contextReport = context?.report();
  if (contextReport) {
    console.error(formatContextReport(context!.config.model, contextReport));
  }
  let embeddingLine = '';
  if (model) {
    // Deterministic counts go into the file; cache hits and model calls only to the terminal.
    (results as typeof results & { embedding?: unknown }).embedding = model.counts();
    const { formatEmbedding } = await import('./retrievers.ts');
    embeddingLine = formatEmbedding(model.config, model.counts(), model.work());
  }
  if (embedService) {
    (results as typeof results & { embedding?: unknown }).embedding = embedService.counts();
    const { formatServiceReport } = await import('./embedder.ts');
    embeddingLine = formatServiceReport(embedService);
  }
  if (rerankStats) {
    const s = rerankStats;
    const line = `rerank     ${reranker!.config.modelId} top ${config.rerank!.top}: ${s.pairs} pairs for ${s.queries} searches, ${(s.ms / Math.max(1, s.queries)).toFixed(1)} ms per search`;
    embeddingLine = embeddingLine ? `${embeddingLine}\n${line}` : line;
  }
  const json = writeResults(results);
  if (o.out) await writeAtomic(String(o.out), json);
  if (o.json) {
    process.stdout.write(json);
    if (embeddingLine) console.error(embeddingLine);
  } else console.log(formatSummary(results) + (embeddingLine ? `\n${embeddingLine}` : ''));
  return 0;
}

/** The --context-* flags, checked together (one-line InputErrors). */
function contextOptions(o: Record<string, unknown>) {
  const spec = o['context-model'] as string | undefined;
  const baseline = !!o['context-arm-baseline'];
  const needModel = ['context-base-url', 'context-cache', 'context-only-cached', 'context-price', 'context-concurrency'].filter((f) => o[f] !== undefined);
  if (!spec && needModel.length) throw new InputError(`--${needModel[0]} needs --context-model`, 'eval');
  if (!spec && !baseline && o['context-tokens'] !== undefined) throw new InputError('--context-tokens needs --context-model or --context-arm-baseline', 'eval');
  if (spec) providerConfigFromSpec(spec, {}); // the spec's shape, checked before anything runs
  if (spec && baseline) throw new InputError('--context-arm-baseline is the arm without sentences: give it or --context-model, not both', 'eval');
  if ((spec || baseline) && o.chunks) throw new InputError('generated context needs --chunker (chunks from --chunks cannot be re-cut at the reduced cap)', 'eval');
  const contextTokens = intOption(o['context-tokens'], 'context-tokens', 'eval', 0);
  const concurrency = intOption(o['context-concurrency'], 'context-concurrency', 'eval', 1);
  return {
    spec,
    baseline,
    contextTokens,
    baseUrl: o['context-base-url'] as string | undefined,
    cacheDir: o['context-cache'] as string | undefined,
    onlyCached: !!o['context-only-cached'],
    pricing: o['context-price'] !== undefined ? parsePricing(String(o['context-price'])) : undefined,
    concurrency,
  };
}

/** The llm chunker's flags (as `chunk` has them), checked together; undefined unless --chunker llm. */
function llmOptions(o: Record<string, unknown>) {
  const needGenerator = ['base-url', 'generator-cache', 'generator-price'].filter((f) => o[f] !== undefined);
  if (!o.generator) {
    if (o.chunker === 'llm' && !o.chunks) throw new InputError('--chunker llm needs --generator openai:<model> or anthropic:<model>', 'eval');
    if (needGenerator.length) throw new InputError(`--${needGenerator[0]} needs --generator`, 'eval');
    return undefined;
  }
  if (o.chunker !== 'llm' || o.chunks) throw new InputError(`--generator is for --chunker llm, not "${o.chunks ? 'external chunks' : String(o.chunker ?? '')}"`, 'eval');
  return llmChunkerForCli(String(o.generator), {
    baseUrl: o['base-url'] as string | undefined,
    cacheDir: o['generator-cache'] as string | undefined,
    pricing: o['generator-price'] !== undefined ? parsePricing(String(o['generator-price']), '--generator-price') : undefined,
  });
}

/** The --embedder flags, checked together (one-line InputErrors); undefined without --embedder. */
function serviceOptions(o: Record<string, unknown>, retriever: string) {
  const spec = o.embedder as string | undefined;
  const needSpec = ['embed-base-url', 'dimensions', 'embed-batch', 'embed-concurrency', 'yes'].filter((f) => o[f] !== undefined);
  if (!spec) {
    if (needSpec.length) throw new InputError(`--${needSpec[0]} needs --embedder`, 'eval');
    return undefined;
  }
  parseEmbedderSpec(spec);
  if (o.model) throw new InputError('give --model or --embedder, not both', 'eval');
  if (o.late) throw new InputError('--late needs a local model (--model): an embedding service returns one pooled vector per text, not the token vectors late chunking pools', 'eval');
  if (o.dtype) throw new InputError('--dtype needs --model (a service chooses its own weights)', 'eval');
  if (retriever === 'bm25' && o.chunker !== 'semantic') throw new InputError('--embedder needs --retriever dense or hybrid (or --chunker semantic)', 'eval');
  return {
    spec,
    baseUrl: o['embed-base-url'] as string | undefined,
    dimensions: intOption(o.dimensions, 'dimensions', 'eval', 1),
    batchSize: intOption(o['embed-batch'], 'embed-batch', 'eval', 1),
    concurrency: intOption(o['embed-concurrency'], 'embed-concurrency', 'eval', 1),
    yes: !!o.yes,
  };
}
