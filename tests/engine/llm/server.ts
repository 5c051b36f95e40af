// A real HTTP server on 127.0.0.1 (port 0) for provider tests: each request is recorded and answered
// by a scripted handler speaking the OpenAI chat-completions or the Anthropic messages shape. CORS
// headers on every answer (a browser page may call it).
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export type Reply =
  | { status?: number; headers?: Record<string, string>; json?: unknown; text?: string }
  | 'hang';

export interface TestServer {
  url: string;
  requests: Recorded[];
  /** Responses still open (hanging): closed by close(). */
  close(): Promise<void>;
  /** Replace the handler. */
  handle(fn: (req: Recorded, n: number) => Reply | Promise<Reply>): void;
}

export async function startServer(
  fn: (req: Recorded, n: number) => Reply | Promise<Reply> = () => ({ status: 404, json: {} }),
  /** noCors: no CORS headers and no preflight answer, like Ollama or vLLM out of the box (a page cannot read it). */
  opts: { noCors?: boolean } = {},
): Promise<TestServer> {
  let handler = fn;
  const requests: Recorded[] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    // A page on another origin (the browser tests) may call it: CORS preflights answered, not recorded.
    if (opts.noCors) {
      if (req.method === 'OPTIONS') {
        res.writeHead(405);
        res.end();
        return;
      }
    } else res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-methods': 'POST, GET, OPTIONS', 'access-control-allow-headers': 'authorization, content-type, *', 'access-control-max-age': '600' });
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        /* keep the text */
      }
      const rec: Recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      requests.push(rec);
      const reply = await handler(rec, requests.length);
      if (reply === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      const status = reply.status ?? 200;
      const payload = reply.text ?? JSON.stringify(reply.json ?? {});
      res.writeHead(status, { 'content-type': reply.text !== undefined ? 'text/plain' : 'application/json', ...(reply.headers ?? {}) });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(f) {
      handler = f;
    },
    close() {
      for (const r of hanging) r.destroy();
      server.closeAllConnections?.();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The user message of a recorded chat call ('' when it has none). */
export function userMessage(req: Recorded): string {
  return String(req.body?.messages?.find((m: { role: string }) => m.role === 'user')?.content ?? '');
}

/** An OpenAI-compatible chat server (CORS open) answering every call with `reply(its user message)`. */
export function startChatServer(reply: (user: string) => string, usage = { prompt_tokens: 100, completion_tokens: 60 }): Promise<TestServer> {
  return startServer((req) => ({ json: { choices: [{ message: { content: reply(userMessage(req)) } }], usage } }));
}

/** An OpenAI chat-completions answer. */
export function openaiReply(content: string, usage = { prompt_tokens: 100, completion_tokens: 20 }): Reply {
  return {
    json: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    },
  };
}

/** An Anthropic messages answer. */
export function anthropicReply(text: string, usage: Record<string, number> = { input_tokens: 100, output_tokens: 20 }): Reply {
  return {
    json: {
      id: 'msg_test',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      usage,
    },
  };
}
