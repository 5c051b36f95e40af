// A linked pack (`?pack=`) is read up to a size limit (issue 25 review): an answer that declares more
// is refused before its body is read; one that streams on without a length (chunked, endless) is cut
// off once it passes the limit and its connection closed; one at the limit is read whole.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchPackText, MAX_PACK_BYTES, PackTooLarge } from '../../../src/app/pack/link.ts';

const LIMIT = 4096;
const AT_LIMIT = '{"format":"chunklab-pack","pad":"' + 'é'.repeat((LIMIT - 36) / 2) + 'x"}';
let server: Server;
let origin = '';
let endlessWritten = 0;
let endlessClosed: Promise<void>;

beforeAll(async () => {
  let closed!: () => void;
  endlessClosed = new Promise((r) => (closed = r));
  server = createServer((req, res) => {
    if (req.url === '/declared.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(LIMIT + 1) });
      return void res.end('x'.repeat(LIMIT + 1));
    }
    if (req.url === '/at-limit.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(AT_LIMIT);
    if (req.url === '/endless.json') {
      res.writeHead(200, { 'content-type': 'application/json' }); // chunked: no length
      const chunk = Buffer.alloc(1024, 0x20);
      const pump = () => {
        while (!res.destroyed && endlessWritten < 64 * 1024 * 1024) {
          endlessWritten += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      res.on('close', () => closed());
      return void pump();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

test('the limit is the dataset files\' 200 MB', () => {
  expect(MAX_PACK_BYTES).toBe(200 * 1024 * 1024);
});

test('a pack at the limit is read whole (bytes counted, not characters)', async () => {
  expect(Buffer.byteLength(AT_LIMIT)).toBe(LIMIT);
  expect(await fetchPackText(new URL(`${origin}/at-limit.json`), origin, fetch, LIMIT)).toBe(AT_LIMIT);
});

test('a declared length over the limit is refused', async () => {
  await expect(fetchPackText(new URL(`${origin}/declared.json`), origin, fetch, LIMIT)).rejects.toBeInstanceOf(PackTooLarge);
});

test('an endless answer is cut off past the limit and its connection closed', async () => {
  const p = fetchPackText(new URL(`${origin}/endless.json`), origin, fetch, LIMIT);
  await expect(p).rejects.toBeInstanceOf(PackTooLarge);
  await endlessClosed;
  // The server stopped long before its 64 MiB: the reader let go soon after the limit.
  expect(endlessWritten).toBeLessThan(64 * 1024 * 1024);
});
