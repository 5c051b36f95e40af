// Reranking time per query in Node: a cross-encoder (onnxruntime-node, no score cache) rescoring
// the first N = 20, 50, 100 units of BM25 rankings of the English sample's questions.
//   npx tsx bench/rerank.ts [modelDir] [queries]
// modelDir defaults to the 2-layer test cross-encoder; for a realistic size build the MiniLM-sized
// random one first: /usr/bin/python3 scripts/make-test-cross-encoder.py --size minilm
// (bench/out/models/cross-encoder-minilm-size). One intra-op thread (steady on a shared machine).
// Prints per N: median and mean ms per query, and the share spent tokenizing pairs. Report only,
// no targets: the figures depend on the machine and the model's size.
import { join } from 'node:path';
import { loadCrossEncoder } from '../src/cli/cross-encoder.ts';
import { loadDataset } from '../src/cli/dataset.ts';
import { loadDefaultTokenizer } from '../src/cli/load-tokenizer.ts';
import { parseDataset, indexText } from '../src/engine/evaluation/experiment.ts';
import { chunkCorpus } from '../src/engine/chunkers/index.ts';
import { Bm25Retriever } from '../src/engine/retrieval/bm25.ts';

const root = new URL('../', import.meta.url).pathname;
const modelDir = process.argv[2] ?? join(root, 'tests/fixtures/models/chunklab-test-cross-encoder');
const nQueries = Number(process.argv[3] ?? 20);

const ds = await loadDataset(join(root, 'public/samples/en'));
const docs = parseDataset(ds);
const tokenizer = await loadDefaultTokenizer();
const chunks = await chunkCorpus([...docs.values()], 'recursive', { maxTokens: 96 }, { tokenizer });
const texts = new Map(chunks.map((c) => [c.id, indexText(c, docs.get(c.docId)!)]));
const bm25 = new Bm25Retriever({ stopwords: 'none' });
await bm25.index(chunks.map((c) => ({ id: c.id, docId: c.docId, text: texts.get(c.id)! })));
// Pad every candidate list to 100 with the corpus in order (BM25 can return fewer).
const all = chunks.map((c) => c.id);
const questions = ds.questions.slice(0, nQueries);
const candidates = await Promise.all(
  questions.map(async (q) => {
    const ids = (await bm25.search(q.text, 100)).map((h) => h.id);
    for (const id of all) if (ids.length < 100 && !ids.includes(id)) ids.push(id);
    return ids.map((id) => texts.get(id)!);
  }),
);

const ce = await loadCrossEncoder(modelDir, { cacheDir: null, threads: 1 });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
await ce.encoder.score(questions[0].text, candidates[0].slice(0, 20)); // warm-up
const rows = [];
for (const n of [20, 50, 100]) {
  const times: number[] = [];
  let tokenizeMs = 0;
  for (const [i, q] of questions.entries()) {
    const passages = candidates[i].slice(0, n);
    const t0 = performance.now();
    for (const p of passages) ce.encoder.encodePair(q.text, p);
    const t1 = performance.now();
    await ce.encoder.score(q.text, passages);
    times.push(performance.now() - t1);
    tokenizeMs += t1 - t0;
  }
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  rows.push({ n, queries: questions.length, medianMsPerQuery: +median(times).toFixed(1), meanMsPerQuery: +mean.toFixed(1), tokenizeShare: +(tokenizeMs / questions.length / mean).toFixed(2) });
}
await ce.dispose();
console.log(JSON.stringify({ model: ce.config.modelId, rows }));
