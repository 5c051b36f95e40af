// `chunk`: cuts every document of a dataset and writes the chunks as JSON Lines (docs/CONTRACT.md). With --model,
// sizes are counted in the model's tokens and the semantic chunker embeds with it (cached like eval's
// vectors); without, the semantic chunker uses the lexical TF-IDF embedder (no model needed).
// Flags and --help: src/cli/commands.ts.
import type { Chunk, Doc } from '../engine/types.ts';
import { chunkCorpus, type ChunkParams } from '../engine/chunkers/index.ts';
import { parseDataset } from '../engine/evaluation/index.ts';
import { writeChunksJsonl, type FileOutcome } from '../engine/formats/index.ts';
import { readFlags } from './args.ts';
import { checkOutPath, chooseTokenizer, chunkerParams, count, lexicalEmbed, writeAtomic } from './common.ts';
import { loadDataset } from '../node/files.ts';
import { useOcr } from '../node/document-readers.ts';
import type { LlmChunkerCli } from './llm-chunker.ts';
import type { FlagValues } from './commands.ts';

export async function run(argv: string[]): Promise<number> {
  const p = readFlags('chunk', argv);
  if (!p) return 0;
  const f = p.flags;
  useOcr({ mode: f.ocr, lang: f['ocr-lang'] });
  const params = chunkerParams(f.chunker, f, 'chunk');
  checkOutPath(f.out);
  // (its HTTP client loads only when asked for: without either flag it has nothing to check)
  const llm = f.generator || f.chunker === 'llm' ? (await import('./llm-chunker.ts')).llmChunkerFromFlags(f, 'chunk') : undefined;
  // A document whose text is the same as an earlier one's is left out (docs/CONTRACT.md): say which, and of which.
  const duplicates: FileOutcome[] = [];
  const docs = parseDataset(await loadDataset(f.dataset, { files: (all) => duplicates.push(...all.filter((o) => o.problem === 'duplicate')) }));
  for (const d of duplicates) console.error(`${d.path}: the same text as "${d.duplicateOf}": left out`);
  const chunks = await cut(f, params, [...docs.values()], llm);
  if (llm) console.error(llm.report());
  await writeAtomic(f.out, writeChunksJsonl(chunks, (d) => docs.get(d)!.text));
  const left = duplicates.length ? ` (${count(duplicates.length, 'duplicate')} left out)` : '';
  console.error(`${count(chunks.length, 'chunk')} from ${count(docs.size, 'document')}${left} → ${f.out}`);
  return 0;
}

/** The chunks of every document, counted in the model's tokens (--model) or the tokenizer's. */
async function cut(f: FlagValues<'chunk'>, params: ChunkParams, docs: Doc[], llm: LlmChunkerCli | undefined): Promise<Chunk[]> {
  const id = f.chunker;
  const llmCtx = llm ? { generator: llm.generator, answers: llm.answers } : {};
  if (f.model) {
    const { loadModelDeps } = await import('./retrievers.ts');
    const model = await loadModelDeps(f.model, { dtype: f.dtype, cacheDir: f['no-cache'] ? null : f['cache-dir'] });
    try {
      if (llm) console.error(await llm.estimate(docs, params, model.tokenizer));
      return await chunkCorpus(docs, id, params, { tokenizer: model.tokenizer, embed: id === 'semantic' ? model.embed : undefined, ...llmCtx });
    } finally {
      await model.dispose();
    }
  }
  const tokenizer = await chooseTokenizer(f.tokenizer);
  if (id === 'semantic') {
    // One lexical embedder per document (its IDF is that document's sentences).
    const embedFor = lexicalEmbed();
    const chunks: Chunk[] = [];
    for (const doc of docs) chunks.push(...(await chunkCorpus([doc], id, params, { tokenizer, embed: embedFor(doc) })));
    return chunks;
  }
  if (llm) console.error(await llm.estimate(docs, params, tokenizer));
  return chunkCorpus(docs, id, params, { tokenizer, ...llmCtx });
}
