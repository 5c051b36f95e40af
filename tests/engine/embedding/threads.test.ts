import { describe, expect, test } from 'vitest';
import { MAX_WASM_THREADS, wasmThreads } from '../../../src/engine/embedding/threads.ts';

const env = (o: Partial<Parameters<typeof wasmThreads>[0]>) => ({ crossOriginIsolated: true, isSecureContext: true, cores: 8, ...o });

describe('wasmThreads', () => {
  test('one thread with the reason when isolation is impossible or missing', () => {
    expect(wasmThreads(env({ isSecureContext: false, crossOriginIsolated: false }))).toEqual({ threads: 1, reason: 'insecure' });
    expect(wasmThreads(env({ crossOriginIsolated: false }))).toEqual({ threads: 1, reason: 'not-isolated' });
    expect(wasmThreads(env({ cores: 1 }))).toEqual({ threads: 1, reason: 'one-core' });
  });

  test('every core on small machines, one spared above four, capped', () => {
    const counts = [2, 3, 4, 5, 6, 8, 16, 64].map((cores) => wasmThreads(env({ cores })).threads);
    expect(counts).toEqual([2, 3, 4, 4, 5, 7, MAX_WASM_THREADS, MAX_WASM_THREADS]);
    expect(MAX_WASM_THREADS).toBe(8);
  });

  test('a hidden core count (0 or undefined) is taken as two', () => {
    expect(wasmThreads(env({ cores: 0 }))).toEqual({ threads: 2, reason: 'isolated' });
    expect(wasmThreads(env({ cores: undefined }))).toEqual({ threads: 2, reason: 'isolated' });
  });
});
