// Bad and odd input for every chunker: empty, blank, one huge line, binary garbage, tables without rows,
// unclosed fences, headings with no body, CRLF. No crash; caps hold; text is covered.

import { describe, expect, test } from 'vitest';
import { chunkDocument, BASELINE_IDS, CHUNKER_IDS } from '../../../src/engine/chunkers/index.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { InputError, type ChunkerId } from '../../../src/engine/types.ts';
import { expectValidChunks, fakeEmbed, fakeGenerator, fixture, tokenizer, uncovered } from './helpers.ts';

// ChunkLab's own chunkers: the baselines (other libraries' code) are held to their own tests (baselines.test.ts).
const OWN_IDS = CHUNKER_IDS.filter((id) => !BASELINE_IDS.includes(id));

const ctx = { tokenizer, embed: fakeEmbed, generator: fakeGenerator };

// Deterministic pseudo-random bytes read as Latin-1: control characters, NULs, high bytes.
let seed = 12345;
const garbage = Array.from({ length: 3000 }, () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return String.fromCharCode((seed >>> 16) & 0xff);
}).join('');

const CASES: Record<string, { text: string; covered: boolean }> = {
  empty: { text: '', covered: true },
  whitespace: { text: '  \n\n\t \r\n   \n', covered: true },
  'one 50,000-character line': { text: 'palavra-'.repeat(6250), covered: true },
  'binary garbage': { text: garbage, covered: false },
  'table with no rows': { text: '# Tabela\n\n| a | b |\n| --- | --- |\n\nDepois da tabela.\n', covered: true },
  'unclosed code fence': { text: '## Código\n\n```js\n' + 'const x = 1;\n'.repeat(80), covered: true },
  'headings with no body': { text: '# Um\n\n## Dois\n\n### Três\n\n## Quatro\n', covered: true },
  CRLF: { text: fixture('retrieval-guide.md').replace(/\n/g, '\r\n'), covered: true },
};

describe.each(OWN_IDS as ChunkerId[])('%s', (id) => {
  for (const [name, { text, covered }] of Object.entries(CASES)) {
    test(name, async () => {
      const doc = parseDocument({ id: 'bad', text, format: 'markdown' });
      for (const cap of [32, 128]) {
        const chunks = await chunkDocument(doc, id, { maxTokens: cap, header: true }, ctx);
        expectValidChunks(doc, chunks, cap);
        if (text.trim() === '') expect(chunks).toEqual([]);
        if (covered) expect(uncovered(doc, chunks)).toEqual([]);
        if (name === 'one 50,000-character line') expect(chunks.length).toBeGreaterThanOrEqual(tokenizer.count(text) / cap);
        if (name === 'CRLF') for (const c of chunks) expect(doc.text[c.end - 1]).not.toBe('\r');
      }
    });
  }
});

describe('invalid parameters name the parameter', () => {
  const doc = parseDocument({ id: 'd', text: 'Uma frase. Outra frase.', format: 'text' });
  const cases: [string, Record<string, unknown>, string][] = [
    ['fixed', { maxTokens: 0 }, 'parameter maxTokens'],
    ['recursive', { maxTokens: 64, overlap: 64 }, 'parameter overlap'],
    ['sentences', { maxTokens: 64, overlap: 100 }, 'parameter overlap'],
    ['fixed', { maxTokens: 12.5 }, 'parameter maxTokens'],
    ['structure', { maxTokens: 64, level: 9 }, 'parameter level'],
    ['structure', { maxTokens: 64, merge: 'yes' }, 'parameter merge'],
    ['small-to-big', { maxTokens: 64, parent: 'chapter' }, 'parameter parent'],
    ['semantic', { maxTokens: 64, minTokens: 64 }, 'parameter minTokens'],
    ['fixed', { maxTokens: 64, colour: 'blue' }, 'parameter colour'],
    ['recursive', { maxTokens: 64, header: { subtitle: true } }, 'parameter header'],
  ];
  test.each(cases)('%s %j', async (id, params, where) => {
    const err = await chunkDocument(doc, id, params, { tokenizer, embed: fakeEmbed, generator: fakeGenerator }).catch((e) => e);
    expect(err).toBeInstanceOf(InputError);
    expect(err.where).toBe(where);
  });
  test('unknown chunker id', async () => {
    const err = await chunkDocument(doc, 'magic', { maxTokens: 64 }, { tokenizer }).catch((e) => e);
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toContain('unknown chunker "magic"');
    expect(err.message).toContain('sentence-window');
  });
});
