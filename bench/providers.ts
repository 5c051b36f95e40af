// `npx tsx bench/providers.ts [--quick] [--dims N] [--latency MS]`: throughput of the embedding
// service client (src/engine/embedding/providers) against a local OpenAI-compatible endpoint, in
// texts/s at several batch sizes and concurrencies, with the client's own CPU time per 1,000 texts,
// to show whether the client is the bottleneck. The server runs in a child process (its own event
// loop) and answers fixed vectors of N dimensions (default 1536, text-embedding-3-small's) after an
// optional delay per request, so it costs almost nothing and what is measured is the client: batch
// packing, JSON encoding of the request, parsing and validating the answer, normalising, caching.
import { spawn } from 'node:child_process';
import { createProviderEmbedder } from '../src/engine/embedding/providers/index.ts';
import { MemoryEmbeddingCache } from '../src/engine/embedding/cache.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const quick = process.argv.includes('--quick');
const DIMS = arg('dims', 1536);
const LATENCY = arg('latency', 0);
const N = quick ? 512 : 2048;
const BATCHES = quick ? [1, 32, 128] : [1, 8, 32, 128, 512];
const CONCURRENCY = quick ? [1, 4] : [1, 4, 16];

const SERVER = `
import { createServer } from 'node:http';
const dims = ${DIMS}, latency = ${LATENCY};
const vec = JSON.stringify(Array.from({ length: dims }, (_, i) => Math.sin(i + 1) / 10));
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const n = JSON.parse(Buffer.concat(chunks).toString('utf8')).input.length;
    const body = '{"object":"list","data":[' + Array.from({ length: n }, (_, i) => '{"object":"embedding","index":' + i + ',"embedding":' + vec + '}').join(',') + '],"usage":{"prompt_tokens":0,"total_tokens":0}}';
    const send = () => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(body); };
    latency ? setTimeout(send, latency) : send();
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function main(): Promise<void> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))));
  const base = `http://127.0.0.1:${port}/v1`;
  const words = 'the harbour lighthouse keeper railway station museum storm winter fish nets promenade clock'.split(' ');
  const texts = Array.from({ length: N }, (_, i) => `${i} ` + Array.from({ length: 90 }, (_, j) => words[(i * 7 + j * 3) % words.length]).join(' '));
  console.log(`embedding client against a local endpoint: ${N} texts of ~100 words, ${DIMS}-dimension answers, ${LATENCY} ms server delay per request`);
  console.log('batch  concurrency  calls   texts/s   client CPU ms / 1000 texts');
  const rows: Record<string, number>[] = [];
  try {
    for (const batchSize of BATCHES) {
      for (const concurrency of CONCURRENCY) {
        const e = createProviderEmbedder({ kind: 'openai', model: 'bench', baseUrl: base, batchSize, concurrency }, { cache: new MemoryEmbeddingCache() });
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        const v = await e.embed(texts, 'passage');
        const secs = (performance.now() - t0) / 1000;
        const cpu = process.cpuUsage(cpu0);
        if (v.length !== N || v[0].length !== DIMS) throw new Error('wrong answer');
        const row = { batchSize, concurrency, calls: e.stats().calls, textsPerSecond: N / secs, clientCpuMsPer1000: ((cpu.user + cpu.system) / 1000 / N) * 1000 };
        rows.push(row);
        console.log(
          `${String(batchSize).padStart(5)}  ${String(concurrency).padStart(11)}  ${String(row.calls).padStart(5)}  ${row.textsPerSecond.toFixed(0).padStart(8)}   ${row.clientCpuMsPer1000.toFixed(1).padStart(8)}`,
        );
      }
    }
  } finally {
    child.kill();
  }
  console.log(JSON.stringify({ dims: DIMS, latencyMs: LATENCY, texts: N, rows }));
}

await main();
