// A worker bridge in the manner of Squoosh: every call goes through one queue (one job at a time),
// progress comes back through a Comlink.proxy callback, cancel() terminates the worker (so nothing
// is left half-done) and the next call starts a fresh one, and an idle worker is let go after a while.
// A worker that crashes rejects the running and queued calls with the error its creator reports.
// Every worker of the page goes through it: engine (./engine.svelte.ts), embedding (./embed.ts),
// context (./context.ts).

/** Raised for calls that were running or queued when cancel() was called. */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

export interface WorkerHandle<Api> {
  api: Api;
  terminate(): void;
}

export interface BridgeState {
  /** A job is running in the worker. */
  busy: boolean;
  /** Jobs waiting behind it. */
  queued: number;
  /** A worker exists (started and not yet let go). */
  alive: boolean;
  /** Label of the running job, when given. */
  label?: string;
}

interface Job<Api> {
  label?: string;
  run: (api: Api) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

export class WorkerBridge<Api> {
  private handle: WorkerHandle<Api> | null = null;
  private queue: Job<Api>[] = [];
  private current: Job<Api> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  private listeners = new Set<(s: BridgeState) => void>();
  /** How many workers were started (tests and diagnostics). */
  started = 0;

  constructor(
    /** Starts a worker; `crashed` is to be called when it dies on its own (its 'error' event). */
    private readonly create: (crashed: (error: Error) => void) => WorkerHandle<Api>,
    /** An idle worker is let go after this long (Infinity: kept). */
    private readonly idleMs = 60_000,
  ) {}

  /** Queues `fn` to run against the worker's API; resolves with its result. */
  call<R>(fn: (api: Api) => Promise<R>, label?: string): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ run: fn, resolve: resolve as (v: unknown) => void, reject, label });
      this.emit();
      this.pump();
    });
  }

  /** Stops the running job and drops the queued ones (they reject with `reason()`, by default a CancelledError). */
  cancel(reason: () => unknown = () => new CancelledError()): void {
    const pending = [...(this.current ? [this.current] : []), ...this.queue];
    this.queue = [];
    this.current = null;
    this.generation++;
    this.stopWorker();
    for (const job of pending) job.reject(reason());
    this.emit();
  }

  /** Lets the worker go now (the next call starts a new one). Queued work is cancelled. */
  dispose(): void {
    this.cancel();
  }

  state(): BridgeState {
    return { busy: !!this.current, queued: this.queue.length, alive: !!this.handle, label: this.current?.label };
  }

  subscribe(listener: (s: BridgeState) => void): () => void {
    this.listeners.add(listener);
    listener(this.state());
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    const s = this.state();
    for (const l of this.listeners) l(s);
  }

  private worker(): WorkerHandle<Api> {
    if (!this.handle) {
      const handle: WorkerHandle<Api> = this.create((error) => {
        // Only the live worker's crash counts (a terminated one may still report).
        if (this.handle === handle) this.cancel(() => error);
      });
      this.handle = handle;
      this.started++;
    }
    return this.handle;
  }

  private stopWorker(): void {
    clearTimeout(this.idleTimer);
    this.handle?.terminate();
    this.handle = null;
  }

  private pump(): void {
    if (this.current || !this.queue.length) return;
    clearTimeout(this.idleTimer);
    const job = this.queue.shift()!;
    this.current = job;
    const gen = this.generation;
    this.emit();
    let p: Promise<unknown>;
    try {
      p = job.run(this.worker().api);
    } catch (e) {
      p = Promise.reject(e);
    }
    p.then(
      (v) => this.finish(gen, job, () => job.resolve(v)),
      (e) => this.finish(gen, job, () => job.reject(e)),
    );
  }

  private finish(gen: number, job: Job<Api>, settle: () => void): void {
    // A job from before a cancel() was already rejected; its late answer is ignored.
    if (gen !== this.generation || this.current !== job) return;
    this.current = null;
    settle();
    if (this.queue.length) this.pump();
    else {
      clearTimeout(this.idleTimer);
      if (this.idleMs !== Infinity) {
        this.idleTimer = setTimeout(() => {
          if (!this.current && !this.queue.length) {
            this.stopWorker();
            this.emit();
          }
        }, this.idleMs);
      }
      this.emit();
    }
  }
}
