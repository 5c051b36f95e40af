// Language-model calls run in the workers (issue 24, "one shape for remote calls"), in real Chromium
// against a real OpenAI-compatible HTTP server on 127.0.0.1: generating questions and chunking with
// the llm chunker send the requests from the worker with the key the page primed it with, and keep the
// answers there. Counted on the page: every call a worker makes back into the page (Comlink APPLY
// messages arriving on the page's proxy ports, by method and argument count). Only progress reports
// may come back (one argument, no method name); no model call (a function of three arguments), no
// cache read or write (get / set / answerGet / answerSet), no generate hook.
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type Session } from './browser';
import { configureQuestionGeneration, openApp, pasteDocument, setParam, waitSaved } from './helpers';
import { startChatServer, type TestServer } from '../engine/llm/server';

const KEY = 'sk-test-worker-0123456789';
const DOC = '# Reembolso\n\nO prazo para pedir o reembolso é de 30 dias corridos após a compra.\n\nSomente o titular do cartão pode solicitar a devolução do valor.\n\nO atendimento funciona de segunda a sexta, das 9h às 18h.\n';
const EXCERPT = 'O prazo para pedir o reembolso é de 30 dias corridos após a compra.';

let s: Session;
let server: TestServer;
beforeEach(async () => {
  // The llm chunker's windows ("[n] paragraph" lines) get no boundary; question prompts get one question.
  server = await startChatServer(
    (user) => (/^\[\d+\]/m.test(user) ? JSON.stringify({ boundaries: [] }) : JSON.stringify({ questions: [{ question: 'Qual é o prazo do reembolso?', excerpts: [EXCERPT] }] })),
    { prompt_tokens: 50, completion_tokens: 20 },
  );
  s = await openBrowser();
  // Every message a worker sends into a page-side Comlink proxy arrives on a MessagePort the page listens to.
  await s.context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __intoPage: string[] }).__intoPage = seen;
    const add = MessagePort.prototype.addEventListener;
    MessagePort.prototype.addEventListener = function (this: MessagePort, type: string, listener: EventListenerOrEventListenerObject, opts?: boolean | AddEventListenerOptions) {
      if (type === 'message') {
        const inner = listener;
        const counted = (e: Event) => {
          const d = (e as MessageEvent).data as { type?: string; path?: string[]; argumentList?: unknown[] } | undefined;
          if (d && d.type === 'APPLY') seen.push(`${(d.path ?? []).join('.') || '()'}/${d.argumentList?.length ?? 0}`);
          return typeof inner === 'function' ? inner.call(this, e) : inner.handleEvent(e);
        };
        return add.call(this, type, counted as EventListener, opts);
      }
      return add.call(this, type, listener, opts);
    } as typeof MessagePort.prototype.addEventListener;
  });
});
afterEach(async () => {
  await s?.close();
  await server?.close();
});

const intoPage = (page: Page) => page.evaluate(() => [...(window as unknown as { __intoPage: string[] }).__intoPage]);
const posts = () => server.requests.filter((r) => r.method === 'POST');
/** Calls back into the page that are not progress reports (a bare function of one argument). */
const notProgress = (calls: string[]) => calls.filter((c) => c !== '()/1');

test('question generation: the worker calls the model with the primed key and keeps the answers; only progress comes back', async () => {
  const { page } = s;
  await openApp(page);
  await page.getByRole('button', { name: 'Novo corpus' }).click();
  await waitSaved(page);
  await pasteDocument(page, 'reembolso', DOC);
  const panel = await configureQuestionGeneration(page, `${server.url}/v1`, KEY);
  await panel.getByTestId('qgen-prepare').click();
  await panel.getByTestId('qgen-estimate').waitFor({ timeout: 60_000 });
  const estimated = Number(await panel.getByTestId('qgen-estimate').getAttribute('data-calls'));
  expect(estimated).toBeGreaterThan(0);
  const before = (await intoPage(page)).length;

  await panel.getByTestId('qgen-run').click();
  const summary = panel.getByTestId('qgen-summary');
  await summary.waitFor({ timeout: 60_000 });
  const calls = (await intoPage(page)).slice(before);
  console.log(`question generation: ${posts().length} model requests, calls back into the page: ${JSON.stringify(calls)}`);
  expect(posts()).toHaveLength(estimated);
  expect(posts().every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
  expect(Number(await summary.getAttribute('data-kept'))).toBeGreaterThan(0);
  expect(notProgress(calls)).toEqual([]);
}, 180_000);

test('the llm chunker: the engine worker calls the model and keeps the answers; nothing comes back into the page', async () => {
  const { page } = s;
  await openApp(page);
  await page.evaluate((base) => localStorage.setItem('chunklab.context', JSON.stringify({ kind: 'openai', openaiBase: base, openaiModel: 'fake-model', priceIn: 1, priceOut: 2 })), `${server.url}/v1`);
  await page.reload();
  await pasteDocument(page, 'reembolso', DOC);
  await page.getByRole('button', { name: 'Inspecionar: reembolso' }).click();
  await page.getByTestId('insp-chunker').locator('option[value="llm"]').waitFor({ state: 'attached' });
  await page.getByTestId('insp-chunker').selectOption('llm');
  await page.locator('[data-param="minTokens"]').waitFor();
  await setParam(page, 'minTokens', 0);
  await page.locator('[data-testid="insp-status"][data-run="confirm"][data-stale="no"]').waitFor({ state: 'attached', timeout: 60_000 });
  const before = (await intoPage(page)).length;
  await page.getByTestId('llm-approve').click();
  await page.getByTestId('llm-done').waitFor({ timeout: 60_000 });
  const calls = (await intoPage(page)).slice(before);
  console.log(`llm chunker: ${posts().length} model requests, calls back into the page: ${JSON.stringify(calls)}`);
  expect(posts().length).toBeGreaterThan(0);
  expect(Number(await page.getByTestId('llm-done').getAttribute('data-calls'))).toBe(posts().length);
  expect(notProgress(calls)).toEqual([]);
}, 180_000);
