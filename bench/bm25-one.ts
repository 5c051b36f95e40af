// BM25 measurement, in its own process: our Bm25Retriever against minisearch on the same chunks
// and questions.
//   tsx bench/bm25-one.ts <megabytes> <questions>
// Chunks: the structure chunker at 256 tokens over the bench corpus. Questions: sentences taken from
// the chunks (seeded choice) and perturbed as a user would half-remember them: words dropped,
// two words swapped, case and accents changed; the chunk a question came from is its "source".
// minisearch is configured as close to ours as its options allow: the same word pattern and the same
// folding (processTerm = our foldTerm), OR of the terms, no prefix or fuzzy matching, BM25 with
// k1 = 1.2, b = 0.75 and BM25+'s d = 0 (plain BM25), each query term counted once. Two of its
// choices cannot be turned off and make scores differ from textbook BM25: a field's length is its
// number of DISTINCT terms, and a hit's score is multiplied by how many query terms it matched.
// Agreement is therefore also reported with that multiplier undone (re-ranked, not timed).
// Prints one JSON line.
import MiniSearch from 'minisearch';
import { makeCorpus } from './corpus.ts';
import { rng } from './corpus.ts';
import { loadDefaultTokenizer } from '../src/node/tokenizer-folder.ts';
import { parseDocument } from '../src/engine/documents/index.ts';
import { chunkDocument } from '../src/engine/chunkers/index.ts';
import { Bm25Retriever } from '../src/engine/retrieval/bm25.ts';
import { foldTerm } from '../src/engine/documents/terms.ts';
import type { IndexEntry } from '../src/engine/types.ts';

const mb = Number(process.argv[2] ?? 1);
const nQuestions = Number(process.argv[3] ?? 1000);
const K = 10;

const tokenizer = await loadDefaultTokenizer();
const entries: IndexEntry[] = [];
for (const d of makeCorpus(Math.round(mb * 1024 * 1024))) {
  const doc = parseDocument({ id: d.id, text: d.text, format: 'markdown' });
  for (const c of await chunkDocument(doc, 'structure', { maxTokens: 256 }, { tokenizer })) {
    entries.push({ id: c.id, docId: c.docId, text: c.prefix + doc.text.slice(c.start, c.end) });
  }
}

// ---------------------------------------------------------------- questions
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;
const r = rng(7);
const questions: { text: string; source: string }[] = [];
for (let tries = 0; questions.length < nQuestions && tries < nQuestions * 50; tries++) {
  const e = entries[Math.floor(r() * entries.length)];
  const sentences = e.text.split(/(?<=[.!?])\s+|\n+/).filter((s) => (s.match(WORD)?.length ?? 0) >= 6);
  if (!sentences.length) continue;
  let words = sentences[Math.floor(r() * sentences.length)].match(WORD)!.slice(0, 16);
  words = words.filter(() => r() >= 0.2); // drop about one word in five
  if (words.length < 3) continue;
  const i = Math.floor(r() * (words.length - 1));
  [words[i], words[i + 1]] = [words[i + 1], words[i]];
  const text = words.map((w) => (r() < 0.2 ? w.toUpperCase() : r() < 0.2 ? foldTerm(w) : w)).join(' ') + '?';
  questions.push({ text, source: e.id });
}

// ---------------------------------------------------------------- ours
const cpuTime = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
function timed<T>(f: () => T): [T, number, number] {
  const c = cpuTime();
  const t = performance.now();
  const out = f();
  return [out, (performance.now() - t) / 1000, cpuTime() - c];
}
async function timedAsync<T>(f: () => Promise<T>): Promise<[T, number, number]> {
  const c = cpuTime();
  const t = performance.now();
  const out = await f();
  return [out, (performance.now() - t) / 1000, cpuTime() - c];
}

const ours = new Bm25Retriever();
const [, oursIndexS, oursIndexCpu] = await timedAsync(() => ours.index(entries));
for (const q of questions.slice(0, 50)) await ours.search(q.text, K); // warm-up, untimed
const [oursResults, oursQueryS, oursQueryCpu] = await timedAsync(async () => {
  const out: { id: string; score: number }[][] = [];
  for (const q of questions) out.push(await ours.search(q.text, K));
  return out;
});

// ---------------------------------------------------------------- minisearch
const words = (text: string) => text.match(WORD) ?? [];
const mini = new MiniSearch<{ id: number; text: string }>({
  fields: ['text'],
  storeFields: [],
  tokenize: words,
  processTerm: (t) => foldTerm(t),
  searchOptions: {
    combineWith: 'OR',
    prefix: false,
    fuzzy: false,
    bm25: { k: 1.2, b: 0.75, d: 0 },
    // Each distinct folded term once, as ours does.
    tokenize: (text) => [...new Set(words(text).map(foldTerm))],
  },
});
const [, miniIndexS, miniIndexCpu] = timed(() => mini.addAll(entries.map((e, i) => ({ id: i, text: e.text }))));
for (const q of questions.slice(0, 50)) mini.search(q.text); // warm-up, untimed
const [miniRaw, miniQueryS, miniQueryCpu] = timed(() => questions.map((q) => mini.search(q.text).slice(0, K)));
const miniResults = miniRaw.map((hits) => hits.map((h) => ({ id: entries[h.id as number].id, score: h.score })));
// Not timed: minisearch's full ranking with its matched-terms multiplier undone.
const miniPlain = questions.map((q) =>
  mini
    .search(q.text)
    .map((h) => ({ id: entries[h.id as number].id, score: h.score / (h.queryTerms.length || 1), order: h.id as number }))
    .sort((x, y) => y.score - x.score || x.order - y.order)
    .slice(0, K),
);

// ---------------------------------------------------------------- agreement (not timed)
function agreement(other: { id: string }[][]) {
  let overlap = 0;
  let top1 = 0;
  let same = 0;
  questions.forEach((_, i) => {
    const a = oursResults[i].map((h) => h.id);
    const b = other[i].map((h) => h.id);
    const bs = new Set(b);
    const denom = Math.max(a.length, b.length);
    overlap += denom ? a.filter((id) => bs.has(id)).length / denom : 1;
    if ((a[0] ?? null) === (b[0] ?? null)) top1++;
    if (a.join() === b.join()) same++;
  });
  const n = questions.length;
  return { meanTop10Overlap: overlap / n, top1: top1 / n, identicalTop10: same / n };
}
const hitAt10 = (res: { id: string }[][]) => questions.filter((q, i) => res[i].some((h) => h.id === q.source)).length / questions.length;
const oursHit = hitAt10(oursResults) * questions.length;
const miniHit = hitAt10(miniResults) * questions.length;
const n = questions.length;
console.log(
  JSON.stringify({
    mb,
    chunks: entries.length,
    questions: n,
    k: K,
    ours: { indexSeconds: oursIndexS, indexCpuSeconds: oursIndexCpu, querySeconds: oursQueryS, queryCpuSeconds: oursQueryCpu, queriesPerSec: n / oursQueryS, hitAt10: oursHit / n },
    minisearch: { indexSeconds: miniIndexS, indexCpuSeconds: miniIndexCpu, querySeconds: miniQueryS, queryCpuSeconds: miniQueryCpu, queriesPerSec: n / miniQueryS, hitAt10: miniHit / n },
    agreement: agreement(miniResults),
    agreementWithoutMultiplier: agreement(miniPlain),
    minisearchWithoutMultiplierHitAt10: hitAt10(miniPlain),
    sampleQuestions: questions.slice(0, 3).map((q) => q.text),
  }),
);
