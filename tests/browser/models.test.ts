// The models area in real Chromium, on a test page that mounts its components (tests/browser/
// models-page.html, built by global-setup.ts beside the app, with the random-weight test model):
// the models panel loads the model from "a folder from disk" and reports WASM; after a reload the
// same texts come from the IndexedDB cache with no model calls; the dilution lesson runs end to end;
// the context panel, against a fake OpenAI-compatible endpoint (page.route, no real network), shows
// the estimate and the personal-data warning before running, runs, is cancelled and resumed, and no
// exported file (settings, workspace) nor the saved settings carry the key.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openBrowser, type Session } from './browser';
import { appUrl } from './helpers';

const MODEL = resolve('tests/fixtures/models/chunklab-test-bert');
const KEY = 'sk-test-SECRET-7f3a9c';
let s: Session;

async function openPage() {
  await s.page.goto(appUrl('tests/browser/models-page.html'));
  await s.page.locator('#ready', { hasText: 'ready' }).waitFor({ timeout: 60_000 });
}

async function loadFolder() {
  await s.page.getByTestId('source-files').check();
  await s.page.getByTestId('model-folder').setInputFiles(MODEL);
  await s.page.getByTestId('folder-picked').waitFor();
  await s.page.getByTestId('model-load').click();
  await s.page.locator('[data-testid="model-status"][data-phase="ready"]').waitFor({ timeout: 120_000 });
}

beforeAll(async () => {
  s = await openBrowser();
  await openPage();
});

afterAll(async () => {
  await s?.close();
});

describe('models panel', () => {
  test('loads the model from a folder on disk, on WASM, and says why', async () => {
    await loadFolder();
    const device = s.page.getByTestId('model-device');
    expect(await device.getAttribute('data-device')).toBe('wasm');
    expect(await device.textContent()).toMatch(/WASM/);
    expect(await device.textContent()).toMatch(/adapter|WebGPU/);
    // the choice is remembered, the weights are not
    const saved = await s.page.evaluate(() => JSON.parse(localStorage.getItem('chunklab.model') ?? 'null'));
    expect(saved).toEqual({ kind: 'files', id: 'chunklab-test-bert', dtype: 'fp32', device: 'auto' });
  });

  test('a second embed of the same texts after a reload comes from IndexedDB: no model calls', async () => {
    const texts = ['O gato dorme.', 'A ponte foi inaugurada em 1974.', 'Chove no vale.'];
    const first = await s.page.evaluate(async (texts) => {
      const m = (window as any).__models;
      const out = await m.embedTexts(texts, 'passage');
      const stats = await m.refreshStats();
      return { hits: out.cacheHits, n: out.vectors.length, dims: out.vectors[0].length, calls: stats.modelCalls };
    }, texts);
    expect(first).toMatchObject({ hits: 0, n: 3, dims: 32 });
    expect(first.calls).toBeGreaterThan(0);

    // a fresh page and worker: only IndexedDB can answer
    await openPage();
    await loadFolder();
    const second = await s.page.evaluate(async (texts) => {
      const m = (window as any).__models;
      const out = await m.embedTexts(texts, 'passage');
      const stats = await m.refreshStats();
      const info = await m.refreshCacheInfo();
      return { hits: out.cacheHits, calls: stats.modelCalls, entries: info.entries, persistent: info.persistent };
    }, texts);
    expect(second).toEqual({ hits: 3, calls: 0, entries: second.entries, persistent: true });
    expect(second.entries).toBeGreaterThanOrEqual(3);
    await expect.poll(() => s.page.getByTestId('cache-info').getAttribute('data-entries')).toBe(String(second.entries));
  });

  test('the dilution lesson runs end to end and shows one finite similarity per count', async () => {
    await s.page.getByTestId('dil-run').click();
    const rows = s.page.locator('[data-testid="dil-results"] tbody tr[data-count]');
    await rows.first().waitFor({ timeout: 60_000 });
    expect(await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-count'))))).toEqual([0, 2, 5, 10, 20]);
    const scores = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-score'))));
    for (const x of scores) {
      expect(Number.isFinite(x)).toBe(true);
      expect(Math.abs(x)).toBeLessThanOrEqual(1.000001);
    }
    expect(await s.page.getByTestId('dil-decoy-score').textContent()).toMatch(/\d/);
    expect(await s.page.getByTestId('dil-summary').textContent()).toBeTruthy();
  });
});

describe('context panel (fake OpenAI-compatible endpoint)', () => {
  test('estimate and personal-data warning first; run, cancel, resume; the key is in no export', async () => {
    const page = s.page;
    const seen: { auth: string | undefined; n: number }[] = [];
    let n = 0;
    await page.route('http://fake-llm.test/**', async (route) => {
      const req = route.request();
      n++;
      seen.push({ auth: req.headers()['authorization'], n });
      await new Promise((r) => setTimeout(r, 250));
      // a request aborted by the cancel has no one left to answer
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify({ choices: [{ message: { content: `Contexto gerado número ${n}.` } }], usage: { prompt_tokens: 40, completion_tokens: 6 } }),
      }).catch(() => undefined);
    });
    // a corpus with personal data, made active
    // every sentence carries its paragraph's number, so no two chunks have the same text (identical
    // chunks of one document share one call)
    const para = (i: number) => `Cláusula ${i}: o inquilino paga até o dia ${i}. Multa de ${i} por cento. Aviso de ${i} semanas. Reajuste ${i} anual.`;
    await page.evaluate((text) => {
      const ws = (window as any).__models.workspace;
      const c = ws.createCorpus('Contratos');
      ws.addDocuments(c.id, [{ name: 'contrato', format: 'text', text }]);
      ws.setActive(c.id);
    }, `Contato: maria.silva@example.com, CPF 529.982.247-25.\n\n` + Array.from({ length: 10 }, (_, i) => para(i + 1)).join('\n\n'));

    await page.getByTestId('ctx-kind-openai').check();
    await page.getByTestId('ctx-base').fill('http://fake-llm.test/v1');
    await page.getByTestId('ctx-base').dispatchEvent('change');
    await page.getByTestId('ctx-model').fill('fake-model');
    await page.getByTestId('ctx-model').dispatchEvent('change');
    await page.getByTestId('ctx-key').fill(KEY);
    await page.getByTestId('ctx-key-save').click();
    await page.getByTestId('ctx-key-status').waitFor();
    await page.locator('label', { hasText: /Tamanho máximo/ }).locator('input').fill('100');
    await page.locator('label', { hasText: /Tamanho máximo/ }).locator('input').dispatchEvent('change');

    // before running: the estimate and the warning; nothing sent, run blocked until the choice
    await page.getByTestId('ctx-prepare').click();
    const estimate = page.getByTestId('ctx-estimate');
    await estimate.waitFor({ timeout: 60_000 });
    const calls = Number(await estimate.getAttribute('data-calls'));
    expect(calls).toBeGreaterThanOrEqual(4);
    expect(await page.getByTestId('ctx-cost').textContent()).toMatch(/US\$/);
    const pii = page.getByTestId('ctx-pii');
    expect(Number(await pii.getAttribute('data-total'))).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('ctx-run').isDisabled()).toBe(true);
    expect(n).toBe(0);
    await page.getByTestId('ctx-header-only').click();
    await page.getByTestId('ctx-header-only-chosen').waitFor();
    expect(await page.getByTestId('ctx-run').isDisabled()).toBe(true);
    await page.getByTestId('ctx-send-anyway').click();

    // run, then cancel part-way
    await page.getByTestId('ctx-run').click();
    const progress = page.getByTestId('ctx-progress');
    await expect.poll(async () => Number(await progress.getAttribute('data-done')), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await page.getByTestId('ctx-cancel').click();
    await page.getByTestId('ctx-cancelled').waitFor();
    const doneAtCancel = Number(await progress.getAttribute('data-done'));
    expect(doneAtCancel).toBeLessThan(calls);
    expect(seen.every((x) => x.auth === `Bearer ${KEY}`)).toBe(true);

    // resume: the finished ones come from the cache, the rest are asked for
    await page.getByTestId('ctx-run').click();
    await page.getByTestId('ctx-done').waitFor({ timeout: 60_000 });
    expect(Number(await progress.getAttribute('data-cached'))).toBe(doneAtCancel);
    expect(Number(await progress.getAttribute('data-calls'))).toBe(calls - doneAtCancel);
    expect(Number(await progress.getAttribute('data-done'))).toBe(calls);
    const review = page.locator('[data-testid="ctx-review"] tbody tr');
    expect(await review.count()).toBeGreaterThan(0);
    expect(await review.first().textContent()).toMatch(/Contexto gerado número \d+\./);

    // exports: the context settings file and the workspace file, and the saved settings, carry no key
    const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ctx-export').click()]);
    const settingsFile = readFileSync((await dl.path())!, 'utf8');
    expect(JSON.parse(settingsFile).context.provider).toMatchObject({ kind: 'openai', model: 'fake-model', baseUrl: 'http://fake-llm.test/v1' });
    expect(settingsFile).not.toContain(KEY);
    const [wsDl] = await Promise.all([page.waitForEvent('download'), page.evaluate(() => (window as any).__models.exportWorkspace())]);
    const wsFile = readFileSync((await wsDl.path())!, 'utf8');
    expect(wsFile).toContain('Contratos');
    expect(wsFile).not.toContain(KEY);
    const saved = await page.evaluate(() => localStorage.getItem('chunklab.context') ?? '');
    expect(saved).toContain('fake-model');
    expect(saved).not.toContain(KEY);
  });
});
