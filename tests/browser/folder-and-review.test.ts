// Two newcomer traps of issue 33. A folder chosen twice: the drop zone says a folder becomes a corpus
// named after it, and the second copy gets a name of its own ("notas (2)"), said in the notice, never
// two corpora with one name. The evaluated-questions line names what is left out: generated questions
// not reviewed yet (not "0 unreviewed"), and only the kinds there are (never "0 rejected").
import { expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { appUrl, openApp, openGrid, useBrowser, waitSaved } from './helpers';
import { oneDocumentFolder } from './one-document-folder';

const s = useBrowser();

async function chooseFolder(page: Page, dir: string): Promise<string> {
  await page.getByTestId('docs-folder-input').setInputFiles(dir);
  const add = page.getByTestId('docs-add');
  const msg = page.getByTestId('ws-message').filter({ hasText: 'adicionados' });
  await add.or(msg).first().waitFor({ timeout: 60_000 });
  if (await add.count()) await add.click();
  await msg.waitFor({ timeout: 60_000 });
  await waitSaved(page);
  return (await msg.textContent()) ?? '';
}

test('a folder chosen twice: the drop zone says where it goes; the second corpus gets a name of its own, said', async () => {
  const { page } = s;
  const dir = join(mkdtempSync(join(tmpdir(), 'chunklab-folder-')), 'notas');
  mkdirSync(dir);
  writeFileSync(join(dir, 'a.md'), '# A\n\nPrimeira nota sobre prazos de entrega.');
  writeFileSync(join(dir, 'b.md'), '# B\n\nSegunda nota sobre trocas e devoluções.');
  await openApp(page);
  expect(await page.getByTestId('docs-where').textContent()).toContain('Uma pasta vira um corpus novo com o nome dela');
  const first = await chooseFolder(page, dir);
  expect(first).toContain('2 documentos adicionados ao novo corpus "notas"');
  const second = await chooseFolder(page, dir);
  expect(second).toContain('ao novo corpus "notas (2)"');
  expect(second).toContain('Já havia um corpus "notas"');
  const names = await page.locator('[data-testid="corpus-list"] li').allTextContents();
  expect(names.filter((n) => /notas/.test(n))).toHaveLength(2);
  expect(names.some((n) => n.includes('notas (2)'))).toBe(true);
  expect(s.errors).toEqual([]);
}, 180_000);

test('the evaluated-questions line names the unreviewed generated questions left out, and lists no empty kind', async () => {
  const { page } = s;
  const folder = oneDocumentFolder('unreviewed', 'Revisão');
  await page.getByTestId('import-input').setInputFiles(folder.files);
  await page.getByTestId('ws-message').filter({ hasText: 'Importado' }).waitFor({ timeout: 60_000 });
  await waitSaved(page);
  await page.goto(appUrl('#/workspace'));
  await openGrid(page);
  const line = page.getByTestId('exp-evaluated');
  await line.waitFor();
  const n = folder.human;
  const g = folder.generated;
  await expect.poll(() => line.textContent()).toBe(`Entram na avaliação: ${n} perguntas; ficam de fora: ${g} geradas não revisadas.`);
  expect(await line.textContent()).not.toMatch(/\b0 /);
  await page.getByTestId('exp-include-unreviewed').check();
  await expect.poll(() => line.textContent()).toBe(`Entram na avaliação: ${n + g} perguntas, ${g} delas não revisadas.`);
  expect(s.errors).toEqual([]);
}, 180_000);
