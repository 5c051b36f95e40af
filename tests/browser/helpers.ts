// Shared steps of the playground's browser tests: open the app, wait for the workspace, paste a
// document, drive the built engine worker directly.
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { readdirSync } from 'node:fs';
import type { ResultsFile } from '../../src/engine/evaluation/types.ts';

export function appUrl(path = ''): string {
  return new URL(path, inject('baseURL')).href;
}

/** The folder this run built the app into (global-setup.ts: one per run, so parallel runs never share it). */
export function distDir(): string {
  return inject('distDir');
}

/** Opens the app and waits until the workspace has loaded (and, on a first visit, stored the sample). */
export async function openApp(page: Page, path = ''): Promise<void> {
  await page.goto(appUrl(path));
  await waitSaved(page);
  if (!path || path === '#/workspace') await page.getByTestId('corpus-title').waitFor({ timeout: 60_000 });
}

/** Waits until autosave has written everything to IndexedDB. */
export async function waitSaved(page: Page): Promise<void> {
  await page.locator('[data-testid="storage-status"] [data-status="saved"]').waitFor({ timeout: 30_000 });
}

/** Pastes a document into the active corpus through the form. */
export async function pasteDocument(page: Page, title: string, text: string, format: 'markdown' | 'text' | 'html' = 'markdown'): Promise<void> {
  await page.getByTestId('paste-title').fill(title);
  await page.getByTestId('paste-format').selectOption(format);
  await page.getByTestId('paste-text').fill(text);
  await page.getByTestId('paste-add').click();
  await page.locator('[data-testid="doc-list"] li', { hasText: title }).first().waitFor();
  await waitSaved(page);
}

/**
 * Starts the BUILT engine worker on `page` with a bare Comlink-protocol driver (no app code), so a
 * test can call the worker's API directly. Returns `call(method, ...args)`.
 */
export async function driveEngineWorker(page: Page): Promise<<T>(method: string, ...args: unknown[]) => Promise<T>> {
  const workerFile = readdirSync(`${distDir()}/assets`).find((f) => /^engine\.worker-.*\.js$/.test(f));
  if (!workerFile) throw new Error(`no built engine worker under ${distDir()}/assets`);
  await page.evaluate((url) => {
    const w = new Worker(url, { type: 'module' });
    let n = 0;
    (window as unknown as { callEngine: unknown }).callEngine = (method: string, args: unknown[]) =>
      new Promise((resolve, reject) => {
        const id = `t${++n}`;
        const onMessage = (e: MessageEvent) => {
          if (e.data?.id !== id) return;
          w.removeEventListener('message', onMessage);
          if (e.data.type === 'RAW') resolve(e.data.value);
          else reject(new Error(e.data.value?.value?.message ?? 'worker error'));
        };
        w.addEventListener('message', onMessage);
        w.postMessage({ id, type: 'APPLY', path: [method], argumentList: args.map((value) => ({ type: 'RAW', value })) });
      });
  }, `/assets/${workerFile}`);
  return <T>(method: string, ...args: unknown[]) =>
    page.evaluate(
      ([m, a]) => (window as unknown as { callEngine: (m: string, a: unknown[]) => Promise<unknown> }).callEngine(m as string, a as unknown[]),
      [method, args] as const,
    ) as Promise<T>;
}

/** Selects `needle` inside the element with `testid`, found by walking its text nodes (not by data attributes). */
export async function selectText(page: Page, testid: string, needle: string): Promise<void> {
  await page.evaluate(
    ([id, want]) => {
      const root = document.querySelector(`[data-testid="${id}"]`);
      if (!root) throw new Error('no document view');
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const nodes: Array<{ n: Text; at: number }> = [];
      let all = '';
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        nodes.push({ n: n as Text, at: all.length });
        all += (n as Text).data;
      }
      const i = all.indexOf(want);
      if (i < 0) throw new Error(`"${want}" is not shown`);
      const point = (off: number, preferNext: boolean): [Text, number] => {
        for (const x of nodes) {
          const end = x.at + x.n.data.length;
          if (off < end || (off === end && !preferNext)) return [x.n, off - x.at];
        }
        const last = nodes[nodes.length - 1];
        return [last.n, last.n.data.length];
      };
      const r = document.createRange();
      r.setStart(...point(i, true));
      r.setEnd(...point(i + want.length, false));
      const sel = document.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(r);
    },
    [testid, needle] as const,
  );
}

/** Opens the Experiments view of the app already on `page` and waits for its grid. */
export async function openGrid(page: Page): Promise<void> {
  await page.goto(page.url().replace(/#.*$/, '') + '#/experiments');
  await page.locator('input[data-chunker="structure"]').waitFor({ timeout: 60_000 });
}

/**
 * Loads a model folder from disk through the models dialog (opened with `open`, the default) and
 * waits until it is ready; `close` presses Escape afterwards (the default).
 */
export async function loadModelFolder(page: Page, folder: string, o: { open?: boolean; close?: boolean; timeout?: number } = {}): Promise<void> {
  if (o.open !== false) await page.getByTestId('model-button').click();
  await page.getByTestId('source-files').check();
  await page.getByTestId('model-folder').setInputFiles(folder);
  await page.getByTestId('folder-picked').waitFor();
  await page.getByTestId('model-load').click();
  await page.locator('[data-testid="model-status"][data-phase="ready"]').waitFor({ timeout: o.timeout ?? 60_000 });
  if (o.close !== false) await page.keyboard.press('Escape');
}

/** The saved results files, straight from the workspace's IndexedDB records (name and parsed file). */
export async function savedResults(page: Page): Promise<{ name: string; results: ResultsFile }[]> {
  return page.evaluate(
    () =>
      new Promise((done, fail) => {
        const open = indexedDB.open('chunklab');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const out: { name: string; results: ResultsFile }[] = [];
          const cur = open.result.transaction('workspace', 'readonly').objectStore('workspace').openCursor();
          cur.onsuccess = () => {
            const c = cur.result;
            if (!c) return done(out);
            if (String(c.key).startsWith('results:')) {
              const v = c.value as { name: string; results: ResultsFile | string };
              out.push({ name: v.name, results: typeof v.results === 'string' ? JSON.parse(v.results) : v.results });
            }
            c.continue();
          };
          cur.onerror = () => fail(cur.error);
        };
      }),
  );
}

/** Sets a chunker parameter field (data-param=`name`, the first one inside `scope` when given) and leaves it, as a user tabs out. */
export async function setParam(page: Page, name: string, value: number, scope?: string): Promise<void> {
  const input = scope ? page.locator(`${scope} [data-param="${name}"]`).first() : page.locator(`[data-param="${name}"]`);
  await input.fill(String(value));
  await input.press('Tab');
}
