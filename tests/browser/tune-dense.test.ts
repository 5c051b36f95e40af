// "Recommend a configuration" with a model loaded (the random-weight test model: plumbing only, no
// claim about quality): with hybrid chosen, the search's last stage and the estimate run hybrid over
// the page's model (earlier stages BM25), as the CLI's `tune --retriever hybrid --model …`; the
// panel says so in both languages and the recipe records the retriever and the model. Without a
// model, dense and hybrid cannot be chosen.
import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadModelFolder, openApp, openGrid, useBrowser } from './helpers';

const MODEL = resolve('tests/fixtures/models/chunklab-test-bert');
const s = useBrowser();

test('recommend with a loaded model: the last stage and the estimate hybrid (earlier stages BM25), said in the panel', async () => {
  const { page } = s;
  await openApp(page);
  await openGrid(page);
  const panel = page.getByTestId('tune-panel');
  await panel.waitFor();
  const select = page.getByTestId('tune-retriever');
  // No model yet: BM25 only.
  expect(await select.locator('option[value="hybrid"]').isDisabled()).toBe(true);
  expect(await page.getByTestId('tune-retriever-help').textContent()).toContain('Carregue um modelo');

  await loadModelFolder(page, MODEL);
  expect(await select.locator('option[value="hybrid"]').isDisabled()).toBe(false);
  await select.selectOption('hybrid');
  for (const c of ['structure', 'fixed']) await panel.locator(`input[data-tune-chunker="${c}"]`).uncheck();
  await page.getByTestId('tune-sizes').fill('64, 128');
  await page.getByTestId('tune-run').click();
  const result = page.getByTestId('tune-result');
  await result.waitFor({ timeout: 170_000 });

  const promoted = page.getByTestId('tune-promoted');
  expect(await promoted.getAttribute('data-retriever')).toBe('hybrid');
  expect(await promoted.textContent()).toContain('híbrida');
  expect(await promoted.textContent()).toContain('chunklab-test-bert');
  await page.getByTestId('tune-path').locator('summary').click();
  const stages = page.locator('[data-testid="tune-path"] ol[data-stage]');
  const kinds = await stages.evaluateAll((els) => els.map((e) => e.getAttribute('data-retriever')));
  // The sample's choosing half (about 40 questions) is too small for a cheap first stage (halving.ts:
  // 60 or more), so the search is one stage on every choosing question: the last stage, hybrid. The
  // stages before the last, where there are any, are BM25 (planStages: tests/engine/tune/search.test.ts).
  expect(kinds.at(-1)).toBe('hybrid');
  expect(kinds.slice(0, -1).every((k) => k === 'bm25')).toBe(true);
  const value = Number(await result.getAttribute('data-value'));
  expect(value).toBeGreaterThanOrEqual(0);
  expect(value).toBeLessThanOrEqual(1);

  // The recipe is the chunking of the pick (what batch and serve take; the retriever is not part of it).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('tune-export').click()]);
  const recipe = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(`${recipe.chunker} · ${recipe.params.maxTokens}`).toBe(await result.getAttribute('data-chosen'));

  await page.getByTestId('lang-switch').selectOption('en');
  expect(await promoted.textContent()).toContain('the estimate used hybrid retrieval with the model');
});
