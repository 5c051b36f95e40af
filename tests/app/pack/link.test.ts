// A linked pack (`?pack=`) comes from the page's origin only, after redirects too: two local servers,
// the page's and another; the page's answers a pack, redirects within itself, and redirects to the other.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchPackText, PackNotHere, packUrl } from '../../../src/app/pack/link.ts';

const PACK = JSON.stringify({ format: 'chunklab-pack', title: 'here' });
let page: Server;
let other: Server;
let pageOrigin = '';
let otherOrigin = '';
let otherHits = 0;

const listen = (s: Server) => new Promise<string>((r) => s.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)));

beforeAll(async () => {
  other = createServer((_req, res) => {
    otherHits++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ format: 'chunklab-pack', title: 'elsewhere' }));
  });
  otherOrigin = await listen(other);
  page = createServer((req, res) => {
    if (req.url === '/packs/a.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(PACK);
    if (req.url === '/packs/moved.json') return void res.writeHead(302, { location: '/packs/a.json' }).end();
    if (req.url === '/go') return void res.writeHead(302, { location: `${otherOrigin}/evil.json` }).end();
    res.writeHead(404).end();
  });
  pageOrigin = await listen(page);
});

afterAll(() => {
  page.close();
  other.close();
});

test('packUrl: relative links resolve on the page; another origin or a non-http scheme is null', () => {
  const here = `${pageOrigin}/app/index.html?pack=x`;
  expect(packUrl('packs/a.json', here)?.href).toBe(`${pageOrigin}/app/packs/a.json`);
  expect(packUrl('/packs/a.json', here)?.href).toBe(`${pageOrigin}/packs/a.json`);
  for (const ref of [`${otherOrigin}/a.json`, '//example.org/a.json', 'javascript:alert(1)', 'data:application/json,{}']) expect(packUrl(ref, here), ref).toBeNull();
});

test('a pack on the page, or moved within its origin, is read', async () => {
  expect(await fetchPackText(new URL(`${pageOrigin}/packs/a.json`), pageOrigin)).toBe(PACK);
  expect(await fetchPackText(new URL(`${pageOrigin}/packs/moved.json`), pageOrigin)).toBe(PACK);
  await expect(fetchPackText(new URL(`${pageOrigin}/nothing.json`), pageOrigin)).rejects.toThrow('HTTP 404');
});

test('a same-origin link that redirects to another origin is refused, its answer not used', async () => {
  const before = otherHits;
  const p = fetchPackText(new URL(`${pageOrigin}/go`), pageOrigin);
  await expect(p).rejects.toBeInstanceOf(PackNotHere);
  await expect(p).rejects.toThrow(otherOrigin);
  // fetch did follow the redirect (the other server was asked): the refusal is on the answer's origin.
  expect(otherHits).toBe(before + 1);
});
