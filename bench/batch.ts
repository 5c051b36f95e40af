// `npm run bench -- --only batch` (or `tsx bench/batch.ts [--mb 40] [--gb 1] [--ray]`): the corpus
// path. Prints one JSON line: batch's documents/s and MB/s with 1 and 2 workers on the same JSONL
// input (and the scaling factor), its peak memory on a large input (--gb, default 0.25 GB; 1 GB for
// the figure), serve --stdio against the same chunking in-process (the protocol's cost), and
// the Ray example on a local cluster against batch on the same documents (when .venv-ray exists).
import { mkdirSync, rmSync, writeFileSync, openSync, writeSync, closeSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { makeCorpus, corpusBytes } from './corpus.ts';
import { chunkWithRecipe, parseRecipe } from '../src/lib/index.ts';
import { loadDefaultTokenizer } from '../src/node/tokenizer-folder.ts';

const ROOT = new URL('../', import.meta.url).pathname;
const OUT = join(ROOT, 'bench', 'out', 'batch');
const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : d;
};
const MB = arg('mb', 40);
const GB = arg('gb', 0.25);
const withRay = process.argv.includes('--ray') || existsSync(join(ROOT, '.venv-ray', 'bin', 'python'));
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const RECIPE = { format: 'chunklab-recipe', version: 1, chunker: 'recursive', params: { maxTokens: 256, overlap: 0 }, tokenizer: 'all-MiniLM-L6-v2' };
const recipePath = join(OUT, 'recipe.json');
writeFileSync(recipePath, JSON.stringify(RECIPE));
const cli = join(ROOT, 'build', 'cli', 'chunklab.mjs');
spawnSync(process.execPath, [join(ROOT, 'scripts', 'cli.mjs'), '--help']); // rebuild if stale

const base = makeCorpus(MB * 1e6, 42, 'english');
const input = join(OUT, 'docs.jsonl');
writeFileSync(input, base.map((d) => JSON.stringify({ id: d.id, text: d.text, format: 'md' })).join('\n') + '\n');
const bytes = corpusBytes(base);

interface Run { docs: number; mb: number; seconds: number; docsPerSec: number; mbPerSec: number; peakMB: number; wall: number }
function batch(inputPath: string, workers: number, name: string): Run {
  const t = performance.now();
  const r = spawnSync(process.execPath, [cli, 'batch', '--recipe', recipePath, '--input', inputPath, '--out', join(OUT, name), '--workers', String(workers)], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const wall = (performance.now() - t) / 1000;
  const m = /(\d+) documents, ([\d.]+) MB in ([\d.]+) s \(([\d.]+) docs\/s, ([\d.]+) MB\/s\); peak memory (\d+) MB/.exec(r.stderr);
  if (r.status !== 0 || !m) throw new Error(`batch failed: ${r.stderr.slice(-500)}`);
  return { docs: +m[1], mb: +m[2], seconds: +m[3], docsPerSec: +m[4], mbPerSec: +m[5], peakMB: +m[6], wall };
}

const one = batch(input, 1, 'w1');
const two = batch(input, 2, 'w2');

// Peak memory on a large input: the base corpus written again and again (new ids) up to GB.
const big = join(OUT, 'big.jsonl');
const fd = openSync(big, 'w');
let written = 0;
for (let copy = 0; written < GB * 1e9; copy++) {
  const chunk = base.map((d) => JSON.stringify({ id: `${d.id}-${copy}`, text: d.text, format: 'md' })).join('\n') + '\n';
  writeSync(fd, chunk);
  written += Buffer.byteLength(chunk);
}
closeSync(fd);
const large = batch(big, 2, 'big');
rmSync(big, { force: true });
rmSync(join(OUT, 'big'), { recursive: true, force: true });

// serve --stdio against in-process chunkWithRecipe on the same documents (one process, one core).
const tokenizer = await loadDefaultTokenizer();
const recipe = parseRecipe(JSON.stringify(RECIPE), 'recipe', tokenizer.name);
let t = performance.now();
let inProcessChunks = 0;
for (const d of base) inProcessChunks += (await chunkWithRecipe({ id: d.id, text: d.text, format: 'markdown' }, recipe, { tokenizer })).length;
const inProcess = (performance.now() - t) / 1000;
t = performance.now();
const serveChunks = await new Promise<number>((resolve, reject) => {
  const child = spawn(process.execPath, [cli, 'serve', '--stdio', '--recipe', recipePath], { stdio: ['pipe', 'pipe', 'ignore'] });
  let n = 0;
  let buf = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => {
    buf += d;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      n += (JSON.parse(buf.slice(0, i)) as { chunks?: unknown[] }).chunks?.length ?? 0;
      buf = buf.slice(i + 1);
    }
  });
  child.on('close', (code) => (code === 0 ? resolve(n) : reject(new Error(`serve exit ${code}`))));
  (async () => {
    for (const d of base) if (!child.stdin.write(JSON.stringify({ id: d.id, text: d.text, format: 'md' }) + '\n')) await new Promise((r) => child.stdin.once('drain', r));
    child.stdin.end();
  })();
});
const stdio = (performance.now() - t) / 1000;

// Ray (local cluster, 2 actors) against batch with 2 workers, on the same documents as Parquet.
let ray: { wall: number; chunks: number; batchWall: number } | null = null;
if (withRay) {
  const { parquetWriteFile } = await import('hyparquet-writer');
  const pq = join(OUT, 'docs.parquet');
  parquetWriteFile({ filename: pq, columnData: [
    { name: 'id', data: base.map((d) => d.id), type: 'STRING' },
    { name: 'text', data: base.map((d) => d.text), type: 'STRING' },
    { name: 'format', data: base.map(() => 'md'), type: 'STRING' },
  ] });
  t = performance.now();
  const r = spawnSync(join(ROOT, '.venv-ray', 'bin', 'python'), [join(ROOT, 'examples', 'ray', 'chunk_corpus.py'), '--recipe', recipePath, '--input', pq, '--out', join(OUT, 'ray'), '--num-cpus', '2', '--actors', '2', '--actor-cpus', '0.5', '--node', process.execPath], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const wall = (performance.now() - t) / 1000;
  const m = /chunk_corpus: (\d+) chunks/.exec(r.stderr);
  const b = batch(pq, 2, 'pq2');
  if (r.status === 0 && m) ray = { wall, chunks: +m[1], batchWall: b.wall };
}

console.log(JSON.stringify({
  corpus: { docs: base.length, mb: bytes / 1e6 },
  workers1: one,
  workers2: two,
  scaling: one.seconds / two.seconds,
  large: { ...large, inputGB: written / 1e9 },
  stdio: { inProcessSeconds: inProcess, serveSeconds: stdio, overhead: stdio / inProcess - 1, chunks: serveChunks, same: serveChunks === inProcessChunks },
  ray,
}));
