// Scanned PDFs in the import preview (issue 31): the page reads them by OCR in its engine worker, with
// Tesseract and its models served from the page's own origin: every request that leaves the origin is
// refused, as offline. The first use states the download's size and asks; the row shows a bar per
// page while it reads; cancel stops the recognition (the nested Tesseract worker goes) and loses
// nothing stored; a file with a text page and a scanned page says which page was read which way.
// The fixtures are one-page 200 dpi scans of manual.pdf made by scripts/make-scan-fixtures.ts (small:
// OCR on two loaded cores is slow, so the timeouts are long and nothing is timed).
import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appUrl, openApp, useBrowser, waitSaved } from './helpers';

const s = useBrowser();
const SCANS = 'tests/fixtures/documents/scans';
const LONG = 420_000;

/** Requests that left the page's origin (each refused). */
const outside: string[] = [];

let routed = false;
async function offline(): Promise<void> {
  if (routed) return;
  routed = true;
  const origin = new URL(appUrl()).origin;
  await s.context.route(
    (url) => url.origin !== origin && !url.protocol.startsWith('blob') && !url.protocol.startsWith('data'),
    async (route) => {
      outside.push(route.request().url());
      await route.abort('internetdisconnected');
    },
  );
}

async function drop(name: string): Promise<void> {
  const b64 = readFileSync(join(SCANS, name)).toString('base64');
  await s.page.evaluate(
    ([file, data]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], file, { type: 'application/pdf' }));
      document.querySelector('[data-testid="docs-drop"]')!.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    [name, b64],
  );
}

async function corpora(): Promise<string[]> {
  return s.page.locator('[data-testid="corpus-list"] button.corpus').evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

const tesseractWorkers = () => s.page.workers().filter((w) => /\/ocr\/worker\.min\.js$/.test(w.url()));

test('skipping the scanned file while its OCR question is open takes the question away; the next scan asks its own', { timeout: LONG }, async () => {
  await offline();
  await openApp(s.page);
  await s.page.getByRole('button', { name: 'Novo corpus' }).click();
  await waitSaved(s.page);
  const files = ['manual-200.pdf', 'mixed.pdf'].map((name) => [name, readFileSync(join(SCANS, name)).toString('base64')]);
  await s.page.evaluate((list) => {
    const dt = new DataTransfer();
    for (const [name, data] of list) dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], name, { type: 'application/pdf' }));
    document.querySelector('[data-testid="docs-drop"]')!.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, files);
  const ask = s.page.getByTestId('docs-ocr-ask');
  await ask.waitFor({ timeout: 120_000 });
  expect(await ask.textContent()).toContain('manual-200.pdf');
  const row = (path: string) => s.page.locator(`[data-testid="docs-files"] li[data-path="${path}"]`);
  await row('manual-200.pdf').getByTestId('docs-skip').click();
  // The question went with the skipped file at once (a fresh engine worker has to start and read
  // mixed.pdf's text page before that file can ask).
  expect(await ask.count()).toBe(0);
  expect(await row('manual-200.pdf').getAttribute('data-status')).toBe('skipped');
  // mixed.pdf asks its own question (the skipped file's was never answered): declined, it keeps its text page.
  await ask.filter({ hasText: 'mixed.pdf' }).waitFor({ timeout: 120_000 });
  await s.page.getByTestId('docs-ocr-decline').click();
  await row('mixed.pdf').and(s.page.locator('[data-status="ready"]')).waitFor({ timeout: 120_000 });
  expect(tesseractWorkers()).toHaveLength(0);
  await s.page.getByTestId('docs-discard').click();
  expect(outside).toEqual([]);
  expect(s.errors).toEqual([]);
});

test('a scanned PDF is read by OCR in the import preview, offline: the size is asked first, a bar per page, the pages named', { timeout: LONG }, async () => {
  await offline();
  await openApp(s.page);
  await s.page.getByRole('button', { name: 'Novo corpus' }).click();
  await waitSaved(s.page);
  // The installed languages are offered, Portuguese + English first.
  const lang = s.page.getByTestId('docs-ocr-lang');
  await lang.waitFor({ timeout: 60_000 });
  expect(await lang.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['por+eng', 'eng', 'por']);
  expect(await lang.inputValue()).toBe('por+eng');

  await drop('manual-200.pdf');
  // First use: the download's size is stated before anything loads.
  const ask = s.page.getByTestId('docs-ocr-ask');
  await ask.waitFor({ timeout: 120_000 });
  const asked = (await ask.textContent()) ?? '';
  expect(asked).toContain('manual-200.pdf');
  expect(asked).toMatch(/baixa \d+,\d MB deste site/);
  expect(asked).toMatch(/modelo português: 1,\d MB; modelo inglês: 2,\d MB/);
  expect(tesseractWorkers()).toHaveLength(0);
  await s.page.getByTestId('docs-ocr-load').click();

  // While it reads: one bar for the one scanned page.
  const progress = s.page.getByTestId('docs-ocr-progress');
  await progress.waitFor({ timeout: 120_000 });
  expect(await progress.getAttribute('data-total')).toBe('1');
  expect(await progress.locator('progress').count()).toBe(1);

  // The preview: the page read by OCR, its headings and words.
  const row = s.page.locator('[data-testid="docs-files"] li[data-path="manual-200.pdf"]');
  await row.and(s.page.locator('[data-status="ready"]')).waitFor({ timeout: LONG });
  await expect(row.getByTestId('docs-ocr-pages').textContent()).resolves.toBe('página lida por OCR: 1');
  const summary = (await s.page.getByTestId('docs-ocr-summary').textContent()) ?? '';
  expect(summary).toMatch(/Páginas com texto: —\. Páginas digitalizadas lidas por OCR \(português \+ inglês\): 1\. \d+ de \d+ palavras/);
  const outline = await s.page.locator('[data-testid="docs-outline"] li').allTextContents();
  expect(outline).toContain('Field Guide');
  expect(outline).toContain('Getting started');
  const md = (await s.page.getByTestId('docs-markdown').textContent()) ?? '';
  expect(md).toContain('Paste text or drop files into the workspace.');
  await s.page.getByTestId('docs-add').click();
  await s.page.locator('[data-testid="doc-list"] .doc-name', { hasText: 'manual-200.pdf' }).waitFor({ timeout: 60_000 });
  await waitSaved(s.page);

  // Everything came from the page's own origin (Tesseract stays a minute for the next scan: workers/ocr.ts).
  expect(outside).toEqual([]);
  expect(s.errors).toEqual([]);
});

test('cancel stops the recognition: the Tesseract worker goes, nothing stored is lost', { timeout: LONG }, async () => {
  await openApp(s.page);
  const before = await corpora();
  // The models were agreed to in the first test: not asked again.
  await drop('manual-200.pdf');
  const progress = s.page.getByTestId('docs-ocr-progress');
  await progress.waitFor({ timeout: 120_000 });
  await expect.poll(() => tesseractWorkers().length, { timeout: 120_000 }).toBe(1);
  expect(await s.page.getByTestId('docs-ocr-ask').count()).toBe(0);
  await s.page.getByTestId('docs-cancel').click();
  await s.page.getByTestId('ws-message').filter({ hasText: 'Leitura cancelada' }).waitFor({ timeout: 60_000 });
  await expect.poll(() => tesseractWorkers().length, { timeout: 60_000 }).toBe(0);
  expect(await s.page.getByTestId('docs-import').count()).toBe(0);
  await waitSaved(s.page);
  expect(await corpora()).toEqual(before);
  await s.page.reload();
  await waitSaved(s.page);
  expect(await corpora()).toEqual(before);
  expect(outside).toEqual([]);
});

test('a mixed file: its text page read as text, its scanned page by OCR, both in the preview', { timeout: LONG }, async () => {
  await openApp(s.page);
  await drop('mixed.pdf');
  const row = s.page.locator('[data-testid="docs-files"] li[data-path="mixed.pdf"]');
  await row.and(s.page.locator('[data-status="ready"]')).waitFor({ timeout: LONG });
  await expect(row.getByTestId('docs-ocr-pages').textContent()).resolves.toBe('página lida por OCR: 2');
  const summary = (await s.page.getByTestId('docs-ocr-summary').textContent()) ?? '';
  expect(summary).toMatch(/^Páginas com texto: 1\. Páginas digitalizadas lidas por OCR \(português \+ inglês\): 2\./);
  // Words of both pages are in the Markdown: page 1 from its text layer, page 2 from the scan.
  const md = (await s.page.getByTestId('docs-markdown').textContent()) ?? '';
  expect(md).toContain('Paste text or drop files into the workspace.');
  expect(md).toContain('Running from the command line');
  expect(outside).toEqual([]);
  expect(s.errors).toEqual([]);
});
