// What one hand-moved boundary costs to score (the inspector's "move a boundary", src/engine/edit):
// the EditSession's scoring (BM25 terms kept per chunk text, so only changed chunks are analysed;
// postings, weights and every question's ranking redone) against the same scoring from scratch
// (runExperiment on the edited chunks as external chunks: parse, count, index and rank everything),
// and the BM25 index alone, fresh against term-cached. BM25, fixed windows of 128 tokens.
//   npx tsx bench/boundary-edit.ts [megabytes=1] [questions=300] [rounds=5]
// Prints one JSON line: median milliseconds per case, on the pt-BR sample and on a generated corpus.
import { makeCorpus, rng } from './corpus.ts';
import { loadDataset } from '../src/node/files.ts';
import { loadDefaultTokenizer } from '../src/node/tokenizer-folder.ts';
import { indexText, runExperiment, type ExperimentConfig } from '../src/engine/evaluation/index.ts';
import type { Dataset } from '../src/engine/evaluation/dataset.ts';
import { EditSession, type DocEdit } from '../src/engine/edit/index.ts';
import { Bm25Retriever } from '../src/engine/retrieval/index.ts';
import { parseDocument } from '../src/engine/documents/index.ts';

const [mbArg = '1', qArg = '300', roundsArg = '5'] = process.argv.slice(2);
const rounds = Number(roundsArg);
const tokenizer = await loadDefaultTokenizer();
const config: ExperimentConfig = { chunker: 'fixed', params: { maxTokens: 128, overlap: 0 }, header: false, retriever: { kind: 'bm25' }, k: 10 };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)] * 10) / 10;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Questions made of a document sentence's words, its gold the sentence (as bench/eval-split.ts does, simpler). */
function generated(mb: number, n: number): Dataset {
  const docs = makeCorpus(Math.round(mb * 1024 * 1024));
  const r = rng(7);
  const questions: Dataset['questions'] = [];
  for (let tries = 0; questions.length < n && tries < n * 50; tries++) {
    const d = docs[Math.floor(r() * docs.length)];
    const m = [...d.text.matchAll(/[^\n.!?#|`*]{40,200}[.!?]/g)];
    if (!m.length) continue;
    const s = m[Math.floor(r() * m.length)];
    if (/[\uD800-\uDFFF]/.test(d.text.slice(0, s.index! + s[0].length))) continue;
    const start = s.index! + (s[0].length - s[0].trimStart().length);
    questions.push({ id: `q${questions.length + 1}`, text: d.text.slice(start, s.index! + s[0].length).split(/\s+/).filter(() => r() > 0.3).join(' '), gold: [{ docId: d.id, start, end: s.index! + s[0].length }] });
  }
  return { name: 'bench', source: 'chunklab-folder', documents: docs.map((d) => ({ id: d.id, text: d.text, format: 'markdown' as const })), questions, skipped: [] };
}

async function measure(ds: Dataset) {
  const run = await runExperiment(ds, config, { tokenizer });
  const openMs = [] as number[];
  let session!: EditSession;
  for (let i = 0; i < 2; i++) openMs.push(await time(async () => (session = await EditSession.open(ds.documents, run, { tokenizer }))));
  // One move per round, each on another boundary of the largest document (the middle of the chunk after it).
  const doc = ds.documents.reduce((a, b) => (b.text.length > a.text.length ? b : a));
  const chunks = session.chunksOf(doc.id);
  const edits = (i: number): DocEdit[] => {
    const b = Math.min(chunks.length - 2, 1 + i);
    const c = chunks[b + 1];
    return [{ docId: doc.id, edit: { kind: 'move', chunk: b, to: Math.floor((c.start + c.end) / 2) } }];
  };
  const incremental: number[] = [];
  const scratch: number[] = [];
  let analysed = 0;
  for (let i = 0; i < rounds; i++) {
    incremental.push(await time(async () => (analysed = (await session.score(edits(i))).analysed)));
    const edited = session.replay(edits(i));
    const all = ds.documents.flatMap((d) => edited.get(d.id) ?? session.chunksOf(d.id));
    const lines = all.map((c, n) => ({ line: n + 1, id: c.id, docId: c.docId, start: c.start, end: c.end, prefix: c.prefix }));
    scratch.push(await time(() => runExperiment(ds, { ...config, chunker: 'external' }, { tokenizer, chunks: lines })));
  }
  // The BM25 index alone over the edited chunking: fresh, and with every unchanged text's terms kept.
  const parsed = new Map(ds.documents.map((d) => [d.id, parseDocument(d)]));
  const edited = session.replay(edits(0));
  const entries = ds.documents.flatMap((d) => edited.get(d.id) ?? session.chunksOf(d.id)).map((c) => ({ id: c.id, docId: c.docId, text: indexText(c, parsed.get(c.docId)!) }));
  const termCache = new Map<string, readonly string[]>();
  await new Bm25Retriever({ termCache }).index(ds.documents.flatMap((d) => session.chunksOf(d.id)).map((c) => ({ id: c.id, docId: c.docId, text: indexText(c, parsed.get(c.docId)!) })));
  const fresh: number[] = [];
  const cached: number[] = [];
  for (let i = 0; i < rounds; i++) {
    fresh.push(await time(() => new Bm25Retriever().index(entries)));
    cached.push(await time(() => new Bm25Retriever({ termCache }).index(entries)));
  }
  return {
    documents: ds.documents.length,
    characters: ds.documents.reduce((n, d) => n + d.text.length, 0),
    chunks: run.chunks.length,
    questions: run.questions.length,
    openMs: median(openMs),
    editScoreMs: median(incremental),
    fromScratchMs: median(scratch),
    analysedPerEdit: analysed,
    bm25IndexFreshMs: median(fresh),
    bm25IndexCachedMs: median(cached),
  };
}

const sample = await measure(await loadDataset('public/samples/pt-BR'));
const big = await measure(generated(Number(mbArg), Number(qArg)));
console.log(JSON.stringify({ sample, generated: big }));
