// Hostile and large input for every chunker: characters the tokenizer drops (U+FFFD, control and bidi
// characters, lone surrogates, zero-width and soft-hyphen characters) still lie in some chunk; the
// lexical embedder's vectors are sparse, so a long document of short sentences costs memory in
// proportion to its words; semantic works at the smallest caps with every default sent; a merged
// structure chunk carries the heading path its sections share.

import { describe, expect, test } from 'vitest';
import { BASELINE_IDS, CHUNKER_IDS, CHUNKERS, chunkDocument } from '../../../src/engine/chunkers/index.ts';
import { parseDocument, sections } from '../../../src/engine/documents/index.ts';
import { lexicalEmbedderFor, lexicalTerms } from '../../../src/engine/embedding/lexical.ts';
import type { ChunkerId } from '../../../src/engine/types.ts';
import { enDoc, expectValidChunks, fakeGenerator, tokenizer, uncovered } from './helpers.ts';

// ChunkLab's own chunkers: the baselines (other libraries' code) are held to their own tests (baselines.test.ts).
const OWN_IDS = CHUNKER_IDS.filter((id) => !BASELINE_IDS.includes(id));

const ODD = ['\uFFFD', '\u0001', '\u0007', '\u202E', '\u2066', '\u200B', '\uD800', '\uDC00', '\u0000', '\u00AD', '\uFEFF', '\u061C'];
const oddLines: string[] = [];
for (let i = 0; i < 48; i++) oddLines.push(`Word${i} ${ODD[i % ODD.length]}${ODD[(i * 7) % ODD.length]} text ${ODD[(i * 5) % ODD.length]} more words here.`);
const ODD_TEXTS: Record<string, string> = {
  prose: oddLines.join(' '),
  markdown: `# Title ${ODD[0]}\n\n${oddLines.slice(0, 20).join('\n')}\n\n## Next ${ODD[3]}\n\n| a${ODD[1]} | b |\n| - | - |\n| ${ODD[6]} | ${ODD[0]} |\n\n${ODD.join('')}\n`,
  edges: `${ODD[1]}${ODD[2]} start ${'x '.repeat(60)}${ODD[0]}${ODD[7]}`,
  nothingButOdd: ODD.join(' ').repeat(4),
};

describe.each(OWN_IDS as ChunkerId[])('%s keeps every character the tokenizer drops', (id) => {
  for (const [name, text] of Object.entries(ODD_TEXTS)) {
    test(name, async () => {
      for (const format of ['text', 'markdown'] as const) {
        const doc = parseDocument({ id: name, text, format });
        for (const cap of [8, 16, 64]) {
          for (const header of [false, true]) {
            const chunks = await chunkDocument(doc, id, { maxTokens: cap, header }, { tokenizer, embed: lexicalEmbedderFor(doc).embed, generator: fakeGenerator });
            expectValidChunks(doc, chunks, cap);
            expect(uncovered(doc, chunks), `${format} cap ${cap} header ${header}`).toEqual([]);
          }
        }
      }
    });
  }
});

test('the lexical embedder on a long document of short sentences: sparse vectors, memory in proportion to words', async () => {
  const sentences: string[] = [];
  for (let i = 0; i < 20_000; i++) sentences.push(`Item ${i} ships to zone ${i % 97} on day ${i % 31}.`);
  const doc = parseDocument({ id: 'big', text: sentences.join(' '), format: 'text', meta: { language: 'en' } });
  const e = lexicalEmbedderFor(doc);
  const vectors = await e.embed(sentences);
  let stored = 0;
  sentences.forEach((s, i) => {
    const words = lexicalTerms(s).length;
    expect(vectors[i].indices.length).toBeLessThanOrEqual(words);
    stored += vectors[i].indices.length;
  });
  const words = sentences.reduce((n, s) => n + lexicalTerms(s).length, 0);
  expect(stored).toBeLessThanOrEqual(words);
  // A dense vector per sentence would hold dimensions × sentences numbers: here hundreds of times more.
  expect(e.dimensions * sentences.length).toBeGreaterThan(100 * stored);
  const chunks = await chunkDocument(doc, 'semantic', { maxTokens: 128 }, { tokenizer, embed: e.embed });
  expect(uncovered(doc, chunks)).toEqual([]);
  expect(chunks.length).toBeLessThanOrEqual(sentences.length);
  for (const c of chunks) expect(c.tokens).toBeLessThanOrEqual(128);
});

describe('semantic at small caps', () => {
  test('maxTokens 32 with every default sent (as the page does) works; minTokens is held to half the cap', async () => {
    const defaults = Object.fromEntries(CHUNKERS.semantic.params.map((p) => [p.name, p.default]));
    const chunks = await chunkDocument(enDoc, 'semantic', { ...defaults, maxTokens: 32 }, { tokenizer, embed: lexicalEmbedderFor(enDoc).embed });
    expectValidChunks(enDoc, chunks, 32);
    expect(uncovered(enDoc, chunks)).toEqual([]);
  });
  test('another minTokens at or above the cap is still refused, naming the parameter', async () => {
    await expect(chunkDocument(enDoc, 'semantic', { maxTokens: 32, minTokens: 40 }, { tokenizer, embed: lexicalEmbedderFor(enDoc).embed })).rejects.toThrow(
      'parameter minTokens: must be smaller than maxTokens (32), got 40',
    );
  });
});

test('structure with merge: a merged chunk carries the heading path its sections share', async () => {
  const chunks = await chunkDocument(enDoc, 'structure', { maxTokens: 256, level: 3, header: true }, { tokenizer });
  const secs = sections(enDoc, 3);
  let merged = 0;
  for (const c of chunks) {
    const held = secs.filter((s) => s.start < c.end && s.end > c.start && enDoc.text.slice(Math.max(s.start, c.start), Math.min(s.end, c.end)).trim());
    if (held.length < 2) continue;
    merged++;
    let common = held[0].headingPath;
    for (const s of held) {
      let k = 0;
      while (k < common.length && k < s.headingPath.length && common[k] === s.headingPath[k]) k++;
      common = common.slice(0, k);
    }
    expect(c.headingPath, c.id).toEqual(common);
    expect(c.headingPath.length).toBeLessThan(held[held.length - 1].headingPath.length);
  }
  expect(merged).toBeGreaterThan(0);
});
