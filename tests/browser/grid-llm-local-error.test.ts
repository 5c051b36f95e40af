// The in-page model's errors in the experiments grid keep their code (issue 25 review): an llm-chunker
// run with the in-page model whose folder has no config.json fails, and its row says why in the
// page's language (the code's translation), not in the engine's English. The error is thrown in the
// page's generate hook, which reaches the engine worker through Comlink without its code.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrowser, type Session } from './browser';
import { openApp, openGrid } from './helpers';
import { ptBR } from '../../src/app/i18n/pt-BR.ts';

let s: Session;
let dir = '';
beforeAll(async () => {
  s = await openBrowser();
  dir = mkdtempSync(join(tmpdir(), 'chunklab-llm-'));
});
afterAll(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('an llm-chunker run whose in-page model cannot load shows the translated reason in its row', async () => {
  const { page } = s;
  const folder = join(dir, 'sem-config');
  mkdirSync(join(folder, 'onnx'), { recursive: true });
  writeFileSync(join(folder, 'tokenizer.json'), '{}');
  const hub: string[] = [];
  await s.context.route('https://huggingface.co/**', (route) => {
    hub.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await openApp(page);
  // The in-page model from that folder (picked in the question-generation panel: one setting for the page).
  await page.goto(page.url().replace(/#.*$/, '') + '#/search/questions');
  const panel = page.getByTestId('qgen-panel');
  await panel.waitFor({ timeout: 60_000 });
  await page.getByTestId('qgen-kind-local').check();
  await panel.getByTestId('qgen-local-folder').setInputFiles(folder);
  await expect.poll(() => panel.getByTestId('qgen-local-folder-picked').textContent()).toContain('sem-config');

  await openGrid(page);
  for (const id of ['fixed', 'structure']) await page.locator(`input[data-chunker="${id}"]`).uncheck();
  await page.locator('input[data-chunker="llm"]').check();
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs'), { timeout: 30_000 }).toBe('1');
  await page.getByTestId('exp-llm-estimate').waitFor({ timeout: 60_000 });
  await page.getByTestId('exp-llm-accept').check();
  await expect.poll(() => page.getByTestId('exp-run').isDisabled(), { timeout: 30_000 }).toBe(false);
  await page.getByTestId('exp-run').click();
  const row = page.locator('[data-testid="exp-runs"] li[data-status="error"]');
  await row.waitFor({ timeout: 120_000 });
  const text = (await row.textContent()) ?? '';
  const translated = ptBR['error.no-model-config' as keyof typeof ptBR] as string;
  expect(translated).toBeTruthy();
  // The translation leads (the engine's English follows as the detail, as everywhere errors are shown).
  expect(text).toContain(translated);
  expect(hub).toEqual([]);
}, 240_000);
