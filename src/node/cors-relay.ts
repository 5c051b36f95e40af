// A CORS relay in front of ONE model server (Ollama, vLLM, LM Studio, llama.cpp, a LiteLLM
// gateway…) so the page can call a server that sends no CORS headers. Node only (node:http).
//
// What keeps it from becoming an open proxy, each checked before anything is forwarded:
// - the target is fixed at start: every request goes to the target's origin, with the request's
//   path appended to the target's base path; the URL is built by concatenation (never resolved
//   against the request), and its origin is checked again before the call;
// - only origin-form request targets ("/path"): absolute-form ("http://other/…"), "*", CONNECT
//   and protocol upgrades are refused; dot segments ("/../", also percent-encoded) are refused, so
//   a request cannot climb out of the target's base path;
// - the Host header must name the relay itself (its loopback name or the address it was bound to):
//   a page that re-points a DNS name at 127.0.0.1 (DNS rebinding) is refused;
// - a browser request must come from an allowed origin (Origin header), and one without Origin must
//   not be a cross-site browser request (Sec-Fetch-Site), so no other site can drive it;
// - redirects are never followed and never handed on (a 3xx becomes a 502 saying so);
// - the browser's cookies, Origin, Referer and hop-by-hop headers are not forwarded.
// Answers stream through as they arrive (server-sent events, NDJSON), unbuffered. It logs one line
// per request (method, path without its query, status) and never a header, a body or a query
// string, so no key ends up in a log; it writes no file.
import { createServer, request as httpRequest, Agent as HttpAgent, type IncomingMessage, type ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Duplex } from 'node:stream';

/** The port `proxy` listens on unless told (one that model servers rarely take). */
// The flag checks and the default port, in a file of their own that the CLI's flag table loads
// without node:http and node:https (they load with the relay itself).
export { DEFAULT_RELAY_PORT, parseOrigin, parseTarget } from './relay-options.ts';

export interface RelayOptions {
  /** The one server every request goes to: http(s)://host[:port][/base/path]. */
  target: URL;
  /** Origins (scheme://host[:port]) whose pages may call the relay; empty = pages on loopback. */
  allowOrigins: readonly string[];
  /** Address to listen on (default 127.0.0.1). */
  host?: string;
  /** Port to listen on (0 = any free one). */
  port: number;
  /** One line per request (never headers or queries); default: nothing. */
  log?: (line: string) => void;
}

export interface Relay {
  /** The relay's own base URL, e.g. http://127.0.0.1:8788 */
  url: string;
  port: number;
  close(): Promise<void>;
}

const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;
/** Headers that describe one connection, never forwarded either way (RFC 9110 §7.6.1), plus the ones we set. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);
/** The browser's own headers, which say nothing to the model server (and Origin makes Ollama refuse). */
const BROWSER_ONLY = /^(origin|referer|cookie|sec-fetch-.*|sec-ch-.*|access-control-request-.*)$/;
const METHODS = new Set(['GET', 'HEAD', 'POST']);

/** Whether an Origin header value may use the relay. */
export function originAllowed(origin: string, allow: readonly string[]): boolean {
  if (allow.length === 0) return LOOPBACK_ORIGIN.test(origin);
  return allow.includes(origin);
}

/** The names the Host header may carry: the relay's own. */
function hostNames(bound: string, port: number): Set<string> {
  const names = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  const add = (h: string) => names.add(`${h.includes(':') ? `[${h}]` : h}:${port}`.toLowerCase());
  if (bound === '0.0.0.0' || bound === '::') {
    // Every address of this machine: other machines on the network call it by one of them.
    for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) add(a.address);
  } else if (bound) add(bound);
  return names;
}

/** A request path that stays under the base: origin-form, no dot segments (plain, percent-encoded, or ".." followed by more, as "..;"), no backslashes. */
function safePath(url: string | undefined): string | null {
  if (!url || !url.startsWith('/') || url.startsWith('//')) return null;
  const path = url.split('?')[0];
  if (path.includes('\\')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (decoded.includes('\\')) return null;
  if ([...path.split('/'), ...decoded.split('/')].some(dotSegment)) return null;
  return url;
}

/**
 * A segment a server may take for "." or "..": exactly ".", or starting with ".." ("..;", "..%00":
 * Java-style gateways drop what follows ";" and go to the parent), dots written as %2e in any case
 * counted as dots (so "%2e%2e" seen once decoded, and "%252e%252e" seen once decoded as "%2e%2e").
 */
function dotSegment(segment: string): boolean {
  const s = segment.replace(/%2e/gi, '.');
  return s === '.' || s.startsWith('..');
}

export async function startRelay(opts: RelayOptions): Promise<Relay> {
  const target = opts.target;
  const base = target.pathname.replace(/\/+$/, '');
  const bindHost = opts.host ?? '127.0.0.1';
  const log = opts.log ?? (() => {});
  const agent = target.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  let port = opts.port;
  let allowedHosts = new Set<string>();

  const cors = (origin: string | undefined): Record<string, string> =>
    origin ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': '*', vary: 'Origin' } : { vary: 'Origin' };

  const refuse = (res: ServerResponse, status: number, message: string, origin?: string) => {
    // Refusals carry CORS headers for an allowed origin, so the page can read why.
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...cors(origin) });
    res.end(JSON.stringify({ error: { message: `chunklab relay: ${message}`, type: 'relay' } }));
  };

  const line = (req: IncomingMessage, status: number, t0: number) =>
    log(`${req.method ?? '?'} ${(req.url ?? '').split('?')[0].slice(0, 200)} ${status} ${Math.round(performance.now() - t0)} ms`);

  const server = createServer((req, res) => {
    const t0 = performance.now();
    const rawOrigin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    const origin = rawOrigin !== undefined && originAllowed(rawOrigin, opts.allowOrigins) ? rawOrigin : undefined;
    const done = (status: number, message: string) => {
      refuse(res, status, message, origin);
      line(req, status, t0);
    };
    if (!allowedHosts.has(String(req.headers.host ?? '').toLowerCase())) return done(421, 'the Host header does not name this relay');
    if (rawOrigin !== undefined && !origin) return done(403, `origin ${rawOrigin.slice(0, 100)} is not allowed (start the relay with --allow-origin ${rawOrigin.slice(0, 100)})`);
    const site = req.headers['sec-fetch-site'];
    if (rawOrigin === undefined && (site === 'cross-site' || site === 'same-site')) return done(403, 'a cross-site browser request without an Origin is not relayed');
    const path = safePath(req.url);
    if (path === null) return done(400, 'only plain paths are relayed (no absolute URLs, "*", "//" or dot segments)');
    const method = req.method ?? '';
    if (method === 'OPTIONS') {
      // The preflight is answered here and never forwarded: the target need not know CORS at all.
      const reqHeaders = String(req.headers['access-control-request-headers'] ?? '').replace(/[^A-Za-z0-9,\- ]/g, '');
      const headers: Record<string, string> = {
        ...cors(origin),
        'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
        'access-control-max-age': '600',
      };
      if (reqHeaders) headers['access-control-allow-headers'] = reqHeaders;
      if (req.headers['access-control-request-private-network'] === 'true') headers['access-control-allow-private-network'] = 'true';
      res.writeHead(204, headers);
      res.end();
      return line(req, 204, t0);
    }
    if (!METHODS.has(method)) return done(405, `method ${method.slice(0, 20)} is not relayed (GET, HEAD, POST)`);

    const url = new URL(target.origin + base + path);
    if (url.origin !== target.origin) return done(400, 'the request does not stay on the target');
    const headers: OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP.has(k) && !BROWSER_ONLY.test(k)) headers[k] = v;
    const upstream = send(url, { method, headers, agent, setHost: true }, (answer) => {
      const status = answer.statusCode ?? 502;
      if (status >= 300 && status < 400 && status !== 304) {
        answer.resume();
        return done(502, `the server answered with a redirect (${status}); the relay does not follow redirects: give the final URL as --to`);
      }
      const out: OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(answer.headers)) {
        if (v === undefined || HOP.has(k) || k === 'set-cookie' || k.startsWith('access-control-') || k === 'vary') continue;
        out[k] = v;
      }
      res.writeHead(status, { ...out, ...cors(origin) });
      res.flushHeaders();
      // Streams through as it arrives: pipe writes each chunk as soon as it is read.
      answer.pipe(res);
      answer.on('end', () => line(req, status, t0));
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (res.headersSent) return res.destroy();
      done(502, `could not reach ${target.origin} (${err.code ?? err.message})`);
    });
    // The page gave up (closed the tab, cancelled): stop asking the server.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
  });
  server.on('upgrade', (_req: IncomingMessage, socket: Duplex) => {
    socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
  });
  server.on('clientError', (_err, socket: Duplex) => {
    if ((socket as { writable?: boolean }).writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, bindHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  allowedHosts = hostNames(bindHost, port);
  const shown = bindHost.includes(':') ? `[${bindHost}]` : bindHost;
  return {
    url: `http://${shown === '0.0.0.0' || shown === '[::]' ? '127.0.0.1' : shown}:${port}`,
    port,
    close() {
      server.closeAllConnections?.();
      agent.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
