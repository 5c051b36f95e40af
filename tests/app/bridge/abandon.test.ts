// WorkerBridge.abandon: a call that never returns (a reader caught in a loop) is given up alone — its
// worker is terminated, it rejects with the given reason, and the calls queued behind it run on a
// fresh worker (src/app/bridge/bridge.ts). Fake workers record what they ran.
import { expect, test } from 'vitest';
import { CancelledError, WorkerBridge } from '../../../src/app/bridge/bridge.ts';

interface Fake {
  n: number;
  log: string[];
  hang(): Promise<never>;
  work(x: string): Promise<string>;
}

function setup() {
  const workers: Fake[] = [];
  const bridge = new WorkerBridge<Fake>(() => {
    const w: Fake = {
      n: workers.length,
      log: [],
      hang: () => (w.log.push('hang'), new Promise<never>(() => {})),
      work: async (x) => (w.log.push(`work:${x}`), `${w.n}:${x}`),
    };
    workers.push(w);
    return { api: w, terminate: () => w.log.push('terminated') };
  }, Infinity);
  return { bridge, workers };
}

class Skipped extends Error {}

test('abandon gives up only the running call with its label; the queued call runs on a fresh worker', async () => {
  const { bridge, workers } = setup();
  const hung = bridge.call((api) => api.hang(), 'documents');
  const queued = bridge.call((api) => api.work('after'), 'search');
  await Promise.resolve();
  // Another label is not the running call: nothing happens.
  expect(bridge.abandon('search', () => new Skipped())).toBe(false);
  expect(bridge.state()).toMatchObject({ busy: true, queued: 1, label: 'documents' });
  expect(bridge.abandon('documents', () => new Skipped('a.md'))).toBe(true);
  await expect(hung).rejects.toBeInstanceOf(Skipped);
  expect(await queued).toBe('1:after');
  expect(workers.map((w) => w.log)).toEqual([['hang', 'terminated'], ['work:after']]);
  // Nothing running: nothing to abandon.
  expect(bridge.abandon('documents', () => new Skipped())).toBe(false);
});

test('a call made again after abandon runs; cancel still rejects with CancelledError', async () => {
  const { bridge } = setup();
  const first = bridge.call((api) => api.hang(), 'documents');
  await Promise.resolve();
  bridge.abandon('documents', () => new Skipped());
  await expect(first).rejects.toBeInstanceOf(Skipped);
  expect(await bridge.call((api) => api.work('again'), 'documents')).toBe('1:again');
  const second = bridge.call((api) => api.hang(), 'documents');
  await Promise.resolve();
  bridge.cancel();
  await expect(second).rejects.toBeInstanceOf(CancelledError);
});
