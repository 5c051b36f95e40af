// `npm run bench -- --only batch` (or `tsx bench/batch.ts [--mb 100] [--gb 1] [--ray]`): the corpus
// path. Prints one JSON line: batch's documents/s, MB/s and CPU seconds per MB with 1 and 2 workers
// on the same JSONL input (the scaling factor and the CPU ratio), with its workers as child
// processes (--pool processes: the headline figures) and as worker threads (--pool threads, batch's
// default since round 5's idle run), its peak memory on a large input
// (--gb, default 0.25 GB; 1 GB for the issue's figure; the sum of the processes' peaks), serve
// --stdio against the same chunking in-process (the protocol's cost), and the Ray path per core on
// a local cluster against LangChain's splitter in a Ray job and against batch (when .venv-ray exists
// or with --ray; what the Ray job needs is installed into .venv-ray first).
import { mkdirSync, rmSync, writeFileSync, openSync, writeSync, closeSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { makeCorpus, corpusBytes } from './corpus.ts';
import { chunkWithRecipe, parseRecipe } from '../src/lib/index.ts';
import { loadDefaultTokenizer } from '../src/node/tokenizer-folder.ts';
import { rayPython, RAY_BENCH_PACKAGES } from '../tests/cli/ray-venv.mjs';

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

interface Run { docs: number; mb: number; seconds: number; docsPerSec: number; mbPerSec: number; peakMB: number; wall: number; cpu: number; cpuPerMB: number; profile?: Profile }
/** batch's own closing CPU line (Linux): seconds of its main thread, its workers and the other threads. */
interface Profile { main: number; workers: number; other: number; mainShare: number; workersShare: number; otherShare: number }
/** One batch run as a whole process: its own figures, wall time and CPU time (user + system, the
 * worker threads included), through bash's `times`, which reports the children's. */
function batch(inputPath: string, workers: number, name: string, pool: 'processes' | 'threads' = 'processes'): Run {
  const t = performance.now();
  const args = [cli, 'batch', '--recipe', recipePath, '--input', inputPath, '--out', join(OUT, name), '--workers', String(workers), '--pool', pool];
  const r = spawnSync('bash', ['-c', '"$0" "$@" 2>&1; code=$?; times; exit $code', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const wall = (performance.now() - t) / 1000;
  // The summary writes sizes under 0.1 MB in kB (a one-document folder).
  const m = /(\d+) documents?, ([\d.]+) (kB|MB) in ([\d.]+) s \(([\d.]+) docs\/s, ([\d.]+) MB\/s\); peak memory (\d+) MB/.exec(r.stdout);
  const times = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(r.stdout.trim());
  if (r.status !== 0 || !m || !times) throw new Error(`batch failed: ${r.stdout.slice(-500)}`);
  const cpu = +times[1] * 60 + +times[2] + +times[3] * 60 + +times[4];
  const mb = m[3] === 'kB' ? +m[2] / 1000 : +m[2];
  const p = /CPU ([\d.]+) s.*?: main thread ([\d.]+) s \(\d+%\), \d+ workers? ([\d.]+) s \(\d+%\), other threads ([\d.]+) s/.exec(r.stdout);
  const profile = p ? { main: +p[2], workers: +p[3], other: +p[4], mainShare: +p[2] / +p[1], workersShare: +p[3] / +p[1], otherShare: +p[4] / +p[1] } : undefined;
  const run = { docs: +m[1], mb, seconds: +m[4], docsPerSec: +m[5], mbPerSec: +m[6], peakMB: +m[7], wall, cpu, cpuPerMB: cpu / mb, ...(profile ? { profile } : {}) };
  // Each run said as it ends (stderr), so a later failure does not lose the figures already taken.
  console.error(`[batch bench] ${name}: ${JSON.stringify(run)}`);
  return run;
}

// Worker processes (batch's default) and worker threads, alternated so a change of load during the
// bench falls on both alike.
const one = batch(input, 1, 'w1');
const oneThread = batch(input, 1, 'w1-threads', 'threads');
const twoThreads = batch(input, 2, 'w2-threads', 'threads');
const two = batch(input, 2, 'w2');

// The ceiling two cores give this work at all, without batch (bench/ceiling.ts): the same chunking
// as one process over the whole input, then as two processes at once over its halves; and plain
// integer arithmetic the same way, which says what the processor gives a second thread. batch's
// scaling over the chunking ceiling is what the pool itself achieves.
interface Slice { start: number; end: number; mb: number; threadCpu: number; processCpu: number }
interface Rate { mbPerSec: number; cpuPerMB: number; threadCpuPerMB: number }
/** bench/ceiling.ts as a child: `ready` once it has loaded (rejected if it ends first), `done` with its figures. */
function ceilingChild(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'ceiling.ts'), ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  let text = '';
  child.stdout.setEncoding('utf8');
  const done = new Promise<Slice>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const last = text.trim().split('\n').pop() ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as Slice);
      else reject(new Error(`bench/ceiling.ts ${args.join(' ')}: exit ${code} ${text.slice(-300)}`));
    });
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: string) => ((text += d), text.includes('ready') && resolve()));
    done.catch(reject);
  });
  return { child, ready, done };
}
async function ceiling(mode: 'chunk' | 'alu', copies: number): Promise<Rate> {
  const children = Array.from({ length: copies }, (_, i) => ceilingChild(['--mode', mode, '--input', input, '--recipe', recipePath, '--slice', `${i}/${copies}`]));
  try {
    await Promise.all(children.map((c) => c.ready));
    for (const c of children) c.child.stdin.end('go\n');
    const slices = await Promise.all(children.map((c) => c.done));
    const mb = slices.reduce((s, x) => s + x.mb, 0);
    const seconds = (Math.max(...slices.map((x) => x.end)) - Math.min(...slices.map((x) => x.start))) / 1000;
    const r = { mbPerSec: mb / seconds, cpuPerMB: slices.reduce((s, x) => s + x.processCpu, 0) / mb, threadCpuPerMB: slices.reduce((s, x) => s + x.threadCpu, 0) / mb };
    console.error(`[batch bench] ceiling ${mode} x${copies}: ${JSON.stringify(r)}`);
    return r;
  } finally {
    for (const c of children) c.child.kill();
  }
}
// One worker again while the other core runs plain arithmetic (bench/ceiling.ts --mode alu, no
// memory traffic, nothing shared with batch): CPU time is charged only while a thread runs, so if
// batch's CPU per MB grows here, it is the processor (two hardware threads of one core, a shared
// clock), not anything batch does, that makes two workers cost more CPU per MB than one.
async function withBusyCore<T>(f: () => T): Promise<T> {
  const c = ceilingChild(['--mode', 'alu', '--rounds', '1000000']);
  c.done.catch(() => undefined); // killed below, on purpose
  try {
    await c.ready;
    c.child.stdin.end('go\n');
    return f();
  } finally {
    c.child.kill();
  }
}
// None of this is batch: if it fails, the figures above and below still come out.
let ceilings: { chunk: { one: Rate; two: Rate; scaling: number; cpuPerMBRatio: number }; alu: { one: Rate; two: Rate; scaling: number; cpuPerMBRatio: number } } | undefined;
let oneBusy: Run | undefined;
try {
  oneBusy = await withBusyCore(() => batch(input, 1, 'w1-busy'));
  const chunk1 = await ceiling('chunk', 1);
  const chunk2 = await ceiling('chunk', 2);
  const alu1 = await ceiling('alu', 1);
  const alu2 = await ceiling('alu', 2);
  ceilings = {
    chunk: { one: chunk1, two: chunk2, scaling: chunk2.mbPerSec / chunk1.mbPerSec, cpuPerMBRatio: chunk2.cpuPerMB / chunk1.cpuPerMB },
    alu: { one: alu1, two: alu2, scaling: alu2.mbPerSec / alu1.mbPerSec, cpuPerMBRatio: alu2.threadCpuPerMB / alu1.threadCpuPerMB },
  };
} catch (e) {
  console.error(`[batch bench] the ceiling runs failed: ${(e as Error).message}`);
}

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

// Ray, per core, on one local cluster of 2 CPUs: examples/ray/chunk_corpus.py's actors against the job a
// Ray user writes today (LangChain's RecursiveCharacterTextSplitter.from_tiktoken_encoder in
// map_batches), start-up apart (bench/ray_compare.py), and batch --workers 2 on the same folder.
// Needs .venv-ray with ray[data], pyarrow, langchain-text-splitters and tiktoken: what is missing
// is installed there first from pip's configured index (tests/cli/ray-venv.mjs; docs/SCALE.md).
let ray: Record<string, unknown> | null = null;
let python: string | undefined;
if (withRay) {
  try {
    python = rayPython(RAY_BENCH_PACKAGES);
  } catch (e) {
    ray = { error: (e as Error).message };
  }
}
if (python) {
  const folder = join(OUT, 'folder');
  mkdirSync(folder, { recursive: true });
  for (const d of base) writeFileSync(join(folder, `${d.id}.md`), d.text);
  // tiktoken's cl100k_base file, written from js-tiktoken's ranks (the same bytes: tiktoken checks
  // the SHA-256), so the LangChain job needs no network.
  const cache = join(OUT, 'tiktoken-cache');
  mkdirSync(cache, { recursive: true });
  const ranks = (await import('js-tiktoken/ranks/cl100k_base')).default as { bpe_ranks: string };
  const byRank: string[] = [];
  for (const line of ranks.bpe_ranks.split('\n').filter(Boolean)) {
    const [, off, ...toks] = line.split(' ');
    toks.forEach((tok, i) => (byRank[Number(off) + i] = tok));
  }
  const { createHash } = await import('node:crypto');
  const url = 'https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken';
  writeFileSync(join(cache, createHash('sha1').update(url).digest('hex')), byRank.flatMap((tok, r) => (tok === undefined ? [] : [`${tok} ${r}\n`])).join(''));
  const r = spawnSync(python, [join(ROOT, 'bench', 'ray_compare.py'), '--input', folder, '--recipe', recipePath, '--cpus', '2', '--size', '256', '--node', process.execPath, '--cli', cli, '--tiktoken-cache', cache], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status === 0 && line.startsWith('{')) {
    // batch per core on the same folder, start-up apart the same way (one small document first).
    const smallest = [...base].sort((a, b) => a.text.length - b.text.length)[0];
    const one = join(OUT, 'one-doc');
    mkdirSync(one, { recursive: true });
    writeFileSync(join(one, `${smallest.id}.md`), smallest.text);
    const startUp = batch(one, 2, 'folder-start');
    const whole = batch(folder, 2, 'folder2');
    const batchPerCore = whole.mb / Math.max(whole.wall - startUp.wall, 1e-9) / 2;
    const rc = JSON.parse(line) as { chunklab: { mbPerSecPerCore: number } };
    ray = { ...rc, batch: { startUp: startUp.wall, whole: whole.wall, mbPerSecPerCore: batchPerCore }, batchOverRay: batchPerCore / rc.chunklab.mbPerSecPerCore };
  } else ray = { error: (r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ') };
}

console.log(JSON.stringify({
  corpus: { docs: base.length, mb: bytes / 1e6 },
  workers1: one,
  workers2: two,
  scaling: one.seconds / two.seconds,
  cpuPerMBRatio: two.cpuPerMB / one.cpuPerMB,
  // The same with worker threads (--pool threads), and two processes against two threads.
  threads: { workers1: oneThread, workers2: twoThreads, scaling: oneThread.seconds / twoThreads.seconds, cpuPerMBRatio: twoThreads.cpuPerMB / oneThread.cpuPerMB },
  processesOverThreads: { workers1: oneThread.seconds / one.seconds, workers2: twoThreads.seconds / two.seconds, cpuPerMB2: two.cpuPerMB / twoThreads.cpuPerMB },
  ceilings,
  workers1BesideArithmetic: oneBusy && { ...oneBusy, cpuPerMBRatio: oneBusy.cpuPerMB / one.cpuPerMB },
  poolEfficiency: ceilings && one.seconds / two.seconds / ceilings.chunk.scaling,
  large: { ...large, inputGB: written / 1e9 },
  stdio: { inProcessSeconds: inProcess, serveSeconds: stdio, overhead: stdio / inProcess - 1, chunks: serveChunks, same: serveChunks === inProcessChunks },
  ray,
}));
// The figures in one line (stderr), for a reader who does not want the JSON.
const pct = (x?: number) => (x === undefined ? '?' : `${Math.round(100 * x)}%`);
console.error(
  `[batch bench] ${(bytes / 1e6).toFixed(0)} MB JSONL: 2 workers ${(one.seconds / two.seconds).toFixed(2)}x one worker's speed, CPU per MB ${(two.cpuPerMB / one.cpuPerMB).toFixed(2)}x; ` +
    `CPU shares (1 / 2 workers): main thread ${pct(one.profile?.mainShare)} / ${pct(two.profile?.mainShare)}, workers ${pct(one.profile?.workersShare)} / ${pct(two.profile?.workersShare)}, ` +
    `other threads ${pct(one.profile?.otherShare)} / ${pct(two.profile?.otherShare)}; ` +
    `as worker threads (--pool threads) 2 workers ${(oneThread.seconds / twoThreads.seconds).toFixed(2)}x one, CPU per MB ${(twoThreads.cpuPerMB / oneThread.cpuPerMB).toFixed(2)}x, and 2 processes ${(twoThreads.seconds / two.seconds).toFixed(2)}x 2 threads' speed at ${(two.cpuPerMB / twoThreads.cpuPerMB).toFixed(2)}x their CPU per MB; ` +
    `peak memory ${large.peakMB} MB at ${(written / 1e9).toFixed(2)} GB (2 worker processes and batch, each at its own peak, summed)` +
    (ceilings
      ? `; without batch, two processes give ${ceilings.chunk.scaling.toFixed(2)}x one on the same chunking (CPU per MB ${ceilings.chunk.cpuPerMBRatio.toFixed(2)}x) and ${ceilings.alu.scaling.toFixed(2)}x on plain arithmetic (CPU per unit ${ceilings.alu.cpuPerMBRatio.toFixed(2)}x): batch reaches ${(one.seconds / two.seconds / ceilings.chunk.scaling).toFixed(2)} of that ceiling`
      : '') +
    (oneBusy ? `; one worker beside arithmetic on the other core takes ${(oneBusy.cpuPerMB / one.cpuPerMB).toFixed(2)}x its CPU per MB` : ''),
);
