// Telling a CORS refusal from a server that is not there. In a browser, both end in the same bare
// "TypeError: Failed to fetch" (the page is not told why). A second request with mode "no-cors" to
// the same origin is not subject to CORS: when it gets any answer (opaque), the host is reachable and
// the first request was refused by the browser for want of CORS headers. Node's fetch ignores the
// mode and its network errors carry a `cause` (ECONNREFUSED…), so there the probe never runs.

/** Whether a fetch failure was a CORS refusal: a bare TypeError, and the origin answers a no-cors GET. */
export async function corsRefused(err: unknown, url: string, doFetch: typeof fetch, signal?: AbortSignal, timeoutMs = 5000): Promise<boolean> {
  if (!(err instanceof TypeError) || (err as { cause?: unknown }).cause !== undefined) return false;
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return false;
  }
  if (origin === 'null') return false;
  const ctrl = new AbortController();
  const stop = () => ctrl.abort();
  const timer = setTimeout(stop, timeoutMs);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    // Only a GET of the origin's root: no body, no key, nothing the server acts on.
    await doFetch(`${origin}/`, { method: 'GET', mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: ctrl.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}
