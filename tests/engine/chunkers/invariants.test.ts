// Every chunker on the real fixtures with the real MiniLM tokenizer, at several caps, overlaps and with
// the context header on and off: caps never exceeded, token counts exact, every non-blank character covered.

import { describe, expect, test } from 'vitest';
import { chunkDocument, BASELINE_IDS, CHUNKER_IDS } from '../../../src/engine/chunkers/index.ts';
import type { ChunkerId } from '../../../src/engine/types.ts';
import { enDoc, expectValidChunks, fakeEmbed, fakeGenerator, ptDoc, tokenizer, uncovered } from './helpers.ts';

// ChunkLab's own chunkers: the baselines (other libraries' code) are held to their own tests (baselines.test.ts).
const OWN_IDS = CHUNKER_IDS.filter((id) => !BASELINE_IDS.includes(id));

const ctx = { tokenizer, embed: fakeEmbed, generator: fakeGenerator };
const CAPS = [32, 64, 128, 256];

describe.each(OWN_IDS as ChunkerId[])('%s', (id) => {
  for (const doc of [ptDoc, enDoc]) {
    for (const cap of CAPS) {
      for (const overlap of [0, Math.floor(cap / 4)]) {
        for (const header of [false, true]) {
          test(`${doc.id}, cap ${cap}, overlap ${overlap}, header ${header}`, async () => {
            const chunks = await chunkDocument(doc, id, { maxTokens: cap, overlap, header }, ctx);
            expect(chunks.length).toBeGreaterThan(0);
            expectValidChunks(doc, chunks, cap);
            // Every non-blank character lies in some chunk (for small-to-big and sentence-window: in
            // some indexed unit, which is what chunks are for them).
            expect(uncovered(doc, chunks)).toEqual([]);
            if (header) {
              // The header leads every prefix, from the document's title (at cap 32 a header over half
              // the cap is shortened, then dropped).
              for (const c of chunks) {
                if (cap > 32 || c.prefix !== '') expect(c.prefix.startsWith(doc.meta.title!), c.prefix).toBe(true);
              }
            } else {
              for (const c of chunks) expect(c.prefix === '' || c.prefix.startsWith('|')).toBe(true);
            }
          });
        }
      }
    }
  }
});

test('the header costs tokens: with it, chunks hold less document text, yet stay under the cap', async () => {
  for (const id of OWN_IDS) {
    const off = await chunkDocument(ptDoc, id, { maxTokens: 64 }, ctx);
    const on = await chunkDocument(ptDoc, id, { maxTokens: 64, header: true }, ctx);
    const textTokens = (cs: typeof off) => cs.reduce((n, c) => n + tokenizer.count(ptDoc.text.slice(c.start, c.end)), 0) / cs.length;
    expect(textTokens(on), id).toBeLessThan(textTokens(off));
    expect(on.some((c) => c.prefix.includes('Limites por categoria')), id).toBe(true);
    expect(on.some((c) => /\| 3\.2\n/.test(c.prefix)), id).toBe(true);
  }
});

test('header fields are configurable: path only, version only', async () => {
  const pathOnly = await chunkDocument(ptDoc, 'structure', { maxTokens: 128, header: { path: true } }, ctx);
  const escopo = pathOnly.find((c) => c.headingPath.at(-1) === 'Escopo')!;
  expect(escopo.prefix).toBe('Política de Reembolso de Despesas > Escopo\n');
  const versionOnly = await chunkDocument(ptDoc, 'structure', { maxTokens: 128, header: { version: true } }, ctx);
  for (const c of versionOnly) expect(c.prefix.startsWith('3.2\n')).toBe(true);
  const all = await chunkDocument(ptDoc, 'structure', { maxTokens: 128, header: true }, ctx);
  const escopoAll = all.find((c) => c.headingPath.at(-1) === 'Escopo')!;
  expect(escopoAll.prefix).toBe('Política de Reembolso de Despesas > Escopo | 3.2\n');
});
