// Launches Debian's Chromium through playwright-core with the flags that keep it quiet offline.
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './find-chromium.mjs';

export const QUIET_ARGS = [
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface Session {
  context: BrowserContext;
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

/**
 * A fresh profile each time (IndexedDB starts empty); `webgpu` adds the software WebGPU adapter.
 * The browser asks for Brazilian Portuguese unless `locale` says otherwise (the page follows the
 * browser's language on a first visit).
 *
 * Service workers are blocked unless `serviceWorker` is set. The built page's service worker
 * downloads the whole offline copy (about 41 MB, ONNX Runtime's wasm included) into every fresh
 * profile: about half the CPU of opening the page, in a suite that opens some 75 profiles, for
 * tests that never go offline. Without it the page is what a browser with no service worker gets
 * (cross-origin isolation from the preview server's headers, no offline copy: the app says so in
 * a console warning, not an error). The tests of the offline copy, of a host without headers and
 * of the workshop (publish, workshop-e2e) set it, and tests/browser/service-worker-off.test.ts
 * holds that a page without it still works and is isolated.
 */
export async function openBrowser(opts: { webgpu?: boolean; profileDir?: string; locale?: string; serviceWorker?: boolean } = {}): Promise<Session> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium found: set CHROMIUM_PATH');
  const dir = opts.profileDir ?? mkdtempSync(join(tmpdir(), 'chunklab-chromium-'));
  const args = [...QUIET_ARGS, opts.webgpu ? '--enable-unsafe-webgpu' : '--disable-gpu'];
  const context = await chromium.launchPersistentContext(dir, {
    executablePath,
    headless: true,
    args,
    locale: opts.locale ?? 'pt-BR',
    serviceWorkers: opts.serviceWorker ? 'allow' : 'block',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      if (!opts.profileDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
