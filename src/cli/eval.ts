// `eval --dataset D --chunker id --max-tokens n [--overlap n] [--context-header]
//   [--retriever bm25|dense|hybrid] [--model id-or-dir] [--late] [--tokenizer dir]
//   [--chunks chunks.jsonl] [--k n] [--filter key=value]... [--out results.json] [--json]
//   [--dtype fp32|fp16|q8] [--cache-dir dir] [--no-cache]`
// Chunk, index, retrieve and score a dataset's questions through the engine's one pipeline.
// Dense/hybrid/late wiring: src/cli/retrievers.ts (model, embedding cache, counts).
import { InputError } from '../engine/types.ts';
import { runExperiment, parseDataset, type ExperimentConfig, type ExperimentDeps } from '../engine/evaluation/experiment.ts';
import { readChunksJsonl } from '../engine/formats/chunks-jsonl.ts';
import { writeResults } from '../engine/formats/results.ts';
import { intOption, parseArgs, required } from './args.ts';
import { chooseTokenizer, chunkerId, chunkerParams, writeAtomic } from './common.ts';
import { loadDataset, readOptions, readText } from './dataset.ts';
import { formatSummary } from './report.ts';

const HELP = `usage: npm run cli -- eval --dataset <D> --chunker <id> --max-tokens <n> [--overlap <n>]
       [--context-header] [--retriever bm25|dense|hybrid] [--model <id-or-dir>] [--late]
       [--tokenizer <dir>] [--chunks <chunks.jsonl>] [--k <n>] [--filter key=value]...
       [--out <results.json>] [--json]
       [--dtype fp32|fp16|q8] [--cache-dir <dir>] [--no-cache]

dense/hybrid: --model is a folder (config.json, tokenizer.json, onnx/model.onnx) or a Hub id
already on disk; vectors are cached in .cache/embeddings (or --cache-dir), so a rerun does no
model work. --late pools each chunk from one pass over its whole document (late chunking); chunk
prefixes (context headers) are not pooled, the document around the chunk is its context.`;

const RETRIEVERS = ['bm25', 'dense', 'hybrid'] as const;

export async function run(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const o = parseArgs(argv, {
    dataset: { type: 'string' },
    chunker: { type: 'string' },
    'max-tokens': { type: 'string' },
    overlap: { type: 'string' },
    'context-header': { type: 'boolean' },
    retriever: { type: 'string' },
    model: { type: 'string' },
    late: { type: 'boolean' },
    tokenizer: { type: 'string' },
    chunks: { type: 'string' },
    k: { type: 'string' },
    filter: { type: 'string', multiple: true },
    out: { type: 'string' },
    json: { type: 'boolean' },
    dtype: { type: 'string' },
    'cache-dir': { type: 'string' },
    'no-cache': { type: 'boolean' },
  }, 'eval');
  const datasetPath = required(o.dataset, 'dataset', 'eval');
  const kind = (o.retriever ?? 'bm25') as string;
  if (!(RETRIEVERS as readonly string[]).includes(kind)) throw new InputError(`--retriever must be bm25, dense or hybrid, got "${kind}"`, 'eval');
  const k = intOption(o.k, 'k', 'eval', 1) ?? 10;
  const filter: Record<string, string> = {};
  for (const f of (o.filter as string[] | undefined) ?? []) {
    const eq = f.indexOf('=');
    if (eq <= 0) throw new InputError(`--filter must be key=value, got "${f}"`, 'eval');
    filter[f.slice(0, eq)] = f.slice(eq + 1);
  }
  if (o.late && kind === 'bm25') throw new InputError('--late needs --retriever dense or hybrid', 'eval');
  if (kind !== 'bm25' && !o.model) throw new InputError(`--retriever ${kind} needs --model <id-or-dir>`, 'eval');
  if (!o.model && (o.dtype || o['cache-dir'] || o['no-cache'])) throw new InputError('--dtype, --cache-dir and --no-cache need --model', 'eval');
  if (o.dtype !== undefined && !['fp32', 'fp16', 'q8'].includes(String(o.dtype))) throw new InputError(`--dtype must be fp32, fp16 or q8, got "${o.dtype}"`, 'eval');
  if (o['cache-dir'] && o['no-cache']) throw new InputError('give --cache-dir or --no-cache, not both', 'eval');
  if (o.model && o.tokenizer) throw new InputError('give --model or --tokenizer, not both (the model brings its tokenizer)', 'eval');

  let config: ExperimentConfig;
  if (o.chunks) {
    config = { chunker: 'external', params: { maxTokens: intOption(o['max-tokens'], 'max-tokens', 'eval', 1) ?? 0 }, retriever: { kind: kind as 'bm25' }, k };
    if (o.chunker) config.params.source = String(o.chunker);
  } else {
    const id = chunkerId(required(o.chunker, 'chunker', 'eval'), 'eval');
    config = { chunker: id, params: chunkerParams(id, o, 'eval'), retriever: { kind: kind as 'bm25' }, k };
  }
  if (Object.keys(filter).length) config.filter = filter;

  const dataset = await loadDataset(datasetPath);
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
  } else deps.tokenizer = await chooseTokenizer(o.tokenizer as string | undefined);
  if (o.chunks) {
    const docs = parseDataset(dataset);
    const text = await readText(String(o.chunks));
    deps.chunks = readChunksJsonl(text, new Map([...docs].map(([id, d]) => [id, d.text])), String(o.chunks), readOptions());
  }
  let results;
  try {
    results = await runExperiment(dataset, config, deps);
  } finally {
    await model?.dispose();
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
