// A reader that hangs in the middle of a drop is skipped on its own (issue 25): the engine worker is
// made to loop forever on one file (a test-only patch applied to the running worker from outside:
// TextDecoder.decode spins when the decoded text holds a marker, so the worker answers nothing), the
// user presses that file's Skip, the worker is replaced, and the other files of the drop are read and
// added; the skipped file is listed with its reason; the corpora stored before are all still there,
// also after a reload.
import { expect, test } from 'vitest';
import type { Worker } from 'playwright-core';
import { openApp, useBrowser, waitSaved } from './helpers';

const s = useBrowser();

const MARKER = 'TRAVA-O-LEITOR-AQUI';
/** Prepended to the worker's script: TextDecoder.decode spins forever on a text holding the marker. */
const PATCH = `{
  const decode = TextDecoder.prototype.decode;
  TextDecoder.prototype.decode = function (...args) {
    const text = decode.apply(this, args);
    if (text.includes(${JSON.stringify(MARKER)})) for (;;);
    return text;
  };
}
`;

async function corpora(): Promise<string[]> {
  return s.page.locator('[data-testid="corpus-list"] button.corpus').evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

async function engineWorker(): Promise<Worker> {
  const find = () => s.page.workers().find((w) => /engine\.worker/.test(w.url()));
  await expect.poll(() => !!find(), { timeout: 60_000 }).toBe(true);
  return find()!;
}

test('the user skips the one file whose reader hangs: the rest of the drop is added, nothing stored is lost', async () => {
  // Every engine worker the page starts carries the patch (the fresh one too: it must never read b.md).
  await s.context.route(/\/assets\/engine\.worker-[^/]*\.js$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: PATCH + (await response.text()) });
  });
  await openApp(s.page);
  const before = await corpora();
  expect(before.length).toBeGreaterThan(0);
  await s.page.getByRole('button', { name: 'Novo corpus' }).click();
  await waitSaved(s.page);
  const stored = await corpora();

  await s.page.evaluate((marker) => {
    const dt = new DataTransfer();
    dt.items.add(new File(['# Alfa\n\nPrimeiro texto.'], 'a.md', { type: 'text/markdown' }));
    dt.items.add(new File([`# Beta\n\n${marker} este arquivo trava o leitor.`], 'b.md', { type: 'text/markdown' }));
    dt.items.add(new File(['# Gama\n\nTerceiro texto.'], 'c.md', { type: 'text/markdown' }));
    dt.items.add(new File(['Quarto texto, simples.'], 'd.txt', { type: 'text/plain' }));
    document.querySelector('[data-testid="docs-drop"]')!.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, MARKER);

  // a.md was read; the reader is stuck on b.md; c.md and d.txt wait behind it.
  const hung = await engineWorker();
  const row = (path: string) => s.page.locator(`[data-testid="docs-files"] li[data-path="${path}"]`);
  await row('b.md').and(s.page.locator('[data-status="reading"]')).waitFor({ timeout: 60_000 });
  expect(await row('a.md').getAttribute('data-status')).toBe('ready');
  expect(await row('c.md').getAttribute('data-status')).toBe('waiting');
  // The worker does not answer while its reader loops: only terminating it can stop the read.
  const answer = hung.evaluate(() => 'answered').catch(() => 'gone');
  expect(await Promise.race([answer, new Promise((r) => setTimeout(() => r('no answer'), 1500))])).toBe('no answer');

  await row('b.md').getByTestId('docs-skip').click();

  const msg = s.page.getByTestId('ws-message').filter({ hasText: '3 documentos adicionados' });
  await msg.waitFor({ timeout: 60_000 });
  const text = (await msg.textContent()) ?? '';
  expect(text).toContain('b.md');
  expect(text).toContain('a leitura foi interrompida por você');
  expect(await s.page.locator('[data-testid="doc-list"] .doc-name').allTextContents()).toEqual(['a.md', 'c.md', 'd.txt']);
  // The hung worker was terminated (its pending question ends with it) and a fresh one read the rest.
  expect(await answer).toBe('gone');
  expect(s.page.workers()).not.toContain(hung);

  // Every corpus stored before the drop is still there, the new one with its three documents; after a reload too.
  await waitSaved(s.page);
  const after = await corpora();
  expect(after.slice(0, stored.length - 1)).toEqual(stored.slice(0, -1));
  expect(after[stored.length - 1]).toMatch(/3 documentos/);
  await openApp(s.page);
  expect(await corpora()).toEqual(after);
  expect(s.errors).toEqual([]);
});
