// Storage failures in a real browser: with a full quota the new work is refused with a clear message
// and what was stored before is intact after a reload; without IndexedDB the app still works in memory
// and says nothing will be kept. Also: restoring the samples, and adding several files at once.
import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { openBrowser } from './browser';
import { appUrl, openApp, pasteDocument, useBrowser, waitSaved } from './helpers';

const samplePt = JSON.parse(readFileSync('public/samples/pt-BR/documents.json', 'utf8')) as { documents: { title?: string; file: string }[] };

const s = useBrowser();

test('a full quota refuses new work with a clear message, loses nothing stored, and saves on retry', async () => {
  const t = await openBrowser();
  try {
    // The quota error as the browser raises it, on demand: IndexedDB writes fail while __quotaFull is set.
    await t.page.addInitScript(() => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if ((window as unknown as { __quotaFull?: boolean }).__quotaFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return put.apply(this, args);
      } as IDBObjectStore['put'];
    });
    await openApp(t.page);
    await pasteDocument(t.page, 'Guardado antes', 'Este documento foi salvo antes da cota encher.');
    const namesBefore = await t.page.locator('[data-testid="doc-list"] .doc-name').allTextContents();
    const corporaBefore = await t.page.locator('[data-testid="corpus-list"] li').count();

    await t.page.evaluate(() => ((window as unknown as { __quotaFull?: boolean }).__quotaFull = true));
    await t.page.getByTestId('paste-title').fill('Depois da cota');
    await t.page.getByTestId('paste-text').fill('Este não cabe.');
    await t.page.getByTestId('paste-add').click();
    const alert = t.page.getByRole('alert').filter({ hasText: 'armazenamento do navegador está cheio' });
    await alert.waitFor({ timeout: 30_000 });
    // Deleting while the quota is full must not delete anything stored either.
    t.page.once('dialog', (d) => void d.accept());
    await t.page.getByRole('button', { name: 'Excluir' }).click();
    await expect(t.page.locator('[data-testid="corpus-list"] li').count()).resolves.toBe(corporaBefore - 1);
    await t.page.locator('[data-status="error"]').waitFor({ state: 'attached', timeout: 30_000 });

    // A reload (the flag is gone) shows exactly what was stored before the quota filled.
    await t.page.reload();
    await t.page.getByTestId('corpus-title').waitFor();
    await expect(t.page.locator('[data-testid="corpus-list"] li').count()).resolves.toBe(corporaBefore);
    await expect(t.page.locator('[data-testid="doc-list"] .doc-name').allTextContents()).resolves.toEqual(namesBefore);

    // Full again, then space is freed and "try again" saves what was refused.
    await t.page.evaluate(() => ((window as unknown as { __quotaFull?: boolean }).__quotaFull = true));
    await t.page.getByTestId('paste-title').fill('Salvo na segunda tentativa');
    await t.page.getByTestId('paste-text').fill('Agora cabe.');
    await t.page.getByTestId('paste-add').click();
    await alert.waitFor({ timeout: 30_000 });
    await t.page.evaluate(() => ((window as unknown as { __quotaFull?: boolean }).__quotaFull = false));
    await t.page.getByRole('button', { name: 'Tentar salvar de novo' }).click();
    await waitSaved(t.page);
    await expect(alert.count()).resolves.toBe(0);
    await t.page.reload();
    await t.page.getByTestId('corpus-title').waitFor();
    await expect(t.page.locator('[data-testid="doc-list"] .doc-name').allTextContents()).resolves.toEqual([...namesBefore, 'Salvo na segunda tentativa']);
    expect(t.errors).toEqual([]);
  } finally {
    await t.close();
  }
});

test('without IndexedDB the sample still opens, and the page says nothing will be kept', async () => {
  const t = await openBrowser();
  try {
    await t.page.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', { value: undefined, configurable: true });
    });
    await t.page.goto(appUrl());
    await t.page.getByRole('alert').filter({ hasText: 'não permite guardar dados' }).waitFor({ timeout: 30_000 });
    await t.page.getByTestId('corpus-title').waitFor();
    await expect(t.page.locator('[data-testid="doc-list"] li').count()).resolves.toBeGreaterThan(0);
    expect(t.errors).toEqual([]);
  } finally {
    await t.close();
  }
});

test('"restore samples" brings back a deleted sample corpus', async () => {
  await openApp(s.page);
  const sample = s.page.locator('[data-testid="corpus-list"] button', { hasText: 'Exemplo em português' });
  await sample.first().click();
  s.page.once('dialog', (d) => void d.accept());
  await s.page.getByRole('button', { name: 'Excluir' }).click();
  await expect(sample.count()).resolves.toBe(0);
  s.page.once('dialog', (d) => void d.accept());
  await s.page.getByRole('button', { name: 'Restaurar exemplos' }).click();
  await sample.first().waitFor();
  await expect(sample.count()).resolves.toBe(1);
  // The Portuguese interface shows the Portuguese sample, whole.
  await expect(s.page.getByTestId('corpus-title').textContent()).resolves.toContain('Exemplo em português');
  await expect(s.page.locator('[data-testid="doc-list"] .doc-name').allTextContents()).resolves.toEqual(
    samplePt.documents.map((d) => d.title ?? d.file),
  );
  await waitSaved(s.page);
  await s.page.reload();
  await s.page.getByTestId('corpus-title').waitFor();
  await expect(sample.count()).resolves.toBe(1);
  expect(s.errors).toEqual([]);
});

test('several files chosen at once are added (in file-name order); an unreadable one is named and skipped', async () => {
  await openApp(s.page);
  await s.page.getByRole('button', { name: 'Novo corpus' }).click();
  await s.page.getByTestId('file-input').setInputFiles([
    { name: 'um.md', mimeType: 'text/markdown', buffer: Buffer.from('# Um\n\nTexto um.') },
    { name: 'dois.txt', mimeType: 'text/plain', buffer: Buffer.from('Texto dois.') },
    { name: 'tres.html', mimeType: 'text/html', buffer: Buffer.from('<h1>Três</h1><p>Texto três.</p>') },
    { name: 'planilha.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
    { name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('png') },
  ]);
  const msg = s.page.getByTestId('ws-message');
  await msg.filter({ hasText: '3 documentos adicionados' }).waitFor();
  await expect(msg.textContent()).resolves.toMatch(/planilha\.pdf.*incompleto/);
  await expect(msg.textContent()).resolves.toMatch(/foto\.png.*não é um documento/);
  const names = await s.page.locator('[data-testid="doc-list"] .doc-name').allTextContents();
  expect(names).toEqual(['dois.txt', 'tres.html', 'um.md']);
  const badges = await s.page.locator('[data-testid="doc-list"] li .badge').allTextContents();
  expect(badges).toEqual(['Texto simples', 'HTML', 'Markdown']);
  expect(s.errors).toEqual([]);
});
