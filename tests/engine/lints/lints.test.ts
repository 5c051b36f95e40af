// Lints find planted defects: on hand-made chunks, and on the fixture cut by the fixed chunker at a small
// cap (which must show them) and by the structure chunker (which must not).

import { expect, test } from 'vitest';
import { chunkDocument } from '../../../src/engine/chunkers/index.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { lintChunks } from '../../../src/engine/lints/index.ts';
import type { Chunk, Doc } from '../../../src/engine/types.ts';
import { fixture, tokenizer } from '../chunkers/helpers.ts';

const doc = parseDocument({ id: 'pol', text: fixture('politica-reembolso.md'), name: 'politica-reembolso.md' });
const ctx = { tokenizer };

function chunkAt(d: Doc, start: number, end: number, extra: Partial<Chunk> = {}): Chunk {
  return { id: `${d.id}#x`, docId: d.id, index: 0, start, end, prefix: '', tokens: tokenizer.count(d.text.slice(start, end)), headingPath: ['H'], flags: [], ...extra };
}

test('hand-planted defects, one per flag', () => {
  const t = doc.text;
  const h = t.indexOf('## Escopo');
  const sentence = t.indexOf('A política cobre viagens');
  const code = doc.blocks.find((b) => b.kind === 'code')!;
  const table = doc.blocks.find((b) => b.kind === 'table')!;
  const chunks = [
    chunkAt(doc, h, h + '## Escopo'.length), // orphan heading
    chunkAt(doc, sentence + 2, sentence + 40), // starts and ends mid-sentence
    chunkAt(doc, table.rows![3].start, table.rows![5].end), // rows without header
    chunkAt(doc, table.rows![3].start, table.rows![5].end, { prefix: t.slice(table.header!.start, table.header!.end) + '\n' }), // header in prefix: fine
    chunkAt(doc, code.start, code.start + 40), // split code
    chunkAt(doc, code.start, code.end), // whole code: fine
    chunkAt(doc, sentence, t.indexOf('.', sentence) + 1, { tokens: 300 }), // over model limit
    chunkAt(doc, sentence, t.indexOf('.', sentence) + 1, { tokens: 3 }), // micro
    chunkAt(doc, sentence, t.indexOf('.', sentence) + 1, { headingPath: [] }), // no heading path
  ];
  const report = lintChunks(doc, chunks, { modelMaxTokens: 256, minTokens: 5 });
  expect(chunks[0].flags).toContain('orphan-heading');
  expect(chunks[1].flags).toEqual(expect.arrayContaining(['starts-mid-sentence', 'ends-mid-sentence']));
  expect(chunks[2].flags).toContain('row-without-header');
  expect(chunks[3].flags).not.toContain('row-without-header');
  expect(chunks[4].flags).toContain('split-code');
  expect(chunks[5].flags).not.toContain('split-code');
  expect(chunks[6].flags).toContain('over-model-limit');
  expect(chunks[7].flags).toContain('micro-chunk');
  expect(chunks[8].flags).toContain('no-heading-path');
  // Clean chunks stay clean; counts add up; the share is 1 of 9.
  expect(chunks[3].flags).toEqual([]);
  expect(chunks[5].flags).toEqual([]);
  expect(report.counts['orphan-heading']).toBe(1);
  expect(report.counts['split-code']).toBe(1);
  expect(report.flagged).toBe(chunks.filter((c) => c.flags.length).length);
  expect(report.emptyHeadingPathShare).toBeCloseTo(1 / 9);
});

test('over-model-limit counts the 2 special tokens', () => {
  const c = [chunkAt(doc, 0, 10, { tokens: 254 }), chunkAt(doc, 0, 10, { tokens: 255 })];
  lintChunks(doc, c, { modelMaxTokens: 256 });
  expect(c[0].flags).not.toContain('over-model-limit');
  expect(c[1].flags).toContain('over-model-limit');
});

test('a heading followed by a heading of the same rank is not an orphan (it has no body)', () => {
  const d = parseDocument({ id: 'h', text: '## A\n\n## B\n\nTexto de B.\n', format: 'markdown' });
  const c = [chunkAt(d, 0, 4), chunkAt(d, 6, d.text.length - 1)];
  lintChunks(d, c, {});
  expect(c[0].flags).not.toContain('orphan-heading');
});

test('fixed at a small cap shows the defects; structure shows none of them', async () => {
  const fixed = await chunkDocument(doc, 'fixed', { maxTokens: 32 }, ctx);
  const bad = lintChunks(doc, fixed, { modelMaxTokens: 256 });
  expect(bad.counts['orphan-heading']).toBeGreaterThan(0);
  expect(bad.counts['split-code']).toBeGreaterThan(0);
  expect(bad.counts['row-without-header']).toBeGreaterThan(0);
  expect(bad.counts['starts-mid-sentence']).toBeGreaterThan(0);
  for (const cap of [128, 256]) {
    const structure = await chunkDocument(doc, 'structure', { maxTokens: cap }, ctx);
    const good = lintChunks(doc, structure, { modelMaxTokens: 256 });
    expect(good.counts['orphan-heading']).toBe(0);
    expect(good.counts['row-without-header']).toBe(0);
    expect(good.counts['over-model-limit']).toBe(0);
    expect(good.counts['no-heading-path']).toBe(0);
    if (cap === 256) expect(good.counts['split-code']).toBe(0);
  }
});

test('lints keep the oversized-unit flag the chunker set, and recompute the rest', () => {
  const c = [chunkAt(doc, 0, 10, { flags: ['oversized-unit', 'micro-chunk'] })];
  lintChunks(doc, c, {});
  expect(c[0].flags).toEqual(['oversized-unit']);
});
