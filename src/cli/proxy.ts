// `proxy --to <url> [--port <p>] [--allow-origin <origin>...] [--host <addr>] [--quiet]`: a local
// CORS relay in front of one model server, so the page can use a server on the venue's network that
// sends no CORS headers (src/node/cors-relay.ts says what keeps it from being an open proxy).
import { InputError } from '../engine/types.ts';
import { readFlags } from './args.ts';
import { parseOrigin, parseTarget, startRelay, type Relay } from '../node/cors-relay.ts';

export async function run(argv: string[]): Promise<number> {
  const p = readFlags('proxy', argv);
  if (!p) return 0;
  const { to, port, host, quiet } = p.flags;
  const target = parseTarget(to);
  const origins = (p.flags['allow-origin'] ?? []).map(parseOrigin);
  let relay: Relay;
  try {
    relay = await startRelay({ target, allowOrigins: origins, host, port, log: quiet ? undefined : (l) => console.error(l) });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new InputError(`port ${port} is already in use (choose another with --port)`, 'proxy');
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EINVAL') throw new InputError(`cannot listen on ${host} (not an address of this machine)`, 'proxy');
    throw e;
  }
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '::1';
  console.log(`relay ${relay.url} -> ${target.origin}${target.pathname.replace(/\/+$/, '')}`);
  console.log(`origins: ${origins.length ? origins.join(', ') : 'pages on this machine (localhost, 127.0.0.1, [::1])'}`);
  if (!loopback) console.log(`warning: listening on ${host}: other machines on this network can use the relay`);
  console.log(`in the page, use ${pageBaseUrl(relay.url, target)} as the base URL; Ctrl+C stops the relay`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void relay.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return 0;
}

/**
 * The base URL to type in the page: the page's OpenAI-compatible calls add `/chat/completions` or
 * `/embeddings` to it, so it ends in the server's `/v1`. The relay appends a request's path to
 * --to's own path: with --to http://host:8000 the page needs <relay>/v1; with --to
 * http://host:8000/v1 the relay already adds the /v1, and <relay> alone is the base.
 */
export function pageBaseUrl(relayUrl: string, target: URL): string {
  return /\/v1\/*$/.test(target.pathname) ? relayUrl : `${relayUrl}/v1`;
}
