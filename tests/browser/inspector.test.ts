// The chunk inspector in a real browser: a pasted document cut by the fixed-window chunker shows its
// chunk boundaries over the unchanged text, with token counts that match the tokenizer (recounted
// here in Node from the same bundled tokenizer files) and under the cap; overlap is drawn.
import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { chooseChunker, chunkRows, inspect, openApp, pasteDocument, setParam, useBrowser } from './helpers';
import { createTokenizer } from '../../src/engine/tokens/index.ts';

const dir = 'public/tokenizers/all-MiniLM-L6-v2/';
const tokenizer = createTokenizer(
  JSON.parse(readFileSync(dir + 'tokenizer.json', 'utf8')),
  JSON.parse(readFileSync(dir + 'tokenizer_config.json', 'utf8')),
  'all-MiniLM-L6-v2',
);

const TEXT = [
  '# Política de reembolso',
  '',
  'O pedido de reembolso deve ser enviado em até 180 dias a partir da data do atendimento. Guarde a nota fiscal original e o relatório médico.',
  '',
  '## Prazos',
  '',
  'A operadora paga o reembolso em até 20 dias úteis depois de receber a documentação completa. Pedidos incompletos voltam para o beneficiário.',
  '',
  '## Canais',
  '',
  'Envie os documentos pelo aplicativo, pelo site ou numa agência. O atendimento telefônico não recebe documentos.',
].join('\n');

const s = useBrowser();

test('a pasted document is chunked in the inspector with visible boundaries and token counts', async () => {
  await openApp(s.page);
  const title = 'Reembolso colado';
  await pasteDocument(s.page, title, TEXT);
  await inspect(s.page, title);
  await chooseChunker(s.page, 'fixed');
  await setParam(s.page, 'maxTokens', 32);
  await setParam(s.page, 'overlap', 0);
  // Wait for a result computed with the cap of 32 (an empty list while chunking is not one).
  const rows = await chunkRows(s.page, 32, 2);

  // The text is shown unchanged (the spans between the markers hold it all, in order).
  const shown = await s.page.locator('[data-testid="doc-text"] > span').allTextContents();
  expect(shown.join('')).toBe(TEXT);

  // One marker per chunk, and each chunk's count equals the tokenizer's count of its text.
  const markers = s.page.getByTestId('chunk-marker');
  const n = await rows.count();
  await expect(markers.count()).resolves.toBe(n);
  const chunks = await rows.evaluateAll((els) =>
    els.map((e) => ({ start: Number(e.dataset.start), end: Number(e.dataset.end), tokens: Number(e.dataset.tokens), label: e.textContent ?? '' })),
  );
  let coveredTo = 0;
  for (const c of chunks) {
    expect(c.tokens).toBe(tokenizer.count(TEXT.slice(c.start, c.end)));
    expect(c.tokens).toBeLessThanOrEqual(32);
    expect(c.label).toContain(`${c.tokens} tokens`);
    expect(c.start).toBeGreaterThanOrEqual(coveredTo); // windows without overlap never go back
    coveredTo = c.end;
  }
  // Every non-blank character of the text lies inside some chunk (fixed windows may cut inside a word).
  for (let i = 0; i < TEXT.length; i++) {
    if (/\s/.test(TEXT[i])) continue;
    expect(chunks.some((c) => c.start <= i && i < c.end), `character ${i}`).toBe(true);
  }
  // Alternating colours: neighbouring chunks get different classes.
  await expect(s.page.locator('[data-testid="doc-text"] span.ca').count()).resolves.toBeGreaterThan(0);
  await expect(s.page.locator('[data-testid="doc-text"] span.cb').count()).resolves.toBeGreaterThan(0);

  // Selecting a chunk shows its indexed text, which is exactly its range of the document.
  await markers.nth(1).click();
  await expect(s.page.getByTestId('indexed-text').textContent()).resolves.toBe(TEXT.slice(chunks[1].start, chunks[1].end));

  // With overlap, consecutive windows share text and the shared part is drawn as overlap.
  await setParam(s.page, 'overlap', 8);
  await s.page.locator('[data-testid="doc-text"] span.overlap').first().waitFor({ timeout: 60_000 });

  // The context header puts a prefix before the indexed text, counted in the tokens.
  await s.page.locator('[data-param="header"]').check();
  await s.page.locator('[data-testid="chunk-list"] button').first().waitFor();
  await expect.poll(() => s.page.getByTestId('indexed-text').locator('mark.prefix').count(), { timeout: 60_000 }).toBe(1);
  const prefix = await s.page.getByTestId('indexed-text').locator('mark.prefix').textContent();
  expect(prefix).toContain('Reembolso colado');
  expect(s.errors).toEqual([]);
});

test('cancel stops a long chunking run; the next run works on a fresh worker', async () => {
  await openApp(s.page);
  const para = 'Parágrafo de teste com várias palavras para o tokenizador contar, repetido muitas vezes. ';
  const big = Array.from({ length: 8000 }, (_, i) => `## Seção ${i}\n\n${para.repeat(3)}`).join('\n\n');
  await s.page.getByTestId('file-input').setInputFiles({ name: 'enorme.md', mimeType: 'text/markdown', buffer: Buffer.from(big) });
  await s.page.getByRole('button', { name: 'Inspecionar: enorme.md' }).click();
  await s.page.getByTestId('insp-cancel').click({ timeout: 60_000 });
  await s.page.getByRole('status').filter({ hasText: 'Cancelado.' }).waitFor();
  await expect(s.page.getByTestId('chunk-marker').count()).resolves.toBe(0);
  // A small document afterwards is chunked normally.
  await s.page.getByTestId('insp-doc').selectOption({ label: 'Reembolso colado' });
  await s.page.getByTestId('chunk-marker').first().waitFor({ timeout: 60_000 });
  const shown = await s.page.locator('[data-testid="doc-text"] > span').allTextContents();
  expect(shown.join('')).toBe(TEXT);
  expect(s.errors).toEqual([]);
});
