// On the project's own samples, every chunker with the context header off and on: the chunkers that
// respect structure leave no table row without its header row (in the chunk or its prefix) and no
// heading orphaned at a chunk's end, at every cap where a row fits with its header. The structure-blind
// ones (fixed windows, the separator ladder, and sentence-window, which indexes headings and rows alone
// by design) are the baseline these lints measure: the test checks the lints do see their defects.

import { describe, expect, test } from 'vitest';
import { BASELINE_IDS, CHUNKER_IDS, chunkDocument } from '../../../src/engine/chunkers/index.ts';
import { lexicalEmbedderFor } from '../../../src/engine/embedding/lexical.ts';
import { lintChunks } from '../../../src/engine/lints/index.ts';
import type { ChunkerId, Doc } from '../../../src/engine/types.ts';
import { fakeGenerator, tokenizer } from './helpers.ts';
import { sampleDocs } from './snapshot.ts';

// ChunkLab's own chunkers: the baselines (other libraries' code) are held to their own tests (baselines.test.ts).
const OWN_IDS = CHUNKER_IDS.filter((id) => !BASELINE_IDS.includes(id));

const docs: Doc[] = Object.values(await sampleDocs()).flat();
const CAPS = [100, 128, 200, 256, 400];
const BLIND: ReadonlySet<string> = new Set(['fixed', 'recursive', 'small-to-big', 'sentence-window']);

async function defects(id: string, cap: number, header: boolean): Promise<string[]> {
  const found: string[] = [];
  for (const doc of docs) {
    const chunks = await chunkDocument(doc, id, { maxTokens: cap, header }, { tokenizer, embed: lexicalEmbedderFor(doc).embed, generator: fakeGenerator });
    lintChunks(doc, chunks);
    for (const c of chunks) {
      for (const f of c.flags) if (f === 'row-without-header' || f === 'orphan-heading') found.push(`${c.id} ${f}`);
    }
  }
  return found;
}

test('the samples have tables and headings to get wrong', () => {
  expect(docs.filter((d) => d.blocks.some((b) => b.kind === 'table' && b.rows && b.rows.length > 3)).length).toBeGreaterThan(2);
});

describe.each(OWN_IDS as ChunkerId[])('%s', (id) => {
  for (const header of [false, true]) {
    test(`header ${header}: ${BLIND.has(id) ? 'the lints see the blind cuts' : 'no header-less table row, no orphan heading'} (caps ${CAPS.join(', ')})`, async () => {
      const all: string[] = [];
      for (const cap of CAPS) for (const d of await defects(id, cap, header)) all.push(`cap ${cap}: ${d}`);
      if (BLIND.has(id)) expect(all.length).toBeGreaterThan(0);
      else expect(all).toEqual([]);
    });
  }
});

test('structure with the context header at 100 tokens: every piece of a cut table repeats its header row', async () => {
  let pieces = 0;
  for (const doc of docs) {
    const chunks = await chunkDocument(doc, 'structure', { maxTokens: 100, header: true }, { tokenizer });
    for (const b of doc.blocks) {
      if (b.kind !== 'table' || !b.header || !b.rows) continue;
      const headerLine = doc.text.slice(b.header.start, b.header.end).split('\n')[0].trim();
      for (const c of chunks) {
        const holdsRow = b.rows.some((r) => r.start < c.end && r.end > c.start);
        if (!holdsRow || c.start <= b.header.start) continue;
        pieces++;
        expect(c.prefix, c.id).toContain(headerLine);
        expect(c.tokens).toBeLessThanOrEqual(100);
      }
    }
  }
  expect(pieces).toBeGreaterThan(5);
});
