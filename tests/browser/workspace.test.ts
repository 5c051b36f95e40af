// The workspace in a real browser: the Portuguese sample on a first visit, the language switch,
// and what was pasted still there after the browser is closed and opened again on the same profile.
import { expect, test } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrowser } from './browser';
import { openApp, pasteDocument, useBrowser, waitSaved } from './helpers';

const samplePt = JSON.parse(readFileSync('public/samples/pt-BR/documents.json', 'utf8')) as {
  documents: { id: string; title?: string; file: string }[];
};
const questionsPt = JSON.parse(readFileSync('public/samples/pt-BR/questions.json', 'utf8')) as { questions: unknown[] };

const s = useBrowser();

test('a first visit shows the Portuguese sample with its documents and questions, in Portuguese', async () => {
  await openApp(s.page);
  expect(await s.page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
  await expect(s.page.getByRole('link', { name: 'Espaço de trabalho' }).textContent()).resolves.toContain('Espaço de trabalho');
  const items = s.page.locator('[data-testid="doc-list"] li');
  await expect(items.count()).resolves.toBe(samplePt.documents.length);
  const names = await s.page.locator('[data-testid="doc-list"] .doc-name').allTextContents();
  expect(names).toEqual(samplePt.documents.map((d) => d.title ?? d.file));
  await expect(s.page.getByTestId('corpus-title').textContent()).resolves.toContain('Exemplo');
  // The question count shown matches the sample file.
  await expect(s.page.locator('main').textContent()).resolves.toContain(`${questionsPt.questions.length} perguntas`);
  // Storage use is reported.
  await expect(s.page.getByTestId('storage-estimate').textContent()).resolves.toMatch(/\d/);
  expect(s.errors).toEqual([]);
});

test('switching to English changes the interface text and survives a reload', async () => {
  await openApp(s.page);
  await s.page.getByTestId('lang-switch').selectOption('en');
  await s.page.getByRole('link', { name: 'Workspace' }).waitFor();
  expect(await s.page.evaluate(() => document.documentElement.lang)).toBe('en');
  await expect(s.page.getByRole('heading', { name: 'Documents', exact: true }).count()).resolves.toBe(1);
  await s.page.reload();
  await s.page.getByTestId('corpus-title').waitFor();
  await expect(s.page.getByRole('link', { name: 'Workspace' }).count()).resolves.toBe(1);
  await expect(s.page.getByRole('link', { name: 'Espaço de trabalho' }).count()).resolves.toBe(0);
  expect(await s.page.evaluate(() => document.documentElement.lang)).toBe('en');
  await s.page.getByTestId('lang-switch').selectOption('pt-BR');
  await s.page.getByRole('link', { name: 'Espaço de trabalho' }).waitFor();
  expect(s.errors).toEqual([]);
});

test('a pasted document is still there after closing the browser and opening it again', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'chunklab-profile-'));
  try {
    const title = 'Nota persistente 42';
    const first = await openBrowser({ profileDir: profile });
    try {
      await openApp(first.page);
      await pasteDocument(first.page, title, '# Nota\n\nEste texto precisa sobreviver ao recarregamento.');
      expect(first.errors).toEqual([]);
    } finally {
      await first.close();
    }
    const second = await openBrowser({ profileDir: profile });
    try {
      await openApp(second.page);
      const names = await second.page.locator('[data-testid="doc-list"] .doc-name').allTextContents();
      expect(names).toContain(title);
      // The sample was not loaded a second time: one sample corpus only.
      await expect(second.page.locator('[data-testid="corpus-list"] li').count()).resolves.toBe(1);
      expect(second.errors).toEqual([]);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});

test('corpora can be created, renamed, duplicated and deleted', async () => {
  await openApp(s.page);
  const list = s.page.locator('[data-testid="corpus-list"] li');
  const before = await list.count();
  await s.page.getByRole('button', { name: 'Novo corpus' }).click();
  await expect(list.count()).resolves.toBe(before + 1);
  await s.page.getByRole('button', { name: 'Renomear' }).click();
  await s.page.getByLabel('Novo nome do corpus').fill('Meu corpus');
  await s.page.getByRole('button', { name: 'Salvar' }).click();
  await expect(s.page.getByTestId('corpus-title').textContent()).resolves.toBe('Meu corpus');
  await s.page.getByRole('button', { name: 'Duplicar' }).click();
  await expect(s.page.getByTestId('corpus-title').textContent()).resolves.toBe('Meu corpus (cópia)');
  await expect(list.count()).resolves.toBe(before + 2);
  s.page.once('dialog', (d) => void d.accept());
  await s.page.getByRole('button', { name: 'Excluir' }).click();
  await expect(list.count()).resolves.toBe(before + 1);
  await waitSaved(s.page);
  await s.page.reload();
  await s.page.getByTestId('corpus-title').waitFor();
  await expect(list.allTextContents()).resolves.toEqual(expect.arrayContaining([expect.stringContaining('Meu corpus')]));
  await expect(list.count()).resolves.toBe(before + 1);
  expect(s.errors).toEqual([]);
});

test('two tabs on one profile see each other\'s saved work, and neither erases the other\'s', async () => {
  const a = s.page;
  await openApp(a);
  const b = await s.context.newPage();
  try {
    await openApp(b);
    await pasteDocument(a, 'Da aba A', 'Texto escrito na aba A.');
    await b.locator('[data-testid="doc-list"] .doc-name', { hasText: 'Da aba A' }).waitFor({ timeout: 30_000 });
    await b.getByRole('button', { name: 'Novo corpus' }).click();
    await pasteDocument(b, 'Da aba B', 'Texto escrito na aba B.');
    await a.locator('[data-testid="corpus-list"] li').filter({ hasText: 'Corpus sem nome' }).first().waitFor({ timeout: 30_000 });
    // Reloaded, each tab's work is there.
    await a.reload();
    await a.getByTestId('corpus-title').waitFor();
    const sample = a.locator('[data-testid="corpus-list"] button', { hasText: 'Exemplo em português' });
    await sample.first().click();
    await expect(a.locator('[data-testid="doc-list"] .doc-name').allTextContents()).resolves.toContain('Da aba A');
    await a.locator('[data-testid="corpus-list"] button', { hasText: 'Corpus sem nome' }).last().click();
    await expect(a.locator('[data-testid="doc-list"] .doc-name').allTextContents()).resolves.toContain('Da aba B');
  } finally {
    await b.close();
  }
  expect(s.errors).toEqual([]);
});
