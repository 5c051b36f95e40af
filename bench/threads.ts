// Bench: the published page in Chromium (built, served under /chunklab/ by a plain static server).
//  1. Download sizes: a first visit (the page, then the service worker's offline copy) and a repeat
//     visit, in bytes the server sent.
//  2. WASM threads: the MiniLM-sized random-weight model (bench/make-minilm-size.py) in two
//     embedding workers side by side, one with 1 thread and one with navigator.hardwareConcurrency
//     threads, embedding the same fresh passages in alternating rounds; tokens/s each and the ratio.
//    CHROMIUM_PATH=/usr/bin/chromium npx tsx bench/threads.ts [rounds=4] [passages=16]
// Prints a few lines and one JSON line. The machine may be shared: run it when it is quiet.
import { loadavg } from 'node:os';
import { openBrowser } from '../tests/browser/browser.ts';
import { buildAndServe } from './page-build.ts';
import { makeCorpus } from './corpus.ts';

const ROUNDS = Number(process.argv[2] ?? 4) || 4;
const PASSAGES = Number(process.argv[3] ?? 16) || 16;
const MODEL = 'bench/out/models/minilm-size-random';

/** Passages of about 600 characters (~125–150 WordPiece tokens), distinct in every round. */
function passages(round: number): string[] {
  const text = makeCorpus(400_000, 7)
    .map((d) => d.text)
    .join('\n')
    .replace(/\s+/g, ' ');
  const out: string[] = [];
  for (let i = 0; i < PASSAGES; i++) {
    const at = (round * PASSAGES + i) * 600;
    out.push(text.slice(at, at + 600));
  }
  return out;
}

const srv = await buildAndServe([MODEL]);
const s = await openBrowser();
const sum = (from: number, to = srv.sent.length) => srv.sent.slice(from, to).reduce((a, b) => a + b, 0);
const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
try {
  // 1. First visit: the page until the workspace is ready, then the service worker's precache and the
  // one reload into isolation; repeat visit: a fresh navigation in the same profile.
  await s.page.goto(srv.url);
  await s.page.getByTestId('corpus-title').waitFor({ timeout: 120_000 });
  // The page's own files: what came before it registered the service worker (after 'load'), plus
  // the files it fetched itself afterwards (the sample), never counting the offline copy twice.
  const swAt = srv.log.indexOf('/chunklab/sw.js');
  const pageOnly = sum(0, swAt < 0 ? srv.sent.length : swAt);
  await s.page.waitForFunction(() => crossOriginIsolated, null, { timeout: 300_000 });
  await s.page.getByTestId('corpus-title').waitFor({ timeout: 120_000 });
  await s.page.waitForTimeout(2000);
  const firstVisit = sum(0);
  const repeatFrom = srv.sent.length;
  await s.page.goto('about:blank');
  await s.page.goto(srv.url);
  await s.page.getByTestId('corpus-title').waitFor({ timeout: 120_000 });
  await s.page.waitForTimeout(2000);
  const repeat = { bytes: sum(repeatFrom), paths: srv.log.slice(repeatFrom) };
  console.log(`first visit: page ${mb(pageOnly)}, with the offline copy ${mb(firstVisit)}; repeat visit: ${repeat.bytes} bytes (${repeat.paths.join(', ') || 'nothing'})`);

  // 2. Threads, side by side.
  await s.page.goto(new URL('tests/browser/embed-page.html', srv.url).href);
  await s.page.locator('#ready', { hasText: 'ready' }).waitFor({ timeout: 60_000 });
  const env = await s.page.evaluate(async () => {
    const w = window as any;
    const all = navigator.hardwareConcurrency;
    w.__one = w.__chunklabTest.createEmbedClient();
    w.__all = w.__chunklabTest.createEmbedClient();
    const one = await w.__one.load({ kind: 'served', id: 'minilm-size-random' }, { device: 'wasm', threads: 1 });
    const many = await w.__all.load({ kind: 'served', id: 'minilm-size-random' }, { device: 'wasm', threads: all });
    return { isolated: crossOriginIsolated, cores: all, threads: [one.threads, many.threads] };
  });
  console.log(`isolated: ${env.isolated}, hardwareConcurrency ${env.cores}, threads ${env.threads.join(' vs ')}; load average before: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  // Warm-up round (untimed), then alternating timed rounds.
  const rate: Record<'one' | 'all', number[]> = { one: [], all: [] };
  for (let r = 0; r <= ROUNDS; r++) {
    const texts = passages(r);
    for (const who of r % 2 ? (['all', 'one'] as const) : (['one', 'all'] as const)) {
      const out = await s.page.evaluate(
        async ([who, texts]) => {
          const c = (window as any)[who === 'one' ? '__one' : '__all'];
          const t0 = performance.now();
          const o = await c.embed(texts, 'passage');
          return { ms: performance.now() - t0, tokens: (o.tokenCounts as number[]).reduce((a, b) => a + b, 0), hits: o.cacheHits };
        },
        [who, texts] as const,
      );
      if (out.hits) throw new Error('cache hits: passages must be fresh in every round');
      if (r > 0) rate[who].push(out.tokens / (out.ms / 1000));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const best = (xs: number[]) => Math.max(...xs);
  const res = {
    bench: 'threads',
    rounds: ROUNDS,
    passages: PASSAGES,
    cores: env.cores,
    threads: env.threads,
    tokensPerSecond: { one: { median: median(rate.one), best: best(rate.one) }, all: { median: median(rate.all), best: best(rate.all) } },
    ratioMedian: median(rate.all) / median(rate.one),
    ratioBest: best(rate.all) / best(rate.one),
    download: { firstVisitPage: pageOnly, firstVisitWithOfflineCopy: firstVisit, repeatVisit: repeat.bytes, repeatPaths: repeat.paths },
    loadavgAfter: loadavg(),
  };
  console.log(`WASM tokens/s: 1 thread ${res.tokensPerSecond.one.median.toFixed(0)} (best ${res.tokensPerSecond.one.best.toFixed(0)}), ${env.threads[1]} threads ${res.tokensPerSecond.all.median.toFixed(0)} (best ${res.tokensPerSecond.all.best.toFixed(0)}): ×${res.ratioMedian.toFixed(2)} (best ×${res.ratioBest.toFixed(2)})`);
  console.log(JSON.stringify(res));
  if (s.errors.length) console.log('page errors:', s.errors);
} finally {
  await s.close();
  await srv.close();
}
