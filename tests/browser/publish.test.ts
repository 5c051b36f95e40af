// The published build (docs/DEPLOYING.md, "Publishing"): the test build (this run's distDir, the app plus the
// embedding test page and the test model) served under /chunklab/ by a plain static server with no
// headers. In Chromium: the page opens with no console error and loads the sample from the subpath;
// the service worker takes over and the page reloads itself once into cross-origin isolation; the
// embedding worker then runs ONNX Runtime on several threads from the app's own files; with the
// network off a reload still opens the page and BM25 search works; a new build's service worker
// brings the "new version available, reload" prompt and replaces the old cache.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { openBrowser, type Session } from './browser';
import { serveFolder, type StaticServer } from './static-server';
import { distDir } from './helpers';

const DIST = distDir();
const q01 = (JSON.parse(readFileSync('public/samples/pt-BR/questions.json', 'utf8')) as { questions: Array<{ id: string; text: string; docId: string }> }).questions.find((q) => q.id === 'q01')!;
let srv: StaticServer;
let s: Session;

const swManifest = () => {
  const m = /const MANIFEST = (\{.*?\});/.exec(readFileSync(`${DIST}/sw.js`, 'utf8'));
  if (!m) throw new Error('no manifest in the built sw.js');
  return JSON.parse(m[1]) as { version: string; files: string[] };
};

async function waitWorkspace() {
  await s.page.locator('[data-testid="storage-status"] [data-status="saved"]').waitFor({ timeout: 60_000 });
  await s.page.getByTestId('corpus-title').waitFor({ timeout: 60_000 });
}

beforeAll(async () => {
  srv = await serveFolder(DIST, 'chunklab');
  s = await openBrowser({ serviceWorker: true });
});
afterAll(async () => {
  await s?.close();
  await srv?.close();
});

describe('the build under a subpath of a plain static server', () => {
  test('opens with no console error, loads the sample from the subpath, and becomes cross-origin isolated after one reload', async () => {
    const { page } = s;
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(srv.url);
    // The service worker installs (precaching the build), takes the page, and the page reloads once.
    await page.waitForFunction(() => crossOriginIsolated && !!navigator.serviceWorker.controller, null, { timeout: 120_000 });
    await waitWorkspace();
    expect(loads).toBe(2);
    const sample = JSON.parse(readFileSync('public/samples/pt-BR/documents.json', 'utf8')) as { documents: unknown[] };
    await expect.poll(() => page.locator('[data-testid="doc-list"] li').count(), { timeout: 30_000 }).toBe(sample.documents.length);
    expect(s.errors).toEqual([]);
    // Nothing was asked of the server outside the subpath (no '/assets/…', '/samples/…' from the root).
    expect(srv.log.filter((p) => !p.startsWith('/chunklab/'))).toEqual([]);
    expect(srv.log).toContain('/chunklab/samples/pt-BR/documents.json');
    // Every file of the manifest was fetched for the offline copy, ONNX Runtime's wasm and .mjs included.
    const { files } = swManifest();
    for (const f of files) expect(srv.log, f).toContain(`/chunklab/${f}`);
    expect(files.some((f) => /ort-wasm-simd-threaded.*\.wasm$/.test(f)) && files.some((f) => /ort-wasm-simd-threaded.*\.mjs$/.test(f))).toBe(true);
    expect(files).toContain('tokenizers/all-MiniLM-L6-v2/tokenizer.json');
  });

  test('the embedding worker runs ONNX Runtime on several threads, from the subpath, with no headers from the host', async () => {
    const { page } = s;
    const before = srv.log.length;
    await page.goto(new URL('tests/browser/embed-page.html', srv.url).href);
    await page.locator('#ready', { hasText: 'ready' }).waitFor({ timeout: 60_000 });
    const r = await page.evaluate(async () => {
      const c = (window as any).__chunklabTest.createEmbedClient();
      const status = await c.load({ kind: 'served', id: 'chunklab-test-bert' }, { device: 'wasm' });
      const out = await c.embed(['Um gato dorme no sofá.', 'A ponte foi inaugurada em 1974.'], 'passage');
      c.terminate();
      return { status, isolated: crossOriginIsolated, cores: navigator.hardwareConcurrency, dims: out.vectors.map((v: Float32Array) => v.length) };
    });
    expect(r.isolated).toBe(true);
    expect(r.cores).toBeGreaterThanOrEqual(2);
    expect(r.status.threads).toBeGreaterThanOrEqual(2);
    expect(r.dims).toEqual([32, 32]);
    // The model came from the app's folder under the subpath (not the server root).
    const asked = srv.log.slice(before);
    expect(asked).toContain('/chunklab/models/chunklab-test-bert/onnx/model.onnx');
    expect(srv.log.filter((p) => !p.startsWith('/chunklab/'))).toEqual([]);
    expect(s.errors).toEqual([]);
  });

  test('with the network off, a reload opens the page from the offline copy and BM25 search works', async () => {
    const { page } = s;
    await page.goto(srv.url);
    await waitWorkspace();
    // Chromium's offline emulation does not cover the browser's own service-worker update check:
    // the server drops every connection too.
    await s.context.setOffline(true);
    srv.down(true);
    try {
      const before = srv.log.length;
      await page.reload();
      await waitWorkspace();
      expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
      await page.goto(new URL('#/search', srv.url).href);
      await page.getByTestId('search-chunker').locator('option[value="recursive"]').waitFor({ state: 'attached' });
      await page.getByTestId('search-chunker').selectOption('recursive');
      await page.getByTestId('search-query').fill(q01.text);
      await page.getByTestId('search-result').first().waitFor({ timeout: 90_000 });
      const docs = await page.getByTestId('search-result').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.docId));
      expect(docs).toContain(q01.docId);
      // Nothing but the browser's own update check for sw.js (which failed) went out.
      expect(srv.log.slice(before).filter((p) => p !== '/chunklab/sw.js')).toEqual([]);
      expect(s.errors).toEqual([]);
    } finally {
      srv.down(false);
      await s.context.setOffline(false);
    }
  });

  test('a new build brings the "new version available, reload" prompt; reloading switches to its cache', async () => {
    const { page } = s;
    const { version } = swManifest();
    const next = 'f'.repeat(16);
    srv.override('sw.js', readFileSync(`${DIST}/sw.js`, 'utf8').replace(`"version":"${version}"`, `"version":"${next}"`));
    try {
      await page.goto(srv.url);
      await waitWorkspace();
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const prompt = page.getByTestId('sw-update');
      await prompt.waitFor({ timeout: 120_000 });
      expect(await prompt.textContent()).toMatch(/nova versão/);
      await Promise.all([page.waitForEvent('load', { timeout: 60_000 }), prompt.getByRole('button').click()]);
      await waitWorkspace();
      const caches = await page.evaluate(async () => (await self.caches.keys()).filter((k) => k.startsWith('chunklab-app-')));
      expect(caches).toEqual([`chunklab-app-${next}`]);
      expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
      expect(await page.getByTestId('sw-update').count()).toBe(0);
      expect(s.errors).toEqual([]);
    } finally {
      srv.override('sw.js', null);
    }
  });
});
