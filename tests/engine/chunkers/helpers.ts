// Test helpers for the chunkers: the real MiniLM tokenizer, the fixtures parsed with the real parser,
// a deterministic fake embedder (hashed bag of words) and independent checks of coverage and caps.

import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { loadDefaultTokenizer } from '../../../src/node/tokenizer-folder.ts';
import type { Chunk, Doc, TextTokenizer } from '../../../src/engine/types.ts';

export const tokenizer: TextTokenizer = await loadDefaultTokenizer();

export function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

export const ptDoc: Doc = parseDocument({ id: 'politica', text: fixture('politica-reembolso.md'), name: 'politica-reembolso.md' });
export const enDoc: Doc = parseDocument({ id: 'guide', text: fixture('retrieval-guide.md'), name: 'retrieval-guide.md' });

export { fakeEmbed } from './fake-embed.ts';

/** Offsets of non-blank characters that no chunk's [start, end) covers. */
export function uncovered(doc: Doc, chunks: Chunk[]): number[] {
  const diff = new Int32Array(doc.text.length + 1);
  for (const c of chunks) {
    diff[c.start]++;
    diff[c.end]--;
  }
  const missing: number[] = [];
  let depth = 0;
  for (let i = 0; i < doc.text.length; i++) {
    depth += diff[i];
    if (depth === 0 && /\S/.test(doc.text[i])) missing.push(i);
  }
  return missing;
}

/**
 * The one chunk allowed over the cap (flag 'over-cap', issue 25): it starts at a table's header row (or
 * before it) and ends after the first word of the table's first data row, so even the column names with
 * one word of data exceed the cap; nothing smaller could hold the header with any data.
 */
export function allowedOverCap(doc: Doc, c: Chunk): boolean {
  if (!c.flags.includes('over-cap')) return false;
  return doc.blocks.some((b) => {
    if (b.kind !== 'table' || !b.header || !b.rows?.length) return false;
    const row = b.rows[0];
    if (!(c.start <= b.header.start && c.end > row.start && c.end <= row.end)) return false;
    const data = doc.text.slice(row.start, c.end).replace(/\|/g, ' ').trim();
    return data.length > 0 && !/\s/.test(data);
  });
}

/** Every chunk: well-formed, tokens recounted independently, never over the cap (but the one allowedOverCap). */
export function expectValidChunks(doc: Doc, chunks: Chunk[], cap: number): void {
  chunks.forEach((c, i) => {
    expect(c.id).toBe(`${doc.id}#${i}`);
    expect(c.index).toBe(i);
    expect(c.docId).toBe(doc.id);
    expect(c.start).toBeGreaterThanOrEqual(0);
    expect(c.end).toBeGreaterThan(c.start);
    expect(c.end).toBeLessThanOrEqual(doc.text.length);
    const recount = tokenizer.count(c.prefix + doc.text.slice(c.start, c.end));
    expect(c.tokens, `${c.id} token count`).toBe(recount);
    if (!allowedOverCap(doc, c)) expect(recount, `${c.id} over the cap`).toBeLessThanOrEqual(cap);
    expect(Array.isArray(c.headingPath)).toBe(true);
    if (c.returnStart !== undefined) {
      expect(c.returnStart).toBeLessThanOrEqual(c.start);
      expect(c.returnEnd!).toBeGreaterThanOrEqual(c.end);
    }
  });
}

/**
 * A deterministic stand-in for a language model (the llm chunker): reads "Passages s to e" from the
 * prompt and answers every third passage after s as a boundary, as JSON. Real HTTP is tested in llm.test.ts.
 */
export const fakeGenerator = {
  id: 'fake:every-third',
  async generate(prompt: { system: string; user: string }): Promise<{ text: string }> {
    const m = /Passages (\d+) to (\d+)/.exec(prompt.user);
    if (!m) return { text: '{"boundaries": []}' };
    const [s, e] = [Number(m[1]), Number(m[2])];
    const out: number[] = [];
    for (let u = s + 3; u <= e; u += 3) out.push(u);
    return { text: JSON.stringify({ boundaries: out }) };
  },
};
