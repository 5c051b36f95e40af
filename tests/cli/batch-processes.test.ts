// `batch --pool processes` runs its workers as child processes (src/cli/batch/pool.ts): the same chunks as
// worker threads, byte for byte; stopped by SIGTERM or SIGINT it takes its worker processes with it
// and what it committed stays a valid, resumable output; killed by SIGKILL (nothing to catch) its
// worker processes end on their own when their pipe closes. Worker processes are found in /proc by
// the marker batch gives them (`--batch-worker-of <pid>`), so the last two checks run on Linux.
import { beforeAll, describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECIPE, cli, cliAsync, makeCorpus, readJsonl } from './batch-corpus.ts';

const tmp = mkdtempSync(join(tmpdir(), 'chunklab-batch-proc-'));
const docs = join(tmp, 'docs');
const recipe = join(tmp, 'recipe.json');
const N = 2400;
let reference = '';

/** The pids of the live worker processes batch `pid` started (their command line names it). */
function workersOf(pid: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let cmd: string[];
    try {
      cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      // A zombie (dead, not yet reaped) has an empty command line and is not running.
    } catch {
      continue;
    }
    const i = cmd.indexOf('--batch-worker-of');
    if (i > 0 && cmd[i + 1] === String(pid) && cmd.some((a) => a.endsWith('batch-worker.mjs'))) found.push(Number(name));
  }
  return found;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `f` is true; fails with `what` after `limitMs` (a bound on a hang, not a timing check). */
async function until(f: () => boolean, what: string, limitMs = 120_000): Promise<void> {
  const t = Date.now();
  while (!f()) {
    if (Date.now() - t > limitMs) throw new Error(`still not so after ${limitMs / 1000} s: ${what}`);
    await sleep(25);
  }
}

const args = (out: string, extra: string[] = []) => ['batch', '--recipe', recipe, '--input', docs, '--out', out, '--jsonl', '--no-parquet', '--part-rows', '100', ...extra];

beforeAll(() => {
  makeCorpus(docs, N, 11);
  writeFileSync(recipe, JSON.stringify(RECIPE));
  // The reference: one worker thread, uninterrupted.
  const out = join(tmp, 'ref');
  const r = cli(args(out, ['--workers', '1', '--pool', 'threads']));
  expect(r.status, r.stderr).toBe(0);
  reference = readFileSync(join(out, 'chunks.jsonl'), 'utf8');
  expect(reference.split('\n').length).toBeGreaterThan(N);
}, 300_000);

/** batch with two worker processes, started; resolves once it has committed a few parts and its workers are seen. */
async function startAndWait(out: string) {
  const child = cliAsync(args(out, ['--workers', '2', '--pool', 'processes']));
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let ended = false;
  void exited.then(() => (ended = true));
  let workers: number[] = [];
  await until(() => {
    if (ended) throw new Error(`batch ended before it could be stopped: ${stderr.slice(-500)}`);
    const m = existsSync(join(out, 'manifest.jsonl')) ? readFileSync(join(out, 'manifest.jsonl'), 'utf8') : '';
    if ((m.match(/"part":/g) ?? []).length < 2) return false;
    workers = workersOf(child.pid!);
    return workers.length === 2;
  }, 'batch committed two parts with two worker processes');
  return { child, exited, workers, stderr: () => stderr };
}

describe('batch with worker processes', () => {
  test('the same chunks.jsonl bytes as worker threads, with two workers', () => {
    const out = join(tmp, 'two-proc');
    const r = cli(args(out, ['--workers', '2', '--pool', 'processes']));
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(out, 'chunks.jsonl'), 'utf8')).toBe(reference);
    // Peak memory is the sum of the processes', said as such.
    expect(r.stderr).toMatch(/peak memory (\d+) MB \(this process \d+ MB \+ 2 worker processes \d+ MB, each at its own peak\)/);
    const two = cli(args(join(tmp, 'two-thr'), ['--workers', '2', '--pool', 'threads']));
    expect(two.status, two.stderr).toBe(0);
    expect(readFileSync(join(tmp, 'two-thr', 'chunks.jsonl'), 'utf8')).toBe(reference);
    expect(two.stderr).not.toMatch(/worker process/);
  }, 300_000);

  test.runIf(process.platform === 'linux')('SIGTERM midway: batch and its worker processes end; a rerun resumes to the uninterrupted chunks', async () => {
    const out = join(tmp, 'term');
    const run = await startAndWait(out);
    expect(run.workers.every((p) => p !== run.child.pid)).toBe(true);
    run.child.kill('SIGTERM');
    const end = await run.exited;
    // Ended by the signal, as an uncaught SIGTERM ends a process.
    expect(end.signal).toBe('SIGTERM');
    await until(() => workersOf(run.child.pid!).length === 0, 'the worker processes ended');
    const manifest = readJsonl(readFileSync(join(out, 'manifest.jsonl'), 'utf8'));
    expect(manifest.some((l) => l.done)).toBe(false);
    const again = cli(args(out, ['--workers', '2', '--pool', 'processes']));
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/resuming: \d+ documents/);
    expect(readFileSync(join(out, 'chunks.jsonl'), 'utf8')).toBe(reference);
  }, 300_000);

  test.runIf(process.platform === 'linux')('SIGINT (Ctrl-C) and SIGKILL: no worker process outlives batch', async () => {
    const a = await startAndWait(join(tmp, 'int'));
    a.child.kill('SIGINT');
    expect((await a.exited).signal).toBe('SIGINT');
    await until(() => workersOf(a.child.pid!).length === 0, 'the worker processes ended after SIGINT');

    const b = await startAndWait(join(tmp, 'kill'));
    b.child.kill('SIGKILL');
    expect((await b.exited).signal).toBe('SIGKILL');
    // Nothing in batch ran: the workers see their pipe close and end by themselves.
    await until(() => workersOf(b.child.pid!).length === 0, 'the worker processes ended after SIGKILL');
  }, 300_000);
});
