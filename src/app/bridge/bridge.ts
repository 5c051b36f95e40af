// A worker bridge in the manner of Squoosh: every call goes through one queue (one job at a time),
// progress comes back through a Comlink.proxy callback, cancel() terminates the worker (so nothing
// is left half-done) and the next call starts a fresh one, and an idle worker is let go after a while.
// A worker that crashes rejects the running and queued calls with the error its creator reports.
// What every worker must hold before its calls run (the tokenizer the page counts with, a service's
// or a language model's config) is declared once with prime(): the bridge hands it to each fresh
// worker (after a cancel, a crash or an idle let-go) and to the live one when it changed, before the
// next call. Every worker of the page goes through it: engine (./engine.svelte.ts), embedding
// (./embed.ts), embedding service (./embed-service.ts), llm (./llm.ts); each starts its worker with
// wrapWorker.
import * as Comlink from 'comlink';

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

/**
 * A started worker as a bridge holds it: its API through Comlink, a crash (an error event: it could
 * not start, or failed outside a call) reported to `crashed` as "the <what> worker stopped: …", and
 * terminate (the proxy released, the worker ended). The caller writes `new Worker(new URL(…))` itself,
 * so the bundler sees each worker's entry.
 */
export function wrapWorker<Api>(worker: Worker, what: string, crashed: (error: Error) => void): WorkerHandle<Comlink.Remote<Api>> {
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    crashed(new Error(`the ${what} worker stopped: ${e.message || 'it could not start or crashed'}`));
  });
  const api = Comlink.wrap<Api>(worker);
  return {
    api,
    terminate() {
      api[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
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

interface Primer<Api> {
  current: () => unknown;
  apply: (api: Api, value: unknown) => Promise<unknown>;
  /** Only calls with these labels need it (all calls when absent). */
  before?: readonly string[];
}

interface Job<Api> {
  label?: string;
  /** What each primer's current() said when the call was made (the call runs with that). */
  primes: unknown[];
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
  private primers: Primer<Api>[] = [];
  /** What the live worker was handed, per primer. */
  private handed = new Map<Primer<Api>, unknown>();
  /** How many workers were started (tests and diagnostics). */
  started = 0;

  constructor(
    /** Starts a worker; `crashed` is to be called when it dies on its own (its 'error' event). */
    private readonly create: (crashed: (error: Error) => void) => WorkerHandle<Api>,
    /** An idle worker is let go after this long (Infinity: kept). */
    private readonly idleMs = 60_000,
  ) {}

  /**
   * Declares something every worker must hold before a call runs: `current()` says what it is now
   * (compared by identity with what the worker was handed); `apply` hands it over. A fresh worker starts
   * with nothing, so null/undefined is not handed to it. A failing `apply` fails the call it preceded
   * (and is tried again before the next one). `before`: only calls with these labels need it (a model
   * is loaded again before the calls that use it, not before a status question).
   */
  prime<T>(current: () => T, apply: (api: Api, value: T) => Promise<unknown>, o: { before?: readonly string[] } = {}): this {
    this.primers.push({ current, apply: apply as Primer<Api>['apply'], before: o.before });
    return this;
  }

  /** Notes that the live worker `api` now holds `value` for the primer of `current` (a call handed it over itself). */
  primedWith(current: () => unknown, api: Api, value: unknown): void {
    const p = this.primers.find((x) => x.current === current);
    if (p && this.handle?.api === api) this.handed.set(p, value);
  }

  private async primed(api: Api, job: Job<Api>): Promise<void> {
    for (const [i, p] of this.primers.entries()) {
      if (p.before && !(job.label && p.before.includes(job.label))) continue;
      const v = job.primes[i];
      if (this.handed.has(p) ? this.handed.get(p) === v : v === null || v === undefined) continue;
      await p.apply(api, v);
      if (this.handle?.api === api) this.handed.set(p, v);
    }
  }

  /** Queues `fn` to run against the worker's API (primed first); resolves with its result. */
  call<R>(fn: (api: Api) => Promise<R>, label?: string): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ run: fn, resolve: resolve as (v: unknown) => void, reject, label, primes: this.primers.map((p) => p.current()) });
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

  /**
   * Abandons only the running job, when its label is `label`: the worker is terminated (the one way to
   * stop code that never returns, such as a reader caught in a loop), the job rejects with `reason()`,
   * and the queued jobs run on a fresh worker. Returns whether a job was abandoned.
   */
  abandon(label: string, reason: () => unknown = () => new CancelledError()): boolean {
    const job = this.current;
    if (!job || job.label !== label) return false;
    this.current = null;
    this.generation++;
    this.stopWorker();
    job.reject(reason());
    this.emit();
    this.pump();
    return true;
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
      this.handed = new Map();
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
      const api = this.worker().api;
      p = this.primed(api, job).then(() => job.run(api));
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
