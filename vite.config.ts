import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { precachePlugin } from './src/sw/precache-plugin.ts';
import { pdfjsDataPlugin } from './src/sw/pdfjs-data-plugin.ts';
import { ocrDataPlugin } from './src/sw/ocr-data-plugin.ts';
import { LongestFirstSequencer } from './tests/sequencer.ts';

// Cross-origin isolation (threads for ONNX Runtime's WASM) under `npm start` and `vite preview`.
// COEP credentialless: same-origin files and CORS downloads (transformers.js fetches the Hub with
// CORS) load as with require-corp, and a stray cross-origin no-cors file loads without cookies
// instead of failing. Static hosts without headers get the same from the service worker (src/sw).
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'credentialless' };

export default defineConfig({
  // Relative URLs everywhere: the build works from any folder of any static server (README "Publishing").
  base: './',
  plugins: [svelte(), pdfjsDataPlugin(), ocrDataPlugin(), precachePlugin()],
  worker: { format: 'es' },
  // Pre-bundling breaks onnxruntime-web's `new URL(..., import.meta.url)` (see docs/STACK.md).
  // The dependency scan starts from index.html and does not follow `new Worker(new URL(...))`, so a
  // package only the workers import would be found on first use of a view and the dev server would
  // reload the page (losing what was typed): the workers are scan entries too, and the packages they
  // import (or import lazily) are pre-bundled up front.
  optimizeDeps: {
    entries: ['index.html', 'workers/*.worker.ts'],
    include: [
      'comlink',
      'idb-keyval',
      'papaparse',
      'marked',
      'htmlparser2',
      '@huggingface/tokenizers',
      'js-tiktoken/ranks/cl100k_base',
      'js-tiktoken/ranks/o200k_base',
    ],
    // @chonkiejs/chunk finds its WASM beside itself with `new URL(..., import.meta.url)` too (the
    // chonkie-recursive baseline chunker).
    exclude: ['@huggingface/transformers', 'onnxruntime-web', '@chonkiejs/chunk'],
  },
  // @chonkiejs/core imports two optional packages lazily that ChunkLab never uses (workers/absent-package.ts).
  // js-tiktoken's main entry (every encoding's ranks, 5.6 MB, imported by LlamaIndex's default
  // tokenizer) is replaced by its lite entry with cl100k_base only: workers/js-tiktoken-cl100k.ts.
  resolve: {
    alias: [
      { find: '@chonkiejs/token', replacement: fileURLToPath(new URL('./workers/absent-package.ts', import.meta.url)) },
      { find: '@kreuzberg/tree-sitter-language-pack', replacement: fileURLToPath(new URL('./workers/absent-package.ts', import.meta.url)) },
      { find: /^js-tiktoken$/, replacement: fileURLToPath(new URL('./workers/js-tiktoken-cl100k.ts', import.meta.url)) },
      // @mastra/rag (the Mastra baselines) calls node:crypto's randomUUID: Web Crypto's, here.
      { find: /^node:crypto$/, replacement: fileURLToPath(new URL('./workers/node-crypto.ts', import.meta.url)) },
    ],
  },
  server: { port: 5173, strictPort: false, headers: ISOLATION },
  preview: { headers: ISOLATION },
  build: { target: 'es2022', chunkSizeWarningLimit: 4096 },
  test: {
    // Without an earlier run's timings (a fresh clone in CI), the files known to be long start first.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/engine/**/*.test.ts', 'tests/docs/**/*.test.ts', 'tests/ci/**/*.test.ts', 'tests/cli/**/*.test.ts', 'tests/app/**/*.test.ts', 'tests/bench/**/*.test.ts', 'tests/lib/**/*.test.ts'],
          environment: 'node',
          // A hang guard, not a speed check: many files spawn the CLI, a Ray cluster or a PDF
          // reader, and on a loaded two-core machine a test that takes 20 s idle can take minutes.
          // A test sets its own limit only to give more (tests/cli/ray.test.ts: cluster starts), never
          // as the check itself: a shorter guard of its own would fail a loaded CI, not a hang, and a
          // speed regression is caught by counting the work (tests/engine/work-count.ts), not the clock.
          testTimeout: 300_000,
          // The same guard for beforeAll/afterAll (vitest's default is 10 s): hooks load ONNX models,
          // start local servers and spawn the CLI, as slow under load as the tests they serve.
          hookTimeout: 300_000,
          // Two files at a time on two cores: most of these tests wait on a child process, a local
          // server or a Ray cluster for part of their time (vitest's default is cores - 1 = 1).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // One file at a time: each drives a Chromium that keeps both cores busy (two at a time
          // gained nothing on two cores).
          fileParallelism: false,
          // Every file in the same worker, without a fresh module graph per file: each file still
          // opens its own fresh browser profile (helpers.ts useBrowser, browser.ts openBrowser), so
          // what a test sees in the page is unchanged; what is shared is Node's imports of
          // playwright-core, the helpers and the engine the tests compare against (about 1 s per file
          // of the 63), and the Chromium process that browser.ts launches once per worker and opens
          // each profile in (a new context: about 2 s of CPU less per file than a launch). No browser
          // test keeps state in a shared module: each file's own state is module-level in that file,
          // evaluated once per file as before.
          isolate: false,
          globalSetup: ["tests/browser/global-setup.ts"],
        },
      },
    ],
  },
});
