// Word (.docx) → Markdown through mammoth, on the generated fixture (scripts/make-document-fixtures.ts):
// outline by heading styles, lists (nested, numbered), the table with its header row, bold and
// italic as plain text, the structure chunker's lints; and files that are not readable .docx.

import { describe, expect, test } from 'vitest';
import mammothModule from 'mammoth';
import { docxToMarkdown, parseDocx, type MammothLike } from '../../../src/engine/documents/docx.ts';
import { errorCode, InputError, type ErrorCode } from '../../../src/engine/types.ts';
import { bytesOf, expectCleanStructureChunks, expectedOf, expectOutline, expectTables, expectTexts } from './document-checks.ts';

const mammoth = mammothModule as unknown as MammothLike;
const e = expectedOf('policy.docx');
const docP = parseDocx({ id: 'policy', bytes: bytesOf('policy.docx'), name: 'policy.docx' }, async () => mammoth);

describe('policy.docx', () => {
  test('every heading found, at its level', async () => expectOutline(await docP, e));
  test('the table with its header row', async () => expectTables(await docP, e));
  test('text round trip, bold and italic as plain text', async () => {
    const doc = await docP;
    expectTexts(doc, e);
    expect(doc.text).not.toMatch(/\*\*|__|<\/?(?:strong|em|b|i)>/);
  });
  test('lists: nesting and numbering kept', async () => {
    const doc = await docP;
    const items = doc.blocks.filter((b) => b.kind === 'list-item').map((b) => [b.level, doc.text.slice(b.start, b.end)]);
    expect(items).toEqual([
      [1, '- Manuals have headings.'],
      [2, '- Use the structure chunker for them.'],
      [1, '- Chat logs have none.'],
      [1, '1. Load the corpus.'],
      [1, '2. Run the grid.'],
    ]);
    expect(doc.meta).toMatchObject({ source: 'docx', fileName: 'policy.docx', title: 'Chunking Policy' });
  });
  test('structure chunker: no orphan heading, no header-less table row', async () => expectCleanStructureChunks(await docP));
  test('the caller’s bytes are not detached', async () => {
    const bytes = bytesOf('policy.docx');
    await docxToMarkdown(bytes.buffer as ArrayBuffer, mammoth);
    expect(bytes.byteLength).toBeGreaterThan(0);
  });
});

describe('files that are not a readable .docx', () => {
  const refuse = async (bytes: Uint8Array, re: RegExp, code: ErrorCode) => {
    const err = await docxToMarkdown(bytes, mammoth, 'x.docx').then(
      () => null,
      (x: unknown) => x,
    );
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toMatch(re);
    expect((err as Error).message).not.toMatch(/\n/);
    expect(errorCode(err)).toBe(code);
  };
  test('empty', () => refuse(new Uint8Array(0), /^x\.docx: the Word file is empty$/, 'empty-file'));
  test('not a ZIP', () => refuse(new TextEncoder().encode('plain text'), /not a Word document/, 'wrong-file-type'));
  test('old .doc or password-protected (OLE container)', () => refuse(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), /\.doc\) or a password-protected/, 'old-word-file'));
  test('truncated ZIP', () => {
    const b = bytesOf('policy.docx');
    return refuse(b.slice(0, b.length >> 1), /damaged and cannot be read/, 'damaged-file');
  });
});
