// The service worker keeps only the page's `?pack=` file for offline use (not every same-origin JSON
// fetch, e.g. a served models/ folder's config files), in a cache per app version that a new version
// deletes on activation. src/sw/sw.ts is compiled as the build does (precache-plugin.ts) and run in
// a vm context with in-memory Cache Storage and a fake network.
import { beforeEach, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import { transformWithOxc } from 'vite';

const SOURCE = new URL('../../../src/sw/sw.ts', import.meta.url).pathname;
const SCOPE = 'http://127.0.0.1:5000/chunklab/';
const VERSION = 'v-test-1';

type Handler = (event: unknown) => void;

class MemoryCache {
  readonly entries = new Map<string, Response>();
  async match(key: string, opts?: { ignoreSearch?: boolean }): Promise<Response | undefined> {
    const strip = (k: string) => (opts?.ignoreSearch ? k.split('?')[0] : k);
    for (const [k, v] of this.entries) if (strip(k) === strip(key)) return v.clone();
    return undefined;
  }
  async put(key: string, res: Response): Promise<void> {
    this.entries.set(key, res);
  }
}

class MemoryStorage {
  readonly stores = new Map<string, MemoryCache>();
  async open(name: string): Promise<MemoryCache> {
    let c = this.stores.get(name);
    if (!c) this.stores.set(name, (c = new MemoryCache()));
    return c;
  }
  async keys(): Promise<string[]> {
    return [...this.stores.keys()];
  }
  async delete(name: string): Promise<boolean> {
    return this.stores.delete(name);
  }
}

let handlers: Record<string, Handler>;
let storage: MemoryStorage;
let online: boolean;
let asked: string[];

/** What the network serves as ocr/manifest.json (a deploy may change it). */
let ocrManifest = '{"version":"ocr-1"}';

/** The worker of app version `version`; `keep`: with the Cache Storage the last one left (a deploy). */
async function loadWorker(version = VERSION, files = ['index.html'], keep = false): Promise<void> {
  const { code } = await transformWithOxc(readFileSync(SOURCE, 'utf8'), SOURCE, { lang: 'ts' });
  const manifest = { version, files, hashed: [] };
  const js = code.replace(/^export\s*\{\s*\};?\s*$/m, '').replace(/=\s*__CHUNKLAB_PRECACHE__/, () => `= ${JSON.stringify(manifest)}`);
  handlers = {};
  if (!keep) storage = new MemoryStorage();
  online = true;
  asked = [];
  const self = {
    location: new URL(`${SCOPE}sw.js`),
    registration: { scope: SCOPE },
    clients: { claim: async () => undefined },
    skipWaiting: async () => undefined,
    addEventListener: (type: string, fn: Handler) => (handlers[type] = fn),
  };
  const fetch = async (req: { url: string } | string) => {
    const url = typeof req === 'string' ? req : req.url;
    asked.push(url);
    if (!online) throw new TypeError('Failed to fetch');
    if (url.endsWith('/ocr/manifest.json')) return Object.defineProperty(new Response(ocrManifest, { status: 200 }), 'type', { value: 'basic' });
    const res = new Response(`{"from": "network", "url": ${JSON.stringify(url)}}`, { status: 200, headers: { 'content-type': 'application/json' } });
    Object.defineProperty(res, 'type', { value: 'basic' });
    return res;
  };
  runInContext(js, createContext({ self, caches: storage, fetch, URL, Request, Response, Headers, console }));
}

/** Dispatches a fetch event as a browser would and returns what the worker answered (undefined: not handled). */
async function request(url: string, referrer: string, mode = 'cors'): Promise<Response | undefined> {
  let answer: Promise<Response> | undefined;
  handlers.fetch({ request: { method: 'GET', url, mode, referrer, headers: new Headers() }, respondWith: (p: Promise<Response>) => (answer = p) });
  return answer;
}

async function install(): Promise<void> {
  let done: Promise<unknown> = Promise.resolve();
  handlers.install({ waitUntil: (p: Promise<unknown>) => (done = p) });
  await done;
}

async function activate(): Promise<void> {
  let done: Promise<unknown> = Promise.resolve();
  handlers.activate({ waitUntil: (p: Promise<unknown>) => (done = p) });
  await done;
}

const packsCache = `chunklab-packs-${VERSION}`;
const keptPacks = () => [...(storage.stores.get(packsCache)?.entries.keys() ?? [])];

describe('service worker: course packs', () => {
  beforeEach(async () => await loadWorker());

  test("the page's ?pack= file is kept, in this version's cache, and served offline", async () => {
    const page = `${SCOPE}?pack=packs/course.json`;
    const res = await request(`${SCOPE}packs/course.json`, page);
    expect(res?.status).toBe(200);
    expect(keptPacks()).toEqual([`${SCOPE}packs/course.json`]);
    online = false;
    const offline = await request(`${SCOPE}packs/course.json`, page);
    expect(await offline!.json()).toEqual({ from: 'network', url: `${SCOPE}packs/course.json` });
  });

  test('other same-origin JSON is passed through, not kept: a models/ file, a pack the page did not ask for', async () => {
    for (const [url, referrer] of [
      [`${SCOPE}models/tiny/config.json`, SCOPE],
      [`${SCOPE}models/tiny/tokenizer.json`, `${SCOPE}?pack=packs/course.json`],
      [`${SCOPE}packs/other.json`, `${SCOPE}?pack=packs/course.json`],
      [`${SCOPE}packs/course.json`, `${SCOPE}?lesson=1`],
      [`${SCOPE}packs/course.json`, ''],
      [`${SCOPE}packs/course.json`, `http://127.0.0.1:6000/chunklab/?pack=${encodeURIComponent(`${SCOPE}packs/course.json`)}`],
    ]) {
      expect((await request(url, referrer))?.status, url).toBe(200);
    }
    expect(asked).toHaveLength(6);
    expect(keptPacks()).toEqual([]);
    online = false;
    await expect(request(`${SCOPE}models/tiny/config.json`, SCOPE)).rejects.toThrow('Failed to fetch');
  });

  test('a pack link with a query or an absolute same-origin URL resolves as the page resolves it', async () => {
    await request(`${SCOPE}p/a.json?v=2`, `${SCOPE}?pack=${encodeURIComponent('p/a.json?v=2')}`);
    await request(`${SCOPE}p/b.json`, `${SCOPE}?pack=${encodeURIComponent(`${SCOPE}p/b.json`)}`);
    expect(keptPacks().sort()).toEqual([`${SCOPE}p/a.json?v=2`, `${SCOPE}p/b.json`]);
  });

  test("activating a new version deletes older versions' pack caches and the unversioned one", async () => {
    for (const name of ['chunklab-packs', 'chunklab-packs-v-old', packsCache, 'chunklab-app-v-old', `chunklab-app-${VERSION}`, 'transformers-cache']) await storage.open(name);
    await activate();
    expect((await storage.keys()).sort()).toEqual([`chunklab-app-${VERSION}`, packsCache, 'transformers-cache'].sort());
  });
});

describe('service worker: OCR files', () => {
  const files = ['index.html', 'ocr/manifest.json'];
  const model = `${SCOPE}ocr/por.traineddata.gz`;
  const ocrKept = () => [...(storage.stores.get('chunklab-ocr')?.entries.keys() ?? [])].sort();
  /** A deploy: the next version installs and activates over the same Cache Storage. */
  const deploy = async (version: string) => {
    await loadWorker(version, files, true);
    await install();
    await activate();
  };

  beforeEach(async () => {
    ocrManifest = '{"version":"ocr-1"}';
    await loadWorker('v-1', files);
    await install();
    await activate();
  });

  test('an OCR file is kept on its first fetch and served offline from then on', async () => {
    expect(ocrKept()).toEqual([`${SCOPE}ocr/manifest.json`]);
    expect((await request(model, SCOPE))?.status).toBe(200);
    expect(ocrKept()).toEqual([`${SCOPE}ocr/manifest.json`, model]);
    online = false;
    expect(await (await request(model, SCOPE))!.json()).toEqual({ from: 'network', url: model });
  });

  test('a new page version with the same OCR files keeps them (no second download), offline too', async () => {
    await request(model, SCOPE);
    await deploy('v-2');
    expect(ocrKept()).toEqual([`${SCOPE}ocr/manifest.json`, model]);
    online = false;
    asked = [];
    expect((await request(model, SCOPE))?.status).toBe(200);
    expect(asked).toEqual([]);
  });

  test('a new page version whose OCR files changed drops the old ones (fetched again on next use)', async () => {
    await request(model, SCOPE);
    ocrManifest = '{"version":"ocr-2"}';
    await deploy('v-2');
    expect(ocrKept()).toEqual([`${SCOPE}ocr/manifest.json`]);
    expect(await (await storage.stores.get('chunklab-ocr')!.match(`${SCOPE}ocr/manifest.json`))!.text()).toBe('{"version":"ocr-2"}');
    online = false;
    await expect(request(model, SCOPE)).rejects.toThrow('Failed to fetch');
  });
});
