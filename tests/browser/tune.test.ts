// "Recommend a configuration" in a real browser: on the Portuguese sample, tune runs in the engine
// worker with progress and gives the very pick and estimate the engine gives in Node on the same
// sample folder (same space, same seed); the panel shows the table, the path, the flips and a recipe
// to download; a second run is cancelled; the panel speaks English after the switch.
import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { openApp, openGrid, useBrowser } from './helpers';
import { loadDataset } from '../../src/node/files.ts';
import { loadDefaultTokenizer } from '../../src/node/tokenizer-folder.ts';
import { selectQuestions } from '../../src/engine/evaluation/index.ts';
import { experimentScorer, tune, tuneQuestions, tuneSpace } from '../../src/engine/tune/index.ts';

const s = useBrowser();

test('recommend: the engine figures, path, flips, recipe; cancel; both languages', async () => {
  const { page } = s;
  await openApp(page);
  await openGrid(page);
  const panel = page.getByTestId('tune-panel');
  await panel.waitFor();
  expect(await panel.locator('h3').textContent()).toBe('Recomendar uma configuração');
  for (const c of ['structure', 'fixed']) await panel.locator(`input[data-tune-chunker="${c}"]`).uncheck();
  await page.getByTestId('tune-sizes').fill('64, 128');
  await page.getByTestId('tune-run').click();
  await page.getByTestId('tune-progress').waitFor({ timeout: 60_000 });
  const result = page.getByTestId('tune-result');
  await result.waitFor({ timeout: 180_000 });

  // The same search in Node on the sample folder.
  const dataset = selectQuestions(await loadDataset('public/samples/pt-BR'), false);
  const r = await tune(tuneQuestions(dataset), experimentScorer(dataset, { tokenizer: await loadDefaultTokenizer() }, 'hit@5'), { seed: 1, space: tuneSpace(['recursive', 'sentences'], [64, 128]) });
  expect(await result.getAttribute('data-chosen')).toBe(r.chosen.label);
  expect(Number(await result.getAttribute('data-value'))).toBeCloseTo(r.estimate.value, 12);
  expect(Number(await result.getAttribute('data-low'))).toBeCloseTo(r.estimate.low, 12);
  expect(Number(await result.getAttribute('data-gain'))).toBeCloseTo(r.baselines[0].vsChosen.gain.value, 12);
  expect(Number(await result.getAttribute('data-runs'))).toBe(r.runs.length);
  expect(await page.getByTestId('tune-split').getAttribute('data-by')).toBe('question');
  expect(await page.getByTestId('tune-split').textContent()).toContain('menos de 10');
  expect(await page.locator('[data-testid="tune-table"] tbody tr').count()).toBe(1 + r.baselines.length);
  // The path: every configuration of the first stage with its score.
  await page.getByTestId('tune-path').locator('summary').click();
  expect(await page.locator('[data-testid="tune-path"] ol[data-stage="0"] li').count()).toBe(4);
  const flips = page.getByTestId('tune-flips');
  expect(Number(await flips.getAttribute('data-chosen-only'))).toBe(r.flips.chosenOnly.length);
  expect(Number(await flips.getAttribute('data-default-only'))).toBe(r.flips.defaultOnly.length);

  // The recipe: what eval --recipe and batch take.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('tune-export').click()]);
  const recipe = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(recipe.format).toBe('chunklab-recipe');
  expect(recipe.chunker).toBe(r.chosen.config.chunker);
  expect(recipe.params.maxTokens).toBe(r.chosen.config.params.maxTokens);

  // Cancel a second run.
  await page.getByTestId('tune-run').click();
  await page.getByTestId('tune-cancel').click();
  await page.getByTestId('tune-cancelled').waitFor();
  expect(await page.getByTestId('tune-run').isEnabled()).toBe(true);

  await page.getByTestId('lang-switch').selectOption('en');
  expect(await panel.locator('h3').textContent()).toBe('Recommend a configuration');
  expect(await page.getByTestId('tune-cancelled').textContent()).toBe('Recommendation cancelled.');
});
