// WorkerBridge.prime: what each worker must hold before a call (src/app/bridge/bridge.ts), with fake
// workers that record what they were handed and which calls they ran.
import { describe, expect, test } from 'vitest';
import { WorkerBridge } from '../../../src/app/bridge/bridge.ts';

interface Fake {
  n: number;
  log: string[];
  hold(v: unknown): Promise<void>;
  work(x: string): Promise<string>;
}

function setup() {
  const workers: Fake[] = [];
  const bridge = new WorkerBridge<Fake>(() => {
    const w: Fake = {
      n: workers.length,
      log: [],
      hold: async (v) => void w.log.push(`hold:${JSON.stringify(v)}`),
      work: async (x) => (w.log.push(`work:${x}`), `${w.n}:${x}`),
    };
    workers.push(w);
    return { api: w, terminate: () => w.log.push('terminated') };
  }, Infinity);
  return { bridge, workers };
}

describe('WorkerBridge.prime', () => {
  test('a fresh worker gets the current value first; nothing (null) is not handed; a change reaches the live worker once', async () => {
    const { bridge, workers } = setup();
    let value: { v: number } | null = null;
    bridge.prime(() => value, (api, v) => api.hold(v));
    await bridge.call((api) => api.work('a'));
    value = { v: 1 };
    await bridge.call((api) => api.work('b'));
    await bridge.call((api) => api.work('c'));
    value = null;
    await bridge.call((api) => api.work('d'));
    expect(workers).toHaveLength(1);
    expect(workers[0].log).toEqual(['work:a', 'hold:{"v":1}', 'work:b', 'work:c', 'hold:null', 'work:d']);
  });

  test('after a cancel the fresh worker is handed the value again; a failing hand-over fails its call and is retried', async () => {
    const { bridge, workers } = setup();
    const value = { v: 2 };
    let fail = false;
    bridge.prime(() => value, async (api, v) => {
      if (fail) throw new Error('cannot hold');
      await api.hold(v);
    });
    await bridge.call((api) => api.work('a'));
    bridge.cancel();
    fail = true;
    await expect(bridge.call((api) => api.work('b'))).rejects.toThrow('cannot hold');
    fail = false;
    expect(await bridge.call((api) => api.work('c'))).toBe('1:c');
    expect(workers[0].log).toEqual(['hold:{"v":2}', 'work:a', 'terminated']);
    expect(workers[1].log).toEqual(['hold:{"v":2}', 'work:c']);
  });

  test('`before` primes only the calls with those labels; primedWith records a hand-over a call made itself', async () => {
    const { bridge, workers } = setup();
    let model: string | null = 'A';
    const current = () => model;
    bridge.prime(current, (api, m) => api.hold(m), { before: ['embed'] });
    await bridge.call((api) => api.work('status'), 'status');
    await bridge.call((api) => api.work('embed1'), 'embed');
    model = 'B';
    await bridge.call(async (api) => {
      await api.hold('B (loaded by the call)');
      bridge.primedWith(current, api, 'B');
    }, 'load');
    await bridge.call((api) => api.work('embed2'), 'embed');
    expect(workers[0].log).toEqual(['work:status', 'hold:"A"', 'work:embed1', 'hold:"B (loaded by the call)"', 'work:embed2']);
  });

  test('a call runs with the value that was current when it was made, even when it changed while it waited', async () => {
    const { bridge, workers } = setup();
    let value = 'A';
    bridge.prime(() => value, (api, v) => api.hold(v));
    let release: (() => void) | undefined;
    const first = bridge.call((api) => new Promise<void>((r) => (release = () => r(void api.log.push('slow')))));
    const second = bridge.call((api) => api.work('queued under A'));
    value = 'B';
    const third = bridge.call((api) => api.work('made under B'));
    while (!release) await new Promise((r) => setTimeout(r, 0)); // the first call is running
    release();
    await Promise.all([first, second, third]);
    expect(workers[0].log).toEqual(['hold:"A"', 'slow', 'work:queued under A', 'hold:"B"', 'work:made under B']);
  });
});
