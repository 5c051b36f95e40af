// Builds the app once and serves it on loopback for the browser tests.
import { build, preview, type PreviewServer } from 'vite';
import { cpSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

let server: PreviewServer | undefined;

export async function setup(project: TestProject) {
  const outDir = '.cache/browser-dist';
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
}

export async function teardown() {
  await server?.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}
