// Builds the app once and serves it on loopback for the browser tests.
// Each run builds into a folder of its own (.cache/browser-dist-XXXXXX, removed at the end), handed
// to the tests as inject('distDir'): two runs side by side (two checkouts' worth of load on one
// tree) never empty or replace the files the other one serves.
import { build, preview, type Plugin, type PreviewServer } from 'vite';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

let server: PreviewServer | undefined;

/**
 * Vite's preview server gzips every response as it sends it, in this (the test runner's) process:
 * every test file opens a fresh profile, whose service worker fetches the whole app to keep it
 * offline (about 47 MB, ONNX Runtime's wasm included), and gzipping that was about 1.7 s of CPU per
 * profile on a two-core machine, taken from the browser under test. Loopback needs no compression:
 * the request loses its Accept-Encoding before the compression middleware sees it (a plugin's
 * configurePreviewServer runs before Vite's own middlewares), so files go out as they are on disk.
 * No test is about compression; the bytes the page receives are the same.
 */
export const noCompression: Plugin = {
  name: 'chunklab-test:no-compression',
  configurePreviewServer(s) {
    s.middlewares.use((req, _res, next) => {
      delete req.headers['accept-encoding'];
      next();
    });
  },
};
let outDir: string | undefined;

export async function setup(project: TestProject) {
  mkdirSync('.cache', { recursive: true });
  outDir = mkdtempSync('.cache/browser-dist-');
  await build({
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      // Test pages beside the app, not part of the app's own build: the embedding worker's client
      // (tests/browser/embed-page.html: embed, rerank-worker) and the models area's components
      // (tests/browser/models-page.html: models.test.ts), built here once rather than per file.
      rolldownOptions: { input: { main: 'index.html', embedTest: 'tests/browser/embed-page.html', modelsTest: 'tests/browser/models-page.html' } },
    },
  });
  // Embedding tests only: the random-weight test model, served at /models/chunklab-test-bert/.
  cpSync('tests/fixtures/models/chunklab-test-bert', `${outDir}/models/chunklab-test-bert`, { recursive: true });
  // Reranking tests only: the random-weight test cross-encoder, at /models/chunklab-test-cross-encoder/.
  cpSync('tests/fixtures/models/chunklab-test-cross-encoder', `${outDir}/models/chunklab-test-cross-encoder`, { recursive: true });
  server = await preview({ logLevel: 'warn', plugins: [noCompression], build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the preview server did not report its URL');
  project.provide('baseURL', url);
  project.provide('distDir', outDir);
}

export async function teardown() {
  await server?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The folder this run built the app into (served at baseURL). */
    distDir: string;
  }
}
