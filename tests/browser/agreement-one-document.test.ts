// The agreement panel does not over-read one document (issue 33): a corpus of ONE document with
// questions written by people and generated ones (imported as a ChunkLab folder) is compared in
// Results; resampling one document gives the same τ every time, so the page gives no interval and no
// verdict, and says why. Resampled by question (many of them), the interval and verdict are back.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { openBrowser, type Session } from './browser';
import { appUrl, openApp, waitSaved } from './helpers';

const base = 'public/samples/pt-BR/';
const DOC = 'manual-beneficiario-v2';
const docs = JSON.parse(readFileSync(`${base}documents.json`, 'utf8')) as { documents: { id: string; file: string }[] };
const entry = docs.documents.find((d) => d.id === DOC)!;
const text = readFileSync(base + entry.file, 'utf8');
const human = (JSON.parse(readFileSync(`${base}questions.json`, 'utf8')) as { questions: { id: string; text: string; docId: string; phrase?: string }[] }).questions.filter(
  (q) => q.docId === DOC && q.phrase && text.includes(q.phrase),
);

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
}, 60_000);
afterAll(async () => {
  await s?.close();
});

test('one document: no interval, no verdict, and the reason; by question the interval is back', async () => {
  expect(human.length).toBeGreaterThanOrEqual(3);
  // Generated questions: the same phrases asked another way, with a provenance record (a span of the document).
  const generated = human.map((q, i) => {
    const start = [...text.slice(0, text.indexOf(q.phrase!))].length;
    return {
      id: `g${i + 1}`,
      text: `O manual diz o quê sobre: ${q.phrase!.split(/\s+/).slice(0, 5).join(' ')}?`,
      docId: DOC,
      phrase: q.phrase,
      review: 'accepted',
      provenance: { model: 'openai:fake', promptVersion: '1', passage: { docId: DOC, start, end: start + [...q.phrase!].length } },
    };
  });
  const folder = {
    format: 'chunklab-folder',
    version: 1,
    name: 'Um documento só',
    documents: [{ id: DOC, file: 'manual.md', title: 'Manual' }],
  };
  const questions = { format: 'chunklab-questions', version: 1, questions: [...human.map(({ id, text: t, docId, phrase }) => ({ id, text: t, docId, phrase })), ...generated] };
  const { page } = s;
  await openApp(page);
  await page.getByTestId('import-input').setInputFiles([
    { name: 'documents.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(folder)) },
    { name: 'manual.md', mimeType: 'text/markdown', buffer: Buffer.from(text) },
    { name: 'questions.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(questions)) },
  ]);
  await page.getByTestId('ws-message').filter({ hasText: 'Importado' }).waitFor({ timeout: 60_000 });
  await waitSaved(page);

  await page.goto(appUrl('#/results'));
  const ag = page.getByTestId('agreement-panel');
  await ag.waitFor({ timeout: 60_000 });
  expect(await ag.getByTestId('agreement-counts').getAttribute('data-human')).toBe(String(human.length));
  expect(await ag.getByTestId('agreement-counts').getAttribute('data-generated')).toBe(String(generated.length));
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
