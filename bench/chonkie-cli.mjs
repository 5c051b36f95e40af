// The peer of `npm run cli -- chunk` in the whole-process comparison: what a user writes without
// ChunkLab, a plain Node script (no TypeScript, no build) that reads a ChunkLab folder's documents,
// cuts them with chonkie-js's RecursiveChunker counting tokens with transformers.js's tokenizer
// (the same all-MiniLM-L6-v2 tokenizer.json the CLI bundles), and writes one JSON line per chunk.
//   node bench/chonkie-cli.mjs <dataset-folder> <maxTokens> <out.jsonl>
// Timed by bench/run.ts from outside, whole process: start, tokenizer load, chunking, writing.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AutoTokenizer, env } from '@huggingface/transformers';
import { RecursiveChunker, Tokenizer } from '@chonkiejs/core';

const [folder, capArg, out] = process.argv.slice(2);
const cap = Number(capArg);
if (!folder || !(cap > 0) || !out) {
  console.error('usage: node bench/chonkie-cli.mjs <dataset-folder> <maxTokens> <out.jsonl>');
  process.exit(2);
}
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
env.allowRemoteModels = false;
env.localModelPath = join(ROOT, 'public', 'tokenizers');
const hf = await AutoTokenizer.from_pretrained('all-MiniLM-L6-v2');

// chonkie's documented route to another tokenizer needs @chonkiejs/token (not installed); its
// Tokenizer is a plain class, so the character tokenizer gets transformers.js's count.
const tokenizer = await Tokenizer.create('character');
tokenizer.countTokens = (text) => hf.encode(text, { add_special_tokens: false }).length;
const chunker = await RecursiveChunker.create({ chunkSize: cap, tokenizer });

const manifest = JSON.parse(readFileSync(join(folder, 'documents.json'), 'utf8'));
const lines = [];
for (const d of manifest.documents) {
  const text = readFileSync(join(folder, d.file), 'utf8');
  for (const c of await chunker.chunk(text)) lines.push(JSON.stringify({ docId: d.id, start: c.startIndex, end: c.endIndex, text: c.text }));
}
writeFileSync(out, lines.join('\n') + '\n');
console.error(`${lines.length} chunks from ${manifest.documents.length} documents → ${out}`);
