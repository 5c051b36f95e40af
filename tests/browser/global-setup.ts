// Builds the app once and serves it on loopback for the browser tests.
// Each run builds into a folder of its own (.cache/browser-dist-XXXXXX, removed at the end), handed
// to the tests as inject('distDir'): two runs side by side (two checkouts' worth of load on one
// tree) never empty or replace the files the other one serves.
import { build, preview, type PreviewServer } from 'vite';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

let server: PreviewServer | undefined;
let outDir: string | undefined;

export async function setup(project: TestProject) {
  mkdirSync('.cache', { recursive: true });
  outDir = mkdtempSync('.cache/browser-dist-');
  await build({
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      // Embedding tests only (tests/browser/embed.test.ts): a test page beside the app, which
      // exposes the embedding worker's client; it is not part of the app's own build.
      rolldownOptions: { input: { main: 'index.html', embedTest: 'tests/browser/embed-page.html' } },
    },
  });
  // Embedding tests only: the random-weight test model, served at /models/chunklab-test-bert/.
  cpSync('tests/fixtures/models/chunklab-test-bert', `${outDir}/models/chunklab-test-bert`, { recursive: true });
  // Reranking tests only: the random-weight test cross-encoder, at /models/chunklab-test-cross-encoder/.
  cpSync('tests/fixtures/models/chunklab-test-cross-encoder', `${outDir}/models/chunklab-test-cross-encoder`, { recursive: true });
  server = await preview({ logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
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
