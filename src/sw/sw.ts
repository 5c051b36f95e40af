// ChunkLab's service worker (built to dist/sw.js by src/sw/precache-plugin.ts, which replaces
// __CHUNKLAB_PRECACHE__ with the build's file list and version). Three jobs:
// 1. Offline after the first visit: every file of the build (app shell, workers, ONNX Runtime's
//    wasm, the bundled tokenizer, the samples) is fetched into a cache named after the build's
//    version on install, and served from it (cache first). A new build means a new version: the
//    new worker waits until the page says "reload" (src/app/offline/), then old caches go.
// 2. Threads on static hosts that send no headers: every same-origin response it serves gets
//    COOP same-origin + COEP (credentialless where the browser has it, else require-corp), so the
//    page is cross-origin isolated after one reload (the page does that reload).
// 3. Everything else passes through untouched: cross-origin requests (Hub downloads, which
//    transformers.js keeps in its own Cache Storage entry "transformers-cache") are not handled
//    here at all, and same-origin files outside the build (a served models/ folder) go to the network.
//    Except the OCR files (ocr/: Tesseract's core and models, ~7 MB, left out of the precache): the
//    first fetch of each (the first scan the user reads) is kept, so OCR works offline from then on,
//    in a cache of their own that outlives the page's versions while the OCR files stay the same (a
//    new version whose precached ocr/manifest.json differs empties it): a deploy does not make the
//    user download again what they agreed to download once.
// A classic script with no imports: kept small on purpose.
/// <reference lib="webworker" />
export {};
declare const self: ServiceWorkerGlobalScope;
declare const __CHUNKLAB_PRECACHE__: { version: string; files: string[]; hashed: string[] };

const MANIFEST = __CHUNKLAB_PRECACHE__;
const PREFIX = 'chunklab-app-';
const CACHE = PREFIX + MANIFEST.version;
/**
 * Course packs (`?pack=…json`) published beside the page after the build: kept from their last fetch,
 * in a cache per app version (the old ones go when a new version activates).
 */
const PACKS_PREFIX = 'chunklab-packs';
const PACKS = `${PACKS_PREFIX}-${MANIFEST.version}`;
/** The OCR files kept on first use, across page versions (emptied when ocr/manifest.json changes). */
const OCR_CACHE = 'chunklab-ocr';
const COEP = new URL(self.location.href).searchParams.get('coep') === 'require-corp' ? 'require-corp' : 'credentialless';
const scope = () => self.registration.scope;
const INDEX = () => new URL('index.html', scope()).href;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const hashed = new Set(MANIFEST.hashed);
      // Files with a content hash in their name never change: the HTTP cache may answer. The others
      // (index.html, samples, tokenizer) are revalidated so a new version never keeps old copies.
      await Promise.all(
        MANIFEST.files.map(async (f) => {
          const url = new URL(f, scope()).href;
          const res = await fetch(new Request(url, { cache: hashed.has(f) ? 'default' : 'no-cache' }));
          if (!res.ok) throw new Error(`ChunkLab offline cache: ${f} answered HTTP ${res.status}`);
          await cache.put(url, res);
        }),
      );
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        const old = (name.startsWith(PREFIX) && name !== CACHE) || (name.startsWith(PACKS_PREFIX) && name !== PACKS);
        if (old) await caches.delete(name);
      }
      await keepOcrFiles();
      // Take the open page now: it reloads once to become cross-origin isolated.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'chunklab:skip-waiting') void self.skipWaiting();
  if (event.data === 'chunklab:version') event.source?.postMessage({ chunklabVersion: MANIFEST.version });
});

/** The same response with the headers that make the page cross-origin isolated. */
function isolated(res: Response): Response {
  if (res.type === 'opaque' || res.type === 'opaqueredirect' || res.status === 0) return res;
  const headers = new Headers(res.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', COEP);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/**
 * True for the page's fetch of its own `?pack=` link (src/app/pack/): the page that asked (the
 * request's referrer, which a same-origin fetch carries whole) has `?pack=<ref>` and ref resolves
 * against it, as packUrl does, to this very URL. Any other JSON (a served models/ folder, a worker's
 * fetch) is not kept.
 */
function isPackRequest(req: Request, url: URL): boolean {
  try {
    if (!req.referrer) return false;
    const page = new URL(req.referrer);
    const ref = page.origin === url.origin ? page.searchParams.get('pack') : null;
    if (!ref) return false;
    const want = new URL(ref, page.href);
    return want.origin === url.origin && want.pathname === url.pathname && want.search === url.search;
  } catch {
    return false;
  }
}

/** The OCR files kept from an earlier version stay if this version's ocr/manifest.json is the same (same version hash). */
async function keepOcrFiles(): Promise<void> {
  const key = new URL('ocr/manifest.json', scope()).href;
  const now = await (await caches.open(CACHE)).match(key);
  const kept = (await caches.keys()).includes(OCR_CACHE) ? await (await caches.open(OCR_CACHE)).match(key) : undefined;
  const same = !!now && !!kept && (await now.clone().text()) === (await kept.text());
  if (same) return;
  await caches.delete(OCR_CACHE);
  if (now) await (await caches.open(OCR_CACHE)).put(key, now);
}

/** A file of the page's OCR (src/sw/ocr-data-plugin.ts), fetched on first use rather than at install. */
const isOcrFile = (url: URL) => !url.search && url.href.startsWith(new URL('ocr/', scope()).href);

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || !req.url.startsWith(scope())) return;
  if (url.pathname.endsWith('/sw.js')) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // The app's address (with any query) is the cached index.html; a navigation ignores queries.
      const bare = url.origin + url.pathname;
      const key = req.mode === 'navigate' && bare === scope() ? INDEX() : bare + url.search;
      const hit = (await cache.match(key, { ignoreSearch: req.mode === 'navigate' })) ?? (isOcrFile(url) ? await (await caches.open(OCR_CACHE)).match(bare) : undefined);
      if (hit) return isolated(hit);
      const pack = isPackRequest(req, url);
      try {
        const res = await fetch(req);
        // The page's `?pack=` file (a course pack published beside the page, not in the build): a copy kept,
        // so the link still opens offline; the network's version wins whenever there is one.
        if (pack && res.ok && res.type === 'basic') await (await caches.open(PACKS)).put(bare + url.search, res.clone());
        if (isOcrFile(url) && res.ok && res.type === 'basic') await (await caches.open(OCR_CACHE)).put(bare, res.clone());
        return isolated(res);
      } catch (e) {
        const kept = pack ? await (await caches.open(PACKS)).match(bare + url.search) : undefined;
        if (kept) return isolated(kept);
        // Offline and not in the cache: a navigation still gets the app.
        const index = req.mode === 'navigate' ? await cache.match(INDEX()) : undefined;
        if (index) return isolated(index);
        throw e;
      }
    })(),
  );
});
