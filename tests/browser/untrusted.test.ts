// Text from documents, file names and questions is untrusted: markup in it is shown as text and
// never runs (no element is created from it, no handler fires).
import { expect, test } from 'vitest';
import { openApp, pasteDocument, useBrowser, waitSaved } from './helpers';

const IMG = '<img src=x onerror="window.__pwned=1">';
const SCRIPT = '<script>window.__pwned=1</script>';

const s = useBrowser();

async function notPwned() {
  expect(await s.page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  // No element was made from the payloads.
  expect(await s.page.evaluate(() => document.querySelectorAll('img, main script').length)).toBe(0);
}

test('a pasted document with markup in its title and text is shown as text in the workspace and the inspector', async () => {
  await openApp(s.page);
  const title = `Doc ${IMG}`;
  const text = `# Título ${IMG}\n\nParágrafo com ${SCRIPT} e ${IMG} no meio.\n\n## Outra seção\n\nMais texto ${SCRIPT}.`;
  await pasteDocument(s.page, title, text);
  await expect(s.page.locator('[data-testid="doc-list"] .doc-name', { hasText: 'onerror' }).textContent()).resolves.toBe(title);
  await notPwned();

  await s.page.getByRole('button', { name: `Inspecionar: ${title}` }).click();
  await s.page.getByTestId('chunk-marker').first().waitFor({ timeout: 60_000 });
  const shown = await s.page.locator('[data-testid="doc-text"] > span').allTextContents();
  expect(shown.join('')).toBe(text);
  await s.page.getByTestId('chunk-marker').first().click();
  await expect(s.page.getByTestId('indexed-text').textContent()).resolves.toContain('<img src=x');
  await notPwned();
  expect(s.errors).toEqual([]);
});

test('an imported workspace file with markup in corpus, document and question text is shown as text', async () => {
  await openApp(s.page);
  const file = {
    format: 'chunklab-workspace',
    version: 1,
    corpora: [
      {
        id: 'evil',
        name: `Corpus ${SCRIPT}`,
        documents: [{ id: 'd1', name: `Nome ${IMG}`, format: 'text', text: `Texto ${SCRIPT} ${IMG} fim.`, meta: {} }],
      },
    ],
    questionSets: [
      {
        id: 'qs',
        name: 'Perguntas',
        corpusId: 'evil',
        questions: [{ id: 'q1', text: `Pergunta ${IMG} ${SCRIPT}?`, gold: [{ docId: 'd1', start: 0, end: 5 }] }],
      },
    ],
  };
  await s.page.getByTestId('import-input').setInputFiles({
    name: 'workspace.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await s.page.getByTestId('ws-message').filter({ hasText: 'Importado' }).waitFor({ timeout: 60_000 });
  await expect(s.page.getByTestId('corpus-title').textContent()).resolves.toBe(`Corpus ${SCRIPT}`);
  await expect(s.page.locator('[data-testid="doc-list"] .doc-name').textContent()).resolves.toBe(`Nome ${IMG}`);
  await s.page.getByRole('button', { name: /Mostrar perguntas/ }).click();
  await expect(s.page.locator('[data-testid="question-list"] li span').first().textContent()).resolves.toBe(`Pergunta ${IMG} ${SCRIPT}?`);
  await waitSaved(s.page);
  await s.page.reload();
  await s.page.getByTestId('corpus-title').waitFor();
  await notPwned();
  expect(s.errors).toEqual([]);
});

test('a malformed import is refused with a message that says what is wrong, and nothing is added', async () => {
  await openApp(s.page);
  const before = await s.page.locator('[data-testid="corpus-list"] li').count();
  await s.page.getByTestId('import-input').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"data": [ {') });
  const msg = s.page.getByTestId('ws-message').filter({ hasText: 'Não foi possível importar' });
  await msg.waitFor({ timeout: 60_000 });
  await expect(msg.textContent()).resolves.toContain('broken.json');
  await expect(s.page.locator('[data-testid="corpus-list"] li').count()).resolves.toBe(before);
  expect(s.errors).toEqual([]);
});
