// The WordPiece fast path's whole-ASCII-word shortcut (a word looked up in a local hash table with
// the text itself, no slice) against the general pipeline: boundary cases around where the shortcut
// must give way (combining marks, dropped control characters, non-ASCII neighbours, uppercase) and
// enough distinct words to grow the local table and, with a small capacity, to restart it.
import { describe, expect, it } from 'vitest';
import { createTokenizer, type AlignedTokenizer, type CreateOptions } from '../../../src/engine/tokens/index.ts';
import { MINILM_DIR, readDir, rng } from './helpers.ts';

type Fast = AlignedTokenizer & { fastPath: boolean };

function make(label: string, opts: CreateOptions, edit?: (n: Record<string, unknown>) => void): Fast {
  const { json, config } = readDir(MINILM_DIR);
  edit?.(json.normalizer as Record<string, unknown>);
  return createTokenizer(json, config, `ascii-${label}`, opts) as Fast;
}

const CASES = [
  'Hello World',
  'HELLO,world.Again',
  'ab\u0000cd ab\u0007cd',
  'e\u0301cole cafe\u0301 A\u0301BC',
  'x-\u0301y a=\u0338b c<\u0338d word,\u0327 end.\u0301',
  'plain café naïve Ação résumé',
  'tail-word',
  'UPPER lower MiXeD 123abc ABC123 x_y a`b',
  'don\'t stop—now… “quoted” «aspas»',
  'unaffable unaffable UNAFFABLE Unaffable',
  'a'.repeat(120) + ' ' + 'B'.repeat(101),
  '\t\n  spaced \r\n words \u00A0nbsp\u2003em',
];

function same(fast: AlignedTokenizer, slow: AlignedTokenizer, text: string): void {
  expect(fast.encode(text), JSON.stringify(text)).toEqual(slow.encode(text));
  expect(fast.count(text)).toBe(slow.count(text));
}

describe('WordPiece fast path, whole ASCII words', () => {
  for (const [label, edit] of [
    ['uncased', undefined],
    ['cased', (n: Record<string, unknown>) => Object.assign(n, { lowercase: false, strip_accents: false })],
  ] as const) {
    it(`matches the general path on boundary cases (${label})`, () => {
      const fast = make(`${label}-fast`, {}, edit);
      const slow = make(`${label}-slow`, { fastPath: false }, edit);
      expect(fast.fastPath).toBe(true);
      expect(slow.fastPath).toBe(false);
      for (const text of CASES) same(fast, slow, text);
      // every case again, glued together and repeated (table hits after the first sight)
      same(fast, slow, CASES.join(' ').repeat(3));
    });
  }

  it('stays exact while its table grows and after it restarts at capacity', () => {
    const r = rng(7);
    const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const words: string[] = [];
    for (let i = 0; i < 6000; i++) {
      let w = '';
      const n = 2 + Math.floor(r() * 9);
      for (let k = 0; k < n; k++) w += letters[Math.floor(r() * letters.length)];
      words.push(w);
    }
    const text = words.join(r() < 0.5 ? ' ' : ', ');
    const slow = make('grow-slow', { fastPath: false });
    for (const cap of [100_000, 500]) {
      const fast = make(`grow-fast-${cap}`, { cacheCapacity: cap });
      same(fast, slow, text);
      same(fast, slow, text); // second pass: answers from the table (or its restarted copy)
      same(fast, slow, words.slice().reverse().join(' '));
    }
  });
});
