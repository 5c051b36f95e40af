// A plain static file server for the browser tests (node:http, loopback): serves a folder under a
// subpath, with a content type by extension and no other header (no COOP/COEP, no caching rules),
// as a bare static host would. It logs every path asked for, and a test can swap a file's bytes.
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.onnx': 'application/octet-stream',
};

export interface StaticServer {
  /** http://127.0.0.1:PORT/<subpath>/ */
  url: string;
  /** Paths asked for, in order (query strings stripped). */
  log: string[];
  /** Body bytes sent for each entry of `log` (0 for a 404 or a dropped connection). */
  sent: number[];
  /** Serve `body` instead of the file at this path inside the folder ("sw.js"); null to stop. */
  override(path: string, body: string | null): void;
  /** While down, every connection is dropped (a host gone, beyond the browser's offline emulation). */
  down(on: boolean): void;
  close(): Promise<void>;
}

export async function serveFolder(root: string, subpath: string): Promise<StaticServer> {
  const prefix = `/${subpath.replace(/^\/|\/$/g, '')}/`;
  const log: string[] = [];
  const sent: number[] = [];
  const overrides = new Map<string, string>();
  let isDown = false;
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    log.push(path);
    sent.push(0);
    if (isDown) return void req.socket.destroy();
    if (!path.startsWith(prefix)) return void res.writeHead(404).end('not found');
    let rel = path.slice(prefix.length);
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    const file = normalize(join(root, rel));
    if (!file.startsWith(normalize(root))) return void res.writeHead(404).end('not found');
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const body = overrides.get(rel) ?? (existsSync(file) && statSync(file).isFile() ? readFileSync(file) : null);
    if (body === null) return void res.writeHead(404).end('not found');
    sent[sent.length - 1] = Buffer.byteLength(body);
    res.writeHead(200, { 'content-type': type }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    log,
    sent,
    override(path, body) {
      if (body === null) overrides.delete(path);
      else overrides.set(path, body);
    },
    down(on) {
      isDown = on;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
