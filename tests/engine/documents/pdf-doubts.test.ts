// Layouts the reader reads badly are said to be (issue 33): side headings glued to their paragraph's
// first line, and a table turned sideways among upright text. Generated cases
// (scripts/pdf-cases-doubts.ts), each beside its control, which must not be warned about.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parsePdf, pdfToMarkdown } from '../../../src/engine/documents/pdf/pdf.ts';
import { sideHeadingsPdf, sidewaysTablePdf } from '../../../scripts/pdf-cases-doubts.ts';
import { loadPdfjs, pdfjsOptions } from './pdfjs-node.ts';

const read = async (bytes: Uint8Array) => pdfToMarkdown(bytes, loadPdfjs, pdfjsOptions);

describe('side headings', () => {
  test('headings in the margin beside their paragraph are warned about, as the reading glues them in', async () => {
    const r = await read(await sideHeadingsPdf(true));
    // What the warning is about: the heading read as the first words of the paragraph's first line.
    expect(r.markdown).toMatch(/Scope\s+The service covers/);
    expect(r.doubts).toEqual(['side-headings']);
    expect(r.guessed).toBe(true);
    expect(r.notes.join('\n')).toMatch(/structure guessed: words set in the margin beside the text \(side headings, margin notes\) are read as part of the line beside them/);
  });
  test('the same paragraphs without them: no warning', async () => {
    const r = await read(await sideHeadingsPdf(false));
    expect(r.doubts).toBeUndefined();
    expect(r.notes.join('\n')).not.toMatch(/margin/);
  });
});

describe('a table turned sideways among upright text', () => {
  test('is warned about', async () => {
    const r = await read(await sidewaysTablePdf(true));
    expect(r.doubts).toEqual(['sideways-text']);
    expect(r.guessed).toBe(true);
    expect(r.notes.join('\n')).toMatch(/text turned sideways among upright text \(a rotated table\?\) is read as scrambled lines/);
    // The page's upright text is read as ever.
    expect(r.markdown).toContain('The service covers every request');
  });
  test('a few turned axis labels beside an upright table: no warning', async () => {
    const r = await read(await sidewaysTablePdf(false));
    expect(r.doubts).toBeUndefined();
  });
  test('the document keeps the doubts in its metadata, for the page to show', async () => {
    const doc = await parsePdf({ id: 'turned', bytes: await sidewaysTablePdf(true) }, loadPdfjs, pdfjsOptions);
    expect(doc.meta?.structureDoubts).toBe('sideways-text');
    expect(doc.meta?.structureGuessed).toBe('yes');
  });
});

test('the CLI prints both warnings with its summary', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-doubts-'));
  try {
    for (const [name, bytes, said] of [
      ['side.pdf', await sideHeadingsPdf(true), /structure guessed: words set in the margin beside the text/],
      ['turned.pdf', await sidewaysTablePdf(true), /structure guessed: text turned sideways among upright text/],
    ] as const) {
      const file = join(dir, name);
      writeFileSync(file, bytes);
      const r = spawnSync(process.execPath, ['scripts/cli.mjs', 'convert', file, '--out', join(dir, `${name}.md`)], { cwd: join(import.meta.dirname, '..', '..', '..'), encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr, name).toMatch(said);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
