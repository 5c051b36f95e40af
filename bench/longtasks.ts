// Bench: is the page's main thread free while work runs? Long tasks (PerformanceObserver 'longtask',
// over 50 ms) in Chromium during a 100-run BM25 grid and during a dense + hybrid grid on the
// random-weight test model, on the built page served under /chunklab/ (bench/page-build.ts).
//    CHROMIUM_PATH=/usr/bin/chromium npx tsx bench/longtasks.ts [--profile] [--throttle=4]
// --throttle=N slows the page's CPU N times (Chromium's CPU throttling, as DevTools does) to stand
// for a slower laptop than this machine; it applies to the page's main thread.
// --profile also writes a CPU profile of the BM25 grid (bench/out/longtasks-bm25.cpuprofile) and
// prints the functions with the most self time inside long tasks. Prints one JSON line at the end.
import { resolve } from 'node:path';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { openBrowser } from '../tests/browser/browser.ts';
import { buildAndServe } from './page-build.ts';

const MODEL = resolve('tests/fixtures/models/chunklab-test-bert');
const PROFILE = process.argv.includes('--profile');
const THROTTLE = Number(process.argv.find((a) => a.startsWith('--throttle='))?.slice(11) ?? 1) || 1;

interface LongTask { start: number; duration: number }
const OBSERVE = () => {
  const w = window as unknown as { __lt: { start: number; duration: number }[] };
  w.__lt = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__lt.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
};

async function phase(page: Page, run: () => Promise<void>): Promise<{ tasks: LongTask[]; seconds: number; at: number[] }> {
  const t0 = await page.evaluate(() => performance.now());
  await run();
  const t1 = await page.evaluate(() => performance.now());
  const tasks: LongTask[] = await page.evaluate(([a, b]) => (window as any).__lt.filter((t: any) => t.start >= a && t.start <= b), [t0, t1] as const);
  return { tasks, seconds: (t1 - t0) / 1000, at: tasks.map((t) => Math.round(t.start - t0)) };
}

const summary = (p: { tasks: LongTask[]; seconds: number; at: number[] }) => ({
  /** When each long task started, ms after the click on Run. */
  atMs: p.at,
  seconds: +p.seconds.toFixed(1),
  longTasks: p.tasks.length,
  maxMs: Math.round(Math.max(0, ...p.tasks.map((t) => t.duration))),
  totalMs: Math.round(p.tasks.reduce((a, t) => a + t.duration, 0)),
  over100ms: p.tasks.filter((t) => t.duration > 100).length,
});

const srv = await buildAndServe([MODEL], PROFILE);
const s = await openBrowser();
await s.context.addInitScript(OBSERVE);
const { page } = s;
try {
  await page.goto(srv.url);
  await page.waitForFunction(() => crossOriginIsolated, null, { timeout: 300_000 });
  await page.getByTestId('corpus-title').waitFor({ timeout: 120_000 });
  await page.locator('[data-testid="storage-status"] [data-status="saved"]').waitFor({ timeout: 60_000 });
  if (THROTTLE > 1) await (await s.context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });

  // 0. The observer itself: a deliberate 80 ms busy loop must show up as one long task, or every
  // zero below would mean nothing.
  const probe = await phase(page, async () => {
    await page.evaluate(() => new Promise<void>((done) => setTimeout(() => {
      const t = performance.now();
      while (performance.now() - t < 80);
      done();
    })));
    await page.waitForTimeout(200);
  });
  if (!probe.tasks.some((t) => t.duration >= 80)) throw new Error(`the long-task observer missed an 80 ms task (saw ${JSON.stringify(probe.tasks)})`);
  console.log(`observer check: an 80 ms busy loop was seen as a ${Math.round(Math.max(...probe.tasks.map((t) => t.duration)))} ms long task`);

  // 1. A 100-run BM25 grid: two chunkers × ten sizes × five overlaps.
  await page.goto(new URL('#/experiments', srv.url).href);
  await page.locator('input[data-chunker="fixed"]').waitFor({ timeout: 60_000 });
  for (const box of await page.locator('input[data-chunker]:not([disabled])').all()) {
    const id = await box.getAttribute('data-chunker');
    if (['fixed', 'recursive'].includes(id!)) await box.check();
    else await box.uncheck();
  }
  await page.getByTestId('exp-sizes').fill('64, 96, 128, 160, 192, 224, 256, 320, 384, 512');
  await page.getByTestId('exp-overlaps').fill('0, 8, 16, 24, 32');
  const runs = Number(await page.getByTestId('exp-count').getAttribute('data-runs'));
  const cdp = PROFILE ? await s.context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
  }
  const profiledFrom = await page.evaluate(() => performance.now());
  const bm25 = await phase(page, async () => {
    await page.getByTestId('exp-run').click();
    await page.getByTestId('exp-finished').waitFor({ timeout: 900_000 });
  });
  if (cdp) {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: any };
    writeFileSync('bench/out/longtasks-bm25.cpuprofile', JSON.stringify(profile));
    printHotInLongTasks(profile, bm25.tasks, profiledFrom);
  }
  console.log(`BM25 grid, ${runs} runs:`, summary(bm25));

  // 2. Dense and hybrid on the test model (picked from disk through the models dialog).
  await page.getByTestId('model-button').click();
  await page.getByTestId('source-files').check();
  await page.getByTestId('model-folder').setInputFiles(MODEL);
  await page.getByTestId('folder-picked').waitFor();
  await page.getByTestId('model-load').click();
  await page.locator('[data-testid="model-status"][data-phase="ready"]').waitFor({ timeout: 120_000 });
  const threads = await page.getByTestId('model-threads').getAttribute('data-threads');
  await page.keyboard.press('Escape');
  await page.locator('input[data-chunker="structure"]').check();
  for (const id of ['fixed', 'recursive']) await page.locator(`input[data-chunker="${id}"]`).uncheck();
  await page.getByTestId('exp-sizes').fill('128, 256');
  await page.getByTestId('exp-overlaps').fill('0');
  await page.locator('input[data-retriever="bm25"]').uncheck();
  await page.locator('input[data-retriever="dense"]').check();
  await page.locator('input[data-retriever="hybrid"]').check();
  const denseRuns = Number(await page.getByTestId('exp-count').getAttribute('data-runs'));
  const dense = await phase(page, async () => {
    await page.getByTestId('exp-run').click();
    await page.getByTestId('exp-finished').waitFor({ timeout: 900_000 });
  });
  console.log(`dense + hybrid grid, ${denseRuns} runs (${threads} WASM threads):`, summary(dense));
  console.log(JSON.stringify({ bench: 'longtasks', cpuThrottle: THROTTLE, bm25: { runs, ...summary(bm25) }, dense: { runs: denseRuns, threads: Number(threads), ...summary(dense) }, loadavg: loadavg(), errors: s.errors }));
} finally {
  await s.close();
  await srv.close();
}

/** Self time per function (url:line name) over the samples that fall inside long tasks. */
function printHotInLongTasks(profile: any, tasks: LongTask[], profiledFrom: number): void {
  const byId = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
  // Profile times are microseconds on another clock: its start is taken as `profiledFrom`
  // (performance.now() read right after Profiler.start), close enough at 50 ms granularity.
  let t = profile.startTime;
  const self = new Map<string, number>();
  const inTask = (ms: number) => tasks.some((x) => ms >= x.start && ms <= x.start + x.duration);
  const offset = profile.startTime / 1000 - profiledFrom;
  profile.samples.forEach((id: number, i: number) => {
    t += profile.timeDeltas[i];
    const ms = t / 1000 - offset;
    if (!inTask(ms)) return;
    const f = byId.get(id).callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + profile.timeDeltas[i] / 1000);
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
  console.log('self time inside long tasks (ms, approximate alignment):');
  for (const [k, v] of top) console.log(`  ${v.toFixed(0).padStart(6)}  ${k}`);
}
