// Node: batch progress on stderr: documents done, rate (documents and MB per second) and time left.
// On a terminal one line redrawn in place; otherwise a line every 10 seconds.
import { count } from '../common.ts';
export class Progress {
  private docs = 0;
  private bytes = 0;
  private readonly t0 = performance.now();
  private timer: NodeJS.Timeout;
  private readonly tty = !!process.stderr.isTTY;

  constructor(
    private readonly totalDocs: number | undefined,
    private readonly totalBytes: number | undefined,
    private readonly skipped: number,
  ) {
    this.timer = setInterval(() => this.print(), this.tty ? 500 : 10_000);
    this.timer.unref();
  }

  done(docs: number, bytes: number): void {
    this.docs += docs;
    this.bytes += bytes;
  }

  /** The input read so far, in MB (10^6 bytes). */
  get megabytes(): number {
    return this.bytes / 1e6;
  }

  /** Takes back documents counted for a group whose worker died (they are chunked again). */
  undo(docs: number, bytes: number): void {
    this.docs -= docs;
    this.bytes -= bytes;
  }

  line(): string {
    const s = (performance.now() - this.t0) / 1000;
    const rate = this.docs / Math.max(s, 1e-3);
    const mbs = this.bytes / 1e6 / Math.max(s, 1e-3);
    // Time left only once a document is done: before that there is no rate to go on.
    let left = '';
    if (this.docs && this.totalDocs) {
      const rest = this.totalDocs - this.skipped - this.docs;
      left = ` · ${fmtTime(rest / Math.max(rate, 1e-9))} left`;
    } else if (this.docs && this.totalBytes && this.bytes) left = ` · ${fmtTime((this.totalBytes - this.bytes) / (this.bytes / s))} left`;
    const of = this.totalDocs ? `/${this.totalDocs}` : '';
    // The input read so far (a folder's file sizes, a JSONL's lines), of the whole when known.
    const read = `${fmtBytes(this.bytes)}${this.totalBytes ? ` of ${fmtBytes(this.totalBytes)}` : ''}`;
    return `batch      ${this.skipped + this.docs}${of} ${this.skipped + this.docs === 1 && !of ? 'document' : 'documents'} · ${read} · ${rate.toFixed(1)} docs/s · ${mbs.toFixed(2)} MB/s${left}`;
  }

  /**
   * The closing line. `workers`: worker processes' peak resident memory, summed (each its own
   * process); worker threads are in this process's own peak.
   */
  summary(workers?: { mb: number; processes: number }): string {
    const s = (performance.now() - this.t0) / 1000;
    const own = process.resourceUsage().maxRSS / 1024;
    // The sum of each process's own peak: at least the peak of their sum (the peaks need not coincide).
    const rss = own + (workers?.mb ?? 0);
    const which = workers ? ` (this process ${own.toFixed(0)} MB + ${count(workers.processes, 'worker process', 'worker processes')} ${workers.mb.toFixed(0)} MB, each at its own peak)` : '';
    return `batch      ${count(this.docs, 'document')}, ${fmtBytes(this.bytes)} in ${s.toFixed(1)} s (${(this.docs / Math.max(s, 1e-3)).toFixed(1)} docs/s, ${(this.bytes / 1e6 / Math.max(s, 1e-3)).toFixed(2)} MB/s); peak memory ${rss.toFixed(0)} MB${which}`;
  }

  private print(): void {
    if (this.tty) process.stderr.write(`\r${this.line()}\x1b[K`);
    else console.error(this.line());
  }

  stop(): void {
    clearInterval(this.timer);
    if (this.tty) process.stderr.write('\r\x1b[K');
  }
}

/** Bytes as kB under 0.1 MB (a small folder read "0.0 MB"), else MB. */
function fmtBytes(b: number): string {
  return b < 1e5 ? `${(b / 1e3).toFixed(1)} kB` : `${(b / 1e6).toFixed(1)} MB`;
}

function fmtTime(sec: number): string {
  if (!Number.isFinite(sec) || sec < 0) return '?';
  if (sec < 90) return `${Math.ceil(sec)} s`;
  if (sec < 5400) return `${Math.round(sec / 60)} min`;
  return `${(sec / 3600).toFixed(1)} h`;
}
