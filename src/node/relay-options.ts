// The CORS relay's options as the CLI checks them (`proxy --to`, `--allow-origin`, `--port`): kept
// apart from cors-relay.ts so that the flag table, which every command loads, does not bring in
// node:http and node:https (and TLS, crypto, net) with the relay server.

export const DEFAULT_RELAY_PORT = 8788;

/** Checks and normalises an --allow-origin value: scheme://host[:port], nothing else. */
export function parseOrigin(value: string): string {
  if (value === '*' || value === 'null') throw new Error(`"${value}" is not allowed: name each page's origin (e.g. https://example.org), the relay never answers every site`);
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new Error(`"${value}" is not an origin (scheme://host[:port], e.g. http://localhost:5173)`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`"${value}": an origin is http:// or https://`);
  if ((u.pathname !== '/' && u.pathname !== '') || u.search || u.hash || u.username || u.password || /\/[^/]/.test(value.replace(/^[a-z]+:\/\//i, ''))) {
    throw new Error(`"${value}" has more than an origin: give scheme://host[:port] only`);
  }
  return u.origin;
}

/** Checks the --to value: http(s), no credentials, query or fragment (a key never goes in a URL here). */
export function parseTarget(value: string): URL {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new Error(`"${value}" is not a URL (e.g. http://192.168.0.10:11434)`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`the target must be http:// or https://, got ${u.protocol}`);
  if (u.username || u.password) throw new Error('the target URL carries a user or password: leave keys to the page (it sends them as headers), never in the URL');
  if (u.search || u.hash) throw new Error('the target URL must not have a query or fragment: give the server\'s base URL, e.g. http://host:8000/v1');
  return u;
}
