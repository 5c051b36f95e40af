// The nesting guard: Markdown nested deeper than MAX_NESTING is read as plain paragraphs (one per
// line) before marked runs, with a note in meta; shallower nesting and fenced code are untouched.
// The inputs are the hostile ones that used to exhaust memory (issue 16): 500 lines of 3,000 ">"
// and a list nested 2,000 levels by indentation.

import { describe, expect, test } from 'vitest';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { MAX_NESTING } from '../../../src/engine/documents/markdown.ts';
import { expectTiling } from './helpers.ts';

const md = (text: string) => parseDocument({ id: 'd', text, format: 'markdown' });

describe('nesting beyond a sane depth', () => {
  test('500 lines of 3,000 ">" become 500 paragraphs, flagged', () => {
    const line = `${'>'.repeat(3000)} quoted`;
    const text = Array.from({ length: 500 }, () => line).join('\n');
    const doc = md(text);
    expect(doc.blocks.length).toBe(500);
    expect(doc.blocks.every((b) => b.kind === 'paragraph')).toBe(true);
    expect(doc.blocks.map((b) => doc.text.slice(b.start, b.end))).toEqual(Array.from({ length: 500 }, () => line));
    expect(doc.meta.notes).toBe(`500 lines nested deeper than ${MAX_NESTING} levels (up to 3000, first at line 1 of the body) read as plain paragraphs`);
  });

  test('a list nested 2,000 levels: lexed as a list up to the limit, paragraphs after', () => {
    const lines = Array.from({ length: 2000 }, (_, k) => `${'  '.repeat(k)}- item ${k}`);
    const doc = md(lines.join('\n'));
    // depth of line k = 1 marker + (2k columns) / 2 = k + 1: lines 0..MAX-1 are within the limit.
    const items = doc.blocks.filter((b) => b.kind === 'list-item');
    const paras = doc.blocks.filter((b) => b.kind === 'paragraph');
    expect(items.length).toBe(MAX_NESTING);
    expect(items.map((b) => b.level)).toEqual(Array.from({ length: MAX_NESTING }, (_, k) => k + 1));
    expect(paras.length).toBe(2000 - MAX_NESTING);
    expect(paras.map((b) => doc.text.slice(b.start, b.end))).toEqual(lines.slice(MAX_NESTING).map((l) => l.trim()));
    expect(doc.meta.notes).toMatch(/^1968 lines nested deeper than 32 levels \(up to 2000, first at line 33 of the body\)/);
    expectTiling(doc.text, doc.blocks);
  });

  test('mixed quote and list markers count together; CRLF offsets stay exact', () => {
    const deep = `${'> - '.repeat(20)}deep text`;
    const text = `# Title\r\n\r\n${deep}\r\n\r\nAfter.\r\n`;
    const doc = md(text);
    expect(doc.blocks.map((b) => [b.kind, doc.text.slice(b.start, b.end)])).toEqual([
      ['heading', '# Title'],
      ['paragraph', deep],
      ['paragraph', 'After.'],
    ]);
  });
});

describe('ordinary nesting is untouched', () => {
  test('a 6-level list, "> >" quotes and deep ">" inside a fence parse as before, with no note', () => {
    const list = Array.from({ length: 6 }, (_, k) => `${'    '.repeat(k)}- level ${k + 1}`).join('\n');
    const fence = ['```', ...Array.from({ length: 3 }, () => '>'.repeat(200)), '```'].join('\n');
    const text = `${list}\n\n> > nested quote\n\n${fence}\n`;
    const doc = md(text);
    expect(doc.meta.notes).toBeUndefined();
    expect(doc.blocks.map((b) => [b.kind, b.level])).toEqual([
      ...Array.from({ length: 6 }, (_, k) => ['list-item', k + 1]),
      ['blockquote', undefined],
      ['code', undefined],
    ]);
  });
  test('a line exactly at the limit is still Markdown', () => {
    const at = `${'>'.repeat(MAX_NESTING)} edge`;
    const over = `${'>'.repeat(MAX_NESTING + 1)} over`;
    const doc = md(`${at}\n\n${over}\n`);
    expect(doc.blocks.map((b) => b.kind)).toEqual(['blockquote', 'paragraph']);
  });
});
