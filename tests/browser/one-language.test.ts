// One language at a time. In the Portuguese page, every view (and the models dialog, and in Results
// the session's rename field, a confirmation, the undo notice and a filtered chart), after a grid
// with the context header has run, shows no English sentence outside code and names; run labels
// say "cab", not "hdr". An English visitor starts from the English sample. The rename field takes
// focus, closes when another corpus is selected, and never renames the newly selected corpus.
import { expect, test } from 'vitest';
import { openBrowser } from './browser';
import { appUrl, openApp, openGrid, runGrid, useBrowser, waitSaved } from './helpers';
import { englishIn, visibleText } from './portuguese';

const s = useBrowser();

test('the Portuguese page: every view in Portuguese after a grid with the header has run', async () => {
  const { page } = s;
  await openApp(page);
  await openGrid(page);
  await page.locator('input[data-header="on"]').check();
  await runGrid(page, { runs: 4 });
  const found: Record<string, string[]> = {};
  for (const view of ['workspace', 'inspector', 'search', 'experiments', 'results', 'lessons']) {
    await page.goto(appUrl(`#/${view}`));
    await waitSaved(page);
    await page.waitForTimeout(0);
    await page.locator('main').first().waitFor();
    // Each view has settled: its own heading is there.
    await page.locator('main h1, main h2').first().waitFor({ timeout: 60_000 });
    const bad = englishIn(await visibleText(page));
    if (bad.length) found[view] = bad;
    if (view === 'results') {
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text).toContain('estrutura · 128 · cab · bm25');
      expect(text).not.toContain('hdr');
      // The session's name and the parts of Results that open on demand: the rename field, a
      // confirmation, the undo notice, a chart filtered.
      expect(await page.getByTestId('res-session-title').textContent()).toMatch(/^Sessão: Grade: estratégias × cabeçalho · /);
      await page.getByTestId('res-session-rename').click();
      const more = englishIn(await visibleText(page));
      await page.keyboard.press('Escape');
      await page.getByTestId('res-clear-all').click();
      more.push(...englishIn(await visibleText(page)));
      await page.getByTestId('res-confirm-no').click();
      await page.getByTestId('res-delete').first().click();
      await page.getByTestId('res-toast').waitFor();
      more.push(...englishIn(await visibleText(page)));
      await page.getByTestId('res-undo').click();
      await page.getByTestId('chart-filter-chunker').first().click();
      more.push(...englishIn(await visibleText(page)));
      await page.getByTestId('chart-filter-chunker-all').click();
      if (more.length) found['results (on demand)'] = more;
    }
  }
  await page.getByTestId('model-button').click();
  const dialogBad = englishIn(await visibleText(page));
  if (dialogBad.length) found['models dialog'] = dialogBad;
  await page.keyboard.press('Escape');
  expect(found).toEqual({});
}, 400_000);

test('the rename field takes focus, closes when another corpus is selected, and renames only its corpus', async () => {
  const { page } = s;
  await openApp(page);
  const first = (await page.getByTestId('corpus-title').textContent())!;
  await page.getByRole('button', { name: 'Novo corpus' }).click();
  await expect.poll(() => page.getByTestId('corpus-title').textContent()).not.toBe(first);
  const second = (await page.getByTestId('corpus-title').textContent())!;
  await page.getByTestId('rename-corpus').click();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('rename-input');
  await page.keyboard.type('Curso de RAG');
  // Another corpus chosen while the field is open: it closes; nothing is renamed.
  await page.getByTestId('corpus-list').getByRole('button', { name: new RegExp(first.replace(/[()]/g, '.')) }).click();
  await expect.poll(() => page.getByTestId('rename-input').count()).toBe(0);
  expect(await page.getByTestId('corpus-title').textContent()).toBe(first);
  const names = await page.locator('[data-testid="corpus-list"] .name').allTextContents();
  expect(names).toContain(second);
  expect(names).not.toContain('Curso de RAG');
  // Renaming for real renames the corpus it was opened on.
  await page.getByTestId('rename-corpus').click();
  await page.getByTestId('rename-input').fill('Curso de RAG');
  await page.keyboard.press('Enter');
  expect(await page.getByTestId('corpus-title').textContent()).toBe('Curso de RAG');
  expect(await page.locator('[data-testid="corpus-list"] .name').allTextContents()).toContain(second);
}, 120_000);

test('an English visitor starts from the English sample', async () => {
  const en = await openBrowser();
  try {
    await en.context.addInitScript(() => localStorage.setItem('chunklab.lang', 'en'));
    await openApp(en.page);
    expect(await en.page.getByTestId('corpus-title').textContent()).toBe('Sample in English (en)');
    expect(await en.page.locator('[data-testid="corpus-list"] .name').allTextContents()).toEqual(['Sample in English (en)']);
  } finally {
    await en.close();
  }
}, 120_000);
