// POST JSON to a model API with a per-request timeout, retries on 429/5xx/network failures (honouring
// Retry-After, else exponential backoff with full jitter), cancellation, and errors a user can act on
// that never contain the API key.
import type { ErrorCode } from '../types.ts';
import { corsRefused } from './cors.ts';

export type ProviderErrorKind =
  | 'auth' // 401/403: the key is missing, wrong or lacks permission
  | 'not-found' // 404: wrong model name or base URL
  | 'bad-request' // other 4xx: the API refused the request
  | 'rate-limit' // 429 after every attempt
  | 'server' // 5xx after every attempt
  | 'network' // no answer at all (DNS, refused)
  | 'cors' // the host answers, but the browser refused the page its answer (no CORS headers for it)
  | 'timeout' // no answer within the per-request timeout
  | 'bad-response'; // an answer without the expected fields

export class LlmError extends Error {
  /** The page translates this (src/app/i18n/areas/errors.ts); `details` fill its blanks. */
  public readonly code: ErrorCode;
  public readonly details?: Record<string, unknown>;
  constructor(
    message: string,
    public readonly kind: ProviderErrorKind,
    public readonly status?: number,
    /** Requests made before giving up. */
    public readonly attempts = 1,
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'LlmError';
    this.code = providerErrorCode(kind);
    this.details = { ...(status !== undefined ? { status } : {}), ...(details ?? {}) };
  }
}

/** The error code of a provider failure of this kind (the page's translation key). */
export function providerErrorCode(kind: ProviderErrorKind): ErrorCode {
  return (kind === 'cors' ? 'cors-blocked' : `provider-${kind}`) as ErrorCode;
}

export interface RetryOptions {
  /** Attempts, the first included (default 4). */
  maxAttempts?: number;
  /** Per-request timeout in ms (default 60 000). */
  timeoutMs?: number;
  /** First backoff in ms (default 1000); doubles each attempt, capped at maxDelayMs. */
  baseDelayMs?: number;
  /** Longest wait between attempts, Retry-After included (default 60 000). */
  maxDelayMs?: number;
  /** Injected for tests: waits ms or rejects when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Injected for tests: a number in [0, 1) for jitter. */
  random?: () => number;
  /** Injected for tests: the fetch to use (default globalThis.fetch). */
  fetch?: typeof fetch;
  /** Called before each retry with the attempt number just failed and the wait chosen. */
  onRetry?: (info: { attempt: number; status?: number; delayMs: number }) => void;
  /** The most bytes an answer body may take (default MAX_ANSWER_BYTES); reading stops there. */
  maxResponseBytes?: number;
}

/** Default cap on an answer body: 32 MiB, far above any chat answer, far below what hurts a page. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
/** Same-origin 307/308 redirects followed before giving up. */
const MAX_REDIRECTS = 5;

/** Thrown inside readCapped; turned into a 'bad-response' error naming the limit. */
class TooLarge extends Error {}

/**
 * The body as text, reading chunk by chunk and stopping (cancelling the stream) as soon as it passes
 * `max` bytes: an endless answer costs at most `max` bytes of memory, never all of it.
 */
async function readCapped(res: Response, max: number): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new TooLarge();
  }
  if (!res.body) return res.text();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge();
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

const MIB = (n: number) => (n >= 1 << 20 ? `${Math.round(n / (1 << 20))} MiB` : `${n} bytes`);

/**
 * Fetches without letting the runtime follow redirects: a redirect to the same origin (307/308,
 * which keep the method and body) is followed here, anything else is refused. A header such as
 * Anthropic's x-api-key (which, unlike Authorization, fetch keeps on a cross-origin redirect)
 * therefore never reaches another host, whatever the provider.
 */
async function fetchNoForeignRedirect(doFetch: typeof fetch, url: string, init: RequestInit, where: string, attempt: number): Promise<Response> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const res = await doFetch(current, { ...init, redirect: 'manual' });
    // In a browser a manual redirect is an opaque answer with status 0 and no Location.
    const redirected = res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400);
    if (!redirected) return res;
    await res.body?.cancel().catch(() => undefined);
    const location = res.headers.get('location');
    let target: URL | undefined;
    try {
      target = location ? new URL(location, current) : undefined;
    } catch {
      target = undefined;
    }
    const sameOrigin = target !== undefined && target.origin === new URL(current).origin;
    if (sameOrigin && (res.status === 307 || res.status === 308) && hop < MAX_REDIRECTS) {
      current = target!.toString();
      continue;
    }
    const to = target ? ` to ${target.origin}` : '';
    const why = res.type === 'opaqueredirect'
      ? 'answered with a redirect, which a page cannot inspect and which is not followed for a request carrying a key'
      : !sameOrigin
      ? `redirected${to}, another host: not followed, so the key is never sent there`
      : hop >= MAX_REDIRECTS
        ? `redirected more than ${MAX_REDIRECTS} times`
        : `redirected with HTTP ${res.status}, which would drop the request body`;
    throw new LlmError(`${where} ${why}; give the final address as the base URL`, 'bad-request', res.status || undefined, attempt);
  }
}

export function abortError(signal?: AbortSignal): Error {
  const r = signal?.reason;
  if (r instanceof Error) return r;
  return new DOMException('The operation was aborted', 'AbortError');
}

export function isAbortError(e: unknown): boolean {
  return e instanceof Error && e.name === 'AbortError';
}

/** setTimeout as a promise that rejects at once when the signal aborts. */
export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(t);
      reject(abortError(signal));
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Seconds to wait from a Retry-After header (delta-seconds or an HTTP date), in ms; undefined when
 * absent or unreadable. `now` is injectable for tests.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(parseFloat(v) * 1000);
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Replaces every occurrence of the secret with "***" (servers sometimes echo what they were sent). */
export function scrub(text: string, secret?: string): string {
  if (!secret || secret.length < 4) return text;
  return text.split(secret).join('***');
}

const RETRYABLE = (status: number) => status === 429 || status === 408 || status >= 500;

function describeStatus(status: number, body: string, url: string, model: string): { kind: ProviderErrorKind; message: string } {
  const detail = body ? ` — ${body}` : '';
  if (status === 401 || status === 403)
    return { kind: 'auth', message: `the API refused the key (HTTP ${status}): check the API key and its permissions${detail}` };
  if (status === 404)
    return { kind: 'not-found', message: `not found (HTTP 404) at ${url}: check the base URL and the model name "${model}"${detail}` };
  if (status === 429) return { kind: 'rate-limit', message: `rate limited (HTTP 429) and still limited after retrying${detail}` };
  if (status >= 500) return { kind: 'server', message: `the API failed (HTTP ${status}) and kept failing after retrying${detail}` };
  return { kind: 'bad-request', message: `the API rejected the request (HTTP ${status})${detail}` };
}

/** The first 300 characters of an error body, with the API's own message when it is JSON. */
function bodyExcerpt(text: string): string {
  let msg = text;
  try {
    const j = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof j.error === 'string' ? j.error : (j.error?.message ?? j.message);
    if (typeof m === 'string') msg = m;
  } catch {
    /* not JSON: keep the text */
  }
  msg = msg.replace(/\s+/g, ' ').trim();
  return msg.length > 300 ? msg.slice(0, 300) + '…' : msg;
}

/** Strips user:password@ and the query string from a URL before it appears in a message. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.search = '';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}

export interface JsonRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** The secret to keep out of every message. */
  secret?: string;
  /** For messages: which model was asked. */
  model: string;
  signal?: AbortSignal;
}

/** POSTs `body` as JSON and returns the parsed JSON answer, retrying as described above. */
export async function postJson(req: JsonRequest, opts: RetryOptions = {}): Promise<unknown> {
  const maxAttempts = Math.max(1, Math.floor(opts.maxAttempts ?? 4));
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const base = opts.baseDelayMs ?? 1000;
  const maxDelay = opts.maxDelayMs ?? 60_000;
  const sleep = opts.sleep ?? defaultSleep;
  const random = opts.random ?? Math.random;
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const where = safeUrl(req.url);
  const payload = JSON.stringify(req.body);
  const maxBytes = opts.maxResponseBytes ?? MAX_ANSWER_BYTES;

  let last: LlmError | undefined;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (req.signal?.aborted) throw abortError(req.signal);
    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, timeoutMs);
    const onAbort = () => ctrl.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    let retryAfter: number | undefined;
    let status: number | undefined;
    try {
      const res = await fetchNoForeignRedirect(
        doFetch,
        req.url,
        { method: 'POST', headers: { 'content-type': 'application/json', ...req.headers }, body: payload, signal: ctrl.signal },
        where,
        attempt,
      );
      status = res.status;
      let text: string;
      try {
        text = await readCapped(res, res.ok ? maxBytes : Math.min(maxBytes, 1 << 20));
      } catch (e) {
        if (!(e instanceof TooLarge)) throw e;
        if (!res.ok) text = '(an error page over 1 MiB, not read)';
        else throw new LlmError(`the answer from ${where} is larger than ${MIB(maxBytes)}: refused (the limit on an answer's size)`, 'bad-response', status, attempt);
      }
      if (res.ok) {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          throw new LlmError(`the answer from ${where} is not JSON: ${scrub(bodyExcerpt(text), req.secret)}`, 'bad-response', status, attempt);
        }
      }
      const { kind, message } = describeStatus(res.status, scrub(bodyExcerpt(text), req.secret), where, req.model);
      last = new LlmError(message, kind, res.status, attempt);
      if (!RETRYABLE(res.status)) throw last;
      retryAfter = parseRetryAfter(res.headers.get('retry-after'));
    } catch (e) {
      if (req.signal?.aborted) throw abortError(req.signal);
      if (e instanceof LlmError) {
        if (e !== last || !RETRYABLE(e.status ?? 0)) throw e;
      } else if (timedOut) {
        last = new LlmError(`no answer from ${where} within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`} (timeout)`, 'timeout', undefined, attempt);
      } else if (await corsRefused(e, req.url, doFetch, req.signal)) {
        // Not worth retrying: the browser will refuse every attempt the same way.
        const target = new URL(req.url).origin;
        throw new LlmError(
          `${target} answers, but not to this page: it sends no CORS headers for the page's origin; allow the page's origin on the server or start the relay (npm run cli -- proxy --to ${target})`,
          'cors',
          undefined,
          attempt,
          { target, path: new URL(req.url).pathname },
        );
      } else {
        const why = scrub(e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e), req.secret);
        last = new LlmError(
          `cannot reach ${where} (${why}); check the base URL, the network, and that the server is running`,
          'network',
          undefined,
          attempt,
        );
      }
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
    }
    if (attempt === maxAttempts) break;
    // Retry-After when the server gives one (bounded), else exponential backoff with full jitter.
    const delayMs = retryAfter !== undefined ? Math.min(retryAfter, maxDelay) : Math.floor(random() * Math.min(maxDelay, base * 2 ** (attempt - 1)));
    opts.onRetry?.({ attempt, status, delayMs });
    await sleep(delayMs, req.signal);
  }
  const e = last!;
  throw new LlmError(`${e.message} (${maxAttempts} attempt${maxAttempts === 1 ? '' : 's'})`, e.kind, e.status, maxAttempts);
}
