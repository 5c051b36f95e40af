// OCR of scanned PDFs with Tesseract's WebAssembly build and the npm models (no network): the
// generated scans of manual.pdf (scripts/make-scan-fixtures.ts) read back against what the text
// reader reads from the source pages. Few and small: Tesseract takes seconds a page.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { bigramF1, markdownHeadings, markdownWords, wordRecall } from '../../bench/pdf-metrics.ts';
import { convertFile } from '../../src/cli/convert.ts';
import { closeOcrWorker, ocrThreads, ocrWorkerStarts, shareOcrWorker } from '../../src/node/ocr/tesseract.ts';
import { expectOneLineError, runCli } from './helpers.ts';

const FIX = 'tests/fixtures/documents';
const SCANS = join(FIX, 'scans');

/** The text reader's Markdown of some pages of manual.pdf (the scans' source), as one file of those pages. */
async function sourceOf(pages: number[]): Promise<string> {
  const src = await PDFDocument.load(readFileSync(join(FIX, 'manual.pdf')));
  const out = await PDFDocument.create();
  for (const p of await out.copyPages(src, pages.map((n) => n - 1))) out.addPage(p);
  const file = join(mkdtempSync(join(tmpdir(), 'chunklab-ocr-')), 'source.pdf');
  writeFileSync(file, await out.save());
  return (await convertFile(file, { ocr: { mode: 'never' } })).markdown;
}

describe('OCR of scanned PDFs', () => {
  test('a clean 200 dpi scan: words, their order and the headings of the source, the summary line', { timeout: 300_000 }, async () => {
    const r = await runCli(['convert', join(SCANS, 'manual-200.pdf')]);
    expect(r.code, r.err).toBe(0);
    const ref = await sourceOf([1]);
    expect(wordRecall(markdownWords(r.out), markdownWords(ref))).toBeGreaterThanOrEqual(0.97);
    expect(bigramF1(markdownWords(r.out), markdownWords(ref))).toBeGreaterThanOrEqual(0.95);
    expect(markdownHeadings(r.out)).toEqual(markdownHeadings(ref));
    expect(r.out).toContain('- Paste text or drop files into the workspace.');
    expect(r.out).toMatch(/^1\. Node 20 or newer\.$/m);
    expect(r.err).toMatch(/^convert +1 page, 3 headings, .*1 page read by OCR \(por\+eng\) in \d+\.\d s, \d+ of 1\d\d words under 60% confidence$/m);
  });

  test('a mixed file and a two-column scan: text page kept, scanned page read, columns in order', { timeout: 300_000 }, async () => {
    const mixed = await convertFile(join(SCANS, 'mixed.pdf'));
    expect(mixed.ocr?.pages).toEqual([2]);
    const ref = await sourceOf([1, 2]);
    expect(wordRecall(markdownWords(mixed.markdown), markdownWords(ref))).toBeGreaterThanOrEqual(0.97);
    // The scanned page's text lies on page 2 of the page map.
    const at = mixed.markdown.indexOf('Every chunker takes the options');
    expect(at).toBeGreaterThan(0);
    expect(mixed.pages.find((p) => at >= p.start && at < p.end)?.page).toBe(2);
    // Its table came through as a table.
    expect(mixed.markdown).toMatch(/^\| Option \| Default \| Meaning \|$/m);

    const cols = await convertFile(join(SCANS, 'two-column.pdf'));
    const colRef = await sourceOf([3]);
    expect(bigramF1(markdownWords(cols.markdown), markdownWords(colRef))).toBeGreaterThanOrEqual(0.95);
    expect(markdownHeadings(cols.markdown)).toContain('Two strategies side by side');
  });

  test('one Tesseract for the files of a run (as the CLI and batch workers share it): started once, the same reading as one per file', { timeout: 300_000 }, async () => {
    const file = join(SCANS, 'manual-200.pdf');
    const s0 = ocrWorkerStarts();
    const alone = await convertFile(file);
    expect(ocrWorkerStarts()).toBe(s0 + 1);
    // A temp folder of this test's own, to see the shared Tesseract's model folder (chunklab-ocr-…) go.
    const tmp = process.env.TMPDIR;
    const own = mkdtempSync(join(tmpdir(), 'chunklab-ocr-test-'));
    process.env.TMPDIR = own;
    shareOcrWorker();
    try {
      const first = await convertFile(file);
      // The folder goes once Tesseract has loaded its models, not when the shared one ends: a CLI run
      // ends with process.exit and a batch worker thread is terminated, and neither ends it first.
      expect(readdirSync(own)).toEqual([]);
      const second = await convertFile(join(SCANS, 'mixed.pdf'));
      const third = await convertFile(file);
      expect(ocrWorkerStarts()).toBe(s0 + 2);
      expect(first.markdown).toBe(alone.markdown);
      expect(third.markdown).toBe(alone.markdown);
      expect(second.ocr?.pages).toEqual([2]);
      // Another language list starts its own (the models are loaded when Tesseract starts).
      await convertFile(file, { ocr: { lang: 'eng' } });
      expect(ocrWorkerStarts()).toBe(s0 + 3);
    } finally {
      if (tmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmp;
      shareOcrWorker(false);
      await closeOcrWorker();
      rmSync(own, { recursive: true, force: true });
    }
  });

  // Whether the second one starts depends on timing (it starts when page 2 is drawn while the first still
  // reads page 1), so this test only holds the Markdown to be the same and the starts at 1 or 2; which
  // page goes to which, and that a second starts, are tested with a fake backend (ocr-reader.test.ts).
  test("a file's scanned pages with up to two Tesseracts allowed: the same Markdown as with one", { timeout: 300_000 }, async () => {
    // Two scanned pages: manual-200.pdf's and two-column.pdf's, copied into one file.
    const out = await PDFDocument.create();
    for (const f of ['manual-200.pdf', 'two-column.pdf']) {
      const src = await PDFDocument.load(readFileSync(join(SCANS, f)));
      out.addPage((await out.copyPages(src, [0]))[0]);
    }
    const file = join(mkdtempSync(join(tmpdir(), 'chunklab-ocr-')), 'two-scans.pdf');
    writeFileSync(file, await out.save());
    const s0 = ocrWorkerStarts();
    const one = await convertFile(file, { ocr: { threads: 1 } });
    expect(ocrWorkerStarts()).toBe(s0 + 1);
    const two = await convertFile(file, { ocr: { threads: 2 } });
    expect(ocrWorkerStarts() - s0 - 1).toBeGreaterThanOrEqual(1);
    expect(ocrWorkerStarts() - s0 - 1).toBeLessThanOrEqual(2);
    expect(one.ocr?.pages).toEqual([1, 2]);
    expect(two.markdown).toBe(one.markdown);
    expect(markdownHeadings(two.markdown)).toContain('Two strategies side by side');
  });

  test('how many Tesseracts a file gets: idle cores, free memory, pages; one in a worker thread', () => {
    const GB = 1e9;
    expect(ocrThreads(2, { cores: 8, load: 0, free: 16 * GB, main: true })).toBe(2);
    expect(ocrThreads(10, { cores: 8, load: 0.5, free: 16 * GB, main: true })).toBe(4);
    expect(ocrThreads(10, { cores: 8, load: 6.2, free: 16 * GB, main: true })).toBe(2);
    expect(ocrThreads(10, { cores: 2, load: 12, free: 16 * GB, main: true })).toBe(1);
    expect(ocrThreads(10, { cores: 8, load: 0, free: 0.9 * GB, main: true })).toBe(2);
    expect(ocrThreads(10, { cores: 8, load: 0, free: 16 * GB, main: false })).toBe(1);
  });

  test('--ocr never refuses a scan naming --ocr; a language not installed names its package', async () => {
    expectOneLineError(await runCli(['convert', join(SCANS, 'manual-200.pdf'), '--ocr', 'never']), /no text layer .*OCR is off \(--ocr never\)/);
    expectOneLineError(await runCli(['convert', join(SCANS, 'manual-200.pdf'), '--ocr-lang', 'por+xyz']), /--ocr-lang.*"xyz" is not installed: run "npm install @tesseract\.js-data\/xyz"/);
  });
});
