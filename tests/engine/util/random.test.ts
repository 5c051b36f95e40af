// The shared seeded generator: mulberry32 checked against an independent BigInt computation, numeric
// seeds give the same sequence through both entry points, text seeds are FNV-1a hashed.
import { describe, expect, it } from 'vitest';
import { rng, seededRandom } from '../../../src/engine/util/random.ts';

/** mulberry32 in BigInt arithmetic (mod 2^32), written from the algorithm rather than the code. */
function reference(seed: number, n: number): number[] {
  const M = 0xffffffffn;
  const mul = (a: bigint, b: bigint) => (a * b) & M;
  let state = BigInt(seed >>> 0);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    state = (state + 0x6d2b79f5n) & M;
    let t = state;
    t = mul(t ^ (t >> 15n), t | 1n);
    t = (t ^ ((t + mul(t ^ (t >> 7n), t | 61n)) & M)) & M;
    out.push(Number((t ^ (t >> 14n)) & M) / 2 ** 32);
  }
  return out;
}

function take(next: () => number, n: number): number[] {
  return Array.from({ length: n }, next);
}

describe('rng (mulberry32)', () => {
  it('matches an independent BigInt computation', () => {
    for (const seed of [0, 1, 42, 0xdeadbeef, -1]) expect(take(rng(seed), 200)).toEqual(reference(seed, 200));
  });

  it('stays in [0, 1) and a seed always gives the same sequence', () => {
    const xs = take(rng(7), 2000);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(take(rng(7), 2000)).toEqual(xs);
    expect(take(rng(8), 20)).not.toEqual(xs.slice(0, 20));
  });
});

describe('seededRandom', () => {
  it('gives rng’s sequence for a numeric seed', () => {
    for (const seed of [0, 3, 42, 2 ** 33 + 5]) expect(take(seededRandom(seed), 50)).toEqual(take(rng(seed), 50));
  });

  it('hashes a text seed with 32-bit FNV-1a over its code points', () => {
    let h = 2166136261n;
    for (const c of 'amostra 42 ção😀') h = ((h ^ BigInt(c.codePointAt(0)!)) * 16777619n) % 2n ** 32n;
    expect(take(seededRandom('amostra 42 ção😀'), 30)).toEqual(reference(Number(h), 30));
    expect(take(seededRandom('42'), 5)).not.toEqual(take(seededRandom(42), 5));
  });
});
