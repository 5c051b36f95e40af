// The import preview's structure fixes (documents/markdown-edits.ts): each edit gives the Markdown the
// reader itself writes for that structure. Expected Markdown is written out here, and checked again
// against the reader's renderer fed the blocks the edit describes (an independent computation).
import { describe, expect, test } from 'vitest';
import { applyStructureEdits, editProblem, markdownLines, markdownOutline, cellsOf, tableOf } from '../../../src/engine/documents/markdown-edits.ts';
import { renderBlocks } from '../../../src/engine/documents/pdf/markdown/render.ts';
import { pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import type { PBlock } from '../../../src/engine/documents/pdf/types.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { chunkDocument } from '../../../src/engine/chunkers/index.ts';
import { GUESSED, guessedStructure } from '../../../scripts/pdf-cases-extra.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';
import { tokenizer } from '../chunkers/helpers.ts';

const p = (text: string, page = 1, cells?: string[]): PBlock => ({ kind: 'paragraph', text, page, ...(cells ? { cells } : {}) });
const lineOf = (md: string, text: string) => md.split('\n').findIndex((l) => l === text);

describe('headings', () => {
  const md = renderBlocks([p('Title words'), p('1. Introduction'), p('Body text here.')]).markdown;
  test('a paragraph promoted to H2 is written as the reader writes headings', () => {
    const { markdown } = applyStructureEdits(md, [{ kind: 'heading', line: lineOf(md, '1\\. Introduction'), level: 2 }]);
    expect(markdown).toBe('Title words\n\n## 1. Introduction\n\nBody text here.\n');
    expect(markdown).toBe(renderBlocks([p('Title words'), { kind: 'heading', level: 2, text: '1. Introduction', page: 1 }, p('Body text here.')]).markdown);
    expect(markdownOutline(markdown)).toEqual([{ level: 2, title: '1. Introduction' }]);
  });
  test('demoted back to a paragraph: the line-start escape comes back', () => {
    const promoted = applyStructureEdits(md, [{ kind: 'heading', line: 2, level: 3 }]).markdown;
    expect(applyStructureEdits(promoted, [{ kind: 'heading', line: 2, level: 0 }]).markdown).toBe(md);
  });
  test('an H1 turned into H4; a closing "#" of the title kept escaped', () => {
    const src = renderBlocks([{ kind: 'heading', level: 1, text: 'About C#', page: 1 }, p('x')]).markdown;
    expect(src).toBe('# About C\\#\n\nx\n');
    const { markdown } = applyStructureEdits(src, [{ kind: 'heading', line: 0, level: 4 }]);
    expect(markdown).toBe('#### About C\\#\n\nx\n');
    expect(markdownOutline(markdown)).toEqual([{ level: 4, title: 'About C#' }]);
  });
  test('a numbered list item read from "1. Introduction" becomes a heading; the list around it is split', () => {
    const src = renderBlocks([
      { kind: 'list-item', text: 'first', depth: 1, marker: '1.', page: 1 },
      { kind: 'list-item', text: 'Introduction', depth: 1, marker: '2.', page: 1 },
      { kind: 'list-item', text: 'nested', depth: 2, marker: '-', page: 1 },
    ]).markdown;
    expect(src).toBe('1. first\n2. Introduction\n   - nested\n');
    const { markdown } = applyStructureEdits(src, [{ kind: 'heading', line: 1, level: 2 }]);
    // The nested item after the cut loses its indentation (four spaces at a block's start would be code).
    expect(markdown).toBe('1. first\n\n## 2. Introduction\n\n- nested\n');
    expect(markdownOutline(markdown)).toEqual([{ level: 2, title: '2. Introduction' }]);
  });
  test('one line of a multi-line block: the block is cut around the new heading', () => {
    const src = renderBlocks([{ kind: 'lines', lines: ['alpha', 'Beta', 'gamma'], page: 1 }]).markdown;
    expect(applyStructureEdits(src, [{ kind: 'heading', line: 1, level: 1 }]).markdown).toBe('alpha\n\n# Beta\n\ngamma\n');
  });
  test('a text line set to "paragraph" is left as it is', () => {
    expect(applyStructureEdits(md, [{ kind: 'heading', line: 0, level: 0 }]).markdown).toBe(md);
  });
});

describe('tables', () => {
  const rows = [
    ['Setting', 'Default', 'Meaning'],
    ['maxTokens', '128', 'hard cap'],
    ['overlap', '0', 'tokens shared'],
  ];
  const blocks = [p('Intro.'), ...rows.map((r) => p(r.join(' '), 1, r)), p('After.')];
  const r = renderBlocks(blocks);
  test('the reader remembers where each cell of a kept-as-text row starts', () => {
    expect(r.columns).toEqual([
      ['Setting Default Meaning', [8, 16]],
      ['maxTokens 128 hard cap', [10, 14]],
      ['overlap 0 tokens shared', [8, 10]],
    ]);
  });
  test('rows marked as a table split at the reader\'s cells (a cell with a space stays whole), header first', () => {
    const from = lineOf(r.markdown, 'Setting Default Meaning');
    const to = lineOf(r.markdown, 'overlap 0 tokens shared');
    const { markdown } = applyStructureEdits(r.markdown, [{ kind: 'table', from, to }], { columns: r.columns });
    expect(markdown).toBe('Intro.\n\n| Setting | Default | Meaning |\n| --- | --- | --- |\n| maxTokens | 128 | hard cap |\n| overlap | 0 | tokens shared |\n\nAfter.\n');
    expect(markdown).toBe(renderBlocks([p('Intro.'), { kind: 'table', header: rows[0], rows: rows.slice(1), page: 1 }, p('After.')]).markdown);
    // Parsed as a table with its header.
    const doc = parseDocument({ id: 'd', text: markdown, format: 'markdown' });
    expect(doc.blocks.filter((b) => b.kind === 'table')).toHaveLength(1);
  });
  test('without the reader\'s cells: runs of two or more spaces or tabs', () => {
    expect(cellsOf('a  b\tc   d e')).toEqual(['a', 'b', 'c', 'd e']);
    const src = 'x\n\nName  Size\nalpha  1\nbeta\t2\n\ny\n';
    const { markdown } = applyStructureEdits(src, [{ kind: 'table', from: 2, to: 4 }]);
    expect(markdown).toBe('x\n\n| Name | Size |\n| --- | --- |\n| alpha | 1 |\n| beta | 2 |\n\ny\n');
  });
  test('no line splits into columns: refused, with the reason', () => {
    const src = 'one line\n\nanother line\n';
    expect(editProblem(src, { kind: 'table', from: 0, to: 2 })).toBe('no-columns');
    expect(() => applyStructureEdits(src, [{ kind: 'table', from: 0, to: 2 }])).toThrow(/lines 1–3: structure edit refused/);
  });
  test('code and existing tables cannot be changed; out-of-range lines refused', () => {
    const src = '```\ncode\n```\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\ntext\n';
    const kinds = markdownLines(src).map((l) => l.kind);
    expect(kinds).toEqual(['code', 'code', 'code', 'other', 'table', 'table', 'table', 'other', 'text', 'other']);
    expect(editProblem(src, { kind: 'heading', line: 1, level: 2 })).toBe('not-editable');
    expect(editProblem(src, { kind: 'heading', line: 5, level: 2 })).toBe('not-editable');
    expect(editProblem(src, { kind: 'heading', line: 8, level: 7 })).toBe('out-of-range');
    expect(editProblem(src, { kind: 'heading', line: 99, level: 1 })).toBe('out-of-range');
    expect(editProblem(src, { kind: 'heading', line: 8, level: 2 })).toBeNull();
  });
  test('tableOf pads nothing itself; the Markdown pads short rows to the widest', () => {
    const lines = markdownLines('A  B  C\nd  e\n');
    expect(tableOf(lines, 0, 1)).toEqual({ header: ['A', 'B', 'C'], rows: [['d', 'e']] });
    expect(applyStructureEdits('A  B  C\nd  e\n', [{ kind: 'table', from: 0, to: 1 }]).markdown).toBe('| A | B | C |\n| --- | --- | --- |\n| d | e |  |\n');
  });
});

describe('edits in sequence, undo and the page map', () => {
  const blocks = [p('Intro.', 1), p('Scope', 1), p('Body on page one.', 1), p('Next page text.', 2), p('Methods', 2), p('Last.', 2)];
  const r = renderBlocks(blocks);
  test('each edit counts lines as the Markdown stands before it; undo = the list without its last edit', () => {
    const e1 = { kind: 'heading' as const, line: lineOf(r.markdown, 'Scope'), level: 2 };
    const after1 = applyStructureEdits(r.markdown, [e1]).markdown;
    const e2 = { kind: 'heading' as const, line: lineOf(after1, 'Methods'), level: 2 };
    const both = applyStructureEdits(r.markdown, [e1, e2], { pages: r.pages });
    expect(both.markdown).toBe(renderBlocks([blocks[0], { kind: 'heading', level: 2, text: 'Scope', page: 1 }, blocks[2], blocks[3], { kind: 'heading', level: 2, text: 'Methods', page: 2 }, blocks[5]]).markdown);
    expect(applyStructureEdits(r.markdown, [e1]).markdown).toBe(after1);
    // The page map moves with the text: page 2 still starts at "Next page text.".
    expect(both.pages.map((x) => x.page)).toEqual([1, 2]);
    expect(both.markdown.slice(both.pages[1].start).startsWith('Next page text.')).toBe(true);
    expect(both.pages[1].end).toBe(both.markdown.length);
  });
});

test('a generated untagged PDF: H2 and a table fixed in its Markdown reach the structure chunker', async () => {
  const r = await pdfToMarkdown(await guessedStructure(), loadPdfjs, pdfjsOptions);
  expect(r.guessed).toBe(true);
  const scope = lineOf(r.markdown, GUESSED.lines[1]);
  expect(scope).toBeGreaterThan(0);
  const after = applyStructureEdits(r.markdown, [{ kind: 'heading', line: scope, level: 2 }], { columns: r.columns }).markdown;
  const from = lineOf(after, GUESSED.table[0].join(' '));
  const to = lineOf(after, GUESSED.table[GUESSED.table.length - 1].join(' '));
  const { markdown } = applyStructureEdits(r.markdown, [{ kind: 'heading', line: scope, level: 2 }, { kind: 'table', from, to }], { columns: r.columns, pages: r.pages });
  const table = (rows: string[][]) => [`| ${rows[0].join(' | ')} |`, `|${' --- |'.repeat(rows[0].length)}`, ...rows.slice(1).map((x) => `| ${x.join(' | ')} |`)].join('\n');
  expect(markdown).toBe(`${GUESSED.lines[0]}\n\n## ${GUESSED.lines[1]}\n\n${GUESSED.lines[2]}\n\n${table(GUESSED.table)}\n\n${GUESSED.closing}\n`);
  const doc = parseDocument({ id: 'g', text: markdown, format: 'markdown' });
  const chunks = await chunkDocument(doc, 'structure', { maxTokens: 24 }, { tokenizer });
  expect(chunks.some((c) => c.headingPath.includes(GUESSED.lines[1]))).toBe(true);
  // Every chunk holding a table row carries the header row, in its text or repeated in its prefix.
  const header = `| ${GUESSED.table[0].join(' | ')} |`;
  const withRows = chunks.filter((c) => /\| (?:maxTokens|overlap|level) \|/.test(markdown.slice(c.start, c.end)));
  expect(withRows.length).toBeGreaterThan(1);
  for (const c of withRows) expect(c.prefix + markdown.slice(c.start, c.end)).toContain(header);
});
