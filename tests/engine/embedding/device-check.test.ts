// The WebGPU-vs-WASM score check (src/engine/embedding/device-check.ts) the browser's cross-encoder
// passes before it trusts WebGPU.
import { describe, expect, test } from 'vitest';
import { deviceMismatch, DEVICE_CHECK_TOLERANCE } from '../../../src/engine/embedding/device-check.ts';

describe('deviceMismatch', () => {
  const wasm = [-0.33, -0.129, 0.769, 2.5];
  test('scores within float noise pass', () => {
    expect(deviceMismatch(wasm, wasm.map((x) => x + 1e-6))).toBeUndefined();
  });
  test('one score for every pair (the reported WebGPU failure) is refused', () => {
    expect(deviceMismatch(wasm, [0.1, 0.1, 0.1, 0.1])).toMatch(/same score/);
  });
  test('a difference over the tolerance is refused and reported, relative to large scores', () => {
    const off = [...wasm];
    off[3] = 2.5 * (1 + 3 * DEVICE_CHECK_TOLERANCE);
    expect(deviceMismatch(wasm, off)).toMatch(/largest difference 0\.03/);
    const small = [...wasm];
    small[0] += 0.5 * DEVICE_CHECK_TOLERANCE;
    expect(deviceMismatch(wasm, small)).toBeUndefined();
  });
  test('NaN, and a missing score, are refused', () => {
    expect(deviceMismatch(wasm, [NaN, 0, 0, 0])).toMatch(/not numbers/);
    expect(deviceMismatch(wasm, wasm.slice(1))).toMatch(/3 scores for 4 pairs/);
  });
});
