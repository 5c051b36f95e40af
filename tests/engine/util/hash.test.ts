// FNV-1a in 32 bits, the one copy the page and the engine share (corpus keys, pack fingerprints, the
// question-set signature): checked against the published test vectors of the FNV authors, and as a
// stream (a hash continued field by field is the hash of the fields joined).
import { describe, expect, test } from 'vitest';
import { fnv1a32 } from '../../../src/engine/util/index.ts';

describe('fnv1a32', () => {
  test('matches the FNV-1a 32-bit test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  test('continues a hash: field by field equals the fields joined', () => {
    expect(fnv1a32('bar', fnv1a32('foo'))).toBe(fnv1a32('foobar'));
    expect(fnv1a32('', fnv1a32('x'))).toBe(fnv1a32('x'));
  });

  test('is unsigned and hashes UTF-16 code units', () => {
    for (const s of ['a', 'ação', '🙂', 'x'.repeat(1000)]) {
      const h = fnv1a32(s);
      expect(Number.isInteger(h) && h >= 0 && h < 2 ** 32).toBe(true);
    }
    // One astral character is two code units: the same as its surrogates hashed one after the other.
    expect(fnv1a32('🙂')).toBe(fnv1a32('\ude42', fnv1a32('\ud83d')));
  });
});
