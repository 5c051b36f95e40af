// A browser's CORS refusal told from an unreachable server: both are a bare TypeError from fetch;
// the host answering a no-cors GET makes it a CORS refusal (not retried, coded for the page).
import { describe, expect, it } from 'vitest';
import { postJson, LlmError } from '../../../src/engine/llm/http.ts';
import { corsRefused } from '../../../src/engine/llm/cors.ts';

/** A fetch like a browser's: POSTs fail with a bare TypeError; a no-cors GET answers when `reachable`. */
function browserFetch(reachable: boolean) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const f = (async (url: string, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    if (init?.mode === 'no-cors' && reachable) return new Response(null, { status: 200 });
    throw new TypeError('Failed to fetch');
  }) as unknown as typeof fetch;
  return { f, calls };
}

const req = { url: 'http://192.168.0.10:11434/v1/chat/completions', headers: { authorization: 'Bearer sk-x' }, body: {}, model: 'm', secret: 'sk-x' };
const noSleep = async () => {};

describe('CORS refusal', () => {
  it('a reachable host: kind cors, code cors-blocked, the target in details, one POST only, the probe a bare GET of the origin', async () => {
    const { f, calls } = browserFetch(true);
    const err = (await postJson(req, { fetch: f, sleep: noSleep }).catch((e) => e)) as LlmError;
    expect(err).toBeInstanceOf(LlmError);
    expect(err.kind).toBe('cors');
    expect(err.code).toBe('cors-blocked');
    expect(err.details).toMatchObject({ target: 'http://192.168.0.10:11434' });
    expect(err.message).toContain('npm run cli -- proxy --to http://192.168.0.10:11434');
    expect(calls.filter((c) => c.init?.method === 'POST')).toHaveLength(1);
    const probe = calls.find((c) => c.init?.mode === 'no-cors')!;
    expect(probe.url).toBe('http://192.168.0.10:11434/');
    expect(probe.init?.method).toBe('GET');
    expect(probe.init?.body).toBeUndefined();
    expect(JSON.stringify(probe.init?.headers ?? {})).not.toContain('sk-x');
  });

  it('an unreachable host stays a network error, retried', async () => {
    const { f, calls } = browserFetch(false);
    const err = (await postJson(req, { fetch: f, sleep: noSleep, maxAttempts: 3 }).catch((e) => e)) as LlmError;
    expect(err.kind).toBe('network');
    expect(err.code).toBe('provider-network');
    expect(calls.filter((c) => c.init?.method === 'POST')).toHaveLength(3);
  });

  it("Node's network errors (with a cause) are never probed", async () => {
    let probed = false;
    const f = (async () => {
      probed = true;
      return new Response(null);
    }) as unknown as typeof fetch;
    const e = new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    expect(await corsRefused(e, req.url, f)).toBe(false);
    expect(probed).toBe(false);
    expect(await corsRefused(new Error('other'), req.url, f)).toBe(false);
  });
});
