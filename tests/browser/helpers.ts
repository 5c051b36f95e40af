// Shared steps of the playground's browser tests: a browser for the file, open the app or one of
// its views, wait for the workspace, paste a document, run a grid, load a model folder, read what
// was saved, drive the built engine worker directly.
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { readdirSync, readFileSync } from 'node:fs';
import { openBrowser, type Session } from './browser';
import type { ResultsFile } from '../../src/engine/evaluation/types.ts';

/**
 * One fresh browser profile for the test file (browser.ts openBrowser: a new context of the Chromium
 * this test process shares): opened before its first test, closed after its last. The object
 * returned is filled in by then (`s.page`, `s.context`, `s.errors`), so tests use it as is.
 */
export function useBrowser(o: { webgpu?: boolean; viewport?: { width: number; height: number } } = {}): Session {
  const s = {} as Session;
  beforeAll(async () => {
    Object.assign(s, await openBrowser({ webgpu: o.webgpu }));
    if (o.viewport) await s.page.setViewportSize(o.viewport);
  });
  afterAll(async () => {
    await s.close?.();
  });
  return s;
}

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

/** Opens a document of the workspace in the chunk inspector by its title (the button's Portuguese name). */
export async function inspect(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: `Inspecionar: ${title}` }).click();
}

/** Picks a chunker in the inspector once its list holds it. */
export async function chooseChunker(page: Page, id: string): Promise<void> {
  await page.getByTestId('insp-chunker').locator(`option[value="${id}"]`).waitFor({ state: 'attached' });
  await page.getByTestId('insp-chunker').selectOption(id);
}

/**
 * The inspector's chunk rows once they show a result computed at `maxTokens` (no chunk above it) with
 * more than `atLeast` chunks.
 */
export async function chunkRows(page: Page, maxTokens: number, atLeast: number): Promise<Locator> {
  const rows = page.locator('[data-testid="chunk-list"] button');
  // One condition, polled until it holds: an empty list (still chunking) satisfies the cap alone.
  const shown = async () => {
    const tokens = await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-tokens'))));
    return tokens.length > atLeast && Math.max(...tokens) <= maxTokens;
  };
  await expect.poll(shown, { timeout: 60_000, message: `more than ${atLeast} chunks of at most ${maxTokens} tokens` }).toBe(true);
  return rows;
}

/**
 * Opens question generation (Search → Questions) and points it at an OpenAI-compatible server
 * (`base`, model "fake-model") with `key`, saved in the page; `perDocument` asks for that many
 * questions per document. Returns the panel.
 */
export async function configureQuestionGeneration(page: Page, base: string, key: string, o: { perDocument?: number } = {}): Promise<Locator> {
  await openView(page, 'search/questions');
  const panel = page.getByTestId('qgen-panel');
  await panel.waitFor({ timeout: 60_000 });
  await panel.getByTestId('qgen-kind-openai').check();
  await panel.getByTestId('qgen-base').fill(base);
  await panel.getByTestId('qgen-base').dispatchEvent('change');
  await panel.getByTestId('qgen-model').fill('fake-model');
  await panel.getByTestId('qgen-model').dispatchEvent('change');
  await panel.getByTestId('qgen-key').fill(key);
  await panel.getByTestId('qgen-key-save').click();
  await panel.getByTestId('qgen-key-status').waitFor();
  if (o.perDocument !== undefined) {
    await panel.getByTestId('qgen-mode-per-doc').check();
    await panel.getByTestId('qgen-per-doc').fill(String(o.perDocument));
    await panel.getByTestId('qgen-per-doc').dispatchEvent('change');
  }
  return panel;
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

/** Opens a view (`results`, `lessons`…) of the app already on `page`, at the address it was opened from. */
export async function openView(page: Page, view: string): Promise<void> {
  await page.goto(page.url().replace(/#.*$/, '') + '#/' + view);
}

/** Opens the Experiments view of the app already on `page` and waits for its grid. */
export async function openGrid(page: Page): Promise<void> {
  await openView(page, 'experiments');
  await page.locator('input[data-chunker="structure"]').waitFor({ timeout: 60_000 });
}

/**
 * Runs the grid set up in the Experiments view and waits until it has finished and every run is
 * saved; `runs`, when given, is first checked against the count the form announces.
 */
export async function runGrid(page: Page, o: { runs?: number; timeout?: number } = {}): Promise<void> {
  if (o.runs !== undefined) await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe(String(o.runs));
  await page.getByTestId('exp-run').click();
  await page.getByTestId('exp-finished').waitFor({ timeout: o.timeout ?? 180_000 });
  await waitSaved(page);
}

/** Sets the grid to one run: the structure chunker with its context header on (the course-pack lessons' grid). */
export async function headerOnlyGrid(page: Page): Promise<void> {
  await openGrid(page);
  await page.locator('input[data-chunker="fixed"]').uncheck();
  await page.locator('input[data-header="on"]').check();
  await page.locator('input[data-header="off"]').uncheck();
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('1');
}

/** Exports a course pack from the Workspace titled `title` (with a lesson text when given); returns the file's name and text. */
export async function exportPack(page: Page, title: string, lesson?: string): Promise<{ name: string; text: string }> {
  await openView(page, 'workspace');
  await page.getByTestId('pack-export').click();
  await page.getByTestId('pack-title').fill(title);
  if (lesson !== undefined) await page.getByTestId('pack-lesson-input').fill(lesson);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pack-export-save').click()]);
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
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

/**
 * The workspace's IndexedDB records (idb-keyval: database "chunklab", store "workspace") whose key
 * starts with `prefix` ("results:", "qs:", "corpus:"…; all of them by default), by key, in key order.
 */
export async function storedRecords<T = unknown>(page: Page, prefix = ''): Promise<Record<string, T>> {
  return page.evaluate(
    (p) =>
      new Promise<Record<string, unknown>>((done, fail) => {
        const open = indexedDB.open('chunklab');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const out: Record<string, unknown> = {};
          const cur = open.result.transaction('workspace', 'readonly').objectStore('workspace').openCursor();
          cur.onsuccess = () => {
            const c = cur.result;
            if (!c) return done(out);
            if (String(c.key).startsWith(p)) out[String(c.key)] = c.value;
            c.continue();
          };
          cur.onerror = () => fail(cur.error);
        };
      }),
    prefix,
  ) as Promise<Record<string, T>>;
}

/**
 * Picks a cross-encoder folder from disk in a reranker picker (`scope`: the page, or the models
 * dialog) and waits until it is loaded (fp32 on WASM); returns its status line.
 */
export async function loadRerankerFolder(scope: Page | Locator, folder: string): Promise<Locator> {
  await scope.getByTestId('reranker-source').selectOption('files');
  await scope.getByTestId('reranker-folder').setInputFiles(folder);
  await scope.getByTestId('reranker-dtype').selectOption('fp32');
  await scope.getByTestId('reranker-load').click();
  const status = scope.getByTestId('reranker-status');
  await status.waitFor({ timeout: 60_000 });
  return status;
}

/**
 * Points the page at an OpenAI-compatible embedding service (the models dialog's service form) at
 * `base` with `model` and `key`; `batch` sets the texts per call. The dialog stays open when
 * `close` is false; returns the service's status line.
 */
export async function useEmbeddingService(page: Page, o: { base: string; model: string; key: string; batch?: number; close?: boolean }): Promise<Locator> {
  await page.getByTestId('model-button').click();
  await page.getByTestId('service-kind').selectOption('openai');
  await page.getByTestId('service-base-url').fill(o.base);
  await page.getByTestId('service-model').fill(o.model);
  if (o.batch !== undefined) await page.getByTestId('service-batch').fill(String(o.batch));
  await page.getByTestId('service-key').fill(o.key);
  await page.getByTestId('service-use').click();
  const status = page.getByTestId('service-status');
  await status.waitFor({ timeout: 30_000 });
  if (o.close !== false) await page.keyboard.press('Escape');
  return status;
}

/** The saved results files, straight from the workspace's IndexedDB records (name and parsed file). */
export async function savedResults(page: Page): Promise<{ name: string; results: ResultsFile }[]> {
  const records = await storedRecords<{ name: string; results: ResultsFile | string }>(page, 'results:');
  return Object.values(records).map((v) => ({ name: v.name, results: typeof v.results === 'string' ? JSON.parse(v.results) : v.results }));
}

/** Sets a chunker parameter field (data-param=`name`, the first one inside `scope` when given) and leaves it, as a user tabs out. */
export async function setParam(page: Page, name: string, value: number, scope?: string): Promise<void> {
  const input = scope ? page.locator(`${scope} [data-param="${name}"]`).first() : page.locator(`[data-param="${name}"]`);
  await input.fill(String(value));
  await input.press('Tab');
}
