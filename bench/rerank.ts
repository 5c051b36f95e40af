// Reranking time per query in Node: a cross-encoder (onnxruntime-node, no score cache) rescoring
// the first N = 20, 50, 100 units of BM25 rankings of the English sample's questions.
//   npx tsx bench/rerank.ts [modelDir] [queries]
// modelDir defaults to the 2-layer test cross-encoder; for a realistic size build the MiniLM-sized
// random one first: /usr/bin/python3 scripts/make-test-cross-encoder.py --size minilm
// (bench/out/models/cross-encoder-minilm-size). One intra-op thread (steady on a shared machine).
// Prints per N: median and mean ms per query, and the share spent tokenizing pairs. Report only,
// no targets: the figures depend on the machine and the model's size.
import { join } from 'node:path';
import { loadCrossEncoder } from '../src/node/cross-encoder.ts';
import { rerankCandidates } from './rerank-candidates.ts';

const root = new URL('../', import.meta.url).pathname;
const modelDir = process.argv[2] ?? join(root, 'tests/fixtures/models/chunklab-test-cross-encoder');
const nQueries = Number(process.argv[3] ?? 20);
const work = await rerankCandidates(root, nQueries);
const questions = work.map((w) => ({ text: w.query }));
const candidates = work.map((w) => w.passages);

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
