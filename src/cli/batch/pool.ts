// Node: a fixed pool of worker threads, one task at a time per worker, first free worker first. A
// worker that dies (out of memory, a crash in a parser) fails only its task, which becomes that
// document's error, and is replaced.
import { Worker } from 'node:worker_threads';
import type { Task, TaskResult } from './tasks.ts';

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
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(this.url, { workerData: this.data }) };
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
      if (t) t.resolve({ seq: t.task.seq, id: t.task.kind === 'file' ? t.task.rel : t.task.doc.id, error: `the worker stopped while chunking it (${why})`, bytes: t.task.bytes });
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
