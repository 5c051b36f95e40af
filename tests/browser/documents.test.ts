// Documents in a real browser: a folder with a PDF, a Word file and a Markdown file chosen through the
// folder input is read in the engine worker (pdf.js and mammoth there), previewed (the PDF's heading
// outline and Markdown), added as a corpus named after the folder, and the PDF's chunks under the
// structure chunker carry its headings, have no orphan heading and show their page ("p. N").
// Loose files dropped on the drop zone: a bad PDF is left out with its reason, the others added.
import { expect, test } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appUrl, inspect, openApp, setParam, useBrowser, waitSaved } from './helpers';

const FIX = 'tests/fixtures/documents';
const manual = JSON.parse(readFileSync(join(FIX, 'manual.expected.json'), 'utf8')) as { outline: { level: number; title: string }[] };

const s = useBrowser();

test('a folder with a PDF, a DOCX and a Markdown file: preview the outline, add, inspect the PDF with the structure chunker', async () => {
  const root = mkdtempSync(join(tmpdir(), 'chunklab-docs-'));
  const dir = join(root, 'manuais');
  mkdirSync(dir);
  copyFileSync(join(FIX, 'manual.pdf'), join(dir, 'manual.pdf'));
  copyFileSync(join(FIX, 'policy.docx'), join(dir, 'policy.docx'));
  writeFileSync(join(dir, 'notas.md'), '# Notas\n\nUm texto <script>alert(1)</script> qualquer.');
  await openApp(s.page);
  await s.page.getByTestId('docs-folder-input').setInputFiles(dir);
  await s.page.locator('[data-testid="docs-import"][data-phase="preview"]').waitFor({ timeout: 120_000 });
  const rows = s.page.locator('[data-testid="docs-files"] li');
  expect(await rows.evaluateAll((els) => els.map((e) => [e.getAttribute('data-path'), e.getAttribute('data-status')]))).toEqual([
    ['manual.pdf', 'ready'],
    ['notas.md', 'ready'],
    ['policy.docx', 'ready'],
  ]);
  // The PDF's preview: its heading outline, every heading at its level, and its Markdown as text.
  await s.page.getByRole('button', { name: 'Ver: manual.pdf' }).click();
  const outline = s.page.locator('[data-testid="docs-outline"] li');
  expect(await outline.evaluateAll((els) => els.map((e) => ({ level: Number(e.getAttribute('data-level')), title: e.textContent })))).toEqual(manual.outline);
  const md = (await s.page.getByTestId('docs-markdown').textContent()) ?? '';
  expect(md).toMatch(/^# Field Guide$/m);
  expect(md).toMatch(/^\| Option \| Default \| Meaning \|$/m);
  // The Word file's outline too.
  await s.page.getByRole('button', { name: 'Ver: policy.docx' }).click();
  await expect.poll(() => s.page.locator('[data-testid="docs-outline"] li').count()).toBeGreaterThan(0);

  await s.page.getByTestId('docs-add').click();
  await s.page.getByTestId('ws-message').filter({ hasText: '3 documentos adicionados' }).waitFor();
  await expect(s.page.getByTestId('corpus-title').textContent()).resolves.toBe('manuais');
  expect(await s.page.locator('[data-testid="doc-list"] .doc-name').allTextContents()).toEqual(['manual.pdf', 'notas.md', 'policy.docx']);
  // Untrusted text stays text.
  expect(await s.page.locator('script', { hasText: 'alert(1)' }).count()).toBe(0);
  await waitSaved(s.page);

  await s.page.getByRole('button', { name: 'Inspecionar: manual.pdf' }).click();
  await s.page.getByTestId('insp-chunker').locator('option[value="structure"]').waitFor({ state: 'attached' });
  await s.page.getByTestId('insp-chunker').selectOption('structure');
  await setParam(s.page, 'maxTokens', 200);
  const chunkRows = s.page.locator('[data-testid="chunk-list"] button');
  await expect
    .poll(async () => Math.max(0, ...(await chunkRows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-tokens')))))), { timeout: 60_000 })
    .toBeLessThanOrEqual(200);
  await expect.poll(() => chunkRows.count(), { timeout: 60_000 }).toBeGreaterThan(1);
  const texts = await chunkRows.allTextContents();
  // Headings in the chunks' paths; no orphan heading; each chunk's page shown.
  // Each chunk's path is the heading path at its start, computed here from the previewed Markdown.
  const headings = [...md.matchAll(/^(#{1,6}) (.+)$/gm)].map((m) => ({ at: m.index!, level: m[1].length, title: m[2].trim() }));
  const pathAt = (offset: number) => {
    const stack: { level: number; title: string }[] = [];
    for (const h of headings.filter((x) => x.at <= offset)) {
      while (stack.length && stack[stack.length - 1].level >= h.level) stack.pop();
      stack.push(h);
    }
    return stack.map((h) => h.title).join(' › ');
  };
  const starts = await chunkRows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-start'))));
  const paths = await s.page.locator('[data-testid="chunk-list"] .path').allTextContents();
  // The path at each chunk's start, or (sibling sections merged into one chunk) its common ancestors.
  paths.forEach((p, i) => expect(pathAt(starts[i]).startsWith(p.trim()), `${p} at ${starts[i]}`).toBe(true));
  expect(paths.every((p) => p.trim().startsWith('Field Guide'))).toBe(true);
  expect(new Set(paths).size).toBeGreaterThan(1);
  for (const t of texts) expect(t).not.toContain('título órfão');
  const pages = await s.page.locator('[data-testid="chunk-list"] [data-testid="page-label"]').allTextContents();
  expect(pages).toHaveLength(texts.length);
  for (const p of pages) expect(p).toMatch(/^pp?\. \d+(–\d+)?$/);
  expect(pages[0]).toBe('p. 1');
  await chunkRows.first().click();
  await expect(s.page.getByTestId('chunk-detail').getByTestId('page-label').textContent()).resolves.toBe('p. 1');

  // Search results from the PDF show their page; those from the Word file (no page map) do not.
  await s.page.goto(appUrl('#/search'));
  await s.page.getByTestId('search-chunker').locator('option[value="structure"]').waitFor({ state: 'attached' });
  await s.page.getByTestId('search-chunker').selectOption('structure');
  await s.page.getByTestId('search-query').fill('maxTokens hard cap per chunk overlap tokens shared by neighbours');
  const hit = s.page.locator('[data-testid="search-result"][data-doc-id="manual"]').first();
  await hit.waitFor({ timeout: 90_000 });
  await expect(hit.getByTestId('page-label').textContent()).resolves.toMatch(/^pp?\. [1-9]\d*(–\d+)?$/);
  const others = s.page.locator('[data-testid="search-result"]:not([data-doc-id="manual"])');
  for (const o of await others.all()) expect(await o.getByTestId('page-label').count()).toBe(0);
  expect(s.errors).toEqual([]);
});

test('loose files dropped: a broken PDF is left out with its reason, a duplicate is noted, the others are added', async () => {
  await openApp(s.page);
  await s.page.getByRole('button', { name: 'Novo corpus' }).click();
  const truncated = readFileSync(join(FIX, 'truncated.pdf')).toString('base64');
  await s.page.evaluate((b64) => {
    const dt = new DataTransfer();
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    dt.items.add(new File([bytes], 'cortado.pdf', { type: 'application/pdf' }));
    dt.items.add(new File(['# Um\n\nTexto.'], 'um.md', { type: 'text/markdown' }));
    dt.items.add(new File(['# Um\n\nTexto.\n'], 'copia.md', { type: 'text/markdown' }));
    document.querySelector('[data-testid="docs-drop"]')!.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, truncated);
  const msg = s.page.getByTestId('ws-message').filter({ hasText: '1 documento adicionado' });
  await msg.waitFor({ timeout: 60_000 });
  const text = (await msg.textContent()) ?? '';
  expect(text).toContain('cortado.pdf');
  expect(text).toContain('incompleto');
  expect(text).toMatch(/um\.md.*"copia"/);
  expect(await s.page.locator('[data-testid="doc-list"] .doc-name').allTextContents()).toEqual(['copia.md']);
  expect(s.errors).toEqual([]);
});
