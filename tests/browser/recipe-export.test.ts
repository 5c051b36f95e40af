// "Use this configuration": the inspector exports the chunking it shows as a recipe file, and
// `batch` with that recipe cuts the same document into the same chunks (offsets and token counts as
// the page shows them, converted to code points), in a real browser.
import { expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { chooseChunker, chunkRows, inspect, openApp, pasteDocument, setParam, useBrowser } from './helpers';

const TEXT = [
  '# Guia de reembolso 😀',
  '',
  'O pedido de reembolso deve ser enviado em até 180 dias a partir da data do atendimento. Guarde a nota fiscal original e o relatório médico.',
  '',
  '## Prazos ☃',
  '',
  'A operadora paga o reembolso em até 20 dias úteis depois de receber a documentação completa. Pedidos incompletos voltam para o beneficiário.',
  '',
  '- aplicativo',
  '- site 🚀 ou agência',
].join('\n');

const s = useBrowser();

test('the exported recipe reproduces the page\'s chunks through batch', async () => {
  await openApp(s.page);
  const title = 'Receita exportada';
  await pasteDocument(s.page, title, TEXT);
  await inspect(s.page, title);
  await chooseChunker(s.page, 'recursive');
  await setParam(s.page, 'maxTokens', 20);
  await setParam(s.page, 'overlap', 4);
  const rows = await chunkRows(s.page, 20, 3);
  const button = s.page.getByTestId('insp-recipe');
  await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
  const page = await rows.evaluateAll((els) => els.map((e) => ({ start: Number(e.dataset.start), end: Number(e.dataset.end), tokens: Number(e.dataset.tokens) })));

  // The button says what it downloads; once downloaded, the page says what the file is and how to use it.
  expect(await button.textContent()).toContain('receita');
  expect(await s.page.getByTestId('insp-recipe-saved').count()).toBe(0);
  const [download] = await Promise.all([s.page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe('chunklab-recipe.json');
  const saved = s.page.getByTestId('insp-recipe-saved');
  await saved.waitFor();
  expect(await saved.textContent()).toContain('chunklab-recipe.json');
  expect(await saved.locator('code').first().textContent()).toContain('batch --recipe chunklab-recipe.json');
  const recipeText = readFileSync((await download.path())!, 'utf8');
  const recipe = JSON.parse(recipeText);
  expect(recipe).toMatchObject({ format: 'chunklab-recipe', version: 1, chunker: 'recursive', tokenizer: 'all-MiniLM-L6-v2' });
  expect(recipe.params).toMatchObject({ maxTokens: 20, overlap: 4 });

  const tmp = mkdtempSync(join(tmpdir(), 'chunklab-recipe-export-'));
  writeFileSync(join(tmp, 'recipe.json'), recipeText);
  writeFileSync(join(tmp, 'docs.jsonl'), JSON.stringify({ id: 'doc', text: TEXT, format: 'md' }) + '\n');
  const root = new URL('../../', import.meta.url).pathname;
  const r = spawnSync(process.execPath, [join(root, 'scripts/cli.mjs'), 'batch', '--recipe', join(tmp, 'recipe.json'), '--input', join(tmp, 'docs.jsonl'), '--out', join(tmp, 'out'), '--workers', '1', '--jsonl', '--no-parquet'], { cwd: root, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const batch = readFileSync(join(tmp, 'out', 'chunks.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  // The page holds UTF-16 offsets; the files count code points.
  const cp = (u: number) => Array.from(TEXT.slice(0, u)).length;
  expect(batch.map((c) => [c.start, c.end, c.tokens])).toEqual(page.map((c) => [cp(c.start), cp(c.end), c.tokens]));
  expect(batch.map((c) => c.text)).toEqual(page.map((c) => TEXT.slice(c.start, c.end)));
}, 180_000);
