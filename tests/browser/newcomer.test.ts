// What a newcomer meets, in Chromium at 1366×768: the first-visit guide (shown, dismissed, opened
// again from Help), the skip link (focuses the main region without routing), drafts that survive a
// view switch and a reload, plurals, an import that names a question whose own filter excludes its
// gold document, the Results "expected answer" of an HTML document (the extracted text, not the raw
// HTML), and "open in the inspector" highlighting that answer with the cut that splits it.
import { expect, test } from 'vitest';
import { appUrl, openApp, runGrid, useBrowser, waitSaved } from './helpers';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const s = useBrowser({ viewport: { width: 1366, height: 768 } });

const SENTENCE = 'The capital of Freedonia is Fredville, a city of bridges, markets, old towers, quiet canals and many bakeries along the slow brown river.';
const HTML = `<!doctype html><html><head><title>Page</title><style>p { color: red }</style></head><body><h1>Freedonia</h1><p>Hills, rivers and fields cover the north.</p><p>${SENTENCE}</p></body></html>`;
const WORKSPACE = {
  format: 'chunklab-workspace',
  version: 1,
  corpora: [{ id: 'fr', name: 'Freedonia HTML', documents: [{ id: 'page.html', name: 'page.html', text: HTML, format: 'html', meta: { lang: 'en' } }] }],
  questionSets: [
    {
      id: 'qs',
      name: 'Freedonia questions',
      corpusId: 'fr',
      questions: [
        { id: 'capital', text: 'What is the capital of Freedonia?', gold: [{ docId: 'page.html', phrase: 'capital of Freedonia is Fredville' }] },
        { id: 'self-excluded', text: 'What covers the north?', gold: [{ docId: 'page.html', phrase: 'Hills, rivers and fields' }], filter: { lang: 'pt' } },
      ],
    },
  ],
};

test('the guide shows on the first visit, is dismissed for good, and Help opens it again', async () => {
  const { page } = s;
  await openApp(page);
  const guide = page.getByTestId('guide');
  await guide.waitFor();
  expect(await guide.getByRole('heading', { level: 2 }).textContent()).toBe('Primeiros passos');
  // Three steps, each a link to its view.
  expect(await guide.locator('ol > li a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['#/inspector', '#/experiments', '#/results']);
  await page.screenshot({ path: '.cache/guide-pt-BR-1366x768.png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByTestId('guide-dismiss').click();
  await guide.waitFor({ state: 'detached' });
  await page.reload();
  await waitSaved(page);
  await page.getByTestId('corpus-title').waitFor();
  expect(await guide.count()).toBe(0);
  await page.getByTestId('help-button').click();
  await guide.waitFor();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('guide');
  // English, too.
  await page.getByTestId('lang-switch').selectOption('en');
  expect(await guide.getByRole('heading', { level: 2 }).textContent()).toBe('First steps');
  await page.getByTestId('lang-switch').selectOption('pt-BR');
  // A step link opens its view.
  await page.getByTestId('guide-step-cuts').click();
  await page.waitForURL(/#\/inspector$/);
  await page.getByTestId('guide-dismiss').click();
  expect(s.errors).toEqual([]);
});

test('the skip link focuses the current view\'s title (inside the main region, past the guide) and leaves the view alone', async () => {
  const { page } = s;
  await page.goto(appUrl('#/inspector'));
  await page.reload();
  await page.getByRole('heading', { name: 'Inspetor de chunks', level: 2 }).waitFor();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('skip-link');
  await page.keyboard.press('Enter');
  // Focus lands on the view's own title, in the main region, never on the first-visit guide above it.
  expect(
    await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return { inMain: !!a?.closest('main'), inView: !!a?.closest('[data-testid="view"]'), tag: a?.tagName, text: a?.textContent?.trim() };
    }),
  ).toEqual({ inMain: true, inView: true, tag: 'H2', text: 'Inspetor de chunks' });
  expect(new URL(page.url()).hash).toBe('#/inspector');
  await page.getByRole('heading', { name: 'Inspetor de chunks', level: 2 }).waitFor();
  // The next Tab goes into the view, not back to the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});

test('pasted text survives a view switch and a reload, and is cleared once added', async () => {
  const { page } = s;
  await page.goto(appUrl('#/workspace'));
  await page.getByTestId('corpus-title').waitFor();
  await page.getByTestId('paste-title').fill('Draft note');
  await page.getByTestId('paste-format').selectOption('text');
  await page.getByTestId('paste-text').fill('Text typed but not added yet.');
  await page.locator('a[data-view="search"]').click();
  await page.waitForURL(/#\/search/);
  await page.locator('a[data-view="workspace"]').click();
  expect(await page.getByTestId('paste-text').inputValue()).toBe('Text typed but not added yet.');
  expect(await page.getByTestId('paste-title').inputValue()).toBe('Draft note');
  await page.reload();
  await page.getByTestId('corpus-title').waitFor();
  expect(await page.getByTestId('paste-text').inputValue()).toBe('Text typed but not added yet.');
  expect(await page.getByTestId('paste-format').inputValue()).toBe('text');
  await page.getByTestId('paste-add').click();
  await page.locator('[data-testid="doc-list"] li', { hasText: 'Draft note' }).first().waitFor();
  await waitSaved(page);
  await page.reload();
  await page.getByTestId('corpus-title').waitFor();
  expect(await page.getByTestId('paste-text').inputValue()).toBe('');
});

test('counts read "1 documento" / "1 document", not "1 documentos"', async () => {
  const { page } = s;
  await page.getByRole('button', { name: 'Novo corpus' }).click();
  await page.getByTestId('paste-text').fill('One lonely document.');
  await page.getByTestId('paste-add').click();
  await expect.poll(() => page.getByTestId('corpus-counts').textContent()).toMatch(/^\s*1 documento · 0 perguntas\s*$/);
  await page.getByTestId('lang-switch').selectOption('en');
  await expect.poll(() => page.getByTestId('corpus-counts').textContent()).toMatch(/^\s*1 document · 0 questions\s*$/);
  await page.getByTestId('lang-switch').selectOption('pt-BR');
  await waitSaved(page);
});

test('an HTML corpus: the import names the self-excluded question; Results quote the extracted answer; the inspector jumps to it', async () => {
  const { page } = s;
  await page.getByTestId('import-input').setInputFiles({ name: 'ws.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(WORKSPACE)) });
  const msg = page.getByTestId('ws-message').filter({ hasText: 'Importado' });
  await msg.waitFor({ timeout: 60_000 });
  const text = (await msg.textContent()) ?? '';
  expect(text).toContain('1 documento, 1 pergunta)');
  expect(text).toContain('A pergunta self-excluded ficou de fora');
  expect(text).toContain('page.html');
  await waitSaved(page);

  await page.goto(appUrl('#/experiments'));
  await page.getByTestId('exp-corpus').waitFor({ timeout: 60_000 });
  const corpusId = await page.getByTestId('exp-corpus').evaluate((el) => [...(el as HTMLSelectElement).options].find((o) => o.text === 'Freedonia HTML')!.value);
  await page.getByTestId('exp-corpus').selectOption(corpusId);
  await page.getByTestId('exp-sizes').fill('16');
  await page.locator('input[data-chunker="structure"]').uncheck();
  await runGrid(page, { runs: 1 });

  await page.goto(appUrl('#/results'));
  await page.getByTestId('res-table').waitFor();
  await page.getByTestId('res-details').first().click();
  const line = page.locator('[data-testid="res-questions"] tr[data-qid="capital"]');
  await line.waitFor();
  // The phrase resolves to its whole sentence in the extracted text: no markup, exactly the sentence.
  await expect.poll(() => line.getByTestId('gold-answer').textContent()).toBe(SENTENCE);

  await line.getByTestId('open-inspector').click();
  await page.waitForURL(/#\/inspector/);
  const note = page.getByTestId('insp-target');
  await note.waitFor({ timeout: 60_000 });
  // The highlighted pieces spell the answer; at 16 tokens a chunk starts inside it, drawn as the split.
  const gold = await page.locator('[data-testid="doc-text"] [data-gold]').evaluateAll((els) => els.map((e) => e.textContent).join(''));
  expect(gold).toBe(SENTENCE);
  const splits = await page.locator('[data-testid="doc-text"] [data-splits]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-start'))));
  expect(splits.length).toBeGreaterThan(0);
  const docText = await page.getByTestId('doc-text').evaluate((el) => [...el.querySelectorAll('span')].map((x) => x.textContent).join(''));
  const at = docText.indexOf(SENTENCE);
  for (const st of splits) expect(st > at && st < at + SENTENCE.length).toBe(true);
  await note.getByTestId('insp-target-split').waitFor();
  // The answer is on screen.
  const box = await page.locator('[data-testid="doc-text"] [data-gold]').first().boundingBox();
  expect(box && box.y >= 0 && box.y < 768).toBe(true);
  expect(s.errors).toEqual([]);
});

test("the inspector's model limit follows the loaded model; after a reload a folder model says to pick it again", async () => {
  const { page } = s;
  const dir = 'tests/fixtures/models/chunklab-test-bert';
  const cfg = JSON.parse(readFileSync(`${dir}/config.json`, 'utf8')) as { max_position_embeddings: number };
  const tok = JSON.parse(readFileSync(`${dir}/tokenizer_config.json`, 'utf8')) as { model_max_length?: number };
  const limit = Math.min(cfg.max_position_embeddings, tok.model_max_length ?? Infinity);
  await page.goto(appUrl('#/inspector'));
  await page.getByTestId('insp-model-max').waitFor();
  expect(await page.getByTestId('model-needs-files').count()).toBe(0);
  await page.getByTestId('insp-model-max').fill('100');
  await page.getByTestId('insp-model-max').dispatchEvent('change');
  expect(await page.getByTestId('insp-model-max').inputValue()).toBe('100');

  await page.getByTestId('model-button').click();
  await page.getByTestId('source-files').check();
  await page.getByTestId('model-folder').setInputFiles(resolve(dir));
  await page.getByTestId('folder-picked').waitFor();
  await page.getByTestId('model-load').click();
  await page.locator('[data-testid="model-status"][data-phase="ready"]').waitFor({ timeout: 60_000 });
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByTestId('insp-model-max').inputValue(), { timeout: 30_000 }).toBe(String(limit));
  expect(await page.getByTestId('model-needs-files').count()).toBe(0);

  await page.reload();
  await page.getByTestId('model-needs-files').waitFor();
  expect(await page.getByTestId('model-button').textContent()).toContain('escolha a pasta de novo');
});

test('the question being edited and its key phrase survive a view switch and a reload', async () => {
  const { page } = s;
  await page.goto(appUrl('#/search/questions'));
  await page.getByTestId('q-list').waitFor({ timeout: 60_000 });
  const second = page.locator('[data-testid="q-list"] button.qrow').last();
  const qid = await second.getAttribute('data-qid');
  await second.click();
  await page.getByTestId('q-phrase').fill('uma frase ainda não usada');
  await page.locator('a[data-view="workspace"]').click();
  await page.getByTestId('corpus-title').waitFor();
  await page.locator('a[data-view="search"]').click();
  await page.getByRole('tab', { name: 'Perguntas' }).click();
  await expect.poll(() => page.getByTestId('q-phrase').inputValue()).toBe('uma frase ainda não usada');
  expect(await page.locator('[data-testid="q-list"] button.qrow[aria-pressed="true"]').getAttribute('data-qid')).toBe(qid);
  await page.reload();
  await page.getByTestId('q-phrase').waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('q-phrase').inputValue()).toBe('uma frase ainda não usada');
  expect(await page.locator('[data-testid="q-list"] button.qrow[aria-pressed="true"]').getAttribute('data-qid')).toBe(qid);
});

test('an engine error with a code is shown in the interface language, the engine message kept as detail', async () => {
  const { page } = s;
  await page.goto(appUrl('#/workspace'));
  await page.getByTestId('corpus-title').waitFor();
  await page.getByTestId('import-input').setInputFiles({ name: 'odd.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ hello: 1 })) });
  const msg = page.getByTestId('ws-message');
  await expect.poll(() => msg.textContent()).toContain('Formato de conjunto de dados desconhecido');
  expect(await msg.textContent()).toContain('unknown dataset format');
  await page.getByTestId('import-input').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"data": [') });
  await expect.poll(() => msg.textContent()).toContain('O arquivo não é um JSON válido');
});

test('lesson cards: claims computed from their table, the tables-and-code link opens a document with both, no clipped column', async () => {
  const { page } = s;
  await page.goto(appUrl('#/lessons'));
  const strategies = page.locator('[data-lesson="strategies"]');
  await strategies.getByTestId('lesson-claims').waitFor({ timeout: 60_000 });
  // Portuguese sample: the sentence window (0,823) and small-to-big (0,911) both beat structure (0,785).
  expect(await strategies.locator('[data-claim="lessons.claim.wideAbove"]').count()).toBe(2);
  expect(await strategies.getByTestId('lesson-claims').textContent()).toContain('0,785');
  const card = page.locator('[data-lesson="tables-code"]');
  const table = card.getByTestId('lesson-sample');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.cache/lessons-tables-code-1366x768.png' });
  for (const tb of [table, card.getByTestId('lesson-lints')]) expect(await tb.evaluate((el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth + 1)).toBe(true);
  const link = card.getByTestId('lesson-inspector');
  expect(await link.getAttribute('data-doc')).toBe('guia-api-sabia-pagamentos');
  await link.click();
  await page.waitForURL(/#\/inspector/);
  await expect.poll(() => page.getByTestId('insp-doc').inputValue()).toBe('guia-api-sabia-pagamentos');
  await page.getByTestId('chunk-marker').first().waitFor({ timeout: 60_000 });
  const text = await page.getByTestId('doc-text').evaluate((el) => [...el.querySelectorAll('span')].map((x) => x.textContent).join(''));
  expect(text).toMatch(/^\|.*\|$/m);
  expect(text).toMatch(/^```/m);
});
