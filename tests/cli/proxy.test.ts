// `proxy`: the CORS relay in front of one model server, against real local servers on 127.0.0.1.
// It answers the preflight itself, forwards only to its one target (a second server never sees a
// request, whatever the request tries), refuses other origins, streams unbuffered, logs no header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { startRelay, type Relay } from '../../src/node/cors-relay.ts';
import { runCli, expectOneLineError } from './helpers.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Upstream {
  url: string;
  port: number;
  seen: Seen[];
  server: Server;
  onRequest?: (s: Seen, res: ServerResponse) => void;
}

async function upstream(): Promise<Upstream> {
  const u: Upstream = { url: '', port: 0, seen: [], server: undefined as unknown as Server };
  u.server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const s = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(parts).toString('utf8') };
      u.seen.push(s);
      if (u.onRequest) return u.onRequest(s, res);
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'a=b', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify({ path: s.url }));
    });
  });
  await new Promise<void>((r) => u.server.listen(0, '127.0.0.1', r));
  u.port = (u.server.address() as AddressInfo).port;
  u.url = `http://127.0.0.1:${u.port}`;
  return u;
}

/** A raw HTTP/1.1 exchange, so the test can send what fetch never would (absolute-form, CONNECT, odd Host). */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => s.write(text));
    let got = '';
    s.on('data', (d) => (got += d.toString('utf8')));
    s.on('end', () => resolve(got));
    s.on('close', () => resolve(got));
    s.on('error', reject);
    s.setTimeout(5000, () => s.destroy());
  });
}

const PAGE = 'http://localhost:5173';

describe('proxy relay', () => {
  let target: Upstream;
  let other: Upstream;
  let relay: Relay;
  const log: string[] = [];
  beforeAll(async () => {
    target = await upstream();
    other = await upstream();
    relay = await startRelay({ target: new URL(`${target.url}/v1`), allowOrigins: [], port: 0, log: (l) => log.push(l) });
  });
  afterAll(async () => {
    await relay.close();
    target.server.close();
    other.server.close();
  });

  it('answers the preflight itself for a page on this machine, without asking the server', async () => {
    const before = target.seen.length;
    const r = await fetch(`${relay.url}/chat/completions`, {
      method: 'OPTIONS',
      headers: { origin: PAGE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(r.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    expect(r.headers.get('access-control-allow-methods')).toContain('POST');
    expect(target.seen.length).toBe(before);
  });

  it('forwards to the target under its base path with the key, never the page\'s origin or cookies', async () => {
    const key = 'sk-relay-SECRET-42';
    const r = await fetch(`${relay.url}/chat/completions?api-version=SECRETQUERY`, {
      method: 'POST',
      headers: { origin: PAGE, authorization: `Bearer ${key}`, 'content-type': 'application/json', cookie: 'session=1' },
      body: JSON.stringify({ model: 'm', messages: [] }),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(r.headers.get('set-cookie')).toBeNull();
    expect(await r.json()).toEqual({ path: '/v1/chat/completions?api-version=SECRETQUERY' });
    const s = target.seen.at(-1)!;
    expect(s.method).toBe('POST');
    expect(s.headers.authorization).toBe(`Bearer ${key}`);
    expect(s.headers.host).toBe(`127.0.0.1:${target.port}`);
    expect(s.headers.origin).toBeUndefined();
    expect(s.headers.cookie).toBeUndefined();
    expect(JSON.parse(s.body)).toEqual({ model: 'm', messages: [] });
    // The log has the request, never its key or query.
    expect(log.some((l) => l.startsWith('POST /chat/completions 200'))).toBe(true);
    expect(log.join('\n')).not.toMatch(/SECRET/);
  });

  it('refuses a page from another origin, before the server sees anything', async () => {
    const before = target.seen.length;
    const r = await fetch(`${relay.url}/models`, { headers: { origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await fetch(`${relay.url}/models`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    // A cross-site request a browser sends without Origin (an <img>, a no-cors GET) is refused too.
    const img = await fetch(`${relay.url}/models`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(img.status).toBe(403);
    expect(target.seen.length).toBe(before);
  });

  it('never reaches a second server: absolute-form, Host tricks, "//", dot segments, CONNECT, redirects', async () => {
    const otherHost = `127.0.0.1:${other.port}`;
    const attempts = [
      `GET ${other.url}/secret HTTP/1.1\r\nHost: ${otherHost}\r\nConnection: close\r\n\r\n`,
      `GET ${other.url}/secret HTTP/1.1\r\nHost: 127.0.0.1:${relay.port}\r\nConnection: close\r\n\r\n`,
      `GET /secret HTTP/1.1\r\nHost: ${otherHost}\r\nConnection: close\r\n\r\n`,
      `GET /secret HTTP/1.1\r\nHost: attacker.example:${relay.port}\r\nConnection: close\r\n\r\n`,
      `GET //${otherHost}/secret HTTP/1.1\r\nHost: 127.0.0.1:${relay.port}\r\nConnection: close\r\n\r\n`,
      `GET /../secret HTTP/1.1\r\nHost: 127.0.0.1:${relay.port}\r\nConnection: close\r\n\r\n`,
      `GET /%2e%2e/secret HTTP/1.1\r\nHost: 127.0.0.1:${relay.port}\r\nConnection: close\r\n\r\n`,
      // Segments a Java-style gateway takes for the parent: "..;" and kin, encoded dots in any case.
      ...['/..;/secret', '/models/..;/secret', '/..;a=b/secret', '/%2E%2e;/secret', '/%2e./secret', '/.%2E/secret', '/%252e%252e/secret', '/..%3b/secret', '/...;/secret'].map(
        (p) => `GET ${p} HTTP/1.1\r\nHost: 127.0.0.1:${relay.port}\r\nConnection: close\r\n\r\n`,
      ),
      `CONNECT ${otherHost} HTTP/1.1\r\nHost: ${otherHost}\r\n\r\n`,
      `OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1:${relay.port}\r\nConnection: close\r\n\r\n`,
      `DELETE /models HTTP/1.1\r\nHost: 127.0.0.1:${relay.port}\r\nConnection: close\r\n\r\n`,
    ];
    const before = target.seen.length;
    for (const a of attempts) {
      const answer = await raw(relay.port, a);
      expect(answer, a).toMatch(/^HTTP\/1\.1 (400|403|405|421) /);
    }
    expect(other.seen).toHaveLength(0);
    expect(target.seen.length).toBe(before);

    // A redirect from the target to the other server is neither followed nor handed to the page.
    target.onRequest = (_s, res) => {
      res.writeHead(302, { location: `${other.url}/secret` });
      res.end();
    };
    const r = await fetch(`${relay.url}/models`, { headers: { origin: PAGE }, redirect: 'manual' });
    target.onRequest = undefined;
    expect(r.status).toBe(502);
    expect(r.headers.get('location')).toBeNull();
    expect((await r.json()).error.message).toMatch(/redirect/);
    expect(other.seen).toHaveLength(0);
  });

  it('passes a streaming answer through as it arrives (the second event is sent only after the first was received)', async () => {
    let sendSecond: () => void = () => {};
    target.onRequest = (_s, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"n":1}\n\n');
      sendSecond = () => {
        res.write('data: {"n":2}\n\n');
        res.end('data: [DONE]\n\n');
      };
    };
    const r = await fetch(`${relay.url}/chat/completions`, { method: 'POST', headers: { origin: PAGE, 'content-type': 'application/json' }, body: '{"stream":true}' });
    expect(r.headers.get('content-type')).toBe('text/event-stream');
    const reader = r.body!.getReader();
    const dec = new TextDecoder();
    let text = '';
    // If the relay buffered the answer, this first read would never finish (the server waits for it).
    while (!text.includes('"n":1')) text += dec.decode((await reader.read()).value);
    expect(text).not.toContain('"n":2');
    sendSecond();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += dec.decode(value);
    }
    target.onRequest = undefined;
    expect(text).toBe('data: {"n":1}\n\ndata: {"n":2}\n\ndata: [DONE]\n\n');
  });

  it('says why when the server cannot be reached, readable by the page', async () => {
    const dead = await upstream();
    await new Promise<void>((r) => dead.server.close(() => r()));
    const r2 = await startRelay({ target: new URL(dead.url), allowOrigins: ['https://class.example.org'], port: 0 });
    try {
      const r = await fetch(`${r2.url}/api/tags`, { headers: { origin: 'https://class.example.org' } });
      expect(r.status).toBe(502);
      expect(r.headers.get('access-control-allow-origin')).toBe('https://class.example.org');
      expect((await r.json()).error.message).toMatch(/could not reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
      // With --allow-origin given, a page on localhost is no longer allowed by default.
      expect((await fetch(`${r2.url}/api/tags`, { headers: { origin: PAGE } })).status).toBe(403);
    } finally {
      await r2.close();
    }
  });
});

describe('cli proxy', () => {
  it('refuses unsafe options with one line', async () => {
    expectOneLineError(await runCli(['proxy', '--to', 'http://127.0.0.1:1', '--allow-origin', '*']), /--allow-origin: "\*" is not allowed/);
    expectOneLineError(await runCli(['proxy', '--to', 'http://user:sk-123@127.0.0.1:1']), /carries a user or password/);
    expectOneLineError(await runCli(['proxy', '--to', 'file:///etc']), /must be http/);
    expectOneLineError(await runCli(['proxy', '--to', 'http://127.0.0.1:1', '--allow-origin', 'http://localhost:5173/page']), /more than an origin/);
    expectOneLineError(await runCli(['proxy']), /--to is required/);
    expectOneLineError(await runCli(['proxy', '--to', 'http://127.0.0.1:1', '--port', '70000']), /--port must be a whole number >= 0 and <= 65535/);
  });

  it('runs as a command: prints its URL, relays, stops on SIGTERM', async () => {
    const t = await upstream();
    const root = new URL('../../', import.meta.url).pathname;
    const child = spawn(process.execPath, ['build/cli/chunklab.mjs', 'proxy', '--to', t.url, '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d) => {
          out += d.toString();
          const m = /^relay (http:\/\/127\.0\.0\.1:\d+) -> /m.exec(out);
          if (m) resolve(m[1]);
        });
        child.on('exit', (c) => reject(new Error(`exited ${c}: ${out}`)));
      });
      const r = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const q = request(`${url}/api/tags`, { headers: { origin: PAGE } }, (res) => {
          let b = '';
          res.on('data', (d) => (b += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: b }));
        });
        q.on('error', reject);
        q.end();
      });
      expect(r).toEqual({ status: 200, body: JSON.stringify({ path: '/api/tags' }) });
      const code = await new Promise<number | null>((resolve) => {
        child.on('exit', resolve);
        child.kill('SIGTERM');
      });
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      t.server.close();
    }
  });
});
