// The HTTP providers against a real local server: request shapes, retries (429 with Retry-After,
// 5xx), clear errors that never carry the key, timeouts, network failures and cancellation.
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider, createOpenAIProvider, createHttpProvider } from '../../../src/engine/llm/providers.ts';
import { LlmError, parseRetryAfter, postJson } from '../../../src/engine/llm/http.ts';
import { InputError } from '../../../src/engine/types.ts';
import { anthropicReply, openaiReply, startServer, type TestServer } from './server.ts';

const KEY = 'sk-test-SECRET-0123456789abcdef';
const prompt = { system: 'SYS', user: 'USER TEXT' };

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A sleep that records the waits and returns at once. */
function fakeSleep() {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { waits, sleep };
}

describe('OpenAI-compatible provider', () => {
  it('posts messages, max_tokens and temperature 0 to {base}/chat/completions with a bearer key', async () => {
    server = await startServer(() => openaiReply('  A sentence.  ', { prompt_tokens: 321, completion_tokens: 7 }));
    const p = createOpenAIProvider({ kind: 'openai', model: 'gpt-test', baseUrl: server.url + '/v1/', apiKey: KEY });
    const r = await p.generate(prompt, { maxTokens: 77 });
    expect(r).toMatchObject({ text: '  A sentence.  ', inputTokens: 321, outputTokens: 7 });
    expect(server.requests).toHaveLength(1);
    const req = server.requests[0];
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: 'SYS' },
        { role: 'user', content: 'USER TEXT' },
      ],
      max_tokens: 77,
      temperature: 0,
    });
    expect(p.id).toBe('openai:gpt-test');
  });

  it('sends no Authorization header when no key is given (local servers)', async () => {
    server = await startServer(() => openaiReply('ok'));
    const p = createOpenAIProvider({ kind: 'openai', model: 'llama', baseUrl: server.url });
    await p.generate(prompt, { maxTokens: 5 });
    expect(server.requests[0].headers.authorization).toBeUndefined();
  });

  it('honours Retry-After on 429 and succeeds on the next attempt', async () => {
    server = await startServer((_r, n) => (n === 1 ? { status: 429, headers: { 'retry-after': '3' }, json: { error: { message: 'slow down' } } } : openaiReply('second')));
    const { waits, sleep } = fakeSleep();
    const p = createOpenAIProvider({ kind: 'openai', model: 'm', baseUrl: server.url, apiKey: KEY }, { sleep, random: () => 0.999 });
    const r = await p.generate(prompt, { maxTokens: 5 });
    expect(r.text).toBe('second');
    expect(server.requests).toHaveLength(2);
    expect(waits).toEqual([3000]); // the server's 3 s, not the jittered backoff
  });

  it('backs off exponentially with jitter on 500s, then succeeds', async () => {
    server = await startServer((_r, n) => (n <= 2 ? { status: 500, text: 'boom' } : openaiReply('third')));
    const { waits, sleep } = fakeSleep();
    const p = createOpenAIProvider({ kind: 'openai', model: 'm', baseUrl: server.url, apiKey: KEY }, { sleep, random: () => 0.5, baseDelayMs: 1000 });
    const r = await p.generate(prompt, { maxTokens: 5 });
    expect(r.text).toBe('third');
    expect(server.requests).toHaveLength(3);
    // full jitter: floor(random × base × 2^(attempt−1)) = 0.5 × 1000, then 0.5 × 2000
    expect(waits).toEqual([500, 1000]);
  });

  it('gives up after maxAttempts with a server error that counts the attempts', async () => {
    server = await startServer(() => ({ status: 503, json: { error: { message: 'overloaded' } } }));
    const { waits, sleep } = fakeSleep();
    const p = createOpenAIProvider({ kind: 'openai', model: 'm', baseUrl: server.url, apiKey: KEY, maxAttempts: 3 }, { sleep, random: () => 0 });
    const err = await p.generate(prompt, { maxTokens: 5 }).catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.kind).toBe('server');
    expect(err.status).toBe(503);
    expect(err.attempts).toBe(3);
    expect(err.message).toMatch(/HTTP 503.*overloaded.*3 attempts/);
    expect(server.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('401: a clear error at once (no retry), and the key is not in the message even when the server echoes it', async () => {
    server = await startServer(() => ({ status: 401, json: { error: { message: `Incorrect API key provided: ${KEY}` } } }));
    const { waits, sleep } = fakeSleep();
    const p = createOpenAIProvider({ kind: 'openai', model: 'm', baseUrl: server.url, apiKey: KEY }, { sleep });
    const err = await p.generate(prompt, { maxTokens: 5 }).catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.kind).toBe('auth');
    expect(err.message).toMatch(/API key/);
    expect(err.message).not.toContain(KEY);
    expect(String(err.stack)).not.toContain(KEY);
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('404: names the URL and the model', async () => {
    server = await startServer(() => ({ status: 404, json: { error: { message: 'The model `nope` does not exist' } } }));
    const p = createOpenAIProvider({ kind: 'openai', model: 'nope', baseUrl: server.url + '/v1', apiKey: KEY });
    const err = await p.generate(prompt, { maxTokens: 5 }).catch((e) => e);
    expect(err.kind).toBe('not-found');
    expect(err.message).toContain('/v1/chat/completions');
    expect(err.message).toContain('"nope"');
  });

  it('a hanging response: the per-request timeout fires, each attempt times out', async () => {
    server = await startServer(() => 'hang');
    const { sleep } = fakeSleep();
    const p = createOpenAIProvider({ kind: 'openai', model: 'm', baseUrl: server.url, apiKey: KEY, timeoutMs: 150, maxAttempts: 2 }, { sleep });
    const err = await p.generate(prompt, { maxTokens: 5 }).catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.kind).toBe('timeout');
    expect(err.message).toMatch(/150 ms/);
    expect(server.requests).toHaveLength(2);
  });

  it('network failure: a clear error naming the host, without the key', async () => {
    server = await startServer();
    const url = server.url;
    await server.close();
    server = undefined;
    const { sleep } = fakeSleep();
    const p = createOpenAIProvider({ kind: 'openai', model: 'm', baseUrl: `${url}/v1?api_key=${KEY}`.replace('?', '/?'), apiKey: KEY, maxAttempts: 2 }, { sleep });
    const err = await p.generate(prompt, { maxTokens: 5 }).catch((e) => e);
    expect(err.kind).toBe('network');
    expect(err.message).toContain('cannot reach');
    expect(err.message).not.toContain(KEY);
  });

  it('an answer without choices is a bad-response error', async () => {
    server = await startServer(() => ({ json: { nothing: true } }));
    const p = createOpenAIProvider({ kind: 'openai', model: 'm', baseUrl: server.url, apiKey: KEY });
    await expect(p.generate(prompt, { maxTokens: 5 })).rejects.toMatchObject({ kind: 'bad-response' });
  });

  it('cancel during a request or a backoff rejects with AbortError promptly', async () => {
    server = await startServer(() => 'hang');
    const p = createOpenAIProvider({ kind: 'openai', model: 'm', baseUrl: server.url, apiKey: KEY, timeoutMs: 60_000 });
    const ctrl = new AbortController();
    const pending = p.generate(prompt, { maxTokens: 5, signal: ctrl.signal });
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    ctrl.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });

    // During the wait after a 429 (real sleep, 60 s Retry-After): abort ends it.
    server.handle(() => ({ status: 429, headers: { 'retry-after': '60' }, json: {} }));
    const ctrl2 = new AbortController();
    const p2 = createOpenAIProvider({ kind: 'openai', model: 'm', baseUrl: server.url, apiKey: KEY }, { onRetry: () => ctrl2.abort() });
    await expect(p2.generate(prompt, { maxTokens: 5, signal: ctrl2.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects a bad base URL and a missing model with InputError', () => {
    expect(() => createOpenAIProvider({ kind: 'openai', model: 'm', baseUrl: 'not a url' })).toThrow(InputError);
    expect(() => createOpenAIProvider({ kind: 'openai', model: 'm', baseUrl: 'ftp://x' })).toThrow(/http/);
    expect(() => createOpenAIProvider({ kind: 'openai', model: '  ', baseUrl: 'http://x' })).toThrow(/model/);
    expect(() => createHttpProvider({ kind: 'local', model: 'x' })).toThrow(/createLocalProvider/);
    expect(() => createHttpProvider({ kind: 'bogus' as never, model: 'x' })).toThrow(/unknown provider kind/);
  });
});

describe('Anthropic provider', () => {
  it('posts system + messages to {base}/v1/messages with x-api-key and anthropic-version', async () => {
    server = await startServer(() => anthropicReply('Uma frase.', { input_tokens: 50, output_tokens: 9, cache_read_input_tokens: 400, cache_creation_input_tokens: 0 }));
    const p = createAnthropicProvider({ kind: 'anthropic', model: 'claude-test', baseUrl: server.url, apiKey: KEY });
    const r = await p.generate({ system: 'S', user: 'DOCUMENT PART|chunk part', sharedPrefixLength: 'DOCUMENT PART|'.length }, { maxTokens: 64 });
    expect(r).toEqual({ text: 'Uma frase.', inputTokens: 450, outputTokens: 9, cachedInputTokens: 400 });
    const req = server.requests[0];
    expect(req.path).toBe('/v1/messages');
    expect(req.headers['x-api-key']).toBe(KEY);
    expect(req.headers['anthropic-version']).toBe('2023-06-01');
    expect(req.headers.authorization).toBeUndefined();
    expect(req.body.model).toBe('claude-test');
    expect(req.body.system).toBe('S');
    expect(req.body.max_tokens).toBe(64);
    // The shared document part is its own block, marked for prompt caching.
    expect(req.body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'DOCUMENT PART|', cache_control: { type: 'ephemeral' } },
          { type: 'text', text: 'chunk part' },
        ],
      },
    ]);
  });

  it('sends a plain string when prompt caching is off', async () => {
    server = await startServer(() => anthropicReply('x'));
    const p = createAnthropicProvider({ kind: 'anthropic', model: 'c', baseUrl: server.url, apiKey: KEY, promptCaching: false });
    await p.generate({ system: 'S', user: 'AB', sharedPrefixLength: 1 }, { maxTokens: 5 });
    expect(server.requests[0].body.messages[0].content).toBe('AB');
  });

  it('429 with an HTTP-date Retry-After, then success', async () => {
    const when = new Date(Date.now() + 5000).toUTCString();
    server = await startServer((_r, n) => (n === 1 ? { status: 429, headers: { 'retry-after': when }, json: { type: 'error', error: { type: 'rate_limit_error', message: 'rate' } } } : anthropicReply('ok')));
    const { waits, sleep } = fakeSleep();
    const p = createAnthropicProvider({ kind: 'anthropic', model: 'c', baseUrl: server.url, apiKey: KEY }, { sleep });
    expect((await p.generate(prompt, { maxTokens: 5 })).text).toBe('ok');
    expect(server.requests).toHaveLength(2);
    expect(waits).toHaveLength(1);
    // An HTTP date has one-second resolution: between 3 and 5 s from now.
    expect(waits[0]).toBeGreaterThan(3000);
    expect(waits[0]).toBeLessThanOrEqual(5000);
  });

  it('500 then success; 401 is an auth error without the key', async () => {
    server = await startServer((_r, n) => (n === 1 ? { status: 529, json: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } } : anthropicReply('fine')));
    const { sleep } = fakeSleep();
    const p = createAnthropicProvider({ kind: 'anthropic', model: 'c', baseUrl: server.url, apiKey: KEY }, { sleep });
    expect((await p.generate(prompt, { maxTokens: 5 })).text).toBe('fine');
    expect(server.requests).toHaveLength(2);

    server.handle(() => ({ status: 401, json: { type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key ${KEY}` } } }));
    const err = await p.generate(prompt, { maxTokens: 5 }).catch((e) => e);
    expect(err.kind).toBe('auth');
    expect(err.message).toContain('invalid x-api-key');
    expect(err.message).not.toContain(KEY);
  });

  it('requires a key', () => {
    expect(() => createAnthropicProvider({ kind: 'anthropic', model: 'c' })).toThrow(/API key/);
  });
});

describe('Retry-After parsing', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter('0.5')).toBe(500);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:09 GMT', now)).toBe(9000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0);
  });

  it('a Retry-After longer than maxDelayMs is capped', async () => {
    server = await startServer((_r, n) => (n === 1 ? { status: 429, headers: { 'retry-after': '3600' }, json: {} } : openaiReply('ok')));
    const { waits, sleep } = fakeSleep();
    await postJson({ url: server.url + '/x', headers: {}, body: {}, model: 'm' }, { sleep, maxDelayMs: 10_000 });
    expect(waits).toEqual([10_000]);
  });
});
