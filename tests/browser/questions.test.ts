// The question editor in a real browser: a question whose answer is marked by selecting text in a
// document with accents, emoji and CRLF line ends is stored with the exact UTF-16 offsets of the
// selected text (read back from IndexedDB), survives a reload and is used by the search view; key
// phrases show their resolved sentence or a "missing" error; question text is never run as markup.
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, openApp, selectText, storedRecords, useBrowser, waitSaved } from './helpers';

const TEXT =
  'Política de reembolso\r\n\r\nO prazo é de 20 dias úteis 🙂 após o pedido.\r\nCafé ☕ e pão 🥖 são servidos às 8h. Açúcar à parte.\r\n\r\nÚltima linha com ção e emoji 👩‍👩‍👧.\r\n';
const FILE = 'cafe-emoji.txt';
const QUESTION = 'Qual é o prazo do reembolso?';
const ANSWER = 'dias úteis 🙂 após o pedido.\r\nCafé';
const LOOKALIKE = 'pedido.\r\nCafé ☕ e pão 🥖 são';
const XSS = '<img src=x onerror=window.__pwned=1>';

const s = useBrowser();

/** Every question set stored in IndexedDB. */
async function storedSets(page: Page) {
  type Stored = { id: string; name: string; questions: Array<{ id: string; text: string; gold: Array<Record<string, unknown>>; notRelevant?: Array<Record<string, unknown>> }> };
  return Object.values(await storedRecords<Stored>(page, 'qs:'));
}

async function openQuestion(page: Page, setName: string, qid: string) {
  await page.getByTestId('q-set').selectOption({ label: setName });
  await page.locator(`[data-testid="q-list"] button[data-qid="${qid}"]`).click();
}

test('an answer marked by selecting text is saved with exact offsets, survives reload, and search uses it', async () => {
  const { page } = s;
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles({ name: FILE, mimeType: 'text/plain', buffer: Buffer.from(TEXT, 'utf8') });
  await page.locator('[data-testid="doc-list"] li', { hasText: FILE }).waitFor();
  await waitSaved(page);
  const corpusName = (await page.getByTestId('corpus-title').textContent())!.trim();

  // The workspace's entry point opens the editor.
  await page.getByTestId('edit-questions').click();
  await page.getByTestId('q-new-set').click();
  const setName = `Novas perguntas — ${corpusName}`;
  await expect.poll(() => page.getByTestId('q-set').locator('option:checked').textContent()).toBe(setName);
  await page.getByTestId('q-add').click();
  await page.getByTestId('q-input').fill(QUESTION);
  await page.getByTestId('q-doc').selectOption({ label: FILE });
  const view = page.getByTestId('q-doc-text');
  // The document is shown unchanged: CRLF, accents and emoji included.
  await expect.poll(() => view.evaluate((e) => e.textContent)).toBe(TEXT);

  await selectText(page, 'q-doc-text', ANSWER);
  const start = TEXT.indexOf(ANSWER);
  const end = start + ANSWER.length;
  await expect.poll(() => page.getByTestId('pending-text').getAttribute('data-start')).toBe(String(start));
  await expect(page.getByTestId('pending-text').getAttribute('data-end')).resolves.toBe(String(end));
  await page.getByTestId('q-mark-gold').click();
  const gold = page.locator('[data-testid="gold-list"] [data-testid="ref"]');
  await expect.poll(() => gold.getAttribute('data-start')).toBe(String(start));
  await expect(gold.getAttribute('data-end')).resolves.toBe(String(end));
  await expect(gold.getByTestId('ref-text').textContent()).resolves.toBe(ANSWER);
  // It is drawn in the document, and the engine says where it falls in the chunks.
  await expect.poll(() => view.locator('.gold').evaluateAll((els) => els.map((e) => e.textContent).join(''))).toBe(ANSWER);
  await expect.poll(() => gold.getByTestId('placement').count(), { timeout: 60_000 }).toBe(1);

  // A look-alike selected across the answer's highlight (several rendered pieces) maps back exactly too.
  await selectText(page, 'q-doc-text', LOOKALIKE);
  const ls = TEXT.indexOf(LOOKALIKE);
  await expect.poll(() => page.getByTestId('pending-text').getAttribute('data-start')).toBe(String(ls));
  await page.getByTestId('q-mark-notrel').click();
  const look = page.locator('[data-testid="notrel-list"] [data-testid="ref"]');
  await expect.poll(() => look.getAttribute('data-end')).toBe(String(ls + LOOKALIKE.length));

  // Stored in IndexedDB with exactly those offsets.
  await waitSaved(page);
  const findStored = async () => (await storedSets(page)).find((qs) => qs.name === setName)?.questions.find((q) => q.text === QUESTION);
  await expect.poll(async () => (await findStored())?.notRelevant?.length).toBe(1);
  const stored = (await findStored())!;
  expect(stored.gold).toHaveLength(1);
  const g = stored.gold[0] as { docId: string; start: number; end: number };
  expect(TEXT.slice(g.start, g.end)).toBe(ANSWER);
  expect([g.start, g.end]).toEqual([start, end]);
  const n = stored.notRelevant![0] as { start: number; end: number };
  expect(TEXT.slice(n.start, n.end)).toBe(LOOKALIKE);
  const qid = stored.id;

  // After a reload the question is still there with the same offsets.
  await page.reload();
  await waitSaved(page);
  await page.goto(appUrl('#/search/questions'));
  await openQuestion(page, setName, qid);
  await expect.poll(() => gold.getAttribute('data-start')).toBe(String(start));
  await expect(gold.getAttribute('data-end')).resolves.toBe(String(end));
  await expect(page.getByTestId('q-input').inputValue()).resolves.toBe(QUESTION);

  // The search view runs the labelled question and marks the unit that contains its answer.
  await page.getByTestId('tab-search').click();
  await page.getByTestId('search-question').selectOption({ label: `${qid} · ${QUESTION}` });
  await expect.poll(() => page.getByTestId('search-query').inputValue()).toBe(QUESTION);
  const withGold = page.locator('[data-testid="search-result"][data-gold="yes"]');
  await withGold.first().waitFor({ timeout: 60_000 });
  const unit = await withGold.first().evaluate((e) => ({ doc: e.getAttribute('data-doc-id'), start: Number(e.dataset.start), end: Number(e.dataset.end) }));
  expect(unit.doc).toBe(g.docId);
  expect(unit.start).toBeLessThanOrEqual(start);
  expect(unit.end).toBeGreaterThanOrEqual(end);
  expect(s.errors).toEqual([]);
});

test('key-phrase mode shows the resolved sentence, and an error for a phrase that is not in the document', async () => {
  const { page } = s;
  await page.getByTestId('tab-questions').click();
  await page.locator('[data-testid="q-list"] button').last().click();
  await page.getByTestId('q-doc').selectOption({ label: FILE });
  await expect.poll(() => page.getByTestId('q-doc-text').evaluate((e) => e.textContent)).toBe(TEXT);
  await page.getByTestId('q-phrase').fill('pão 🥖');
  await expect.poll(() => page.getByTestId('phrase-resolved').textContent(), { timeout: 30_000 }).toBe('Café ☕ e pão 🥖 são servidos às 8h.');
  const sentence = 'Café ☕ e pão 🥖 são servidos às 8h.';
  await expect(page.getByTestId('phrase-resolved').getAttribute('data-start')).resolves.toBe(String(TEXT.indexOf(sentence)));
  await page.getByTestId('q-phrase-gold').click();
  const phraseRef = page.locator('[data-testid="gold-list"] [data-testid="ref"][data-kind="phrase"]');
  await expect.poll(() => phraseRef.getAttribute('data-start')).toBe(String(TEXT.indexOf(sentence)));

  await page.getByTestId('q-phrase').fill('frase que não existe');
  await expect.poll(() => page.getByTestId('phrase-error').getAttribute('data-error'), { timeout: 30_000 }).toBe('missing');
  await expect(page.getByTestId('q-phrase-gold').isDisabled()).resolves.toBe(true);
  // "a" occurs many times: ambiguous.
  await page.getByTestId('q-phrase').fill('ã');
  await expect.poll(() => page.getByTestId('phrase-error').getAttribute('data-error'), { timeout: 30_000 }).toBe('ambiguous');
});

test('a question whose text is markup is shown as text and never runs', async () => {
  const { page } = s;
  await page.getByTestId('q-add').click();
  await page.getByTestId('q-input').fill(XSS);
  await expect.poll(() => page.locator('[data-testid="q-list"] [data-testid="q-text"]').last().textContent()).toBe(XSS);
  await page.getByTestId('tab-search').click();
  await page.getByTestId('tab-questions').click();
  await expect.poll(() => page.locator('[data-testid="q-list"] [data-testid="q-text"]').last().textContent()).toBe(XSS);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(await page.evaluate(() => document.querySelectorAll('main img, [data-testid="q-list"] img').length)).toBe(0);
  expect(s.errors).toEqual([]);
});
