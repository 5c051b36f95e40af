// A reranker loaded from a folder on disk, then a reload with reranking still on (the page keeps no
// model files): the search is not blocked — it answers with the retriever's own ranking (BM25 here,
// the same results as a BM25 search without reranking), and a notice says, in the page's language,
// that these results are not reranked and why; its button opens the models dialog holding the
// reranker picker, where picking the folder again reranks the same search by itself.
import { expect, test } from 'vitest';
import { resolve } from 'node:path';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appUrl, loadModelFolder, loadRerankerFolder, openApp, useBrowser } from './helpers';
import { loadDataset } from '../../src/node/files.ts';

const BERT = resolve('tests/fixtures/models/chunklab-test-bert');
const CROSS = resolve('tests/fixtures/models/chunklab-test-cross-encoder');
const ds = await loadDataset('public/samples/pt-BR');
const Q = ds.questions[0].text;

const s = useBrowser();

async function settled(): Promise<string> {
  const status = s.page.getByTestId('search-status');
  await expect.poll(async () => {
    const run = await status.getAttribute('data-run');
    return run === 'error' || run === 'done' ? `${run}/${await status.getAttribute('data-stale')}` : run;
  }, { timeout: 120_000 }).toMatch(/^(done\/no|error\/)/);
  return (await status.getAttribute('data-run'))!;
}

const shownKeys = () => s.page.getByTestId('search-result').evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.docId}:${(e as HTMLElement).dataset.start}:${(e as HTMLElement).dataset.end}`));

test('a reranker from a folder, after a reload with reranking on: the search answers with BM25 unreranked and says why; its button opens a dialog with the reranker picker, and picking the folder reranks', async () => {
  const { page } = s;
  await openApp(page);
  await page.goto(appUrl('#/search'));
  await page.getByTestId('search-retriever').selectOption('bm25');
  await page.getByTestId('search-query').fill(Q);
  expect(await settled()).toBe('done');
  const before = await shownKeys();
  expect(before.length).toBeGreaterThan(0);

  // The reranker from disk, used, and left on.
  await page.locator('[data-testid="search-rerank"] summary').click();
  await loadRerankerFolder(page, CROSS);
  await page.getByTestId('search-rerank-on').check();
  expect(await settled()).toBe('done');
  await page.getByTestId('search-reranked').waitFor();

  // Reload: the choices are remembered (BM25, reranking on), the reranker's files are not.
  await page.reload();
  await page.getByTestId('search-query').waitFor();
  expect(await page.getByTestId('search-retriever').inputValue()).toBe('bm25');
  expect(await page.getByTestId('search-rerank-on').isChecked()).toBe(true);
  // The notice after the reload names the reranker; it can be dismissed.
  await page.getByTestId('folders-again').waitFor();
  expect(await page.getByTestId('folders-again').textContent()).toContain('chunklab-test-cross-encoder');
  await page.getByTestId('folders-again-dismiss').click();
  expect(await page.getByTestId('folders-again').count()).toBe(0);

  // The search answers with BM25's ranking, not reranked, and says why (Portuguese page).
  await page.getByTestId('search-query').fill(Q);
  expect(await settled()).toBe('done');
  expect(await shownKeys()).toEqual(before);
  expect(await page.getByTestId('search-reranked').count()).toBe(0);
  const msg = (await page.getByTestId('search-needs-folder').textContent()) ?? '';
  expect(msg).toContain('Resultados sem reranqueamento');
  expect(msg).toContain('chunklab-test-cross-encoder');
  expect(msg).toContain('Escolha a pasta de novo');
  expect(msg).not.toContain('não pôde ser carregado');

  // Reranking off: the same results, and nothing to explain.
  await page.getByTestId('search-rerank-on').uncheck();
  expect(await settled()).toBe('done');
  expect(await shownKeys()).toEqual(before);
  expect(await page.getByTestId('search-needs-folder').count()).toBe(0);
  await page.getByTestId('search-rerank-on').check();
  expect(await settled()).toBe('done');
  expect(await shownKeys()).toEqual(before);
  await page.getByTestId('search-needs-folder').waitFor();

  // Its button opens the dialog, which holds the reranker picker; picking the folder there works.
  await page.getByTestId('search-pick-folder').click();
  const dialog = page.getByTestId('models-dialog');
  await dialog.getByTestId('models-dialog-reranker').waitFor();
  await loadRerankerFolder(dialog, CROSS);
  await page.keyboard.press('Escape');
  // The same search is reranked by itself.
  await page.getByTestId('search-reranked').waitFor({ timeout: 120_000 });
  expect(await settled()).toBe('done');
  expect(await page.getByTestId('search-needs-folder').count()).toBe(0);
});

test('after a reload one notice lists every model from a folder (embedding, reranker, generator) to pick again; picking one removes it from the list', async () => {
  const { page } = s;
  // The embedding model from disk; the reranker is the folder picked in the test above.
  await page.goto(appUrl('#/search'));
  await loadModelFolder(page, BERT);
  // The in-page generator from a folder (only picked here: nothing is generated).
  const dir = mkdtempSync(join(tmpdir(), 'chunklab-llm-'));
  const gen = join(dir, 'tiny-llm');
  mkdirSync(join(gen, 'onnx'), { recursive: true });
  writeFileSync(join(gen, 'config.json'), JSON.stringify({ model_type: 'qwen2', architectures: ['Qwen2ForCausalLM'] }));
  await page.goto(appUrl('#/search/questions'));
  const panel = page.getByTestId('qgen-panel');
  await panel.waitFor({ timeout: 60_000 });
  await page.getByTestId('qgen-kind-local').check();
  await panel.getByTestId('qgen-local-folder').setInputFiles(gen);
  await expect.poll(() => panel.getByTestId('qgen-local-folder-picked').textContent()).toContain('tiny-llm');
  // Nothing to pick again while the page holds the files.
  expect(await page.getByTestId('folders-again').count()).toBe(0);

  await page.goto(appUrl('#/search'));
  await page.reload();
  const notice = page.getByTestId('folders-again');
  await notice.waitFor({ timeout: 60_000 });
  const items = () => notice.getByTestId('folders-again-item').evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.kind}:${e.textContent}`));
  const listed = await items();
  expect(listed.map((x) => x.split(':')[0])).toEqual(['embedding', 'reranker', 'generator']);
  expect(listed[0]).toContain('chunklab-test-bert');
  expect(listed[1]).toContain('chunklab-test-cross-encoder');
  expect(listed[2]).toContain('tiny-llm');
  expect(await notice.textContent()).toContain('escolha de novo a pasta');

  // Meanwhile a BM25 search works.
  await page.getByTestId('search-retriever').selectOption('bm25');
  if (await page.getByTestId('search-rerank-on').isChecked()) await page.getByTestId('search-rerank-on').uncheck();
  await page.getByTestId('search-query').fill(Q);
  expect(await settled()).toBe('done');

  // The reranker's button opens the dialog at the reranker picker; picking it there drops it from the list.
  await notice.locator('[data-kind="reranker"]').getByTestId('folders-again-pick').click();
  const dialog = page.getByTestId('models-dialog');
  await dialog.getByTestId('models-dialog-reranker').waitFor();
  await loadRerankerFolder(dialog, CROSS);
  // The embedding model in the same dialog.
  await loadModelFolder(page, BERT, { open: false });
  await expect.poll(async () => (await items()).map((x) => x.split(':')[0])).toEqual(['generator']);

  // The generator: a run asks for its folder rather than fetch the catalogue model from the Hub.
  const hub: string[] = [];
  await s.context.route('https://huggingface.co/**', (route) => {
    hub.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  try {
    await page.goto(appUrl('#/search/questions'));
    await panel.waitFor({ timeout: 60_000 });
    expect(await panel.getByTestId('qgen-local-folder-again').textContent()).toContain('tiny-llm');
    await panel.getByTestId('qgen-prepare').click();
    await expect.poll(() => panel.getByTestId('qgen-cost').textContent(), { timeout: 60_000 }).toMatch(/sem custo/);
    await panel.getByTestId('qgen-run').click();
    await panel.getByTestId('qgen-error').waitFor({ timeout: 60_000 });
    const err = (await panel.getByTestId('qgen-error').textContent()) ?? '';
    expect(err).toContain('“tiny-llm”');
    expect(err).toContain('escolha a pasta de novo');
    expect(hub).toEqual([]);
    // Back to the catalogue model on purpose: nothing is left to pick, the notice goes.
    await panel.getByTestId('qgen-local-folder-forget').click();
    expect(await page.getByTestId('folders-again').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('chunklab.generatorFolder'))).toBeNull();
  } finally {
    await s.context.unrouteAll();
  }
});
