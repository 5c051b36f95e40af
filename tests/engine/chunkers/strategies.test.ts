// What each strategy promises beyond the caps: exact overlaps, unit boundaries, headings with bodies,
// table headers repeated, code kept whole, parents and windows returned, semantic breakpoints.

import { describe, expect, test } from 'vitest';
import { chunkDocument } from '../../../src/engine/chunkers/index.ts';
import { percentile } from '../../../src/engine/chunkers/index.ts';
import { docUnits, parseDocument, sections } from '../../../src/engine/documents/index.ts';
import type { Chunk, Doc } from '../../../src/engine/types.ts';
import { enDoc, fakeEmbed, fakeGenerator, ptDoc, tokenizer } from './helpers.ts';

const ctx = { tokenizer, embed: fakeEmbed, generator: fakeGenerator };
const trimmedUnits = (doc: Doc) =>
  docUnits(doc).map((u) => {
    const raw = doc.text.slice(u.start, u.end);
    const s = u.start + (raw.length - raw.trimStart().length);
    return { ...u, start: s, end: u.start + raw.trimEnd().length };
  });
const strictlyInside = (units: { start: number; end: number }[], x: number) => units.some((u) => u.start < x && x < u.end);

describe('fixed', () => {
  test.each([
    [64, 0],
    [64, 16],
    [128, 32],
    [256, 100],
  ])('cap %i, overlap %i: consecutive windows share exactly the overlap, each full but the last', async (cap, overlap) => {
    const tokens = tokenizer.encode(ptDoc.text); // independent of the chunker's index
    const inside = (c: Chunk) => tokens.map((t, i) => (t.start >= c.start && t.end <= c.end ? i : -1)).filter((i) => i >= 0);
    const chunks = await chunkDocument(ptDoc, 'fixed', { maxTokens: cap, overlap }, ctx);
    expect(chunks.length).toBeGreaterThan(2);
    for (let i = 0; i + 1 < chunks.length; i++) {
      const a = inside(chunks[i]);
      const b = new Set(inside(chunks[i + 1]));
      expect(a.filter((t) => b.has(t)).length).toBe(overlap);
      // Windows start and end on token boundaries.
      expect(tokens.some((t) => t.start === chunks[i].start)).toBe(true);
      expect(tokens.some((t) => t.end === chunks[i].end)).toBe(true);
    }
    // Windows are full except the last (WordPiece slices at word starts count the same).
    const full = chunks.slice(0, -1).filter((c) => c.tokens >= cap - 2).length;
    expect(full).toBeGreaterThan((chunks.length - 1) * 0.8);
    expect(chunks.at(-1)!.end).toBe(tokens.at(-1)!.end);
  });
});

describe('recursive', () => {
  test('pieces end at the strongest separator that fits: paragraphs stay whole at a big cap', async () => {
    const chunks = await chunkDocument(enDoc, 'recursive', { maxTokens: 256 }, ctx);
    const paragraphs = enDoc.blocks.filter((b) => b.kind === 'paragraph');
    for (const p of paragraphs) {
      const holders = chunks.filter((c) => c.start < p.end && c.end > p.start);
      expect(holders.length).toBe(1);
      expect(holders[0].start <= p.start && p.end <= holders[0].end).toBe(true);
    }
  });
  test('merging fills chunks: at cap 128 the mean chunk holds more than half the cap', async () => {
    const chunks = await chunkDocument(ptDoc, 'recursive', { maxTokens: 128 }, ctx);
    const mean = chunks.reduce((n, c) => n + c.tokens, 0) / chunks.length;
    expect(mean).toBeGreaterThan(64);
    expect(chunks.length).toBeLessThan(tokenizer.count(ptDoc.text) / 50);
  });
  test('overlap repeats whole trailing pieces, never more than the overlap', async () => {
    const chunks = await chunkDocument(enDoc, 'recursive', { maxTokens: 64, overlap: 24 }, ctx);
    let overlapping = 0;
    for (let i = 0; i + 1 < chunks.length; i++) {
      const a = chunks[i];
      const b = chunks[i + 1];
      if (b.start < a.end) {
        overlapping++;
        expect(tokenizer.count(enDoc.text.slice(b.start, a.end))).toBeLessThanOrEqual(24);
        // The shared text starts at a separator: after whitespace.
        expect(/\s/.test(enDoc.text[b.start - 1])).toBe(true);
      }
    }
    expect(overlapping).toBeGreaterThan(0);
  });
  test('custom separators are used literally', async () => {
    const doc = parseDocument({ id: 'csv', text: Array.from({ length: 60 }, (_, i) => `campo${i} valor ${i}`).join(' ;; '), format: 'text' });
    const chunks = await chunkDocument(doc, 'recursive', { maxTokens: 32, separators: [';;'] }, ctx);
    for (const c of chunks.slice(1)) expect(doc.text.slice(c.start, c.start + 2)).toBe(';;');
  });
});

describe('sentences', () => {
  test.each([32, 64, 128, 256])('cap %i: chunks start and end at unit boundaries; no heading ends a chunk', async (cap) => {
    for (const doc of [ptDoc, enDoc]) {
      const units = trimmedUnits(doc);
      const chunks = await chunkDocument(doc, 'sentences', { maxTokens: cap }, ctx);
      // The one unit a chunk may cut (issue 25): a table's first row that cannot share a chunk with the
      // header row, cut after a cell so that the header row never stands alone.
      const firstRows = doc.blocks
        .filter((b) => b.kind === 'table' && b.header && b.rows?.length && tokenizer.count(doc.text.slice(b.header.start, b.rows[0].end)) > cap)
        .map((b) => b.rows![0]);
      const insideUnit = (x: number) => strictlyInside(units, x) && !firstRows.some((r) => r.start < x && x < r.end);
      for (const c of chunks) {
        if (c.flags.includes('oversized-unit')) continue;
        expect(insideUnit(c.start), `${c.id} start`).toBe(false);
        expect(insideUnit(c.end), `${c.id} end`).toBe(false);
      }
      for (const c of chunks.slice(0, -1)) {
        const last = units.filter((u) => u.end <= c.end && u.start >= c.start).at(-1);
        if (!last || last.kind !== 'heading') continue;
        // A heading may close a chunk only when the unit after it could not have joined.
        const next = units.find((u) => u.start >= c.end)!;
        expect(tokenizer.count(doc.text.slice(c.start, next.end)), `${c.id} ends with a heading`).toBeGreaterThan(cap);
      }
    }
  });
  test('overlap repeats whole trailing sentences', async () => {
    const units = trimmedUnits(ptDoc);
    const chunks = await chunkDocument(ptDoc, 'sentences', { maxTokens: 128, overlap: 40 }, ctx);
    const shared = chunks.slice(1).filter((c, i) => c.start < chunks[i].end);
    expect(shared.length).toBeGreaterThan(0);
    for (const c of shared) expect(strictlyInside(units, c.start)).toBe(false);
  });
});

describe('structure', () => {
  const codeBlock = ptDoc.blocks.find((b) => b.kind === 'code')!;
  const table = ptDoc.blocks.find((b) => b.kind === 'table')!;
  const headerLine = ptDoc.text.slice(table.header!.start, table.header!.end).split('\n')[0];

  test.each([32, 64, 128, 256])('cap %i: no chunk ends with a heading whose body follows', async (cap) => {
    for (const doc of [ptDoc, enDoc]) {
      for (const level of [1, 2, 3]) {
        const chunks = await chunkDocument(doc, 'structure', { maxTokens: cap, level }, ctx);
        for (const c of chunks) {
          const touched = doc.blocks.filter((b) => b.start < c.end && b.end > c.start);
          const last = touched.at(-1)!;
          const next = doc.blocks[doc.blocks.indexOf(last) + 1];
          if (last.kind === 'heading' && next) {
            // Only allowed when what follows is a heading of the same or a higher rank (no body).
            expect(next.kind === 'heading' && next.level! <= last.level!, `${c.id}: ${doc.text.slice(c.start, c.end)}`).toBe(true);
          }
        }
      }
    }
  });

  test.each([64, 96, 128])('cap %i: table pieces after the first carry the header row as prefix, counted in the cap', async (cap) => {
    const chunks = await chunkDocument(ptDoc, 'structure', { maxTokens: cap }, ctx);
    const pieces = chunks.filter((c) => table.rows!.some((r) => r.start < c.end && r.end > c.start));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces[0].start).toBeLessThanOrEqual(table.header!.start);
    const headerPrefix = ptDoc.text.slice(table.header!.start, table.header!.end) + '\n';
    let repeated = 0;
    for (const p of pieces.slice(1)) {
      const firstRow = table.rows!.find((r) => r.start === p.start)!;
      if (p.prefix.startsWith(headerLine)) repeated++;
      // Left out only when the row would not fit after the header.
      else expect(tokenizer.count(headerPrefix + ptDoc.text.slice(firstRow.start, firstRow.end))).toBeGreaterThan(cap);
      expect(p.tokens).toBe(tokenizer.count(p.prefix + ptDoc.text.slice(p.start, p.end)));
      // Cut by rows: each piece starts at a row.
      expect(firstRow).toBeDefined();
    }
    expect(repeated).toBeGreaterThan((pieces.length - 1) / 2);
  });

  test('a code block that fits is never split; one that does not is cut at line ends and flagged', async () => {
    const codeTokens = tokenizer.count(ptDoc.text.slice(codeBlock.start, codeBlock.end));
    expect(codeTokens).toBeGreaterThan(128);
    expect(codeTokens).toBeLessThan(230);
    const big = await chunkDocument(ptDoc, 'structure', { maxTokens: 256, header: true }, ctx);
    const holders = big.filter((c) => c.start < codeBlock.end && c.end > codeBlock.start);
    expect(holders.length).toBe(1);
    expect(holders[0].start <= codeBlock.start && codeBlock.end <= holders[0].end).toBe(true);
    const small = await chunkDocument(ptDoc, 'structure', { maxTokens: 64 }, ctx);
    const pieces = small.filter((c) => c.start < codeBlock.end && c.end > codeBlock.start);
    expect(pieces.length).toBeGreaterThan(2);
    for (const p of pieces) {
      expect(p.flags).toContain('oversized-unit');
      if (p.end < codeBlock.end) expect(ptDoc.text[p.end]).toBe('\n');
    }
  });

  test('small sections merge when merge is on, and stay apart when off', async () => {
    const merged = await chunkDocument(enDoc, 'structure', { maxTokens: 256, level: 3 }, ctx);
    const apart = await chunkDocument(enDoc, 'structure', { maxTokens: 256, level: 3, merge: false }, ctx);
    expect(merged.length).toBeLessThan(apart.length);
    // Unmerged: every chunk starts at a section start (headings with no body are joined to the next).
    const starts = new Set(sections(enDoc, 3).map((s) => s.start));
    for (const c of apart) expect(starts.has(c.start)).toBe(true);
  });

  test('pieces of a section too big for one chunk carry its heading path', async () => {
    const chunks = await chunkDocument(ptDoc, 'structure', { maxTokens: 64, header: true }, ctx);
    const limits = chunks.filter((c) => c.start >= table.start && c.end <= table.end);
    expect(limits.length).toBeGreaterThan(1);
    for (const c of limits) {
      expect(c.headingPath).toEqual(['Política de Reembolso de Despesas', 'Limites por categoria']);
      // The context header leads (the title at least: it shortens so that the table's header row, with
      // or without its delimiter line, still fits before the rows of later pieces).
      expect(c.prefix.startsWith('Política de Reembolso de Despesas'), c.prefix).toBe(true);
      const line = '| Categoria | Capitais (R$) | Demais cidades (R$) | Exige nota fiscal |';
      const room = tokenizer.count(`Política de Reembolso de Despesas | 3.2\n${line}\n${ptDoc.text.slice(c.start, c.end)}`) <= 64;
      if (c.start > table.header!.end) expect(c.prefix.includes(line), c.id).toBe(room);
      // The piece holding the header row also holds data (issue 25: never the column names alone),
      // under the fullest context header that leaves it room.
      else expect(c.end, c.id).toBeGreaterThan(table.rows![0].start);
    }
  });

  test('at a cap with room, a cut table keeps the full context header and the whole header row', async () => {
    const chunks = await chunkDocument(ptDoc, 'structure', { maxTokens: 100, header: true }, ctx);
    const later = chunks.filter((c) => c.start > table.header!.end && c.end <= table.end);
    expect(later.length).toBeGreaterThan(0);
    const headerRows = ptDoc.text.slice(table.header!.start, table.header!.end).replace(/\r/g, '').trim();
    for (const c of later) expect(c.prefix).toBe(`Política de Reembolso de Despesas > Limites por categoria | 3.2\n${headerRows}\n`);
  });
});

describe('small-to-big', () => {
  test('children are indexed, each returns its section (or a window), children of one parent share parentId', async () => {
    const chunks = await chunkDocument(ptDoc, 'small-to-big', { maxTokens: 32, parentTokens: 2048 }, ctx);
    const secs = sections(ptDoc, 2);
    const parents = new Map<string, [number, number]>();
    for (const c of chunks) {
      expect(c.parentId).toBeDefined();
      expect(c.returnStart! <= c.start && c.end <= c.returnEnd!).toBe(true);
      const prev = parents.get(c.parentId!);
      if (prev) expect([c.returnStart, c.returnEnd]).toEqual(prev);
      parents.set(c.parentId!, [c.returnStart!, c.returnEnd!]);
      // The parent is a section (heading-only sections joined to the next one).
      const sec = secs.find((s) => s.start <= c.start && c.end <= s.end)!;
      expect(sec.end).toBe(c.returnEnd);
      if (c.returnEnd! - c.returnStart! > c.end - c.start) {
        expect(c.returnTokens).toBe(tokenizer.count(c.prefix + ptDoc.text.slice(c.returnStart, c.returnEnd)));
      }
    }
    expect(parents.size).toBeLessThan(chunks.length);
  });
  test('window parents hold at most parentTokens', async () => {
    const chunks = await chunkDocument(ptDoc, 'small-to-big', { maxTokens: 32, parent: 'window', parentTokens: 128 }, ctx);
    for (const c of chunks) expect(tokenizer.count(ptDoc.text.slice(c.returnStart, c.returnEnd))).toBeLessThanOrEqual(128);
    expect(new Set(chunks.map((c) => c.parentId)).size).toBeGreaterThan(4);
  });
});

describe('sentence-window', () => {
  test('one unit indexed, k units each side returned', async () => {
    const units = trimmedUnits(enDoc);
    const k = 1;
    const chunks = await chunkDocument(enDoc, 'sentence-window', { maxTokens: 128, window: k }, ctx);
    expect(chunks.length).toBe(units.length); // no unit of this document is over 128 tokens
    chunks.forEach((c, i) => {
      expect(units[i].start).toBeGreaterThanOrEqual(c.start);
      expect(units[i].end).toBeLessThanOrEqual(c.end);
      expect(c.returnStart).toBeLessThanOrEqual(units[Math.max(0, i - k)].start);
      expect(c.returnEnd).toBe(units[Math.min(units.length - 1, i + k)].end);
    });
  });
});

describe('semantic', () => {
  test('needs an embedding model', async () => {
    await expect(chunkDocument(ptDoc, 'semantic', { maxTokens: 128 }, { tokenizer })).rejects.toThrow(
      'the semantic chunker needs an embedding model',
    );
  });
  test('breaks where neighbours stop resembling each other (percentile), within min and max', async () => {
    const text = [
      'Cats purr. Cats sleep all day. Cats chase mice at night. Cats like warm places.',
      'Rockets burn fuel. Rockets reach orbit. Rockets carry satellites to space. Rockets need launch pads.',
      'Bread needs flour. Bread needs yeast and water. Bread rises in a warm oven. Bread tastes good fresh.',
    ].join(' ');
    const doc = parseDocument({ id: 'topics', text, format: 'text' });
    const chunks = await chunkDocument(doc, 'semantic', { maxTokens: 256, minTokens: 0, percentile: 80 }, ctx);
    expect(chunks.map((c) => doc.text.slice(c.start, c.end).split(' ')[0])).toEqual(['Cats', 'Rockets', 'Bread']);
    const threshold = await chunkDocument(doc, 'semantic', { maxTokens: 256, minTokens: 0, threshold: 0.27 }, ctx);
    expect(threshold.length).toBe(3);
    // minTokens merges the small groups back; maxTokens cuts them.
    const merged = await chunkDocument(doc, 'semantic', { maxTokens: 256, minTokens: 100, percentile: 80 }, ctx);
    expect(merged.length).toBe(1);
    const capped = await chunkDocument(doc, 'semantic', { maxTokens: 16, minTokens: 0, percentile: 80 }, ctx);
    expect(capped.length).toBeGreaterThan(3);
    for (const c of capped) expect(c.tokens).toBeLessThanOrEqual(16);
  });
  test('percentile interpolates linearly like numpy', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([10, 0, 5], 95)).toBeCloseTo(9.5);
    expect(percentile([3], 95)).toBe(3);
  });
});
