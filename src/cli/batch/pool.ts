// Node: a fixed pool of worker threads, one task (batch: a group of documents; serve: one document)
// at a time per worker, first free worker first. Small progress messages come back while a group runs; its answer ends it. A worker
// that dies (out of memory, a crash in a parser) is replaced, and the group it held is answered
// `{ died }` so the caller can retry its documents one by one and blame only the one that kills it.
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { WorkerMessage, WorkerTask } from './tasks.ts';

/** A task's end: the worker's answer, or its death (out of memory, a crash). */
export type Outcome = Exclude<WorkerMessage, { kind: 'docs' }> | { kind: 'died'; why: string };

interface Pending {
  task: WorkerTask;
  resolve: (r: Outcome) => void;
}

interface Slot {
  worker: Worker;
  job?: Pending;
}

export class WorkerPool {
  private slots: Slot[] = [];
  private waiting: Pending[] = [];
  private closed = false;

  constructor(
    readonly size: number,
    private readonly url: URL,
    private readonly data: unknown,
    private readonly opts: { resourceLimits?: ResourceLimits; onDocuments?: (group: number, docs: number, bytes: number) => void } = {},
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const limits = this.opts.resourceLimits;
    const slot: Slot = { worker: new Worker(this.url, { workerData: this.data, ...(limits ? { resourceLimits: limits } : {}) }) };
    slot.worker.on('message', (m: WorkerMessage) => {
      if (m.kind === 'docs') return this.opts.onDocuments?.(m.group, m.docs, m.bytes);
      const job = slot.job;
      slot.job = undefined;
      job?.resolve(m);
      this.next(slot);
    });
    const died = (why: string) => {
      if (this.closed) return;
      const job = slot.job;
      slot.job = undefined;
      const i = this.slots.indexOf(slot);
      if (i < 0) return;
      this.slots[i] = this.spawn();
      job?.resolve({ kind: 'died', why });
      this.next(this.slots[i]);
    };
    slot.worker.on('error', (e) => died(e.message));
    slot.worker.on('exit', (code) => died(`exit code ${code}`));
    return slot;
  }

  private next(slot: Slot): void {
    const job = this.waiting.shift();
    if (!job) return;
    slot.job = job;
    slot.worker.postMessage(job.task);
  }

  run(task: WorkerTask): Promise<Outcome> {
    return new Promise((resolve) => {
      const job = { task, resolve };
      const free = this.slots.find((s) => !s.job);
      if (free) {
        free.job = job;
        free.worker.postMessage(task);
      } else this.waiting.push(job);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

// The heap a worker gets, and what a document needs: memory.ts.
export { workerHeapMb, workerResourceLimits } from './memory.ts';
