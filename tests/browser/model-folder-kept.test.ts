// Issue 21 item 5 in Chromium, which has the File System Access API: an embedding model chosen with
// "Choose folder (remembered after a reload)" comes back after a reload without picking the folder
// again — by itself while permission holds, or with one click on "Allow access again" when the
// browser asks. Headless Chromium cannot show the real folder picker, so showDirectoryPicker returns
// a real FileSystemDirectoryHandle of the origin private file system holding the test model (what
// the page keeps in IndexedDB and reads after the reload is a real handle); for the "ask again"
// case the handle's permission answers "prompt" until requestPermission is called.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { openBrowser, type Session } from './browser';
import { openApp } from './helpers';

const BERT = 'tests/fixtures/models/chunklab-test-bert';
const NAME = 'chunklab-test-bert';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? filesUnder(join(dir, n)) : [relative(BERT, join(dir, n))]));
}

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
  await s.context.addInitScript((name) => {
    const w = window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> };
    w.showDirectoryPicker = async () => (await navigator.storage.getDirectory()).getDirectoryHandle(name);
    // The browser asking again after a reload (set by the test): "prompt" until the user allows.
    if (localStorage.getItem('test.fsa.prompt') === '1') {
      const proto = FileSystemHandle.prototype as unknown as { queryPermission: unknown; requestPermission: unknown };
      proto.queryPermission = async () => (sessionStorage.getItem('test.fsa.allowed') === '1' ? 'granted' : 'prompt');
      proto.requestPermission = async () => {
        (window as unknown as { __asked: number }).__asked = ((window as unknown as { __asked?: number }).__asked ?? 0) + 1;
        sessionStorage.setItem('test.fsa.allowed', '1');
        return 'granted';
      };
    }
  }, NAME);
}, 60_000);
afterAll(async () => {
  await s?.close();
});

async function modelPhase(): Promise<string | null> {
  const { page } = s;
  await page.getByTestId('model-button').click();
  const phase = await page.getByTestId('model-status').getAttribute('data-phase');
  await page.keyboard.press('Escape');
  return phase;
}

test('a model folder chosen with the folder picker comes back after a reload, without picking it again', async () => {
  const { page } = s;
  await openApp(page);
  // The model's files in the origin private file system (fetched from the app's own test copy).
  const files = filesUnder(BERT);
  await page.evaluate(
    async ([name, list]) => {
      const root = await navigator.storage.getDirectory();
      const dir = await root.getDirectoryHandle(name, { create: true });
      for (const rel of list) {
        const parts = rel.split('/');
        let d = dir;
        for (const p of parts.slice(0, -1)) d = await d.getDirectoryHandle(p, { create: true });
        const data = await (await fetch(`/models/${name}/${rel}`)).arrayBuffer();
        const w = await (await d.getFileHandle(parts[parts.length - 1], { create: true })).createWritable();
        await w.write(data);
        await w.close();
      }
    },
    [NAME, files] as const,
  );

  await page.getByTestId('model-button').click();
  await page.getByTestId('source-files').check();
  await page.getByTestId('model-folder-keep').click();
  await page.getByTestId('folder-picked').waitFor();
  expect(await page.getByTestId('folder-picked').textContent()).toContain(NAME);
  await page.getByTestId('model-load').click();
  await page.locator('[data-testid="model-status"][data-phase="ready"]').waitFor({ timeout: 120_000 });
  await page.keyboard.press('Escape');

  // Reload: permission to the kept folder still holds, so the model loads by itself; no notice stays.
  await page.reload();
  await page.getByTestId('corpus-title').waitFor({ timeout: 60_000 });
  await expect.poll(modelPhase, { timeout: 120_000 }).toBe('ready');
  expect(await page.getByTestId('folders-again').count()).toBe(0);
}, 240_000);

test('when the browser asks again: the notice offers "Allow access again", and one click brings the model back', async () => {
  const { page } = s;
  await page.evaluate(() => localStorage.setItem('test.fsa.prompt', '1'));
  await page.reload();
  const notice = page.getByTestId('folders-again');
  await notice.waitFor({ timeout: 60_000 });
  const allow = notice.getByTestId('folders-again-allow');
  await allow.waitFor({ timeout: 30_000 });
  expect(await notice.getByTestId('folders-again-item').getAttribute('data-kind')).toBe('embedding');
  expect(await notice.textContent()).toContain('Permitir acesso de novo');
  // Nothing was asked of the browser before the click.
  expect(await page.evaluate(() => (window as unknown as { __asked?: number }).__asked ?? 0)).toBe(0);
  await allow.click();
  await expect.poll(() => notice.count(), { timeout: 60_000 }).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __asked?: number }).__asked ?? 0)).toBe(1);
  await expect.poll(modelPhase, { timeout: 120_000 }).toBe('ready');
  expect(s.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
}, 240_000);
