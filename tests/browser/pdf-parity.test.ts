// The page reads a PDF exactly as the CLI does: the Markdown its import preview shows (pdf.js in the
// engine worker, with the CMaps and standard fonts the build ships beside index.html) equals, byte
// for byte, what the reader gives in Node with the CLI's pdf.js options (src/node/document-readers.ts)
// — the chunks measured in the page are the chunks `batch` writes. The files: the public PDFs the
// project commits (tagged, untagged, ruled tables, a 36-page manual, Arabic, Hebrew and vertical
// Japanese, a generated Korean report), and a page of Chinese, Japanese
// and Korean set in fonts with a predefined CMap and no ToUnicode map (text lost without the CMaps).
import { expect, test } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApp, useBrowser } from './helpers';
import { pdfToMarkdown } from '../../src/engine/documents/pdf/pdf.ts';
import { nodeDocumentReaders } from '../../src/node/document-readers.ts';
import { cmapPdf, type CmapLine } from '../../scripts/pdf-cases-cmap.ts';

const FOLDERS = ['tests/fixtures/documents/public', 'tests/fixtures/documents/scripts'];

const s = useBrowser();

test('the import preview shows, for every public PDF and a CJK page, the Markdown the CLI writes', async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'chunklab-parity-')), 'pdfs');
  mkdirSync(dir);
  const names: string[] = [];
  for (const folder of FOLDERS) {
    for (const n of readdirSync(folder).filter((f) => f.endsWith('.pdf'))) {
      copyFileSync(join(folder, n), join(dir, n));
      names.push(n);
    }
  }
  const cjk: CmapLine[] = [
    { text: '分块决定检索能找到什么', encoding: 'UniGB-UCS2-H' },
    { text: '文書の区切り方が検索を決める', encoding: 'UniJIS-UCS2-H' },
    { text: '청크 나누기가 검색을 좌우한다', encoding: 'UniKS-UCS2-H' },
  ];
  writeFileSync(join(dir, 'cjk.pdf'), await cmapPdf(cjk));
  names.push('cjk.pdf');
  names.sort();

  const readers = nodeDocumentReaders();
  const expected = new Map<string, string>();
  for (const n of names) {
    const r = await pdfToMarkdown(new Uint8Array(readFileSync(join(dir, n))), readers.pdfjs!, { documentOptions: readers.pdfDocumentOptions });
    expected.set(n, r.markdown);
  }
  // The CJK page is only a test of the CMaps if its lines are there at all.
  for (const line of cjk) expect(expected.get('cjk.pdf')).toContain(line.text);

  await openApp(s.page);
  await s.page.getByTestId('docs-folder-input').setInputFiles(dir);
  await s.page.locator('[data-testid="docs-import"][data-phase="preview"]').waitFor({ timeout: 170_000 });
  const rows = s.page.locator('[data-testid="docs-files"] li');
  expect(await rows.evaluateAll((els) => els.map((e) => [e.getAttribute('data-path'), e.getAttribute('data-status')]))).toEqual(names.map((n) => [n, 'ready']));
  for (const n of names) {
    await s.page.getByRole('button', { name: `Ver: ${n}` }).click();
    const all = s.page.getByTestId('docs-show-all');
    if (await all.count()) await all.click();
    await expect.poll(async () => (await s.page.getByTestId('docs-markdown').textContent()) ?? '', { timeout: 20_000 }).toBe(expected.get(n));
  }
});
