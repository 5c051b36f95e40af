// The worker bridge's rules, checked in Node with a fake worker (no browser needed): one job at a
// time in call order, cancel() rejects the running and queued jobs and terminates the worker so the
// next call gets a fresh one, a late answer from a cancelled job is ignored, and an idle worker is
// let go after the idle delay.
import { afterEach, expect, test, vi } from 'vitest';
import { CancelledError, WorkerBridge } from '../../src/app/bridge/bridge.ts';

interface FakeApi {
  id: number;
  run(label: string): Promise<string>;
}

function fakeFactory() {
  const log: string[] = [];
  const pending: { label: string; resolve: (v: string) => void; reject: (e: unknown) => void }[] = [];
  let n = 0;
  const terminated: number[] = [];
  const create = () => {
    const id = ++n;
    const api: FakeApi = {
      id,
      run(label) {
        log.push(`start ${label} on ${id}`);
        return new Promise<string>((resolve, reject) => pending.push({ label, resolve, reject }));
      },
    };
    return { api, terminate: () => terminated.push(id) };
  };
  return { create, log, pending, terminated, count: () => n };
}

afterEach(() => {
  vi.useRealTimers();
});

test('calls run one at a time, in the order they were made', async () => {
  const f = fakeFactory();
  const bridge = new WorkerBridge<FakeApi>(f.create, 60_000);
  const a = bridge.call((api) => api.run('a'));
  const b = bridge.call((api) => api.run('b'));
  await Promise.resolve();
  expect(f.log).toEqual(['start a on 1']);
  expect(bridge.state()).toMatchObject({ busy: true, queued: 1, alive: true });
  f.pending.shift()!.resolve('A');
  await expect(a).resolves.toBe('A');
  await Promise.resolve();
  expect(f.log).toEqual(['start a on 1', 'start b on 1']);
  f.pending.shift()!.resolve('B');
  await expect(b).resolves.toBe('B');
  expect(f.count()).toBe(1);
  bridge.dispose();
});

test('a failing job rejects its own call only; the queue goes on', async () => {
  const f = fakeFactory();
  const bridge = new WorkerBridge<FakeApi>(f.create, 60_000);
  const a = bridge.call((api) => api.run('a'));
  const b = bridge.call((api) => api.run('b'));
  await Promise.resolve();
  f.pending.shift()!.reject(new Error('bad input'));
  await expect(a).rejects.toThrow('bad input');
  await Promise.resolve();
  f.pending.shift()!.resolve('B');
  await expect(b).resolves.toBe('B');
  bridge.dispose();
});

test('cancel rejects the running and queued calls, terminates the worker, and the next call gets a fresh one', async () => {
  const f = fakeFactory();
  const bridge = new WorkerBridge<FakeApi>(f.create, 60_000);
  const a = bridge.call((api) => api.run('a'));
  const b = bridge.call((api) => api.run('b'));
  await Promise.resolve();
  const late = f.pending.shift()!;
  bridge.cancel();
  await expect(a).rejects.toBeInstanceOf(CancelledError);
  await expect(b).rejects.toBeInstanceOf(CancelledError);
  expect(f.terminated).toEqual([1]);
  expect(bridge.state()).toMatchObject({ busy: false, queued: 0, alive: false });
  // The cancelled job answering late changes nothing.
  late.resolve('too late');
  const c = bridge.call((api) => api.run('c').then((v) => `${v} from ${api.id}`));
  await Promise.resolve();
  expect(f.log.at(-1)).toBe('start c on 2');
  f.pending.shift()!.resolve('C');
  await expect(c).resolves.toBe('C from 2');
  bridge.dispose();
});

test('an idle worker is let go after the idle delay, and started again on the next call', async () => {
  vi.useFakeTimers();
  const f = fakeFactory();
  const bridge = new WorkerBridge<FakeApi>(f.create, 1_000);
  const a = bridge.call((api) => api.run('a'));
  await Promise.resolve();
  f.pending.shift()!.resolve('A');
  await a;
  vi.advanceTimersByTime(999);
  expect(f.terminated).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(f.terminated).toEqual([1]);
  expect(bridge.state().alive).toBe(false);
  const b = bridge.call((api) => api.run('b'));
  await Promise.resolve();
  expect(f.log.at(-1)).toBe('start b on 2');
  f.pending.shift()!.resolve('B');
  await expect(b).resolves.toBe('B');
  bridge.dispose();
});
