// The search view in a real browser on the Portuguese sample: BM25 returns the document a sample
// question is about, with the query's terms marked in the snippets (checked against the engine's
// tokenizer run here in Node), a metadata filter applied before ranking, and a click on a result
// shows its exact range highlighted and scrolled into view in the document.
import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { appUrl, openApp, useBrowser } from './helpers';
import { bm25Terms, foldTerm, stopwordSet } from '../../src/engine/documents/terms.ts';

const base = 'public/samples/pt-BR/';
const docsJson = JSON.parse(readFileSync(base + 'documents.json', 'utf8')) as { documents: Array<{ id: string; file: string; version?: string }> };
const questions = JSON.parse(readFileSync(base + 'questions.json', 'utf8')) as { questions: Array<{ id: string; text: string; docId: string; phrase: string }> };
const q01 = questions.questions.find((q) => q.id === 'q01')!;
const expectedDoc = docsJson.documents.find((d) => d.id === q01.docId)!;
const docText = readFileSync(base + expectedDoc.file, 'utf8');
const queryTerms = new Set(bm25Terms(q01.text, stopwordSet('pt')).map((t) => t.term));

const s = useBrowser();

test('BM25 search finds the expected sample document, marks the query terms, and opens the result in its document', async () => {
  const { page } = s;
  await openApp(page);
  await page.goto(appUrl('#/search'));
  await page.getByTestId('search-chunker').locator('option[value="recursive"]').waitFor({ state: 'attached' });
  await page.getByTestId('search-chunker').selectOption('recursive');
  await page.getByTestId('search-query').fill(q01.text);
  const results = page.getByTestId('search-result');
  await results.first().waitFor({ timeout: 90_000 });

  const found = await results.evaluateAll((els) => els.map((e) => ({ doc: e.dataset.docId!, start: Number(e.dataset.start), end: Number(e.dataset.end) })));
  expect(found.map((f) => f.doc)).toContain(expectedDoc.id);

  // Every marked word in the snippets is one of the query's terms (folded, stop words removed).
  const marks = await page.locator('[data-testid="search-snippet"] mark').allTextContents();
  expect(marks.length).toBeGreaterThan(2);
  for (const m of marks) expect(queryTerms.has(foldTerm(m)), m).toBe(true);

  // The answer's sentence lies inside a returned unit of the expected document.
  const at = docText.indexOf(q01.phrase);
  expect(at).toBeGreaterThanOrEqual(0);
  const i = found.findIndex((f) => f.doc === expectedDoc.id && f.start <= at && at + q01.phrase.length <= f.end);
  expect(i).toBeGreaterThanOrEqual(0);

  // Clicking it shows exactly its range highlighted in the document, scrolled into view.
  await results.nth(i).click();
  const view = page.getByTestId('search-doc');
  await view.waitFor({ timeout: 30_000 });
  await expect.poll(() => view.evaluate((e) => e.textContent)).toBe(docText);
  const sel = await view.locator('.sel').allTextContents();
  expect(sel.join('')).toBe(docText.slice(found[i].start, found[i].end));
  const hitsInDoc = await view.locator('mark').allTextContents();
  expect(hitsInDoc.length).toBeGreaterThan(0);
  for (const m of hitsInDoc) expect(queryTerms.has(foldTerm(m)), m).toBe(true);
  const visible = await view.locator('.sel').first().evaluate((el) => {
    const box = el.getBoundingClientRect();
    const frame = el.closest('[data-testid="search-doc"]')!.getBoundingClientRect();
    return box.bottom > frame.top && box.top < frame.bottom && box.top >= 0 && box.top < innerHeight;
  });
  expect(visible).toBe(true);

  // A metadata filter applies before ranking: only version 2.0 documents compete.
  const v2 = new Set(docsJson.documents.filter((d) => d.version === '2.0').map((d) => d.id));
  await page.locator('[data-testid="search-filter"] select[data-meta="version"]').selectOption('2.0');
  await expect
    .poll(async () => (await results.evaluateAll((els) => els.map((e) => e.dataset.docId!))).every((d) => v2.has(d)), { timeout: 60_000 })
    .toBe(true);
  const filtered = await results.evaluateAll((els) => els.map((e) => e.dataset.docId!));
  expect(filtered.length).toBeGreaterThan(0);
  expect(filtered).toContain(expectedDoc.id);
  expect(s.errors).toEqual([]);
});
