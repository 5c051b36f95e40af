// Time to import a PDF in the page, in Chromium: the app is built and served on loopback, a generated
// N-page manual (bench/pdf-fixture.ts, as bench/pdf.ts reads in Node) is chosen in the workspace's
// file input, read in the engine worker (pdf.js there) until its preview is shown, then added.
// Every main-thread long task (PerformanceObserver 'longtask', > 50 ms) during the import is recorded.
//   CHROMIUM_PATH=/usr/bin/chromium tsx bench/pdf-page.ts [pages=100] [runs=3]
// Prints one JSON line: pages, bytes, per run the time to the preview and to the document added
// (ms, measured in the page from the input's change), median, and the longest main-thread task seen
// during the imports (0 when none over 50 ms). Checks that every page's heading came back (the
// preview's outline). DEBUG=1 prints each run's long tasks (start, duration) and the change time.
import { build, preview } from 'vite';
import { chromium } from 'playwright-core';
import { findChromium } from '../tests/browser/find-chromium.mjs';
import { QUIET_ARGS } from '../tests/browser/browser.ts';
import { makePdf } from './pdf-fixture.ts';

const pages = Number(process.argv[2] ?? 100);
const runs = Number(process.argv[3] ?? 3);
const outDir = '.cache/bench-dist';

const bytes = await makePdf(pages);
await build({ logLevel: 'error', build: { outDir, emptyOutDir: true } });
const server = await preview({ logLevel: 'error', build: { outDir }, preview: { host: '127.0.0.1', port: 0 } });
const url = server.resolvedUrls?.local[0];
const executablePath = findChromium();
if (!url || !executablePath) throw new Error('no preview URL or no Chromium (set CHROMIUM_PATH)');
const browser = await chromium.launch({ executablePath, headless: true, args: [...QUIET_ARGS, '--disable-gpu'] });
const result: { previewMs: number[]; addedMs: number[]; longTasks: number[] } = { previewMs: [], addedMs: [], longTasks: [] };
try {
  for (let run = 0; run < runs; run++) {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { longTasks: number[]; changedAt: number };
      w.longTasks = [];
      // [start, duration] of each long task; only those from the input's change on are the import's
      // (setInputFiles' own handling comes just before it).
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks.push(e.startTime, e.duration);
      }).observe({ type: 'longtask', buffered: false });
      document.addEventListener('change', () => (w.changedAt = performance.now()), true);
      // When the preview is rendered (Playwright's polling would see it later).
      new MutationObserver(() => {
        const x = w as unknown as { previewShown?: number };
        if (!x.previewShown && document.querySelector('[data-testid="docs-import"][data-phase="preview"]')) x.previewShown = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto(url);
    await page.locator('[data-testid="storage-status"] [data-status="saved"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('corpus-title').waitFor();
    // Start counting long tasks from here (the app's own start-up is not the import).
    await page.evaluate(() => ((window as unknown as { longTasks: number[] }).longTasks = []));
    await page.getByTestId('file-input').setInputFiles({ name: 'bench.pdf', mimeType: 'application/pdf', buffer: Buffer.from(bytes) });
    await page.locator('[data-testid="docs-import"][data-phase="preview"]').waitFor({ timeout: 300_000 });
    const previewAt = await page.evaluate(() => {
      const w = window as unknown as { changedAt: number; previewShown: number };
      return w.previewShown - w.changedAt;
    });
    const outline = await page.locator('[data-testid="docs-outline"] li').allTextContents();
    const headings = outline.filter((h) => /^(?:Chapter|Section) \d+$/.test(h)).length;
    if (headings !== pages) throw new Error(`expected ${pages} headings, got ${headings}`);
    await page.getByTestId('docs-add').click();
    await page.locator('[data-testid="doc-list"] li', { hasText: 'bench.pdf' }).waitFor();
    const addedAt = await page.evaluate(() => performance.now() - (window as unknown as { changedAt: number }).changedAt);
    const long = await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[]; changedAt: number };
      const out: number[] = [];
      for (let i = 0; i < w.longTasks.length; i += 2) if (w.longTasks[i] >= w.changedAt) out.push(w.longTasks[i + 1]);
      return out;
    });
    if (process.env.DEBUG) console.error(JSON.stringify({ previewAt, addedAt, long, all: await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.map(Math.round)) }));
    result.previewMs.push(Math.round(previewAt));
    result.addedMs.push(Math.round(addedAt));
    result.longTasks.push(...long.map(Math.round));
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(
  JSON.stringify({
    pages,
    bytes: bytes.length,
    previewMs: result.previewMs,
    medianPreviewMs: median(result.previewMs),
    addedMs: result.addedMs,
    medianAddedMs: median(result.addedMs),
    longTasksOver50ms: result.longTasks.length,
    longestMainThreadTaskMs: Math.max(0, ...result.longTasks),
  }),
);
