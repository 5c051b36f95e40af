// Reranking time per query in Chromium: the page's cross-encoder (workers/rerank-runner.ts in the
// embedding worker, onnxruntime-web WASM, with the page's default thread count, printed)
// rescoring the first N = 20, 50, 100 units of BM25 rankings of the English sample's questions
// (the same workload as bench/rerank.ts in Node). The score cache is emptied before each query, so
// every pair runs through the model.
//   CHROMIUM_PATH=/usr/bin/chromium npx tsx bench/rerank-browser.ts [modelDir] [queries]
// modelDir defaults to the 2-layer test cross-encoder; for a realistic size build the MiniLM-sized
// random one first: /usr/bin/python3 scripts/make-test-cross-encoder.py --size minilm
// (bench/out/models/cross-encoder-minilm-size). Prints per N the median and mean ms per query as
// the page sees it (worker scoring plus the trip), and the worker's own share. Report only.
import { cpSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build, preview } from 'vite';
import { openBrowser } from '../tests/browser/browser.ts';
import { rerankCandidates } from './rerank-candidates.ts';

const root = new URL('../', import.meta.url).pathname;
const modelDir = resolve(process.argv[2] ?? join(root, 'tests/fixtures/models/chunklab-test-cross-encoder'));
const nQueries = Number(process.argv[3] ?? 20);
const work = await rerankCandidates(root, nQueries);

const outDir = join(root, 'bench/out/browser-dist');
await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true, rolldownOptions: { input: { main: join(root, 'index.html'), embedTest: join(root, 'tests/browser/embed-page.html') } } } });
const name = basename(modelDir);
cpSync(modelDir, join(outDir, 'models', name), { recursive: true });
const server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
const base = server.resolvedUrls!.local[0];
const s = await openBrowser();
try {
  await s.page.goto(new URL('tests/browser/embed-page.html', base).href);
  await s.page.waitForFunction(() => !!(window as any).__chunklabTest);
  const result = await s.page.evaluate(
    async ({ name, work }) => {
      const c = (window as any).__chunklabTest.createEmbedClient();
      const status = await c.loadReranker({ kind: 'served', id: name }, { dtype: 'fp32', device: 'wasm' });
      await c.rerank(work[0].query, work[0].passages.slice(0, 20)); // warm-up
      const rows: { n: number; page: number[]; worker: number[] }[] = [];
      for (const n of [20, 50, 100]) {
        const page: number[] = [];
        const worker: number[] = [];
        for (const w of work) {
          await c.clearCache();
          const t0 = performance.now();
          const out = await c.rerank(w.query, w.passages.slice(0, n));
          page.push(performance.now() - t0);
          worker.push(out.ms);
          if (out.cacheHits) throw new Error('the cache answered: the bench would not measure the model');
        }
        rows.push({ n, page, worker });
      }
      c.terminate();
      return { model: status.id, device: status.device, threads: status.threads, rows };
    },
    { name, work },
  );
  // Statistics here in Node (tsx names the page function's helpers with a __name the page lacks).
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const rows = result.rows.map((r) => ({ n: r.n, queries: r.page.length, medianMsPerQuery: +median(r.page).toFixed(1), meanMsPerQuery: +mean(r.page).toFixed(1), workerShare: +(mean(r.worker) / mean(r.page)).toFixed(2) }));
  console.log(JSON.stringify({ browser: 'chromium', model: result.model, device: result.device, threads: result.threads, rows }));
} finally {
  await s.close();
  await server.close();
}
