// `chunk --dataset D --chunker id --max-tokens n [--overlap n] [--context-header] [--tokenizer dir]
//   [--model dir [--dtype fp32|fp16|q8] [--cache-dir dir] [--no-cache]]
//   [--generator openai:M|anthropic:M [--base-url U] [--generator-cache dir] [--generator-price in,out]] --out chunks.jsonl`
// Cuts every document of a dataset and writes the chunks as JSON Lines (docs/CONTRACT.md). With --model,
// sizes are counted in the model's tokens and the semantic chunker embeds with it (cached like eval's
// vectors); without, the semantic chunker uses the lexical TF-IDF embedder (no model needed).
import { InputError, type Chunk } from '../engine/types.ts';
import { chunkCorpus } from '../engine/chunkers/index.ts';
import { parseDataset } from '../engine/evaluation/experiment.ts';
import { writeChunksJsonl } from '../engine/formats/chunks-jsonl.ts';
import { parseArgs, required } from './args.ts';
import { CHUNKING_OPTIONS, checkOutPath, checkModelOptions, chooseTokenizer, chunkerId, chunkerParams, lexicalEmbed, printedHelp, writeAtomic } from './common.ts';
import { loadDataset } from './dataset.ts';
import { llmChunkerForCli } from './llm-chunker.ts';
import { parsePricing } from './context.ts';

const HELP = `usage: npm run cli -- chunk --dataset <D> --chunker <id> --max-tokens <n> [--overlap <n>]
       [--context-header] [--tokenizer <dir>] --out <chunks.jsonl>
       [--model <dir-or-id> [--dtype fp32|fp16|q8] [--cache-dir <dir>] [--no-cache]]
       [--generator openai:<model>|anthropic:<model> [--base-url <url>] [--generator-cache <dir>] [--generator-price <in>,<out>]]

--model counts sizes in the model's tokens and gives the semantic chunker its sentence vectors
(cached in .cache/embeddings, shared with eval). Without it the semantic chunker uses a lexical
TF-IDF embedder over each document's sentences: it works right after install, with no model.

--chunker llm needs --generator: a language model reads windows of numbered paragraphs and says
where the topic changes. The key comes from OPENAI_API_KEY or ANTHROPIC_API_KEY (never from the
command line); --base-url points at a local OpenAI-compatible server (Ollama, llama.cpp), which
needs no key. Answers are kept in .cache/llm-chunks.jsonl (or --generator-cache <dir>): a rerun
makes no call. Before the first call the estimate is printed: windows to ask, prompt and answer
tokens, and the cost with --generator-price IN,OUT (dollars per million tokens).`;

export async function run(argv: string[]): Promise<number> {
  if (printedHelp(argv, HELP)) return 0;
  const o = parseArgs(argv, { ...CHUNKING_OPTIONS, out: { type: 'string' }, generator: { type: 'string' }, 'base-url': { type: 'string' }, 'generator-cache': { type: 'string' }, 'generator-price': { type: 'string' } }, 'chunk');
  const datasetPath = required(o.dataset, 'dataset', 'chunk');
  const id = chunkerId(required(o.chunker, 'chunker', 'chunk'), 'chunk');
  const params = chunkerParams(id, o, 'chunk');
  const out = required(o.out, 'out', 'chunk');
  checkOutPath(out);
  if (o.model && o.tokenizer) throw new InputError('give --model or --tokenizer, not both (the model brings its tokenizer)', 'chunk');
  checkModelOptions(o, 'chunk');
  if (id === 'llm' && !o.generator) throw new InputError('--chunker llm needs --generator openai:<model> or anthropic:<model>', 'chunk');
  if (o.generator && id !== 'llm') throw new InputError(`--generator is for --chunker llm, not "${id}"`, 'chunk');
  if ((o['base-url'] !== undefined || o['generator-cache'] !== undefined || o['generator-price'] !== undefined) && !o.generator) {
    throw new InputError('--base-url, --generator-cache and --generator-price need --generator', 'chunk');
  }
  const llm = o.generator
    ? llmChunkerForCli(String(o.generator), {
        baseUrl: o['base-url'] as string | undefined,
        cacheDir: o['generator-cache'] as string | undefined,
        pricing: o['generator-price'] !== undefined ? parsePricing(String(o['generator-price']), '--generator-price') : undefined,
      })
    : undefined;
  const llmCtx = llm ? { generator: llm.generator, answers: llm.answers } : {};
  const dataset = await loadDataset(datasetPath);
  const docs = parseDataset(dataset);

  let chunks: Chunk[];
  if (o.model) {
    const { loadModelDeps } = await import('./retrievers.ts');
    const model = await loadModelDeps(String(o.model), {
      dtype: o.dtype as 'fp32' | undefined,
      cacheDir: o['no-cache'] ? null : (o['cache-dir'] as string | undefined),
    });
    try {
      if (llm) console.error(await llm.estimate([...docs.values()], params, model.tokenizer));
      chunks = await chunkCorpus([...docs.values()], id, params, { tokenizer: model.tokenizer, embed: id === 'semantic' ? model.embed : undefined, ...llmCtx });
    } finally {
      await model.dispose();
    }
  } else {
    const tokenizer = await chooseTokenizer(o.tokenizer as string | undefined);
    if (id === 'semantic') {
      // One lexical embedder per document (its IDF is that document's sentences).
      const embedFor = lexicalEmbed();
      chunks = [];
      for (const doc of docs.values()) chunks.push(...(await chunkCorpus([doc], id, params, { tokenizer, embed: embedFor(doc) })));
    } else {
      if (llm) console.error(await llm.estimate([...docs.values()], params, tokenizer));
      chunks = await chunkCorpus([...docs.values()], id, params, { tokenizer, ...llmCtx });
    }
  }
  if (llm) console.error(llm.report());
  await writeAtomic(out, writeChunksJsonl(chunks, (d) => docs.get(d)!.text));
  console.error(`${chunks.length} chunks from ${docs.size} documents → ${out}`);
  return 0;
}
