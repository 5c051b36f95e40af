// The baseline chunkers run other libraries' own code: their chunks must be exactly what the library
// returns when called directly here with the same settings (same strings, in order), placed in the
// document so that text === original.slice(start, end), and sized in ChunkLab's tokenizer.

import { describe, expect, test } from 'vitest';
import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { RecursiveChunker } from '@chonkiejs/core';
import { SentenceSplitter } from '@llamaindex/core/node-parser';
import { MDocument } from '@mastra/rag';
import { BASELINE_IDS, CHUNKERS, chunkDocument, resolveParams } from '../../../src/engine/chunkers/index.ts';
import { asciiFold, chonkieTokenizer } from '../../../src/engine/chunkers/chonkie-recursive.ts';
import { placePieces } from '../../../src/engine/chunkers/kit/index.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import type { Chunk, Doc } from '../../../src/engine/types.ts';
import { enDoc, ptDoc, tokenizer } from './helpers.ts';

const ctx = { tokenizer };

/** The library, called directly: its output strings. */
async function direct(id: string, text: string, maxTokens: number, overlap: number): Promise<string[]> {
  if (id === 'langchain-recursive') {
    const s = new RecursiveCharacterTextSplitter({ chunkSize: maxTokens, chunkOverlap: overlap, lengthFunction: (t: string) => tokenizer.count(t) });
    return s.splitText(text);
  }
  if (id === 'chonkie-recursive') {
    const c = await RecursiveChunker.create({ chunkSize: maxTokens, tokenizer: chonkieTokenizer(tokenizer) as never });
    // On the ASCII fold, as the chunker runs it (the library garbles non-ASCII text: see the test below).
    return (await c.chunk(asciiFold(text))).map((x) => x.text);
  }
  if (id === 'mastra-recursive' || id === 'mastra-markdown') {
    const options = { maxSize: maxTokens, overlap, lengthFunction: (t: string) => tokenizer.count(t) };
    const chunks =
      id === 'mastra-recursive'
        ? await MDocument.fromText(text).chunk({ strategy: 'recursive', ...options })
        : await MDocument.fromMarkdown(text).chunk({ strategy: 'markdown', separatorPosition: 'start', ...options });
    return chunks.map((c) => c.text);
  }
  const s = new SentenceSplitter({
    chunkSize: maxTokens,
    chunkOverlap: overlap,
    tokenizer: { encode: (t: string) => Uint32Array.from(tokenizer.encode(t), (x) => x.id), decode: () => '' },
    logger: { log() {}, warn() {}, error() {} },
  } as never);
  return s.splitText(text).filter((x) => x !== '');
}

const texts = (doc: Doc, chunks: Chunk[]) => chunks.map((c) => doc.text.slice(c.start, c.end));

test('the registry marks exactly the five baselines, each naming its npm package', () => {
  expect([...BASELINE_IDS].sort()).toEqual(['chonkie-recursive', 'langchain-recursive', 'llamaindex-sentence', 'mastra-markdown', 'mastra-recursive']);
  expect(CHUNKERS['mastra-recursive'].baseline?.library).toBe('@mastra/rag');
  expect(CHUNKERS['mastra-markdown'].baseline?.library).toBe('@mastra/rag');
  expect(CHUNKERS['langchain-recursive'].baseline).toEqual({ library: '@langchain/textsplitters', splitter: 'RecursiveCharacterTextSplitter' });
  expect(CHUNKERS['chonkie-recursive'].baseline?.library).toBe('@chonkiejs/core');
  expect(CHUNKERS['llamaindex-sentence'].baseline?.library).toBe('@llamaindex/core');
  for (const id of ['recursive', 'fixed', 'structure'] as const) expect(CHUNKERS[id].baseline).toBeUndefined();
});

describe.each(BASELINE_IDS)('%s', (id) => {
  for (const doc of [ptDoc, enDoc]) {
    for (const [cap, overlap] of [[32, 0], [64, 0], [128, 32], [256, 0]] as const) {
      const ov = id === 'chonkie-recursive' ? 0 : overlap;
      test(`${doc.id}, cap ${cap}, overlap ${ov}: the library's chunks, placed exactly`, async () => {
        const chunks = await chunkDocument(doc, id, { maxTokens: cap, overlap: ov }, ctx);
        const lib = await direct(id, doc.text, cap, ov);
        if (id === 'chonkie-recursive') {
          // chonkie rejoins the words of an over-long piece with single spaces: the same chunks up to
          // runs of whitespace, and ours are the document's own text.
          const squash = (xs: string[]) => xs.map((x) => x.replace(/\s+/g, ' '));
          expect(squash(texts(doc, chunks).map(asciiFold))).toEqual(squash(lib));
        } else if (id === 'mastra-recursive' || id === 'mastra-markdown') {
          // Mastra drops the empty pieces of a split before rejoining it ("\n\n\n\n" comes back as
          // "\n\n"): the same chunks up to runs of whitespace, and ours are the document's own text.
          const squash = (xs: string[]) => xs.map((x) => x.replace(/\s+/g, ' '));
          expect(squash(texts(doc, chunks))).toEqual(squash(lib));
          expect(lib.length).toBeGreaterThan(1);
        } else expect(texts(doc, chunks)).toEqual(lib);
        chunks.forEach((c, i) => {
          expect(c.id).toBe(`${doc.id}#${i}`);
          expect(c.prefix).toBe('');
          expect(c.tokens).toBe(tokenizer.count(doc.text.slice(c.start, c.end)));
          if (i > 0) expect(c.start).toBeGreaterThan(chunks[i - 1].start);
        });
        if (ov === 0 && id !== 'chonkie-recursive') {
          for (let i = 1; i < chunks.length; i++) expect(chunks[i].start).toBeGreaterThanOrEqual(chunks[i - 1].end);
        }
      });
    }
  }
});

/** The document between consecutive chunks: what the chunks leave out. */
const gaps = (doc: Doc, chunks: Chunk[]) => chunks.map((c, i) => doc.text.slice(i ? chunks[i - 1].end : 0, c.start)).concat(doc.text.slice(chunks.at(-1)!.end));

test('chonkie: its chunks follow each other and leave out nothing but the whitespace the library drops at some cuts', async () => {
  for (const doc of [enDoc, ptDoc]) {
    for (const cap of [32, 64]) {
      const chunks = await chunkDocument(doc, 'chonkie-recursive', { maxTokens: cap }, ctx);
      expect(gaps(doc, chunks).every((g) => /^\s*$/.test(g))).toBe(true);
    }
  }
  // The guide's indented YAML is where chonkie rewrites runs of spaces at cap 32.
  const lib = await direct('chonkie-recursive', enDoc.text, 32, 0);
  expect(lib.some((x) => !enDoc.text.includes(x))).toBe(true);
});

test('a repeated passage is placed where the library put it, not inside the chunk before', () => {
  const text = 'Alpha beta.\n\nAlpha beta.\n\nGamma.';
  expect(placePieces(text, ['Alpha beta.', 'Alpha beta.', 'Gamma.'], { overlapping: false, who: 't' })).toEqual([[0, 11], [13, 24], [26, 32]]);
  // Overlapping pieces: each found after the previous start.
  expect(placePieces('a b c d', ['a b c', 'c d'], { overlapping: true, who: 't' })).toEqual([[0, 5], [4, 7]]);
  expect(() => placePieces('abc', ['abd'], { overlapping: false, who: 'x' })).toThrow(/x: piece 1/);
});

test('sizes are counted in the given tokenizer: a cap in tokens, not characters', async () => {
  const doc = parseDocument({ id: 'words', text: Array.from({ length: 400 }, (_, i) => `word${i % 7}`).join(' '), name: 'words.txt' });
  for (const id of BASELINE_IDS) {
    const chunks = await chunkDocument(doc, id, { maxTokens: 50 }, ctx);
    const max = Math.max(...chunks.map((c) => c.tokens));
    expect(max, id).toBeLessThanOrEqual(50);
    // More than 50 characters: the cap counts tokens (two per "wordN"), not characters.
    expect(Math.max(...chunks.map((c) => c.end - c.start)), id).toBeGreaterThan(80);
  }
});

test('no header for baselines: asking for one is a clear error naming the parameter', () => {
  for (const id of BASELINE_IDS) expect(() => resolveParams(id, { maxTokens: 64, header: true })).toThrow(/unknown parameter/);
});

test('why chonkie runs on an ASCII fold: on accented text the library itself returns text that is not in the document', async () => {
  const c = await RecursiveChunker.create({ chunkSize: 32, tokenizer: chonkieTokenizer(tokenizer) as never });
  const raw = (await c.chunk(ptDoc.text)).map((x) => x.text);
  expect(raw.some((x) => !ptDoc.text.includes(x))).toBe(true);
  // The fold keeps length and ASCII, and maps accented letters to their base letter.
  expect(asciiFold('Ação é 👍 já')).toBe('Acao e xx ja');
  expect(asciiFold(ptDoc.text).length).toBe(ptDoc.text.length);
  // Ours: the document's own text, in order, nothing but whitespace between chunks.
  const chunks = await chunkDocument(ptDoc, 'chonkie-recursive', { maxTokens: 32 }, ctx);
  expect(gaps(ptDoc, chunks).every((g) => /^\s*$/.test(g))).toBe(true);
});

test("why Mastra's Markdown baseline keeps separators at the start: with the library's default its chunks are not the document's text", async () => {
  const text = '# Guide\n\nIntro text.\n\n## Install\n\nRun the installer and wait.\n\n## Use\n\nOpen the app.\n';
  // Sections that fit together are rejoined with the heading separator's regular-expression source.
  const options = { maxSize: 200, overlap: 0, lengthFunction: (t: string) => tokenizer.count(t) };
  const byDefault = (await MDocument.fromMarkdown(text).chunk({ strategy: 'markdown', ...options })).map((c) => c.text);
  expect(byDefault.join('')).toContain('#{1,6} Install');
  expect(byDefault.some((x) => !text.includes(x))).toBe(true);
  const doc = parseDocument({ id: 'guide', text, name: 'guide.md' });
  const chunks = await chunkDocument(doc, 'mastra-markdown', { maxTokens: 12 }, ctx);
  // Ours: each heading opens a chunk, and every chunk is the document's own text.
  expect(texts(doc, chunks).filter((t) => t.startsWith('## '))).toEqual(['## Install\n\nRun the installer and wait.', '## Use\n\nOpen the app.']);
  expect(chunks.every((c) => !doc.text.slice(c.start, c.end).includes('#{1,6}'))).toBe(true);
  const whole = await chunkDocument(doc, 'mastra-markdown', { maxTokens: 200 }, ctx);
  expect(texts(doc, whole)).toEqual([text.trim()]);
});
