// Where an `eval` spends its time: 1,000 questions over about 1,000 chunks with BM25, as
// `npm run cli -- eval --dataset <folder> --chunker structure --max-tokens 256 --out results.json`
// runs it, timed stage by stage in one process with the CLI's own pieces (loadDataset, runExperiment
// with its progress stages, writeResults, the atomic write).
//   tsx bench/eval-split.ts <folder-to-write> [questions] [megabytes]
// Writes the dataset (a ChunkLab folder: documents.json, docs/*.md, questions.json with gold spans)
// first, untimed. Questions: a sentence of a document (seeded choice), perturbed as a user would
// half-remember it (words dropped, two swapped, case changed); its gold span is that sentence.
// Prints one JSON line: seconds and CPU seconds per stage, and the counts.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeCorpus, rng } from './corpus.ts';
import { loadDataset } from '../src/node/files.ts';
import { loadDefaultTokenizer } from '../src/node/tokenizer-folder.ts';
import { writeAtomic } from '../src/cli/common.ts';
import { parseDataset, runExperiment, type Stage } from '../src/engine/evaluation/experiment.ts';
import { writeResults } from '../src/engine/formats/results.ts';

const [folder, nArg = '1000', mbArg = '0.52'] = process.argv.slice(2);
if (!folder) {
  console.error('usage: tsx bench/eval-split.ts <folder-to-write> [questions] [megabytes]');
  process.exit(2);
}
const nQuestions = Number(nArg);

// ---------------------------------------------------------------- the dataset (not timed)
const docs = makeCorpus(Math.round(Number(mbArg) * 1024 * 1024));
const r = rng(11);
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;
const questions: object[] = [];
for (let tries = 0; questions.length < nQuestions && tries < nQuestions * 50; tries++) {
  const d = docs[Math.floor(r() * docs.length)];
  const sentences = [...d.text.matchAll(/[^\n.!?]{40,240}[.!?]/g)].filter((m) => !/[#|`*]/.test(m[0]) && (m[0].match(WORD)?.length ?? 0) >= 6);
  if (!sentences.length) continue;
  const m = sentences[Math.floor(r() * sentences.length)];
  const start = m.index! + (m[0].length - m[0].trimStart().length);
  const end = m.index! + m[0].length;
  let words = d.text.slice(start, end).match(WORD)!.slice(0, 14).filter(() => r() >= 0.2);
  if (words.length < 3) continue;
  const i = Math.floor(r() * (words.length - 1));
  [words[i], words[i + 1]] = [words[i + 1], words[i]];
  words = words.map((w) => (r() < 0.15 ? w.toUpperCase() : w));
  // Code points, as the file format counts them (the corpus has no characters beyond U+FFFF, checked).
  if (/[\uD800-\uDFFF]/.test(d.text.slice(0, end))) continue;
  questions.push({ id: `q${questions.length + 1}`, text: `${words.join(' ')}?`, gold: [{ docId: d.id, start, end }] });
}
rmSync(folder, { recursive: true, force: true });
mkdirSync(join(folder, 'docs'), { recursive: true });
for (const d of docs) writeFileSync(join(folder, 'docs', `${d.id}.md`), d.text);
writeFileSync(join(folder, 'documents.json'), JSON.stringify({ format: 'chunklab-folder', version: 1, name: 'bench eval', documents: docs.map((d) => ({ id: d.id, file: `docs/${d.id}.md` })) }));
writeFileSync(join(folder, 'questions.json'), JSON.stringify({ format: 'chunklab-questions', version: 1, questions }));

// ---------------------------------------------------------------- timed, stage by stage
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const split: Record<string, { seconds: number; cpuSeconds: number }> = {};
let mark = { t: performance.now(), c: cpu() };
const lap = (name: string) => {
  const now = { t: performance.now(), c: cpu() };
  const s = (split[name] ??= { seconds: 0, cpuSeconds: 0 });
  s.seconds += (now.t - mark.t) / 1000;
  s.cpuSeconds += now.c - mark.c;
  mark = now;
};
const t0 = performance.now();
const tokenizer = await loadDefaultTokenizer();
lap('load tokenizer');
const dataset = await loadDataset(folder);
lap('read dataset');
let current: Stage | null = null;
const results = await runExperiment(dataset, { chunker: 'structure', params: { maxTokens: 256 }, retriever: { kind: 'bm25' }, k: 10 }, {
  tokenizer,
  onProgress: (stage, fraction) => {
    // Each stage reports 0 when it starts and 1 when it ends; what lies between two stages (the
    // question resolution inside "parse", the result assembly before "score") falls to the next.
    if (stage !== current) {
      if (current) lap(current);
      else lap('(between)');
      current = stage;
    }
    void fraction;
  },
});
if (current) lap(current);
const json = writeResults(results);
lap('serialize results');
await writeAtomic(join(folder, 'results.json'), json);
lap('write file');
const total = (performance.now() - t0) / 1000;
// The documents alone, parsed once more after the run (warm; nothing is cached between parses): the
// part of the "parse" stage that is the documents, the rest being the questions' gold resolution.
mark = { t: performance.now(), c: cpu() };
parseDataset(dataset);
lap('(documents parse alone, again, warm)');
console.log(
  JSON.stringify({
    questions: results.questions.length,
    skipped: results.skipped?.length ?? 0,
    chunks: results.chunks.length,
    documents: docs.length,
    bytes: docs.reduce((n, d) => n + Buffer.byteLength(d.text), 0),
    resultsBytes: Buffer.byteLength(json),
    hitAt5: results.metrics['hit@5'],
    total,
    split,
  }),
);
