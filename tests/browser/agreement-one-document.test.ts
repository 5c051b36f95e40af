// The agreement panel does not over-read one document (issue 33): a corpus of ONE document with
// questions written by people and generated ones (imported as a ChunkLab folder) is compared in
// Results; resampling one document gives the same τ every time, so the page gives no interval and no
// verdict, and says why. Resampled by question (many of them), the interval and verdict are back.
import { expect, test } from 'vitest';
import { appUrl, openApp, useBrowser, waitSaved } from './helpers';
import { oneDocumentFolder } from './one-document-folder';

const s = useBrowser();

test('one document: no interval, no verdict, and the reason; by question the interval is back', async () => {
  const folder = oneDocumentFolder('accepted', 'Um documento só');
  expect(folder.human).toBeGreaterThanOrEqual(3);
  const { page } = s;
  await openApp(page);
  await page.getByTestId('import-input').setInputFiles(folder.files);
  await page.getByTestId('ws-message').filter({ hasText: 'Importado' }).waitFor({ timeout: 60_000 });
  await waitSaved(page);

  await page.goto(appUrl('#/results'));
  const ag = page.getByTestId('agreement-panel');
  await ag.waitFor({ timeout: 60_000 });
  expect(await ag.getByTestId('agreement-counts').getAttribute('data-human')).toBe(String(folder.human));
  expect(await ag.getByTestId('agreement-counts').getAttribute('data-generated')).toBe(String(folder.generated));
  await ag.getByTestId('agreement-run').click();
  const result = ag.getByTestId('agreement-result');
  await result.or(ag.getByTestId('agreement-error')).first().waitFor({ timeout: 180_000 });
  expect(await ag.getByTestId('agreement-error').count()).toBe(0);
  // By document (the default): one unit per set, so no interval and no verdict, with the reason.
  const none = ag.getByTestId('agreement-no-interval');
  await none.waitFor();
  expect(await none.getAttribute('data-units')).toBe('1');
  expect(await none.textContent()).toContain('só 1 documento');
  expect(await ag.getByTestId('agreement-verdict').count()).toBe(0);
  expect(await ag.textContent()).not.toMatch(/intervalo de 95%|acima de zero/);
  // Configurations named in the page's language, decimals with a comma.
  const names = await ag.locator('[data-testid="agreement-table"] tbody th').allTextContents();
  expect(names).toContain('fixo · 64 · bm25');
  expect(names.join(' ')).not.toMatch(/fixed|structure|sentences|recursive/);
  const scores = await ag.locator('[data-testid="agreement-table"] tbody td.num').allTextContents();
  for (const x of scores) expect(x).not.toMatch(/\d\.\d/);

  // By question: several units, the interval and the verdict come back.
  await ag.getByTestId('agreement-by').selectOption('question');
  await ag.getByTestId('agreement-run').click();
  await expect.poll(async () => (await result.count()) && (await result.getAttribute('data-lo')) !== '' && (await ag.getByTestId('agreement-no-interval').count()) === 0, { timeout: 180_000 }).toBe(true);
  expect(s.errors).toEqual([]);
}, 400_000);
