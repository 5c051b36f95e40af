// A model server on the venue's network that sends no CORS headers (Ollama, vLLM out of the box):
// the page recognises the CORS refusal (the host answers a no-cors probe), says in Portuguese what
// to do with the relay's command filled in (the server's URL and the page's origin) first, then each
// server's own switch; the relay started with exactly that command makes the same grid work.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openApp, openGrid, useBrowser, useEmbeddingService } from './helpers';
import { startEmbeddingServer, type EmbeddingServer } from '../engine/embedding/providers/server.ts';
import { parseOrigin, parseTarget, startRelay, type Relay } from '../../src/node/cors-relay.ts';

const KEY = 'sk-cors-relay-SECRET';
const MODEL = 'text-embedding-3-small';

const s = useBrowser();
let server: EmbeddingServer;
let relay: Relay | undefined;

beforeAll(async () => {
  server = await startEmbeddingServer({ kind: 'openai', key: KEY, noCors: true });
}, 120_000);
afterAll(async () => {
  await relay?.close();
  await server?.close();
});

async function useService(base: string): Promise<void> {
  await useEmbeddingService(s.page, { base, model: MODEL, key: KEY });
}

async function runDenseGrid(): Promise<void> {
  const { page } = s;
  await openGrid(page);
  await page.locator('input[data-chunker="fixed"]').uncheck();
  await page.locator('input[data-retriever="bm25"]').uncheck();
  await page.locator('input[data-retriever="dense"]').check();
  await expect.poll(() => page.getByTestId('exp-count').getAttribute('data-runs')).toBe('1');
  await page.getByTestId('exp-run').click();
  await page.getByTestId('service-send').click({ timeout: 60_000 });
}

test('a server without CORS: the Portuguese message names the relay with the command filled in, and the relay makes it work', async () => {
  const { page } = s;
  await openApp(page);
  const origin = new URL(page.url()).origin;
  await useService(server.base);
  await runDenseGrid();
  const error = page.locator('[data-testid="exp-runs"] li[data-status="error"] [role="alert"]');
  await error.waitFor({ timeout: 120_000 });
  const text = (await error.textContent()) ?? '';
  // Portuguese, the relay first, with the server's origin and this page's origin filled in.
  expect(text).toMatch(/^O servidor em http:\/\/127\.0\.0\.1:\d+ responde, mas o navegador não entrega a resposta a esta página/);
  const command = /npm run cli -- proxy --to (\S+) --allow-origin (\S+)/.exec(text);
  expect(command, text).not.toBeNull();
  expect(command![1]).toBe(new URL(server.base).origin);
  expect(command![2]).toBe(origin);
  expect(text.indexOf('proxy')).toBeLessThan(text.indexOf('OLLAMA_ORIGINS'));
  expect(text).toContain(`OLLAMA_ORIGINS=${origin}`);
  expect(text).toContain('--allowed-origins');
  expect(text).not.toContain(KEY);
  // The browser refused the answer: no embedding request was ever answered to the page.
  expect(server.served()).toHaveLength(0);

  // The relay, started with the page's own command (on any free port: 8788 may be taken here).
  relay = await startRelay({ target: parseTarget(command![1]), allowOrigins: [parseOrigin(command![2])], port: 0 });
  await useService(server.base.replace(new URL(server.base).origin, relay.url));
  await runDenseGrid();
  await page.locator('[data-testid="exp-runs"] li[data-status="done"], [data-testid="exp-runs"] li[data-status="error"]').first().waitFor({ timeout: 120_000 });
  expect(await page.locator('[data-testid="exp-runs"] li[data-status="error"]').count(), (await page.getByTestId('exp-runs').textContent()) ?? '').toBe(0);
  expect(await page.locator('[data-testid="exp-runs"] li[data-status="done"]').count()).toBe(1);
  expect(server.served().length).toBeGreaterThan(0);
  expect(server.served().every((r) => r.headers.authorization === `Bearer ${KEY}` && r.headers.origin === undefined)).toBe(true);
}, 300_000);
