// Bench only: builds the app (plus the embedding test page) into bench/out/page-dist with the
// given model folders under models/, and serves it under /chunklab/ with the browser tests' plain
// static server (no headers: isolation comes from the service worker, as on a bare static host).
import { build } from 'vite';
import { cpSync, existsSync } from 'node:fs';
import { basename } from 'node:path';
import { serveFolder, type StaticServer } from '../tests/browser/static-server.ts';

export const PAGE_DIST = 'bench/out/page-dist';

/** `readable`: no minification, so CPU profiles name functions (bench/longtasks.ts --profile). */
export async function buildAndServe(models: string[], readable = false): Promise<StaticServer> {
  await build({
    logLevel: 'warn',
    build: { minify: !readable, outDir: PAGE_DIST, emptyOutDir: true, rolldownOptions: { input: { main: 'index.html', embedTest: 'tests/browser/embed-page.html' } } },
  });
  for (const m of models) {
    if (!existsSync(`${m}/onnx/model.onnx`)) throw new Error(`${m}: no onnx/model.onnx (bench/make-minilm-size.py makes the MiniLM-sized one)`);
    cpSync(m, `${PAGE_DIST}/models/${basename(m)}`, { recursive: true });
  }
  return serveFolder(PAGE_DIST, 'chunklab');
}
