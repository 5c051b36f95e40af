import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  plugins: [svelte()],
  worker: { format: 'es' },
  // Pre-bundling breaks onnxruntime-web's `new URL(..., import.meta.url)` (see docs/STACK.md).
  optimizeDeps: { exclude: ['@huggingface/transformers', 'onnxruntime-web'] },
  server: { port: 5173, strictPort: false },
  build: { target: 'es2022', chunkSizeWarningLimit: 4096 },
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/engine/**/*.test.ts', 'tests/cli/**/*.test.ts', 'tests/app/**/*.test.ts', 'tests/bench/**/*.test.ts', 'tests/lib/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ["tests/browser/global-setup.ts"],
        },
      },
    ],
  },
});
