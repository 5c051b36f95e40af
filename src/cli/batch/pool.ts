// Node: a fixed pool of worker threads, one task at a time per worker, first free worker first. A
// worker that dies (out of memory, a crash in a parser) fails only its task, which becomes that
// document's error, and is replaced.
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { Task, TaskResult } from './tasks.ts';
import { documentId } from '../../engine/formats/index.ts';

interface Slot {
  worker: Worker;
  task?: { task: Task; resolve: (r: TaskResult) => void };
}

export class WorkerPool {
  private slots: Slot[] = [];
  private waiting: { task: Task; resolve: (r: TaskResult) => void }[] = [];
  private closed = false;

  constructor(
    readonly size: number,
    private readonly url: URL,
    private readonly data: unknown,
    private readonly resourceLimits?: ResourceLimits,
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(this.url, { workerData: this.data, ...(this.resourceLimits ? { resourceLimits: this.resourceLimits } : {}) }) };
    slot.worker.on('message', (r: TaskResult) => {
      const t = slot.task;
      slot.task = undefined;
      t?.resolve(r);
      this.next(slot);
    });
    const died = (why: string) => {
      if (this.closed) return;
      const t = slot.task;
      slot.task = undefined;
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots[i] = this.spawn();
      if (t) {
        const error = `the worker stopped while chunking it (${why})`;
        // A folder's file: its id as chunk names it and its path in its own field, as the worker's
        // own errors give them.
        const { seq, bytes } = t.task;
        t.resolve(t.task.kind === 'file' ? { seq, id: documentId(t.task.rel), path: t.task.rel, error, bytes } : { seq, id: t.task.doc.id, error, bytes });
      }
      if (i >= 0) this.next(this.slots[i]);
    };
    slot.worker.on('error', (e) => died(e.message));
    slot.worker.on('exit', (code) => died(`exit code ${code}`));
    return slot;
  }

  private next(slot: Slot): void {
    const t = this.waiting.shift();
    if (!t) return;
    slot.task = t;
    slot.worker.postMessage(t.task);
  }

  run(task: Task): Promise<TaskResult> {
    return new Promise((resolve) => {
      const free = this.slots.find((s) => !s.task);
      const entry = { task, resolve };
      if (free) {
        free.task = entry;
        free.worker.postMessage(task);
      } else this.waiting.push(entry);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

/**
 * The heap limit of a chunking worker: CHUNKLAB_WORKER_HEAP_MB (megabytes of V8's old generation),
 * else Node's default for a worker. A worker over it stops with ERR_WORKER_OUT_OF_MEMORY, which
 * fails only the document it was chunking.
 */
export function workerHeapMb(): number | undefined {
  const mb = Number(process.env.CHUNKLAB_WORKER_HEAP_MB);
  return Number.isFinite(mb) && mb >= 16 ? Math.floor(mb) : undefined;
}

export function workerResourceLimits(): ResourceLimits | undefined {
  const mb = workerHeapMb();
  return mb === undefined ? undefined : { maxOldGenerationSizeMb: mb };
}
