// The chunkers that borrow a model, in the page (real Chromium): the semantic chunker's breakpoint
// curve (keyboard and drag move the line; the boundaries are re-cut in the worker with no embedding and
// no new inspection), the semantic chunker embedding with the loaded random-weight test model, and the
// llm chunker against a fake OpenAI-compatible endpoint (page.route): no provider → a notice with a link
// and nothing sent; the estimate before any call; cuts where the model says; a rerun answered from
// IndexedDB with no request.
// Each test starts its own browser (a fresh profile: empty IndexedDB and localStorage) and sets up
// what it needs itself, so the tests pass alone, in any order and side by side; every wait is on a
// condition in the page (the inspector's status says when what it shows is for the current settings),
// never on time.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { openBrowser, type Session } from './browser';
import { openApp, pasteDocument, setParam } from './helpers';

const MODEL = resolve('tests/fixtures/models/chunklab-test-bert');

// Three topics, two paragraphs each: the lexical vectors see the switches (shared words within a topic).
const TOPICS = [
  'The volcano erupted at dawn. Lava from the volcano covered the slopes of the volcano. The volcano crater glowed red.',
  'Ash from the volcano fell on the villages. The volcano kept rumbling and the crater smoked all week.',
  'Bread dough needs flour, water and yeast. The dough rises while the yeast ferments the flour.',
  'A hot oven bakes the dough into bread. The bread crust turns golden and the bread cools on a rack.',
  'Chess players move the king and the queen. A chess knight jumps over other chess pieces.',
  'Castling moves the chess king behind a rook. In chess, checkmate of the king ends the game.',
];
const DOC = TOPICS.join('\n\n');

let s: Session;
beforeEach(async () => {
  s = await openBrowser();
  // Counts the Comlink calls the page sends to each worker (by worker name and method); while
  // __holdInspect is set, the engine's inspect calls wait in the page until __release() sends them.
  await s.context.addInitScript(() => {
    const calls: Record<string, number> = {};
    const w = window as unknown as { __workerCalls: Record<string, number>; __holdInspect: boolean; __held: Array<() => void>; __release: () => void };
    w.__workerCalls = calls;
    w.__holdInspect = false;
    w.__held = [];
    w.__release = () => {
      w.__holdInspect = false;
      for (const send of w.__held.splice(0)) send();
    };
    const Native = window.Worker;
    class Counted extends Native {
      constructor(url: string | URL, opts?: WorkerOptions) {
        super(url, opts);
        const name = opts?.name ?? '?';
        const post = this.postMessage.bind(this);
        this.postMessage = ((msg: { type?: string; path?: string[] }, ...rest: unknown[]) => {
          const send = () => (post as (...a: unknown[]) => void)(msg, ...rest);
          if (msg && msg.type === 'APPLY' && msg.path?.length) {
            const method = msg.path[msg.path.length - 1];
            const k = `${name}.${method}`;
            calls[k] = (calls[k] ?? 0) + 1;
            if (w.__holdInspect && name === 'chunklab-engine' && method === 'inspect') return void w.__held.push(send);
          }
          return send();
        }) as Worker['postMessage'];
      }
    }
    window.Worker = Counted as typeof Worker;
  });
});
afterEach(async () => {
  await s?.close();
});

const workerCalls = (page: Page) => page.evaluate(() => ({ ...(window as unknown as { __workerCalls: Record<string, number> }).__workerCalls }));

async function chunkStarts(page: Page): Promise<number[]> {
  return page.locator('[data-testid="chunk-list"] button').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-start'))));
}

/**
 * Waits until the inspector is at rest in `run` (done, or confirm: an llm estimate waiting for a yes)
 * and what it shows was computed for the settings now on screen (no run pending after a change).
 */
async function settled(page: Page, run: 'done' | 'confirm' = 'done'): Promise<void> {
  await page.locator(`[data-testid="insp-status"][data-run="${run}"][data-stale="no"]`).waitFor({ state: 'attached', timeout: 60_000 });
}

/** A fake OpenAI-compatible endpoint on `page` (http://fake-llm.test/v1): returns the URLs it was asked, in order. */
async function fakeLlm(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route('http://fake-llm.test/**', async (route) => {
    const req = route.request();
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST, OPTIONS' };
    if (req.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const body = req.postDataJSON() as { messages: { role: string; content: string }[] };
    requests.push(req.url());
    const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
    const nums = [...user.matchAll(/^\[(\d+)\]/gm)].map((m) => Number(m[1]));
    // Topic changes at paragraphs 2 and 4 (the ones shown after the window's first).
    const boundaries = [2, 4].filter((n) => n > nums[0] && nums.includes(n));
    await route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: JSON.stringify({ choices: [{ message: { content: JSON.stringify({ boundaries }) } }] }) });
  });
  return requests;
}

/** A local OpenAI-compatible server (no key needed) as the provider settings keep it; the page reloads to read it. */
async function useFakeProvider(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('chunklab.context', JSON.stringify({ kind: 'openai', openaiBase: 'http://fake-llm.test/v1', openaiModel: 'fake-model', priceIn: 1, priceOut: 2 })));
  await page.reload();
}

async function inspectSemantic(page: Page, title: string) {
  await page.getByRole('button', { name: `Inspecionar: ${title}` }).click();
  await page.getByTestId('insp-chunker').locator('option[value="semantic"]').waitFor({ state: 'attached' });
  await page.getByTestId('insp-chunker').selectOption('semantic');
  await setParam(page, 'maxTokens', 512);
  await setParam(page, 'minTokens', 0);
  await setParam(page, 'buffer', 1);
  await setParam(page, 'smoothing', 1);
  await page.getByTestId('semantic-curve').waitFor({ timeout: 60_000 });
  await settled(page);
}

const breaks = async (page: Page) => Number(await page.getByTestId('semantic-curve').getAttribute('data-breaks'));
const curveAttr = (page: Page, name: string) => page.getByTestId('semantic-curve').getAttribute(name);
/** Waits for the chunk list to show one chunk per breakpoint (plus the first). */
const oneChunkPerBreak = (page: Page) => expect.poll(async () => (await chunkStarts(page)).length - (await breaks(page)), { timeout: 30_000 }).toBe(1);

test('the breakpoint curve: keyboard and drag move the line, boundaries re-cut with no embedding', async () => {
  const { page } = s;
  await openApp(page);
  await pasteDocument(page, 'Topicos', DOC);
  await inspectSemantic(page, 'Topicos');
  // No model loaded: the lexical path, and the page says so.
  expect(await page.getByTestId('semantic-embedder').getAttribute('data-embedder')).toBe('lexical-tfidf');
  // The lexical path cuts at the topic switches (two of the gaps are the switches).
  expect(await chunkStarts(page)).toEqual(expect.arrayContaining([0, DOC.indexOf(TOPICS[2]), DOC.indexOf(TOPICS[4])]));

  const before = await workerCalls(page);
  const slider = page.getByTestId('curve-slider');
  // Keyboard: the line to its bottom → every peak cuts; to its top → only gaps with nothing in common
  // (distance 1) still pass it. Each breakpoint starts a chunk (the cap is far away, no minimum).
  await slider.focus();
  await page.keyboard.press('Home');
  await expect.poll(() => curveAttr(page, 'data-mode'), { timeout: 30_000 }).toBe('threshold');
  await settled(page);
  await oneChunkPerBreak(page);
  const low = await breaks(page);
  expect(low).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('End');
  await expect.poll(() => breaks(page), { timeout: 30_000 }).toBeLessThan(low);
  await settled(page);
  await oneChunkPerBreak(page);
  // Arrow keys move it by a step (the line's value changes with each press).
  const line0 = Number(await curveAttr(page, 'data-line'));
  await page.keyboard.press('PageDown');
  await expect.poll(async () => Number(await curveAttr(page, 'data-line')), { timeout: 30_000 }).toBeLessThan(line0);
  await settled(page);

  // Drag: from the top edge of the plot to its bottom → every peak cuts again.
  const box = (await page.getByTestId('curve-svg').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => breaks(page), { timeout: 30_000 }).toBe(low);
  await settled(page);
  await oneChunkPerBreak(page);

  // The percentile input puts the percentile rule back.
  await page.getByTestId('curve-percentile').fill('50');
  await page.getByTestId('curve-percentile').press('Tab');
  await expect.poll(() => curveAttr(page, 'data-mode'), { timeout: 30_000 }).toBe('percentile');
  await settled(page);
  expect(await breaks(page)).toBeGreaterThan(0);

  const after = await workerCalls(page);
  expect((after['chunklab-engine.recut'] ?? 0) - (before['chunklab-engine.recut'] ?? 0)).toBeGreaterThanOrEqual(3);
  expect(after['chunklab-engine.inspect'] ?? 0).toBe(before['chunklab-engine.inspect'] ?? 0);
  expect(after['chunklab-embed.embed'] ?? 0).toBe(before['chunklab-embed.embed'] ?? 0);
}, 180_000);

test('a setting changed while the curve is computed: the next run embeds again, never re-cuts the old curve', async () => {
  const { page } = s;
  await openApp(page);
  await pasteDocument(page, 'Topicos', DOC);
  await inspectSemantic(page, 'Topicos');
  const want = await chunkStarts(page);
  expect(want).toEqual(expect.arrayContaining([0, DOC.indexOf(TOPICS[2]), DOC.indexOf(TOPICS[4])]));
  const wantBreaks = await breaks(page);

  // Another smoothing: its inspection is held in the page (it is "in flight") ...
  await page.evaluate(() => ((window as unknown as { __holdInspect: boolean }).__holdInspect = true));
  await setParam(page, 'smoothing', 3);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __held: unknown[] }).__held.length), { timeout: 30_000 }).toBe(1);
  // ... while the smoothing goes back; then the held run answers (with the curve of smoothing 3).
  await setParam(page, 'smoothing', 1);
  const before = await workerCalls(page);
  await page.evaluate(() => (window as unknown as { __release: () => void }).__release());
  // That answer is for settings no longer on screen: the inspector computes the curve again for the
  // settings shown (a new inspect) and shows what it showed before the detour.
  await expect.poll(async () => ((await workerCalls(page))['chunklab-engine.inspect'] ?? 0) - (before['chunklab-engine.inspect'] ?? 0), { timeout: 30_000 }).toBe(1);
  await settled(page);
  expect(await chunkStarts(page)).toEqual(want);
  expect(await breaks(page)).toBe(wantBreaks);
}, 180_000);

test('with a model loaded, the semantic chunker embeds with it; moving the line embeds nothing', async () => {
  const { page } = s;
  await openApp(page);
  await pasteDocument(page, 'Topicos', DOC);
  await inspectSemantic(page, 'Topicos');
  expect(await page.getByTestId('semantic-embedder').getAttribute('data-embedder')).toBe('lexical-tfidf');

  await page.getByTestId('model-button').click();
  await page.getByTestId('source-files').check();
  await page.getByTestId('model-folder').setInputFiles(MODEL);
  await page.getByTestId('folder-picked').waitFor();
  // Counted from before the load: the inspector runs again as soon as the model is ready.
  const before = await workerCalls(page);
  await page.getByTestId('model-load').click();
  await page.locator('[data-testid="model-status"][data-phase="ready"]').waitFor({ timeout: 60_000 });
  // The engine counts with the model's tokenizer too (another change of the inspection's key).
  await page.locator('[data-testid="model-tokenizer"][data-model="true"]').waitFor({ timeout: 60_000 });
  await page.keyboard.press('Escape');

  // The loaded model changes the inspection's key: the inspector runs again, with the model's vectors.
  await expect.poll(() => page.getByTestId('semantic-embedder').getAttribute('data-embedder'), { timeout: 60_000 }).not.toBe('lexical-tfidf');
  await settled(page);
  const embedder = await page.getByTestId('semantic-embedder').getAttribute('data-embedder');
  expect(embedder).toMatch(/chunklab-test-bert/);
  const mid = await workerCalls(page);
  expect((mid['chunklab-embed.embed'] ?? 0) - (before['chunklab-embed.embed'] ?? 0)).toBeGreaterThan(0);
  expect(await page.getByTestId('insp-chunker').locator('option[value="semantic"]').textContent()).toMatch(/modelo carregado/);

  await page.getByTestId('curve-slider').focus();
  await page.keyboard.press('End');
  await expect.poll(() => curveAttr(page, 'data-mode'), { timeout: 30_000 }).toBe('threshold');
  await settled(page);
  const high = await breaks(page);
  await page.keyboard.press('Home');
  await expect.poll(() => breaks(page), { timeout: 30_000 }).toBeGreaterThan(high);
  await settled(page);
  const after = await workerCalls(page);
  expect(after['chunklab-embed.embed'] ?? 0).toBe(mid['chunklab-embed.embed'] ?? 0);
  expect(after['chunklab-engine.inspect'] ?? 0).toBe(mid['chunklab-engine.inspect'] ?? 0);
}, 180_000);

test('the llm chunker: no provider → a notice and nothing sent; then estimate, cuts where the model says, a free rerun', async () => {
  const { page } = s;
  const requests = await fakeLlm(page);

  // No provider (a fresh profile): OpenAI's own endpoint and no key.
  await openApp(page);
  await pasteDocument(page, 'Temas', DOC);
  await page.getByRole('button', { name: 'Inspecionar: Temas' }).click();
  await page.getByTestId('insp-chunker').locator('option[value="llm"]').waitFor({ state: 'attached' });
  expect(await page.getByTestId('insp-chunker').locator('option[value="llm"]').textContent()).toMatch(/custa chamadas/);
  await page.getByTestId('insp-chunker').selectOption('llm');
  await page.getByTestId('llm-no-provider').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('llm-open-settings').getAttribute('href')).toBe('#/experiments');
  expect(requests).toHaveLength(0);

  await useFakeProvider(page);
  await page.goto(page.url().replace(/#.*$/, '') + '#/inspector');
  await page.getByTestId('insp-chunker').locator('option[value="llm"]').waitFor({ state: 'attached' });
  await expect.poll(() => page.getByTestId('insp-chunker').inputValue(), { timeout: 30_000 }).toBe('llm');
  await page.locator('[data-param="maxTokens"]').waitFor();
  await setParam(page, 'maxTokens', 256);
  await setParam(page, 'minTokens', 0);
  // The estimate first (for these parameters); nothing sent before the user accepts.
  await settled(page, 'confirm');
  const estimate = page.getByTestId('llm-estimate');
  expect(Number(await estimate.getAttribute('data-calls'))).toBeGreaterThan(0);
  expect(await estimate.textContent()).toMatch(/US\$/);
  expect(requests).toHaveLength(0);

  await page.getByTestId('llm-approve').click();
  await page.getByTestId('llm-done').waitFor({ timeout: 60_000 });
  await settled(page);
  const calls = requests.length;
  expect(calls).toBeGreaterThan(0);
  expect(Number(await page.getByTestId('llm-done').getAttribute('data-calls'))).toBe(calls);
  expect(await chunkStarts(page)).toEqual([0, DOC.indexOf(TOPICS[2]), DOC.indexOf(TOPICS[4])]);

  // A rerun: every window is answered from IndexedDB, so it runs with no estimate to accept and no request.
  await page.reload();
  await page.goto(page.url().replace(/#.*$/, '') + '#/inspector');
  await page.getByTestId('llm-done').waitFor({ timeout: 60_000 });
  await settled(page);
  expect(Number(await page.getByTestId('llm-done').getAttribute('data-calls'))).toBe(0);
  expect(Number(await page.getByTestId('llm-done').getAttribute('data-cached'))).toBeGreaterThan(0);
  expect(requests).toHaveLength(calls);
  expect(await chunkStarts(page)).toEqual([0, DOC.indexOf(TOPICS[2]), DOC.indexOf(TOPICS[4])]);
}, 180_000);

test('the llm chunker in the grid: marked as costing calls, estimated before any call, runs only once accepted', async () => {
  const { page } = s;
  const requests = await fakeLlm(page);
  await openApp(page);
  await useFakeProvider(page);
  await page.goto(page.url().replace(/#.*$/, '') + '#/experiments');
  await page.locator('input[data-chunker="llm"]').waitFor({ timeout: 60_000 });
  expect(await page.locator('label', { has: page.locator('input[data-chunker="llm"]') }).textContent()).toMatch(/custa chamadas/);
  for (const id of ['fixed', 'structure']) await page.locator(`input[data-chunker="${id}"]`).uncheck();
  await page.locator('input[data-chunker="llm"]').check();
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs'), { timeout: 30_000 }).toBe('1');
  const estimate = page.getByTestId('exp-llm-estimate');
  await estimate.waitFor({ timeout: 60_000 });
  const calls = Number(await estimate.getAttribute('data-calls'));
  expect(calls).toBeGreaterThan(0); // the sample documents were never sent
  expect(requests).toHaveLength(0);
  expect(await page.getByTestId('exp-run').isDisabled()).toBe(true);
  await page.getByTestId('exp-llm-accept').check();
  await expect.poll(() => page.getByTestId('exp-run').isDisabled(), { timeout: 30_000 }).toBe(false);
  await page.getByTestId('exp-run').click();
  await page.getByTestId('exp-finished').waitFor({ timeout: 120_000 });
  expect(await page.locator('[data-testid="exp-runs"] li[data-status="done"]').count()).toBe(1);
  // At least the estimated calls were made (more when boundaries come early in a window).
  expect(requests.length).toBeGreaterThanOrEqual(calls);
}, 180_000);
