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

/** The linked pack's text; refuses an answer that is not from `origin` or not OK. */
export async function fetchPackText(url: URL, origin: string, doFetch: typeof fetch = fetch): Promise<string> {
  const res = await doFetch(url.href, { credentials: 'same-origin' });
  // res.url is the address after any redirect ('' for a synthesized answer: then it is the one asked).
  const from = res.url ? new URL(res.url).origin : url.origin;
  if (from !== origin || res.type === 'opaqueredirect') {
    await res.body?.cancel().catch(() => undefined);
    throw new PackNotHere(from);
  }
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.text();
}
