// Node on Linux: the CPU time (user + system) the calling thread has used, from /proc/thread-self/stat
// (a worker thread reads its own). batch says with it where a run's CPU went: its main thread, its
// workers, and the rest of the process (V8's garbage collection and optimizing compiler threads,
// libuv's file I/O threads).
// Elsewhere (macOS, Windows) there is no such file and nothing is said.
import { readFileSync } from 'node:fs';

/** Seconds of CPU this thread has used, or undefined where the system does not say. */
export function threadCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // Fields after the command name (which may hold spaces, so from the last ")"): utime is the
    // 14th field, stime the 15th, in clock ticks of 1/100 s (USER_HZ on Linux).
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]);
    return Number.isFinite(ticks) ? ticks / 100 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The line batch ends with: the process's CPU, and the shares of its main thread, its workers and
 * the other threads. `workers`: each worker thread's CPU as it last said it.
 */
export function cpuLine(total: number, main: number, workers: number[], mb: number): string {
  const w = workers.reduce((s, x) => s + x, 0);
  const other = Math.max(0, total - main - w);
  const pct = (x: number) => `${Math.round((100 * x) / Math.max(total, 1e-9))}%`;
  const perMb = mb > 0 ? ` (${(total / mb).toFixed(3)} s per MB)` : '';
  return `batch      CPU ${total.toFixed(1)} s${perMb}: main thread ${main.toFixed(1)} s (${pct(main)}), ${workers.length} worker${workers.length === 1 ? '' : 's'} ${w.toFixed(1)} s (${pct(w)}), other threads ${other.toFixed(1)} s (${pct(other)}: V8's garbage collector and compiler, file I/O)`;
}
