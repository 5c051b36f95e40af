// A merged structure chunk is labelled with what its sections share: two level-3 sections 2.1 and 2.2
// merged into one chunk carry the path of section 2, not that of 2.1 (the sections' own heading paths
// come from the parser, and their common leading part is computed here independently).
import { expect, test } from 'vitest';
import { parseDocument, sections } from '../../../src/engine/documents/index.ts';
import { chunkDocument } from '../../../src/engine/chunkers/index.ts';
import { tokenizer } from './helpers.ts';

const TEXT = ['# Manual', '', '## 2 Payments', '', '### 2.1 Cards', '', 'Cards are charged at once.', '', '### 2.2 Transfers', '', 'Transfers take two days.', '', '## 3 Refunds', '', 'Refunds take a week.'].join('\n');

test('the heading path of a merged chunk is the common part of its sections’ paths', async () => {
  const doc = parseDocument({ id: 'm', text: TEXT, format: 'markdown' });
  const secs = sections(doc, 3).filter((s) => s.heading !== undefined);
  const p21 = secs.find((s) => s.headingPath.at(-1)?.includes('2.1'))!.headingPath;
  const p22 = secs.find((s) => s.headingPath.at(-1)?.includes('2.2'))!.headingPath;
  const shared = p21.filter((x, i) => p22[i] === x);
  expect(shared.length).toBeLessThan(p21.length);

  const merged = await chunkDocument(doc, 'structure', { maxTokens: 512, level: 3, merge: true }, { tokenizer });
  const both = merged.find((c) => c.start <= TEXT.indexOf('### 2.1') && c.end >= TEXT.indexOf('two days'))!;
  expect(both).toBeTruthy();
  // Everything merges here (it all fits), so the chunk also holds section 3: the shared part is shorter still.
  const held = secs.filter((s) => s.start < both.end && s.end > both.start).map((s) => s.headingPath);
  const common = held.reduce((a, b) => a.filter((x, i) => b[i] === x));
  expect(both.headingPath).toEqual(common.length ? common : doc.blocks.find((b) => b.start >= both.start)!.headingPath);
  expect(both.headingPath).not.toEqual(p21);

  // Without merging, a section keeps its own path.
  const apart = await chunkDocument(doc, 'structure', { maxTokens: 512, level: 3, merge: false }, { tokenizer });
  expect(apart.find((c) => c.start <= TEXT.indexOf('Transfers take') && c.end > TEXT.indexOf('Transfers take'))!.headingPath).toEqual(p22);

  // Merging only 2.2 and 3 (a cap that holds two sections but not three): their shared part is the document's.
  const two = await chunkDocument(doc, 'structure', { maxTokens: 30, level: 3, merge: true }, { tokenizer });
  for (const c of two) {
    const inside = secs.filter((s) => s.start < c.end && s.end > c.start && s.heading !== undefined && doc.text.slice(s.start, s.end).trim() !== doc.text.slice(doc.blocks[s.heading].start, doc.blocks[s.heading].end).trim());
    if (inside.length < 2) continue;
    const shared2 = inside.map((s) => s.headingPath).reduce((a, b) => a.filter((x, i) => b[i] === x));
    if (shared2.length) expect(c.headingPath).toEqual(shared2);
  }
});
