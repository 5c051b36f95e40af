// Node: a fixed pool of workers, one task (batch: a group of documents; serve: one document) at a
// time per worker, first free worker first. Small progress messages come back while a group runs;
// its answer ends it. A worker that dies (out of memory, a crash in a parser) is replaced, and the
// group it held is answered `{ died }` so the caller can retry its documents one by one and blame
// only the one that kills it.
//
// Two kinds of worker run the same script (build/cli/batch-worker.mjs, worker.ts):
// - 'processes' (batch --pool processes): child processes (child_process.fork), each its own V8 with its
//   own heap, garbage collector and compiler threads and its own allocator. Messages cross the IPC
//   pipe with V8's serializer ('advanced' serialization: typed arrays as bytes, no JSON). On two
//   cores two processes doing the same chunking gave ~1.5x one where two worker threads of one
//   process gave ~1.2x in round 4; round 5's idle bench gave the two pools the same speed
//   (docs/SCALE.md).
// - 'threads' (batch's default): worker threads of this process (node:worker_threads); serve
//   --stdio's one worker.
// A child process exits when its pipe to this process closes (this process ended, even by SIGKILL),
// and close()/kill() end them; nothing is left running.
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { WorkerMessage, WorkerTask } from './tasks.ts';

/** A task's end: the worker's answer, or its death (out of memory, a crash). */
export type Outcome = Exclude<WorkerMessage, { kind: 'docs' }> | { kind: 'died'; why: string };

export type PoolKind = 'processes' | 'threads';

interface Pending {
  task: WorkerTask;
  resolve: (r: Outcome) => void;
}

/** One worker, thread or process, as the pool drives it. */
interface Handle {
  post(task: WorkerTask): void;
  /** Ends it; resolves once it is gone. */
  end(): Promise<void>;
  /** Ends it now, synchronously (a signal to this process). */
  kill(): void;
}

interface Slot {
  worker: Handle;
  job?: Pending;
}

export interface PoolOptions {
  kind?: PoolKind;
  resourceLimits?: ResourceLimits;
  onDocuments?: (group: number, docs: number, bytes: number) => void;
}

/** The last lines a dying child wrote on stderr are kept to say why it died. */
const STDERR_TAIL = 4096;

export class WorkerPool {
  private slots: Slot[] = [];
  private waiting: Pending[] = [];
  private closed = false;
  readonly kind: PoolKind;

  constructor(
    readonly size: number,
    private readonly url: URL,
    private readonly data: unknown,
    private readonly opts: PoolOptions = {},
  ) {
    this.kind = opts.kind ?? 'threads';
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const slot = {} as Slot;
    const onMessage = (m: WorkerMessage) => {
      if (m.kind === 'docs') return this.opts.onDocuments?.(m.group, m.docs, m.bytes);
      const job = slot.job;
      slot.job = undefined;
      job?.resolve(m);
      this.next(slot);
    };
    let gone = false;
    const died = (why: string) => {
      if (this.closed || gone) return;
      gone = true;
      const job = slot.job;
      slot.job = undefined;
      const i = this.slots.indexOf(slot);
      if (i < 0) return;
      this.slots[i] = this.spawn();
      job?.resolve({ kind: 'died', why });
      this.next(this.slots[i]);
    };
    slot.worker = this.kind === 'processes' ? this.spawnProcess(onMessage, died) : this.spawnThread(onMessage, died);
    return slot;
  }

  private spawnThread(onMessage: (m: WorkerMessage) => void, died: (why: string) => void): Handle {
    const limits = this.opts.resourceLimits;
    const worker = new Worker(this.url, { workerData: this.data, ...(limits ? { resourceLimits: limits } : {}) });
    worker.on('message', onMessage);
    worker.on('error', (e) => died(e.message));
    worker.on('exit', (code) => died(`exit code ${code}`));
    return {
      post: (task) => worker.postMessage(task),
      end: async () => void (await worker.terminate()),
      kill: () => void worker.terminate(),
    };
  }

  private spawnProcess(onMessage: (m: WorkerMessage) => void, died: (why: string) => void): Handle {
    const heapMb = this.opts.resourceLimits?.maxOldGenerationSizeMb;
    const child: ChildProcess = fork(fileURLToPath(this.url), ['--batch-worker-of', String(process.pid)], {
      serialization: 'advanced',
      // The parent's V8 flags (a --cpu-prof of the whole run profiles the workers too), and the heap limit.
      execArgv: [...process.execArgv.filter((a) => !a.startsWith('--max-old-space-size')), ...(heapMb ? [`--max-old-space-size=${heapMb}`] : [])],
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    let tail = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => {
      tail = (tail + d).slice(-STDERR_TAIL);
      // What a worker says (a warning) goes on to this process's stderr, except V8's report of a
      // heap out of memory (a page of GC traces and a native stack): its reason is said instead.
      if (!/Last few GCs|FATAL ERROR|heap out of memory|Native stack trace/.test(tail)) process.stderr.write(d);
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.on('message', onMessage);
    child.on('error', (e) => died(e.message));
    // 'close', not 'exit': its stderr is read to the end by then, so the reason below is there.
    child.on('close', (code, signal) => {
      // V8 out of heap: "FATAL ERROR: … JavaScript heap out of memory", then an abort.
      const oom = /heap out of memory|Reached heap limit/i.test(tail);
      died(oom ? `reached its memory limit: JavaScript heap out of memory` : signal ? `killed by ${signal}` : `exit code ${code}`);
    });
    child.send({ kind: 'init', data: this.data });
    return {
      post: (task) => child.send(task),
      end: async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
      },
      kill: () => void child.kill('SIGKILL'),
    };
  }

  private next(slot: Slot): void {
    const job = this.waiting.shift();
    if (!job) return;
    slot.job = job;
    slot.worker.post(job.task);
  }

  run(task: WorkerTask): Promise<Outcome> {
    return new Promise((resolve) => {
      const job = { task, resolve };
      const free = this.slots.find((s) => !s.job);
      if (free) {
        free.job = job;
        free.worker.post(task);
      } else this.waiting.push(job);
    });
  }

  /** Ends every worker and waits until each is gone (a child process reaped, so its CPU is counted). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.end()));
  }

  /** Ends every worker at once, without waiting (this process is being stopped by a signal). */
  kill(): void {
    this.closed = true;
    for (const s of this.slots) s.worker.kill();
  }
}

// The heap a worker gets, and what a document needs: memory.ts.
export { workerHeapMb, workerResourceLimits } from './memory.ts';
