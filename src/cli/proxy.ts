// `proxy --to <url> [--port <p>] [--allow-origin <origin>...] [--host <addr>] [--quiet]`: a local
// CORS relay in front of one model server, so the page can use a server on the venue's network
// that sends no CORS headers (see relay.ts for what keeps it from being an open proxy).
import { InputError } from '../engine/types.ts';
import { intOption, parseArgs, required, type OptionSpec } from './args.ts';
import { printedHelp } from './common.ts';
import { parseOrigin, parseTarget, startRelay } from './relay.ts';

export const DEFAULT_PORT = 8788;

const HELP = `usage: npm run cli -- proxy --to <url> [--port <p>] [--allow-origin <origin>...] [--host <addr>] [--quiet]

A relay for the page to one model server that sends no CORS headers (Ollama, vLLM, LM Studio,
a LiteLLM gateway…). It answers the browser's preflight itself and forwards ONLY to --to.

  --to <url>             the server's base URL, e.g. http://192.168.0.10:11434 or http://gpu:8000/v1;
                         a request for /chat/completions goes to <url>/chat/completions
  --port <p>             port to listen on (default ${DEFAULT_PORT}; 0 = any free port)
  --allow-origin <o>     the page's origin (scheme://host[:port]); repeat for several. Default:
                         pages served from this machine (http://localhost, 127.0.0.1, [::1], any port)
  --host <addr>          address to listen on (default 127.0.0.1, this machine only). Another
                         address lets other machines use it: only on a network you trust
  --quiet                no line per request (the lines never show headers, keys or queries)

Then, in the page, use the relay's URL (printed below) as the service's base URL.`;

const OPTIONS: Record<string, OptionSpec> = {
  to: { type: 'string' },
  port: { type: 'string' },
  'allow-origin': { type: 'string', multiple: true },
  host: { type: 'string' },
  quiet: { type: 'boolean' },
};

export async function run(argv: string[]): Promise<number> {
  if (printedHelp(argv, HELP)) return 0;
  const o = parseArgs(argv, OPTIONS, 'proxy');
  const to = required(o.to, 'to', 'proxy');
  let target: URL;
  let origins: string[];
  try {
    target = parseTarget(to);
    origins = ((o['allow-origin'] as string[] | undefined) ?? []).map(parseOrigin);
  } catch (e) {
    throw new InputError((e as Error).message, 'proxy');
  }
  const port = intOption(o.port, 'port', 'proxy', 0) ?? DEFAULT_PORT;
  if (port > 65535) throw new InputError(`--port must be at most 65535, got ${port}`, 'proxy');
  const host = typeof o.host === 'string' ? o.host : '127.0.0.1';
  const quiet = o.quiet === true;
  let relay;
  try {
    relay = await startRelay({ target, allowOrigins: origins, host, port, log: quiet ? undefined : (l) => console.error(l) });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new InputError(`port ${port} is already in use (choose another with --port)`, 'proxy');
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new InputError(`cannot listen on ${host} (not an address of this machine)`, 'proxy');
    throw e;
  }
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '::1';
  console.log(`relay ${relay.url} -> ${target.origin}${target.pathname.replace(/\/+$/, '')}`);
  console.log(`origins: ${origins.length ? origins.join(', ') : 'pages on this machine (localhost, 127.0.0.1, [::1])'}`);
  if (!loopback) console.log(`warning: listening on ${host}: other machines on this network can use the relay`);
  console.log(`in the page, use ${relay.url} as the base URL; Ctrl+C stops the relay`);
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
