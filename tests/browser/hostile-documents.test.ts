// Hostile PDFs dropped in the page end with a clear message, never "reading…" forever: a content
// stream compressed twice that inflates past the limit is left out with its reason, a PDF whose
// outline nests 2,000 levels (which used to leave the import waiting forever) is read, and the
// other files of the drop are added. Inputs generated here (tests/engine/hostile/make-pdf.ts).
import { expect, test } from 'vitest';
import { openApp, useBrowser } from './helpers';
import { pdfWithContent, pdfWithDeepOutline, textOp } from '../engine/hostile/make-pdf.ts';

const s = useBrowser();

test('a PDF bomb is refused with its reason, a 2,000-level outline is read, the rest of the drop is added', async () => {
  await openApp(s.page);
  await s.page.getByRole('button', { name: 'Novo corpus' }).click();
  const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
  const bomb = b64(pdfWithContent(textOp('Hi', ' '.repeat(64 * 1024 * 1024 + 1024)), 2));
  const deep = b64(pdfWithDeepOutline(2000));
  await s.page.evaluate(
    ([bombB64, deepB64]) => {
      const bytes = (x: string) => Uint8Array.from(atob(x), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes(bombB64)], 'bomba.pdf', { type: 'application/pdf' }));
      dt.items.add(new File([bytes(deepB64)], 'fundo.pdf', { type: 'application/pdf' }));
      dt.items.add(new File(['# Notas\n\nTexto comum.'], 'notas.md', { type: 'text/markdown' }));
      document.querySelector('[data-testid="docs-drop"]')!.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    [bomb, deep],
  );
  await s.page.locator('[data-testid="docs-import"][data-phase="preview"]').waitFor({ timeout: 120_000 });
  const rows = s.page.locator('[data-testid="docs-files"] li');
  expect(await rows.evaluateAll((els) => els.map((e) => [e.getAttribute('data-path'), e.getAttribute('data-status')]))).toEqual([
    ['bomba.pdf', 'skipped'],
    ['fundo.pdf', 'ready'],
    ['notas.md', 'ready'],
  ]);
  await s.page.getByTestId('docs-add').click();
  const msg = s.page.getByTestId('ws-message').filter({ hasText: '2 documentos adicionados' });
  await msg.waitFor({ timeout: 60_000 });
  const text = (await msg.textContent()) ?? '';
  expect(text).toContain('bomba.pdf');
  expect(text).toMatch(/zip bomb/);
  expect(await s.page.locator('[data-testid="doc-list"] .doc-name').allTextContents()).toEqual(['fundo.pdf', 'notas.md']);
  expect(s.errors).toEqual([]);
});
