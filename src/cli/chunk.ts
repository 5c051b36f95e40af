// `chunk --dataset D --chunker id --max-tokens n [--overlap n] [--context-header] [--tokenizer dir]
//   [--model dir [--dtype fp32|fp16|q8] [--cache-dir dir] [--no-cache]]
//   [--generator openai:M|anthropic:M [--base-url U] [--generator-cache dir] [--generator-price in,out]] --out chunks.jsonl`
// Cuts every document of a dataset and writes the chunks as JSON Lines (docs/CONTRACT.md). With --model,
// sizes are counted in the model's tokens and the semantic chunker embeds with it (cached like eval's
// vectors); without, the semantic chunker uses the lexical TF-IDF embedder (no model needed).
import { InputError, type Chunk } from '../engine/types.ts';
import { chunkCorpus } from '../engine/chunkers/index.ts';
import { parseDataset } from '../engine/evaluation/index.ts';
import { writeChunksJsonl } from '../engine/formats/index.ts';
import { readFlags } from './args.ts';
import { checkOutPath, chooseTokenizer, chunkerParams, lexicalEmbed, writeAtomic } from './common.ts';
import { loadDataset } from '../node/files.ts';
import { llmChunkerForCli } from './llm-chunker.ts';
import { parsePricing } from './context.ts';

export async function run(argv: string[]): Promise<number> {
  const p = readFlags('chunk', argv);
  if (!p) return 0;
  const f = p.flags;
  const id = f.chunker;
  const params = chunkerParams(id, f, 'chunk');
  const out = f.out;
  checkOutPath(out);
  if (id === 'llm' && !f.generator) throw new InputError('--chunker llm needs --generator openai:<model> or anthropic:<model>', 'chunk');
  if (f.generator && id !== 'llm') throw new InputError(`--generator is for --chunker llm, not "${id}"`, 'chunk');
  const llm = f.generator
    ? llmChunkerForCli(f.generator, {
        baseUrl: f['base-url'],
        cacheDir: f['generator-cache'],
        pricing: f['generator-price'] !== undefined ? parsePricing(f['generator-price'], '--generator-price') : undefined,
      })
    : undefined;
  const llmCtx = llm ? { generator: llm.generator, answers: llm.answers } : {};
  const dataset = await loadDataset(f.dataset);
  const docs = parseDataset(dataset);

  let chunks: Chunk[];
  if (f.model) {
    const { loadModelDeps } = await import('./retrievers.ts');
    const model = await loadModelDeps(f.model, { dtype: f.dtype, cacheDir: f['no-cache'] ? null : f['cache-dir'] });
    try {
      if (llm) console.error(await llm.estimate([...docs.values()], params, model.tokenizer));
      chunks = await chunkCorpus([...docs.values()], id, params, { tokenizer: model.tokenizer, embed: id === 'semantic' ? model.embed : undefined, ...llmCtx });
    } finally {
      await model.dispose();
    }
  } else {
    const tokenizer = await chooseTokenizer(f.tokenizer);
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
