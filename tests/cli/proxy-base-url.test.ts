// The relay's hint names a base URL that works in the page: the page's OpenAI-compatible calls add
// /chat/completions (or /embeddings) to the base URL it is given, which ends in the server's /v1.
// The relay used to print its bare address, dropping the /v1. Checked against a real relay and a
// real upstream: the printed base + /chat/completions reaches the server's /v1/chat/completions,
// with --to given with or without its /v1.
import { expect, test } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startRelay } from '../../src/node/cors-relay.ts';
import { pageBaseUrl } from '../../src/cli/proxy.ts';

test('the printed base URL + /chat/completions reaches the server\'s /v1/chat/completions', async () => {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    for (const to of [origin, `${origin}/`, `${origin}/v1`, `${origin}/v1/`]) {
      const target = new URL(to);
      const relay = await startRelay({ target, allowOrigins: [], port: 0 });
      try {
        const base = pageBaseUrl(relay.url, target);
        expect(base.startsWith(relay.url)).toBe(true);
        const r = await fetch(`${base}/chat/completions`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
        expect(r.status).toBe(200);
        expect(seen.pop()).toBe('/v1/chat/completions');
      } finally {
        await relay.close();
      }
    }
  } finally {
    server.close();
  }
});
