// The Results view's per-document choice in a real browser: a grid of six BM25 runs on the Portuguese
// sample, then the panel's gain, interval, in-sample gain and changed documents equal the engine's
// choosePerDocument run here in Node on the very results files the page saved (in the panel's order);
// the metric can be changed; the exported recipe maps each document to its chosen configuration,
// keyed by stable configuration ids (the file saved from the English page is the Portuguese one,
// byte for byte); changed documents are named by their titles; the panel speaks Portuguese and English.
import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { openApp, openGrid, runGrid, savedResults, useBrowser } from './helpers';
import { choiceInputFromResults, choosePerDocument, type ChoiceMetric } from '../../src/engine/evaluation/index.ts';
import { loadDataset } from '../../src/node/files.ts';

const titles = new Map((await loadDataset('public/samples/pt-BR')).documents.map((d) => [d.id, String(d.meta?.title)]));

const s = useBrowser();

test('per-document choice: the engine figures, the changed documents, another metric, the recipe export, both languages', async () => {
  const { page } = s;
  await openApp(page);
  await openGrid(page);
  // fixed, structure and recursive at 64 and 128 tokens, BM25: six runs.
  await page.locator('input[data-chunker="recursive"]').check();
  await page.getByTestId('exp-sizes').fill('64, 128');
  await runGrid(page, { runs: 6 });

  await page.goto(page.url().replace(/#.*$/, '') + '#/results');
  await page.getByTestId('res-table').waitFor();
  const panel = page.getByTestId('perdoc');
  expect(await panel.locator('summary').textContent()).toContain('Escolha por documento');
  await panel.locator('summary').click();
  const gain = page.getByTestId('perdoc-gain');
  await gain.waitFor({ timeout: 30_000 });

  const files = await savedResults(page);
  const stored: string[] = JSON.parse((await panel.getAttribute('data-stored'))!);
  expect(stored).toHaveLength(6);
  const runs = stored.map((name) => ({ name, file: files.find((f) => f.name === name)!.results }));
  const expectFigures = async (metric: ChoiceMetric) => {
    const r = choosePerDocument(choiceInputFromResults(runs, metric));
    await expect.poll(async () => Number(await gain.getAttribute('data-gain'))).toBeCloseTo(r.gain.estimate, 12);
    expect(Number(await gain.getAttribute('data-lo'))).toBeCloseTo(r.gain.interval[0], 12);
    expect(Number(await gain.getAttribute('data-hi'))).toBeCloseTo(r.gain.interval[1], 12);
    expect(Number(await page.getByTestId('perdoc-insample').getAttribute('data-gain'))).toBeCloseTo(r.inSample.gain, 12);
    const changed = r.perDocument.filter((d) => d.changed);
    expect(await page.getByTestId('perdoc-changed-count').getAttribute('data-n')).toBe(String(changed.length));
    const shownDocs = await page.locator('[data-testid="perdoc-changed"] tbody tr').evaluateAll((els) => els.map((e) => e.getAttribute('data-doc')));
    expect(shownDocs).toEqual(changed.map((d) => d.docId));
    // People read the documents' titles, not their ids.
    const names = await page.locator('[data-testid="perdoc-changed"] tbody td.name').allTextContents();
    expect(names).toEqual(changed.map((d) => titles.get(d.docId)));
    const verdict = r.gain.interval[0] > 0 ? 'ajuda' : r.gain.interval[1] < 0 ? 'piora' : 'Nenhum ganho';
    expect(await page.getByTestId('perdoc-verdict').textContent()).toContain(verdict);
    return r;
  };
  const r5 = await expectFigures('hit@5');
  // This grid differs per document in sample: the panel has something to show.
  expect(r5.inSample.gain).toBeGreaterThan(0);

  // The recipe: each document to the configuration chosen on all its questions.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('perdoc-export').click()]);
  const ptText = readFileSync((await download.path())!, 'utf8');
  const recipe = JSON.parse(ptText);
  expect(download.suggestedFilename()).toBe('chunklab-per-document-recipe.json');
  expect(recipe.format).toBe('chunklab-per-document-recipe');
  expect(recipe.metric).toBe('hit@5');
  // The recipe keys configurations by stable ids made from the configuration (never the labels shown,
  // which follow the page's language), in the panel's order.
  const ids: string[] = JSON.parse((await panel.getAttribute('data-ids'))!);
  expect(ids).toHaveLength(6);
  expect(new Set(ids).size).toBe(6);
  for (const id of ids) expect(id).toMatch(/^(fixed|structure|recursive)-(64|128)(-ov\d+)?_bm25$/);
  expect(recipe.default).toBe(ids[r5.single.all]);
  expect(recipe.documents).toEqual(Object.fromEntries(r5.perDocument.map((d) => [d.docId, ids[d.chosen]])));
  for (const [id, c] of Object.entries(recipe.configurations) as [string, { recipe: { chunker: string; params: { maxTokens: number } } }][]) {
    const file = runs[ids.indexOf(id)].file;
    const p = file.config.params as { maxTokens: number; overlap?: number };
    expect(id).toBe(`${file.config.chunker}-${p.maxTokens}${p.overlap ? `-ov${p.overlap}` : ''}_bm25`);
    expect(c.recipe.chunker).toBe(file.config.chunker);
    expect(c.recipe.params.maxTokens).toBe((file.config.params as { maxTokens: number }).maxTokens);
  }
  expect(recipe.gain.estimate).toBeCloseTo(r5.gain.estimate, 12);

  // Another metric: the figures follow.
  await page.getByTestId('perdoc-metric').selectOption('mrr');
  await expectFigures('mrr');

  // English.
  await page.getByTestId('lang-switch').selectOption('en');
  expect(await panel.locator('summary').textContent()).toContain('Per-document choice');
  expect(await gain.textContent()).toContain('choosing per document');
  // The runs' labels follow the language; the recipe does not: saved from the English page (metric
  // back to hit@5) it is the file saved from the Portuguese one.
  await expect.poll(() => page.locator('[data-testid="perdoc-runs"]').textContent()).toMatch(/Best single configuration: (fixed|structure|recursive) ·/);
  await page.getByTestId('perdoc-metric').selectOption('hit@5');
  await expect.poll(async () => Number(await gain.getAttribute('data-gain'))).toBeCloseTo(r5.gain.estimate, 12);
  const [enDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('perdoc-export').click()]);
  expect(readFileSync((await enDownload.path())!, 'utf8')).toBe(ptText);
});
