// `chunk --dataset D --chunker id --max-tokens n [--overlap n] [--context-header] [--tokenizer dir] --out chunks.jsonl`
// Cuts every document of a dataset and writes the chunks as JSON Lines (CONTRACT.md).
import { chunkCorpus } from '../engine/chunkers/index.ts';
import { parseDataset } from '../engine/evaluation/experiment.ts';
import { writeChunksJsonl } from '../engine/formats/chunks-jsonl.ts';
import { parseArgs, required } from './args.ts';
import { chooseTokenizer, chunkerId, chunkerParams, writeAtomic } from './common.ts';
import { loadDataset } from './dataset.ts';

const HELP = `usage: npm run cli -- chunk --dataset <D> --chunker <id> --max-tokens <n> [--overlap <n>]
       [--context-header] [--tokenizer <dir>] --out <chunks.jsonl>`;

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
    tokenizer: { type: 'string' },
    out: { type: 'string' },
  }, 'chunk');
  const datasetPath = required(o.dataset, 'dataset', 'chunk');
  const id = chunkerId(required(o.chunker, 'chunker', 'chunk'), 'chunk');
  const params = chunkerParams(id, o, 'chunk');
  const out = required(o.out, 'out', 'chunk');
  const dataset = await loadDataset(datasetPath);
  const tokenizer = await chooseTokenizer(o.tokenizer as string | undefined);
  const docs = parseDataset(dataset);
  const chunks = await chunkCorpus([...docs.values()], id, params, { tokenizer });
  await writeAtomic(out, writeChunksJsonl(chunks, (d) => docs.get(d)!.text));
  console.error(`${chunks.length} chunks from ${docs.size} documents → ${out}`);
  return 0;
}
