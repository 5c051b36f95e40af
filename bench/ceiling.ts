// What two cores can give at all, without batch: bench/batch.ts runs this script as one process
// over a whole JSONL and then as two processes at once over its two halves, and compares the
// throughputs. `--mode chunk`: the very chunking batch's workers do (chunkWithRecipe, one document
// after another, nothing written), in a fresh V8 each, so its compiler and garbage collector threads
// are there as in a batch worker. `--mode alu`: integer arithmetic on 16 kB of memory and no
// allocation, which says what the processor itself gives a second thread (on a two-vCPU cloud VM
// the two vCPUs are often the two hardware threads of one core).
//   tsx bench/ceiling.ts --mode chunk|alu --input docs.jsonl --recipe recipe.json --slice 0/2
// Prints "ready" once loaded, waits for one line on stdin (so parallel copies start together),
// then one JSON line: its start and end (ms since the epoch), MB done, and its CPU seconds (this
// thread's, and the whole process's).
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { chunkWithRecipe, parseRecipe } from '../src/lib/index.ts';
import { loadDefaultTokenizer } from '../src/node/tokenizer-folder.ts';
import { threadCpuSeconds } from '../src/cli/batch/thread-cpu.ts';

const arg = (name: string, d = '') => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : d;
};
const mode = arg('mode', 'chunk');
const [part, parts] = arg('slice', '0/1').split('/').map(Number);

let work: () => Promise<number>;
if (mode === 'alu') {
  // A fixed number of rounds split between the copies; "MB" here is rounds / 1e6.
  const rounds = Math.floor(Number(arg('rounds', '2000')) / parts);
  work = async () => {
    const a = new Int32Array(4096);
    let x = 0x9e3779b9 | 0;
    for (let r = 0; r < rounds * 1e6; r += 4096) {
      for (let i = 0; i < 4096; i++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        a[i] = (a[i] + Math.imul(x, 0x1e35a7bd)) | 0;
      }
    }
    if (a[0] === 42 && a[1] === 42) console.error('unlikely'); // keeps the loop's result alive
    return rounds;
  };
} else {
  const lines = readFileSync(arg('input'), 'utf8').split('\n').filter(Boolean);
  const from = Math.floor((lines.length * part) / parts);
  const to = Math.floor((lines.length * (part + 1)) / parts);
  const docs = lines.slice(from, to).map((l) => JSON.parse(l) as { id: string; text: string; format?: string });
  const tokenizer = await loadDefaultTokenizer();
  const recipe = parseRecipe(readFileSync(arg('recipe'), 'utf8'), 'recipe', tokenizer.name);
  work = async () => {
    let bytes = 0;
    for (const d of docs) {
      await chunkWithRecipe({ id: d.id, text: d.text, format: 'markdown' }, recipe, { tokenizer });
      bytes += Buffer.byteLength(d.text);
    }
    return bytes / 1e6;
  };
}

console.log('ready');
const rl = createInterface({ input: process.stdin });
await new Promise<void>((resolve) => rl.once('line', () => resolve()));
rl.close();
const now = () => performance.timeOrigin + performance.now();
const cpu0 = threadCpuSeconds() ?? 0;
const u0 = process.cpuUsage();
const start = now();
const mb = await work();
const end = now();
const u = process.cpuUsage(u0);
console.log(JSON.stringify({ start, end, mb, threadCpu: (threadCpuSeconds() ?? 0) - cpu0, processCpu: (u.user + u.system) / 1e6 }));
