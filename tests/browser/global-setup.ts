// Builds the app once and serves it on loopback for the browser tests.
import { build, preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';

let server: PreviewServer | undefined;

export async function setup(project: TestProject) {
  const outDir = '.cache/browser-dist';
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
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
