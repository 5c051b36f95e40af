// `?pack=<relative url>`: where a linked pack may come from. Only this page's origin, and that holds
// for the answer too: fetch follows redirects, so a same-origin link that redirects elsewhere (an open
// redirect on the host, a moved file) would otherwise open a pack from another site.

/** The pack's URL resolved against the page, or null when it is not on the page's origin. */
export function packUrl(ref: string, pageHref: string): URL | null {
  let url: URL;
  try {
    url = new URL(ref, pageHref);
  } catch {
    return null;
  }
  return url.origin === new URL(pageHref).origin ? url : null;
}

/** Thrown when the answer came from another origin (after a redirect): its body is not read. */
export class PackNotHere extends Error {}

/** The largest linked pack read: the limit on any dataset file (formats' MAX_INPUT_BYTES, 200 MB). */
export const MAX_PACK_BYTES = 200 * 1024 * 1024;

/** Thrown when the answer is larger than the limit: what was read is dropped, the rest never read. */
export class PackTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the pack is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`);
    this.name = 'PackTooLarge';
  }
}

/**
 * No pack at that address: the server answered 404/410, or (a static host's fallback) with a web page
 * instead of a file. Said as "not found", not as a file that is not valid JSON.
 */
export class PackNotFound extends Error {
  constructor(public status: number) {
    super(status ? `HTTP ${status}: no file at this address` : 'the server answered with a web page, not a pack file');
    this.name = 'PackNotFound';
  }
}

/**
 * The linked pack's text; refuses an answer that is not from `origin`, not OK, or over `maxBytes`
 * (by its declared length before reading, else counted as it streams in, stopping at the limit).
 */
export async function fetchPackText(url: URL, origin: string, doFetch: typeof fetch = fetch, maxBytes = MAX_PACK_BYTES): Promise<string> {
  const res = await doFetch(url.href, { credentials: 'same-origin' });
  // res.url is the address after any redirect ('' for a synthesized answer: then it is the one asked).
  const from = res.url ? new URL(res.url).origin : url.origin;
  if (from !== origin || res.type === 'opaqueredirect') {
    await res.body?.cancel().catch(() => undefined);
    throw new PackNotHere(from);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    if (res.status === 404 || res.status === 410) throw new PackNotFound(res.status);
    throw new Error(`HTTP ${res.status}`);
  }
  // A host that answers every address with its index page (a single-page app's fallback).
  if (/^text\/html\b/i.test(res.headers.get('content-type') ?? '')) {
    await res.body?.cancel().catch(() => undefined);
    throw new PackNotFound(0);
  }
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new PackTooLarge(maxBytes);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new PackTooLarge(maxBytes);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
