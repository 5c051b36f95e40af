// LlamaIndex's SentenceSplitter with its placeholders put back in one pass (src/engine/chunkers/
// kit/llamaindex-reverts.ts) gives exactly the library's own output: on long paragraphs full of numbers,
// amounts, URIs and abbreviations, on text that already looks like a placeholder (the library's loop
// runs then), and on replacements holding "$"; the one pass is really taken on ordinary text; the
// setter on Object.prototype never outlives the call; the chunker equals the library called directly.
import { SentenceSplitter } from '@llamaindex/core/node-parser';
import { expect, test } from 'vitest';
import { chunkDocument } from '../../../src/engine/chunkers/index.ts';
import { withOnePassReverts, type RevertCounts } from '../../../src/engine/chunkers/kit/llamaindex-reverts.ts';
import { placePieces } from '../../../src/engine/chunkers/kit/index.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { rng } from '../../../src/engine/util/index.ts';
import { tokenizer } from './helpers.ts';

function splitter(chunkSize: number, chunkOverlap: number) {
  return new SentenceSplitter({
    chunkSize,
    chunkOverlap,
    tokenizer: { encode: (t: string) => Uint32Array.from(tokenizer.encode(t), (x) => x.id), decode: () => '' },
    logger: { log() {}, warn() {}, error() {} },
  } as never);
}

/** One long paragraph (no blank lines) of varied sentences: numbers, amounts, URIs, e-mails, abbreviations, quotes. */
function paragraph(seed: number, sentences: number): string {
  const rand = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const parts = [
    () => `Revenue rose to $${Math.floor(rand() * 900 + 100)},${String(Math.floor(rand() * 1000)).padStart(3, '0')}.${Math.floor(rand() * 100)} million in Q${1 + Math.floor(rand() * 4)}.`,
    () => `Mr. Smith met Dr. Jones at ${Math.floor(rand() * 12) + 1} p.m. on Jan. ${Math.floor(rand() * 28) + 1}, e.g. for the audit.`,
    () => `See https://example.com/reports/${Math.floor(rand() * 999)}?q=a.b&x=1 or write to ir.team@example.org for details!`,
    () => `"Is the 3.5% margin sustainable?" asked the analyst (Fig. ${Math.floor(rand() * 9)}).`,
    () => `Growth was ${Math.floor(rand() * 40)}.${Math.floor(rand() * 10)}% year over year… and costs fell.`,
    () => `The U.S. unit, i.e. the largest, shipped ${Math.floor(rand() * 90000)} units vs. ${Math.floor(rand() * 90000)} last year.`,
  ];
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) out.push(pick(parts)());
  return out.join(rand() < 0.8 ? ' ' : '\n');
}

const run = (text: string, size: number, overlap: number, counts?: RevertCounts) => withOnePassReverts(() => splitter(size, overlap).splitText(text), counts);

test('one pass gives the library’s chunks on long paragraphs, and is really taken', () => {
  for (const [seed, n, size, overlap] of [[1, 160, 64, 0], [2, 200, 128, 16], [3, 150, 200, 0], [4, 120, 32, 8]] as const) {
    const text = paragraph(seed, n);
    const counts: RevertCounts = { onePass: 0, library: 0 };
    const fast = run(text, size, overlap, counts);
    expect(fast).toEqual(splitter(size, overlap).splitText(text));
    expect(counts.onePass).toBeGreaterThan(100);
    expect(counts.library).toBe(0);
  }
});

test('text that already looks like a placeholder, and replacements holding "$": the library’s own loop, same chunks', () => {
  const tricky = [
    `Template {{NUMBER_3}} stays. ${paragraph(5, 60)} And {{DELIM_1}} too. Price 1,000. End.`,
    `A {NUMBER_2}} and ABBREV_4} mark. ${paragraph(6, 40)}`,
  ];
  for (const text of tricky) {
    const counts: RevertCounts = { onePass: 0, library: 0 };
    expect(run(text, 48, 0, counts)).toEqual(splitter(48, 0).splitText(text));
    expect(counts.onePass).toBe(0);
    expect(counts.library).toBeGreaterThan(0);
  }
  // A URI holding "$&": String.replace would read it as a pattern, so that map goes the library's way.
  const dollar = `${paragraph(7, 30)} Visit https://shop.example.com/a$&b$'c.html now. ${paragraph(8, 30)}`;
  const counts: RevertCounts = { onePass: 0, library: 0 };
  expect(run(dollar, 40, 0, counts)).toEqual(splitter(40, 0).splitText(dollar));
  expect(counts.library).toBeGreaterThan(0);
});

test('the setter on Object.prototype lives only during the call, even when the call throws', () => {
  run(paragraph(9, 50), 32, 0);
  expect(Object.getOwnPropertyDescriptor(Object.prototype, 'delimiterMap')).toBeUndefined();
  expect(() =>
    withOnePassReverts(() => {
      throw new Error('boom');
    }),
  ).toThrow('boom');
  expect(Object.getOwnPropertyDescriptor(Object.prototype, 'delimiterMap')).toBeUndefined();
  expect(({} as Record<string, unknown>).delimiterMap).toBeUndefined();
  // Another splitter, made without it, keeps the library's prototype methods (nothing was patched there).
  const plain = splitter(32, 0);
  expect(plain.splitText(paragraph(10, 40))).toEqual(run(paragraph(10, 40), 32, 0));
});

test('the llamaindex-sentence chunker on a long paragraph equals the library called directly', async () => {
  const text = `# Annual report\n\n${paragraph(11, 200)}\n`;
  const doc = parseDocument({ id: 'report', text, format: 'markdown' });
  for (const [cap, overlap] of [[64, 0], [128, 32]] as const) {
    const chunks = await chunkDocument(doc, 'llamaindex-sentence', { maxTokens: cap, overlap }, { tokenizer });
    expect(chunks.map((c) => doc.text.slice(c.start, c.end))).toEqual(splitter(cap, overlap).splitText(doc.text).filter((x) => x !== ''));
  }
});

test('a full stop the library drops ("2017.." back as "2017.") is placed over the document’s own range', async () => {
  // A sentence longer than the cap is cut by the library's phrase pattern ([^,.;]+[,.;]?, matched, not
  // split): a second full stop matches nothing and is lost. The library itself (no one-pass reverts)
  // so rewrites this text that its piece is not a substring.
  const long = 'the number of holders of record of common stock was approximately twelve thousand, as of the end of february in the year two thousand and seventeen';
  const text = `Holders. ${long} 2017..\n\nWhat was the high sales price in the second quarter of 2016? More text here.`;
  const lib = splitter(28, 0).splitText(text);
  expect(lib.some((p) => p.trim() && !text.includes(p))).toBe(true);
  expect(run(text, 28, 0)).toEqual(lib);
  const doc = parseDocument({ id: 'd', text, format: 'text' });
  const chunks = await chunkDocument(doc, 'llamaindex-sentence', { maxTokens: 28, overlap: 0 }, { tokenizer });
  const pieces = lib.filter((p) => p.trim() !== '');
  expect(chunks).toHaveLength(pieces.length);
  const squash = (s: string) => s.replace(/\s+/g, ' ').replace(/[.?!…]+/g, '.');
  chunks.forEach((c, i) => {
    // The document's range, equal to the library's piece up to runs of whitespace and of full stops.
    expect(squash(doc.text.slice(c.start, c.end))).toBe(squash(pieces[i]));
    if (i) expect(c.start).toBeGreaterThanOrEqual(chunks[i - 1].end);
  });
  expect(doc.text.slice(chunks[0].start, chunks[chunks.length - 1].end)).toContain('2017..');
});

test('overlapping pieces may start where the previous one started (LlamaIndex can return a longer chunk from the same start)', () => {
  expect(placePieces('a b c d', ['a b', 'a b c', 'c d'], { overlapping: true, who: 't' })).toEqual([[0, 3], [0, 5], [4, 7]]);
  // Without overlap a repeated start is still refused.
  expect(() => placePieces('a b c d', ['a b', 'a b c'], { overlapping: false, who: 't' })).toThrow(/t: piece 2/);
});
