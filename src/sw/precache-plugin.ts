// Build-time only (Node): a Vite plugin that writes dist/sw.js from src/sw/sw.ts with the list of
// files to keep offline and a version (a hash of their contents), so every build that changes a
// byte gets a new version and the page offers to reload (src/app/offline/). The list is everything
// the build emits (page, scripts, workers, ONNX Runtime's wasm and .mjs, CSS) plus the public/
// folder (bundled tokenizer, samples). Hand-written rather than vite-plugin-pwa: that pulls in
// workbox (dozens of packages) for what is a 50-line file list and a 100-line service worker.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformWithOxc, type Plugin, type ResolvedConfig } from 'vite';

export const SW_FILE = 'sw.js';
const SOURCE = fileURLToPath(new URL('./sw.ts', import.meta.url));

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

/**
 * Files never precached: source maps, the service worker itself, dotfiles, and the OCR's core and
 * models (ocr/, ~7 MB that most users never need: the service worker keeps each on its first use;
 * the small ocr/manifest.json is precached, so the page can name the languages and sizes offline).
 */
const skip = (f: string) => f === SW_FILE || f.endsWith('.map') || f.split('/').some((part) => part.startsWith('.')) || (f.startsWith('ocr/') && f !== 'ocr/manifest.json');

export function precachePlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'chunklab:precache',
    apply: 'build',
    // After Vite's HTML plugin, which emits index.html in its own generateBundle.
    enforce: 'post',
    // Built pages register the worker (src/app/offline/); `vite` dev serves none. Not PROD: the
    // browser tests build under NODE_ENV=test, which makes PROD false.
    config: () => ({ define: { 'import.meta.env.CHUNKLAB_SW': 'true' } }),
    configResolved(c) {
      config = c;
    },
    generateBundle: { order: 'post', async handler(_options, bundle) {
      const files = new Map<string, Uint8Array | string>();
      for (const [name, item] of Object.entries(bundle)) {
        if (!skip(name)) files.set(name, item.type === 'chunk' ? item.code : item.source);
      }
      if (config.publicDir && config.build.copyPublicDir) {
        for (const p of walk(config.publicDir)) {
          const name = relative(config.publicDir, p).split('\\').join('/');
          if (!skip(name) && !files.has(name)) files.set(name, readFileSync(p));
        }
      }
      const names = [...files.keys()].sort();
      const hash = createHash('sha256');
      for (const n of names) hash.update(n).update('\0').update(files.get(n)!).update('\0');
      const assetsDir = `${config.build.assetsDir}/`;
      const manifest = {
        version: hash.digest('hex').slice(0, 16),
        files: names,
        // Vite puts a content hash in every name under assets/.
        hashed: names.filter((n) => n.startsWith(assetsDir)),
      };
      const ts = readFileSync(SOURCE, 'utf8');
      const { code } = await transformWithOxc(ts, SOURCE, { lang: 'ts' });
      // A classic script: drop the `export {}` that only made the source a module for TypeScript.
      const js = code.replace(/^export\s*\{\s*\};?\s*$/m, '').replace(/=\s*__CHUNKLAB_PRECACHE__/, () => `= ${JSON.stringify(manifest)}`);
      if (/=\s*__CHUNKLAB_PRECACHE__/.test(js) || !js.includes(manifest.version) || /^\s*(import|export)\s/m.test(js)) throw new Error('src/sw/sw.ts: the built service worker still has a placeholder or a module statement');
      this.emitFile({ type: 'asset', fileName: SW_FILE, source: js });
    } },
  };
}
