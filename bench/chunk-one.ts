// One chunking measurement, in its own process so that peak memory (max RSS) and the tokenizer's
// word cache belong to it alone (every subject starts cold):
//   tsx bench/chunk-one.ts <subject> <megabytes> <maxTokens> [library|cached] [--corpus <kind>] [--profile <file>]
// subject: one of our chunker ids, or a peer: "langchain" (RecursiveCharacterTextSplitter) or
// "chonkie" (@chonkiejs/core RecursiveChunker). Peers count tokens with the plain library tokenizer
// (@huggingface/tokenizers encode().length, as a user would plug it in), or with ours ("cached").
// Prints one JSON line. Timed: text → chunks (our parsing included, since peers start from text).
// Not timed: building the corpus, loading tokenizers/models, and the checks after.
// --corpus: samples (default), mixed or non-latin (bench/corpus.ts).
// --profile writes a V8 CPU profile of the timed part only (read it with bench/profile-summary.ts).
import { makeCorpus, corpusBytes, nonLatinShare, CORPORA, type CorpusKind } from './corpus.ts';
import { loadDefaultTokenizer, DEFAULT_TOKENIZER_DIR } from '../src/node/tokenizer-folder.ts';
import { parseDocument } from '../src/engine/documents/index.ts';
import { chunkDocument } from '../src/engine/chunkers/index.ts';
import type { ChunkerContext, ChunkerId } from '../src/engine/types.ts';
import { Tokenizer } from '@huggingface/tokenizers';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const argv = process.argv.slice(2);
const profileAt = argv.indexOf('--profile');
const profileFile = profileAt >= 0 ? argv.splice(profileAt, 2)[1] : undefined;
const corpusAt = argv.indexOf('--corpus');
const corpus = (corpusAt >= 0 ? argv.splice(corpusAt, 2)[1] : 'samples') as CorpusKind;
if (!(CORPORA as readonly string[]).includes(corpus)) {
  console.error(`--corpus must be one of ${CORPORA.join(', ')}`);
  process.exit(2);
}
const [subject, mbArg, capArg, peerCounter = 'library'] = argv;
const mb = Number(mbArg);
const cap = Number(capArg);
if (!subject || !(mb > 0) || !(cap > 0)) {
  console.error('usage: tsx bench/chunk-one.ts <subject> <megabytes> <maxTokens> [library|cached]');
  process.exit(2);
}
const isPeer = subject === 'langchain' || subject === 'chonkie';
const docs = makeCorpus(Math.round(mb * 1024 * 1024), 42, corpus);
const bytes = corpusBytes(docs);
const chars = docs.reduce((n, d) => n + d.text.length, 0);

/** The reference tokenizer: the library itself, no cache of ours. Also the cap checker. */
const json = JSON.parse(readFileSync(join(DEFAULT_TOKENIZER_DIR, 'tokenizer.json'), 'utf8'));
const config = JSON.parse(readFileSync(join(DEFAULT_TOKENIZER_DIR, 'tokenizer_config.json'), 'utf8'));
const library = new Tokenizer(json, config);
const libraryCount = (t: string) => library.encode(t, { add_special_tokens: false }).ids.length;

const ours = await loadDefaultTokenizer();
const count = peerCounter === 'cached' ? (t: string) => ours.count(t) : libraryCount;

// The semantic chunker needs vectors: the random-weight test model (its cost is real model work on
// a tiny 2-layer, 32-wide BERT; the vectors mean nothing, the plumbing and timing are real).
const ctx: ChunkerContext = { tokenizer: ours };
if (subject === 'semantic') {
  const { loadModelDir, createModelEmbedder } = await import('../src/node/model.ts');
  const model = await loadModelDir(join(import.meta.dirname, '..', 'tests', 'fixtures', 'models', 'chunklab-test-bert'));
  const embedder = createModelEmbedder(model);
  ctx.embed = async (texts) => embedder.embed(texts, 'passage');
}

let splitText: (text: string) => Promise<string[]>;
if (subject === 'langchain') {
  const { RecursiveCharacterTextSplitter } = await import('@langchain/textsplitters');
  const splitter = new RecursiveCharacterTextSplitter({ chunkSize: cap, chunkOverlap: 0, lengthFunction: count });
  splitText = (t) => splitter.splitText(t);
} else if (subject === 'chonkie') {
  const { RecursiveChunker, Tokenizer: ChonkieTokenizer } = await import('@chonkiejs/core');
  // Chonkie's documented way to use another tokenizer needs @chonkiejs/token (not installed); its
  // Tokenizer is a plain class, so we give the character tokenizer our count. Its last-resort level
  // (cutting a word longer than the cap) still cuts by characters, which only matters for huge words.
  const tokenizer = await ChonkieTokenizer.create('character');
  tokenizer.countTokens = count;
  const chunker = await RecursiveChunker.create({ chunkSize: cap, tokenizer });
  splitText = async (t) => (await chunker.chunk(t)).map((c) => c.text);
}

let profiler: import('node:inspector/promises').Session | undefined;
if (profileFile) {
  const { Session } = await import('node:inspector/promises');
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
  await profiler.post('Profiler.start');
}
const rssBefore = process.memoryUsage().rss;
const texts: string[] = [];
let parseSeconds = 0;
let parseCpuSeconds = 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
if (isPeer) {
  for (const d of docs) for (const t of await splitText!(d.text)) texts.push(t);
} else {
  for (const d of docs) {
    const p0 = performance.now();
    const c0 = process.cpuUsage();
    const doc = parseDocument({ id: d.id, text: d.text, format: 'markdown' });
    const c1 = process.cpuUsage(c0);
    parseCpuSeconds += (c1.user + c1.system) / 1e6;
    parseSeconds += (performance.now() - p0) / 1000;
    const chunks = await chunkDocument(doc, subject as ChunkerId, { maxTokens: cap }, ctx);
    for (const c of chunks) texts.push(c.prefix + doc.text.slice(c.start, c.end));
  }
}
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const maxRssMB = process.resourceUsage().maxRSS / 1024; // before the checks below can raise it
if (profiler && profileFile) {
  const { profile } = await profiler.post('Profiler.stop');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(profileFile, JSON.stringify(profile));
  profiler.disconnect();
}

// Not timed: the same documents parsed once more, warm (what a parse cache would save on a second run
// over them; the rest of the cold parse cost is first use: JIT compilation, regular expressions).
let parseAgainCpuSeconds: number | null = null;
if (!isPeer) {
  const c0 = process.cpuUsage();
  for (const d of docs) parseDocument({ id: d.id, text: d.text, format: 'markdown' });
  const c1 = process.cpuUsage(c0);
  parseAgainCpuSeconds = (c1.user + c1.system) / 1e6;
}

// Not timed. Input tokens (for tokens/s) and every chunk's exact count, both by the library tokenizer
// (independent of our cached counter); a disagreement between the two counters is reported too.
let inputTokens = 0;
for (const d of docs) inputTokens += libraryCount(d.text);
let over = 0;
let maxChunk = 0;
let chunkTokens = 0;
let disagree = 0;
for (const t of texts) {
  const n = libraryCount(t);
  chunkTokens += n;
  if (n > cap) over++;
  if (n > maxChunk) maxChunk = n;
  if (!isPeer && ours.count(t) !== n) disagree++;
}
console.log(
  JSON.stringify({
    subject,
    corpus,
    nonLatinShare: nonLatinShare(docs),
    counter: isPeer ? peerCounter : 'ours',
    mb,
    bytes,
    chars,
    docs: docs.length,
    cap,
    seconds,
    cpuSeconds,
    parseSeconds: isPeer ? null : parseSeconds,
    parseCpuSeconds: isPeer ? null : parseCpuSeconds,
    parseAgainCpuSeconds,
    mbPerSec: bytes / 1048576 / seconds,
    tokensPerSec: inputTokens / seconds,
    inputTokens,
    chunks: texts.length,
    meanChunkTokens: texts.length ? chunkTokens / texts.length : 0,
    maxChunkTokens: maxChunk,
    overCap: over,
    counterDisagreements: isPeer ? null : disagree,
    rssBeforeMB: rssBefore / 1048576,
    maxRssMB,
  }),
);
