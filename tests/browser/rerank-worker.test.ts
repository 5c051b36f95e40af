// The browser's cross-encoder in real Chromium (workers/rerank-runner.ts in the embedding worker,
// reached through src/app/bridge/embed.ts on the test-only page): the committed random-weight test
// cross-encoder, served at /models/chunklab-test-cross-encoder/ for the tests only. On WASM its
// scores equal the numpy reference (1e-4), a pair over the limit is cut as the reference cuts it,
// the second call comes from the score cache; WebGPU is used only after the check against WASM, and
// without an adapter the page is told why WASM is used.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { openBrowser, type Session } from './browser';
import { useBrowser } from './helpers';

const MODEL = 'tests/fixtures/models/chunklab-test-cross-encoder';
const ref = JSON.parse(readFileSync(`${MODEL}/reference.json`, 'utf8'));
const pageUrl = () => new URL('tests/browser/embed-page.html', inject('baseURL')).href;

async function openPage(s: Session) {
  await s.page.goto(pageUrl());
  await s.page.waitForFunction(() => !!(window as any).__chunklabTest);
}

/** Loads the served test cross-encoder and scores every reference pair twice (grouped by query). */
async function scoreReference(s: Session, device: 'wasm' | 'webgpu') {
  return s.page.evaluate(
    async ({ pairs, device }) => {
      const w = window as any;
      const c = w.__chunklabTest.createEmbedClient();
      const status = await c.loadReranker({ kind: 'served', id: 'chunklab-test-cross-encoder' }, { device });
      const scores: number[] = [];
      const truncated: boolean[] = [];
      const hits: number[] = [];
      for (let round = 0; round < 2; round++) {
        for (const p of pairs) {
          const out = await c.rerank(p.query, [p.passage]);
          if (round === 0) {
            scores.push(out.scores[0]);
            truncated.push(out.truncated.length === 1);
          }
          hits.push(out.cacheHits);
        }
      }
      // Several passages of one query in one call (batched, padded) give the same scores.
      const q = pairs[0].query;
      const same = pairs.filter((p: any) => p.query === q);
      const batched = await c.rerank(q + ' ', same.map((p: any) => p.passage));
      c.terminate();
      return { status, scores, truncated, hits, batched: batched.scores, sameIdx: pairs.map((p: any, i: number) => (p.query === q ? i : -1)).filter((i: number) => i >= 0) };
    },
    { pairs: ref.pairs.map((p: any) => ({ query: p.query, passage: p.passage })), device },
  );
}

describe('WASM', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openBrowser();
    await openPage(s);
  });
  afterAll(async () => {
    await s?.close();
  });

  test('scores match numpy to 1e-4; the long pair is cut; the second round comes from the cache', async () => {
    const out = await scoreReference(s, 'wasm');
    expect(out.status).toMatchObject({ id: 'chunklab-test-cross-encoder', device: 'wasm', dtype: 'fp32', maxTokens: ref.maxTokens });
    expect(out.status.threads).toBeGreaterThanOrEqual(1);
    expect(out.status.check).toBeUndefined();
    ref.pairs.forEach((p: any, i: number) => expect(Math.abs(out.scores[i] - p.score), `pair ${i}`).toBeLessThan(1e-4));
    expect(out.truncated).toEqual(ref.pairs.map((p: any) => p.truncated));
    expect(out.hits).toEqual([...ref.pairs.map(() => 0), ...ref.pairs.map(() => 1)]);
    // The batched call used a different query ("q " tokenizes the same: WordPiece drops the space),
    // so it missed the cache and ran padded rows; its scores are the singles'.
    out.sameIdx.forEach((i: number, j: number) => expect(Math.abs(out.batched[j] - ref.pairs[i].score)).toBeLessThan(1e-4));
  });

  test('WebGPU asked for without an adapter: WASM, with the reason', async () => {
    const status = await s.page.evaluate(async () => {
      const c = (window as any).__chunklabTest.createEmbedClient();
      const st = await c.loadReranker({ kind: 'served', id: 'chunklab-test-cross-encoder' }, { device: 'webgpu' });
      c.terminate();
      return st;
    });
    expect(status.device).toBe('wasm');
    expect(status.fallback).toMatch(/no adapter|no WebGPU/);
  });

  test('scoring before any reranker is loaded is a clear error', async () => {
    const msg = await s.page.evaluate(async () => {
      const c = (window as any).__chunklabTest.createEmbedClient();
      try {
        await c.rerank('q', ['p']);
        return 'no error';
      } catch (e) {
        return String((e as Error).message);
      } finally {
        c.terminate();
      }
    });
    expect(msg).toMatch(/no cross-encoder is loaded/);
  });
});

describe('WebGPU (software adapter)', () => {
  const s = useBrowser({ webgpu: true });
  beforeAll(() => openPage(s));

  test('the check scores pairs on both devices; WebGPU is kept only when they match, and scores stay right', async () => {
    const out = await scoreReference(s, 'webgpu');
    const check = out.status.check;
    expect(check, 'the check ran').toBeDefined();
    expect(check.wasm.length).toBe(check.webgpu.length);
    const worst = Math.max(...check.wasm.map((w: number, i: number) => Math.abs(w - check.webgpu[i])));
    console.log(`WebGPU check: passed=${check.passed}, largest |webgpu - wasm| = ${worst.toExponential(2)}`);
    if (check.passed) expect(out.status.device).toBe('webgpu');
    else {
      expect(out.status.device).toBe('wasm');
      expect(out.status.fallback).toMatch(/WebGPU/);
    }
    // Whichever device was kept, the scores are the reference's (1e-3 on WebGPU, as for embeddings).
    ref.pairs.forEach((p: any, i: number) => expect(Math.abs(out.scores[i] - p.score), `pair ${i}`).toBeLessThan(1e-3));
  }, 120_000);
});
