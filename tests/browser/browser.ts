// Launches Debian's Chromium through playwright-core with the flags that keep it quiet offline.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
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

export interface BrowserOptions {
  webgpu?: boolean;
  profileDir?: string;
  locale?: string;
  serviceWorker?: boolean;
}

/**
 * Chromium processes shared by the sessions of this test process, one per set of launch flags
 * (with or without the software WebGPU adapter). Launching one costs seconds of CPU; a context in
 * it (its own cookies, IndexedDB, OPFS, caches, permissions, nothing shared with another context)
 * well under one. A browser that crashed or was closed is launched again by the next session.
 */
const shared = new Map<string, Promise<Browser>>();

function launchArgs(webgpu: boolean | undefined): string[] {
  return [...QUIET_ARGS, webgpu ? '--enable-unsafe-webgpu' : '--disable-gpu'];
}

function executable(): string {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium found: set CHROMIUM_PATH');
  return executablePath;
}

async function sharedBrowser(webgpu: boolean): Promise<Browser> {
  const key = webgpu ? 'webgpu' : 'plain';
  const known = shared.get(key);
  if (known) {
    const b = await known.catch(() => undefined);
    if (b?.isConnected()) return b;
    if (shared.get(key) === known) shared.delete(key);
  }
  const launching = chromium.launch({ executablePath: executable(), headless: true, args: launchArgs(webgpu) });
  shared.set(key, launching);
  launching.then(
    (b) => b.on('disconnected', () => {
      if (shared.get(key) === launching) shared.delete(key);
    }),
    () => {
      if (shared.get(key) === launching) shared.delete(key);
    },
  );
  return launching;
}

/**
 * A fresh browser profile each time (IndexedDB, OPFS, caches and localStorage start empty);
 * `webgpu` adds the software WebGPU adapter. The browser asks for Brazilian Portuguese unless
 * `locale` says otherwise (the page follows the browser's language on a first visit).
 *
 * Most sessions are a new context of a Chromium shared by the test process (`browser.newContext`):
 * a profile of its own that lives in memory until the session closes. Two kinds of session get a
 * Chromium of their own, started on a profile folder (`launchPersistentContext`), as a user's is:
 * - `profileDir`: the test closes the browser and opens the same profile again (what must survive
 *   is what a real profile keeps on disk);
 * - `serviceWorker`: the offline copy (about 41 MB) is written into the profile's Cache Storage, as
 *   on a user's disk, not into an in-memory profile.
 *
 * Service workers are blocked unless `serviceWorker` is set. The built page's service worker
 * downloads the whole offline copy (about 41 MB, ONNX Runtime's wasm included) into every fresh
 * profile: about half the CPU of opening the page, in a suite that opens some 75 profiles, for
 * tests that never go offline. Without it the page is what a browser with no service worker gets
 * (cross-origin isolation from the preview server's headers, no offline copy: the app says so in
 * a console warning, not an error). The tests of the offline copy, of a host without headers and
 * of the workshop (publish, workshop-e2e) set it, and tests/browser/build.test.ts holds that a page
 * without it still works and is isolated.
 */
export async function openBrowser(opts: BrowserOptions = {}): Promise<Session> {
  const locale = opts.locale ?? 'pt-BR';
  const serviceWorkers = opts.serviceWorker ? 'allow' : 'block';
  let context: BrowserContext;
  let page: Page;
  let cleanup = async () => {};
  if (opts.profileDir || opts.serviceWorker) {
    const dir = opts.profileDir ?? mkdtempSync(join(tmpdir(), 'chunklab-chromium-'));
    context = await chromium.launchPersistentContext(dir, {
      executablePath: executable(),
      headless: true,
      args: launchArgs(opts.webgpu),
      locale,
      serviceWorkers,
    });
    page = context.pages()[0] ?? (await context.newPage());
    cleanup = async () => {
      await context.close();
      if (!opts.profileDir) rmSync(dir, { recursive: true, force: true });
    };
  } else {
    context = await (await sharedBrowser(!!opts.webgpu)).newContext({ locale, serviceWorkers });
    page = await context.newPage();
    // A context whose browser crashed went with it: there is nothing left to close.
    cleanup = async () => {
      if (context.browser()?.isConnected()) await context.close();
    };
  }
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { context, page, errors, close: cleanup };
}
