// `eval --dataset D --chunker id --max-tokens n [--overlap n] [--context-header]
//   [--retriever bm25|dense|hybrid] [--model id-or-dir] [--late] [--tokenizer dir]
//   [--chunks chunks.jsonl] [--k n] [--filter key=value]... [--out results.json] [--json]
//   [--dtype fp32|fp16|q8] [--cache-dir dir] [--no-cache]
//   [--context-model openai:M|anthropic:M [--context-base-url U] [--context-tokens n] [--context-cache dir]
//    [--context-only-cached] [--context-price in,out[,cached]] [--context-concurrency n]]
//   [--context-arm-baseline [--context-tokens n]]`
// Chunk, index, retrieve and score a dataset's questions through the engine's one pipeline.
// Dense/hybrid/late wiring: src/cli/retrievers.ts (model, embedding cache, counts); generated context:
// src/cli/context.ts; the semantic chunker without --model: the lexical embedder (common.ts).
import { InputError } from '../engine/types.ts';
import { runExperiment, parseDataset, type ExperimentConfig, type ExperimentDeps } from '../engine/evaluation/experiment.ts';
import { readChunksJsonl } from '../engine/formats/chunks-jsonl.ts';
import { writeResults } from '../engine/formats/results.ts';
import { intOption, parseArgs, required } from './args.ts';
import { CHUNKING_OPTIONS, checkOutPath, checkModelOptions, chooseTokenizer, chunkerId, chunkerParams, lexicalEmbed, printedHelp, writeAtomic } from './common.ts';
import { LEXICAL_EMBEDDER_ID } from '../engine/embedding/lexical.ts';
import { DEFAULT_CONTEXT_TOKENS } from '../engine/context/index.ts';
import { loadDataset, readOptions, readText } from './dataset.ts';
import { UNSAFE_KEYS } from '../engine/formats/limits.ts';
import { formatSummary } from './report.ts';
import { contextForCli, formatContextReport, parsePricing, providerConfigFromSpec, type ContextCli } from './context.ts';

const HELP = `usage: npm run cli -- eval --dataset <D> --chunker <id> --max-tokens <n> [--overlap <n>]
       [--context-header] [--retriever bm25|dense|hybrid] [--model <id-or-dir>] [--late]
       [--tokenizer <dir>] [--chunks <chunks.jsonl>] [--k <n>] [--filter key=value]...
       [--out <results.json>] [--json]
       [--dtype fp32|fp16|q8] [--cache-dir <dir>] [--no-cache]
       [--context-model openai:<model>|anthropic:<model>] [--context-base-url <url>]
       [--context-tokens <n>] [--context-cache <dir>] [--context-only-cached]
       [--context-price <in>,<out>[,<cached>]] [--context-concurrency <n>] [--context-arm-baseline]

dense/hybrid: --model is a folder (config.json, tokenizer.json, onnx/model.onnx) or a Hub id
already on disk; vectors are cached in .cache/embeddings (or --cache-dir), so a rerun does no
model work. --late pools each chunk from one pass over its whole document (late chunking); chunk
prefixes (context headers) are not pooled, the document around the chunk is its context.

semantic chunker: with --model its sentence vectors come from the model; without, from a lexical
TF-IDF embedder over each document's own sentences (no model needed).

generated context (contextual retrieval): --context-model writes one sentence per chunk that
situates it in its document, put before the chunk's text (and before its context header). Chunks are
cut at --max-tokens minus --context-tokens (default 60) so the sentence fits. The key comes from
OPENAI_API_KEY / ANTHROPIC_API_KEY (or CHUNKLAB_CONTEXT_API_KEY), never from the command line, and is
written nowhere; a local OpenAI-compatible server (Ollama, llama.cpp) needs --context-base-url and no
key. The estimate (calls, tokens, cost with --context-price) is printed before any call. Sentences are
cached in .cache/context.jsonl (or --context-cache <dir>): an interrupted run resumes, a rerun makes
no calls, and --context-only-cached refuses to call the model at all.
Paired test: run the header-only arm at the same reduced cap with --context-arm-baseline (same
--max-tokens, --context-tokens and --context-header), then
  npm run cli -- compare baseline.json context.json`;

const RETRIEVERS = ['bm25', 'dense', 'hybrid'] as const;

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
  if (kind !== 'bm25' && !o.model) throw new InputError(`--retriever ${kind} needs --model <id-or-dir>`, 'eval');
  checkModelOptions(o, 'eval');
  if (o.model && o.tokenizer) throw new InputError('give --model or --tokenizer, not both (the model brings its tokenizer)', 'eval');
  const ctx = contextOptions(o);

  let config: ExperimentConfig;
  if (o.chunks) {
    config = { chunker: 'external', params: { maxTokens: intOption(o['max-tokens'], 'max-tokens', 'eval', 1) ?? 0 }, retriever: { kind: kind as 'bm25' }, k };
    if (o.chunker) config.params.source = String(o.chunker);
  } else {
    const id = chunkerId(required(o.chunker, 'chunker', 'eval'), 'eval');
    config = { chunker: id, params: chunkerParams(id, o, 'eval'), retriever: { kind: kind as 'bm25' }, k };
  }
  if (Object.keys(filter).length) config.filter = filter;
  if (ctx.baseline) config.contextBaseline = { contextTokens: ctx.contextTokens };
  if (ctx.spec || ctx.baseline) {
    const reserve = ctx.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
    if (config.params.maxTokens - reserve < 8) {
      throw new InputError(`--max-tokens ${config.params.maxTokens} leaves ${config.params.maxTokens - reserve} tokens for the chunk after reserving ${reserve} for the sentence (--context-tokens); at least 8 are needed`, 'eval');
    }
  }

  const dataset = await loadDataset(datasetPath);
  if (!dataset.questions.length) throw new InputError(`no questions to evaluate (${dataset.skipped.length ? `${dataset.skipped.length} skipped, none usable` : 'the dataset has documents only'}); \`chunk\` works on it`, datasetPath);
  const deps: ExperimentDeps = { tokenizer: undefined as never };
  let model: import('./retrievers.ts').ModelDeps | undefined;
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
  } else {
    deps.tokenizer = await chooseTokenizer(o.tokenizer as string | undefined);
    if (config.chunker === 'semantic') {
      deps.embedFor = lexicalEmbed();
      config.semanticEmbedder = LEXICAL_EMBEDDER_ID;
    }
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
  let results;
  try {
    results = await runExperiment(dataset, config, deps);
    // Enough to rerun it: where the dataset (and, for --chunks, the chunks) came from.
    Object.assign(results.config, { datasetPath, ...(o.chunks ? { chunksFile: String(o.chunks) } : {}) });
  } finally {
    await model?.dispose();
  }
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
