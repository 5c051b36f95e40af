// The embedding worker in real Chromium (workers/embed.worker.ts through src/app/bridge/embed.ts,
// reached on the test-only page tests/browser/embed-page.html): the committed random-weight test
// model, served at /models/chunklab-test-bert/ for the tests only, against the numpy reference —
// on WASM (1e-4), on the software WebGPU adapter (1e-3), and the reported fallback to WASM when
// there is no adapter. Also: files picked from disk (in memory), progress in bytes, cancel, clear
// load errors, inputs over the limit, and the WASM throughput (printed, never asserted).
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import { openBrowser, type Session } from './browser';
import { useBrowser } from './helpers';

const MODEL = 'tests/fixtures/models/chunklab-test-bert';
const ref = JSON.parse(readFileSync(`${MODEL}/reference.json`, 'utf8'));
const texts: string[] = ref.singles.map((s: any) => s.text);
const pageUrl = () => new URL('tests/browser/embed-page.html', inject('baseURL')).href;

const maxAbsDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  if (a.length !== b.length) return Infinity;
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
};

async function openPage(s: Session) {
  await s.page.goto(pageUrl());
  await s.page.waitForFunction(() => !!(window as any).__chunklabTest);
}

describe('WASM (no WebGPU adapter)', () => {
  let s: Session;
  let status: any;
  let progress: any[];
  let page: { isolated: boolean; cores: number };
  beforeAll(async () => {
    s = await openBrowser();
    await openPage(s);
    page = await s.page.evaluate(() => ({ isolated: crossOriginIsolated, cores: navigator.hardwareConcurrency }));
    ({ status, progress } = await s.page.evaluate(async () => {
      const w = window as any;
      w.__c = w.__chunklabTest.createEmbedClient();
      const progress: any[] = [];
      const status = await w.__c.load({ kind: 'served', id: 'chunklab-test-bert' }, {}, (p: any) => progress.push(p));
      return { status, progress };
    }));
  });
  afterAll(async () => {
    await s?.close();
  });

  test('device auto falls back to WASM and says why; load progress counts the bytes', () => {
    expect(status).toMatchObject({ device: 'wasm', dtype: 'fp32', dtypes: ['fp32'], dimensions: 32, maxTokens: 512, pooling: 'mean' });
    // vite preview sends COOP/COEP (vite.config.ts): isolated, so ONNX Runtime gets several threads.
    expect(page.isolated).toBe(true);
    if (page.cores >= 2) {
      expect(status.threads).toBeGreaterThanOrEqual(2);
      expect(status.threads).toBeLessThanOrEqual(page.cores);
    } else expect(status.threads).toBe(1);
    expect(status.fallback).toMatch(/no adapter/);
    const downloads = progress.filter((p) => p.stage === 'download');
    expect(downloads.some((p) => p.file === 'onnx/model.onnx')).toBe(true);
    // bytes only grow, and the last event (weights in, session being built) has them all
    for (let i = 1; i < progress.length; i++) expect(progress[i].loaded).toBeGreaterThanOrEqual(progress[i - 1].loaded);
    const last = progress[progress.length - 1];
    expect(last.stage).toBe('session');
    const onnxBytes = statSync(`${MODEL}/onnx/model.onnx`).size;
    const tokBytes = statSync(`${MODEL}/tokenizer.json`).size;
    expect(last.loaded).toBe(last.total);
    expect(last.total).toBeGreaterThanOrEqual(onnxBytes + tokBytes);
  });

  test('last_hidden_state and pooled vectors match numpy to 1e-4', async () => {
    const out = await s.page.evaluate(
      async ({ singles, batch, texts }) => {
        const c = (window as any).__c;
        const raw = [];
        for (const ids of singles) raw.push(Array.from((await c.run({ inputIds: [ids], attentionMask: [ids.map(() => 1)] })).data as Float32Array));
        const b = await c.run({ inputIds: batch.inputIds, attentionMask: batch.attentionMask });
        const e = await c.embed(texts, 'passage');
        const again = await c.embed(texts, 'passage');
        return { raw, batch: Array.from(b.data as Float32Array), dims: b.dims, vectors: e.vectors.map((v: Float32Array) => Array.from(v)), hits: [e.cacheHits, again.cacheHits], tokenCounts: e.tokenCounts };
      },
      { singles: ref.singles.map((x: any) => x.inputIds), batch: ref.batch, texts },
    );
    out.raw.forEach((r: number[], i: number) => expect(maxAbsDiff(r, ref.singles[i].lastHiddenState)).toBeLessThan(1e-4));
    expect(out.dims).toEqual([ref.batch.inputIds.length, ref.batch.inputIds[0].length, 32]);
    expect(maxAbsDiff(out.batch, ref.batch.lastHiddenState)).toBeLessThan(1e-4);
    out.vectors.forEach((v: number[], i: number) => expect(maxAbsDiff(v, ref.singles[i].meanPooled)).toBeLessThan(1e-4));
    expect(out.tokenCounts).toEqual(ref.singles.map((x: any) => x.inputIds.length));
    expect(out.hits).toEqual([0, 3]);
  });

  test('late chunking in the worker matches numpy to 1e-4', async () => {
    const r = await s.page.evaluate(
      async ({ text, spans }) => {
        const out = await (window as any).__c.lateChunk(text, spans);
        return { vectors: out.vectors.map((v: Float32Array) => Array.from(v)), windows: out.windows.length };
      },
      { text: ref.late.text, spans: ref.late.chunks.map((c: any) => ({ start: c.charSpan[0], end: c.charSpan[1] })) },
    );
    expect(r.windows).toBe(1);
    ref.late.chunks.forEach((c: any, i: number) => expect(maxAbsDiff(r.vectors[i], c.vector)).toBeLessThan(1e-4));
  });

  test('an input over the 512-token limit is cut and reported, never silently', async () => {
    const r = await s.page.evaluate(async () => {
      const long = Array.from({ length: 600 }, (_, i) => `word${i % 7}`).join(' ');
      const out = await (window as any).__c.embed(['short text', long], 'passage');
      return { truncated: out.truncated, tokenCounts: out.tokenCounts };
    });
    expect(r.truncated).toEqual([1]);
    expect(r.tokenCounts[1]).toBeGreaterThan(512);
  });

  test('cancel rejects the running call with an AbortError; the next call reloads and gives the same vectors', async () => {
    const r = await s.page.evaluate(async (texts) => {
      const c = (window as any).__c;
      const many = Array.from({ length: 400 }, (_, i) => `passage number ${i} about rivers, seas and the long coast of the south`);
      // Cancel from the first progress report after a batch: the call is surely mid-way (25 batches of 16).
      let cancelled = false;
      const outcome = await c.embed(many, 'passage', (f: number) => {
        if (f > 0 && f < 1 && !cancelled) {
          cancelled = true;
          c.cancel();
        }
      }).then(
        () => 'finished',
        (e: Error) => e.name,
      );
      const after = await c.embed(texts, 'passage');
      return { outcome, vectors: after.vectors.map((v: Float32Array) => Array.from(v)), hits: after.cacheHits };
    }, texts);
    expect(r.outcome).toBe('AbortError');
    expect(r.hits).toBe(0); // a fresh worker: its cache started empty
    r.vectors.forEach((v: number[], i: number) => expect(maxAbsDiff(v, ref.singles[i].meanPooled)).toBeLessThan(1e-4));
  });

  test('a model folder picked from disk loads from memory and gives the same vectors', async () => {
    const r = await s.page.evaluate(async (texts) => {
      const names = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'special_tokens_map.json', 'onnx/model.onnx'];
      const files = [];
      for (const n of names) files.push({ path: `my-model/${n}`, data: await (await fetch(`/models/chunklab-test-bert/${n}`)).blob() });
      const c = (window as any).__chunklabTest.createEmbedClient();
      const status = await c.load({ kind: 'files', name: 'my-model', files }, { device: 'wasm' });
      const e = await c.embed(texts, 'passage');
      const noOnnx = await c
        .load({ kind: 'files', name: 'my-model', files: files.filter((f) => !f.path.includes('onnx')) }, { device: 'wasm' })
        .catch((err: Error) => err.message);
      const noConfig = await c
        .load({ kind: 'files', name: 'bare', files: files.filter((f) => !f.path.endsWith('config.json')) })
        .catch((err: Error) => err.message);
      c.terminate();
      return { status, vectors: e.vectors.map((v: Float32Array) => Array.from(v)), noOnnx, noConfig };
    }, texts);
    expect(r.status).toMatchObject({ device: 'wasm', dimensions: 32, dtype: 'fp32' });
    r.vectors.forEach((v: number[], i: number) => expect(maxAbsDiff(v, ref.singles[i].meanPooled)).toBeLessThan(1e-4));
    expect(r.noOnnx).toMatch(/has no onnx\/model\.onnx for dtype fp32/);
    expect(r.noConfig).toMatch(/"bare" has no config\.json/);
  });

  test('load errors are clear: a model the app does not serve, a Hub that cannot be reached, a wrong Hub id, a bad id', async () => {
    // The Hub, faked at the network layer (hermetic anywhere): unreachable, or answering 404 for one id.
    await s.context.route('https://huggingface.co/**', (route) =>
      route.request().url().includes('/no-such-org/') ? route.fulfill({ status: 404, body: 'Repository not found' }) : route.abort('internetdisconnected'),
    );
    const r = await s.page.evaluate(async () => {
      const c = (window as any).__chunklabTest.createEmbedClient();
      const msg = (p: Promise<unknown>) => p.then(() => 'loaded', (e: Error) => e.message);
      const served = await msg(c.load({ kind: 'served', id: 'no-such-model' }, { device: 'wasm' }));
      const hub = await msg(c.load({ kind: 'hub', id: 'Xenova/all-MiniLM-L6-v2' }, { device: 'wasm' }));
      const wrong = await msg(c.load({ kind: 'hub', id: 'no-such-org/no-such-model' }, { device: 'wasm' }));
      const bad = await msg(c.load({ kind: 'hub', id: '../../etc/passwd' }));
      c.terminate();
      return { served, hub, wrong, bad };
    });
    await s.context.unrouteAll();
    expect(r.served).toMatch(/does not serve the model "no-such-model"/);
    expect(r.hub).toMatch(/cannot reach the Hugging Face Hub .*offline/);
    expect(r.wrong).toMatch(/"no-such-org\/no-such-model" was not found on the Hugging Face Hub/);
    expect(r.bad).toMatch(/is not a model id/);
  });

  test('throughput on WASM (printed for the report, not asserted)', async () => {
    const r = await s.page.evaluate(async () => {
      const c = (window as any).__c;
      const sentence = 'Late chunking keeps the context of a long document in every chunk vector it pools. ';
      const passages = Array.from({ length: 64 }, (_, i) => `${i} ${sentence.repeat(7)}`);
      const out = await c.embed(passages, 'passage');
      const tokens = out.tokenCounts.reduce((a: number, b: number) => a + b, 0);
      return { tokens, ms: out.ms, passages: passages.length };
    });
    expect(r.tokens).toBeGreaterThan(64 * 100);
    console.log(`embed throughput, test model (2 layers, 32 wide), Chromium WASM 1 thread: ${r.passages} passages, ${r.tokens} tokens in ${r.ms.toFixed(0)} ms = ${Math.round((r.tokens / r.ms) * 1000)} tokens/s`);
  });
});

describe('WebGPU (software adapter)', () => {
  const s = useBrowser({ webgpu: true });
  beforeAll(() => openPage(s));

  test('device auto takes WebGPU and agrees with numpy to 1e-3', async () => {
    const r = await s.page.evaluate(async (texts) => {
      const c = (window as any).__chunklabTest.createEmbedClient();
      const status = await c.load({ kind: 'served', id: 'chunklab-test-bert' });
      const e = await c.embed(texts, 'passage');
      c.terminate();
      return { status, vectors: e.vectors.map((v: Float32Array) => Array.from(v)) };
    }, texts.slice(0, 2));
    expect(r.status.device).toBe('webgpu');
    expect(r.status.fallback).toBeUndefined();
    r.vectors.forEach((v: number[], i: number) => expect(maxAbsDiff(v, ref.singles[i].meanPooled)).toBeLessThan(1e-3));
  });
});
