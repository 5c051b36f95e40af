// Text the tokenizer cannot split (issue 25): WordPiece maps any word over 100 characters to one [UNK],
// so 1 MB without whitespace is one token and the token cap alone never cuts it. Every ChunkLab
// chunker must still hand back chunks of bounded size (maxTokens × MAX_CHARS_PER_TOKEN characters)
// that cover the text, each with the tokenizer's real count.

import { describe, expect, test } from 'vitest';
import { BASELINE_IDS, CHUNKER_IDS, chunkDocument } from '../../../src/engine/chunkers/index.ts';
import { MAX_CHARS_PER_TOKEN } from '../../../src/engine/chunkers/kit/finalize.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { lexicalEmbedderFor } from '../../../src/engine/embedding/lexical.ts';
import type { ChunkerId } from '../../../src/engine/types.ts';
import { expectValidChunks, fakeGenerator, tokenizer, uncovered } from './helpers.ts';

const OWN_IDS = CHUNKER_IDS.filter((id) => !BASELINE_IDS.includes(id)) as ChunkerId[];

// A deterministic whitespace-free megabyte: letters and digits cycling (no punctuation to split on).
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
let mb = '';
for (let i = 0; i < 1 << 20; i++) mb += ALPHABET[(i * 7 + (i >> 5)) % ALPHABET.length];
// 300-character words between spaces: each is one [UNK], so 8 of them (2,400 characters) fit a cap of 8.
const wordy = Array.from({ length: 40 }, (_, i) => ALPHABET[i % ALPHABET.length].repeat(300)).join(' ');

describe.each(OWN_IDS)('%s cuts text the tokenizer cannot split', (id) => {
  test('the real tokenizer sees one [UNK] for the whole megabyte (why the token cap cannot cut it)', () => {
    expect(tokenizer.count(mb)).toBe(1);
  });
  for (const [name, text, cap] of [
    ['1 MB without whitespace', mb, 64],
    ['300-character words between spaces', wordy, 8],
  ] as const) {
    test(name, async () => {
      const doc = parseDocument({ id: 'w', text, format: 'text' });
      const chunks = await chunkDocument(doc, id, { maxTokens: cap }, { tokenizer, embed: lexicalEmbedderFor(doc).embed, generator: fakeGenerator });
      expectValidChunks(doc, chunks, cap);
      expect(uncovered(doc, chunks)).toEqual([]);
      const bound = cap * MAX_CHARS_PER_TOKEN;
      for (const c of chunks) expect(c.end - c.start, `${c.id} length`).toBeLessThanOrEqual(bound);
      // Covered exactly: the chunks' union is the whole text (overlapping chunkers may repeat some).
      const min = Math.min(...chunks.map((c) => c.start));
      const max = Math.max(...chunks.map((c) => c.end));
      expect([min, max]).toEqual([0, text.length]);
      if (text === mb) expect(chunks.length).toBeGreaterThanOrEqual(Math.ceil(text.length / bound));
    });
  }
});
