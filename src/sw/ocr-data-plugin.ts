// Build-time only (Node): a Vite plugin that ships what the page's OCR needs under `ocr/` beside
// index.html, copied from node_modules at build time (so they always match the installed versions),
// never fetched from a CDN:
// - tesseract.js's worker script (`worker.min.js`): the engine worker starts it as its own nested
//   worker (workers/ocr.ts says why);
// - one Tesseract core: the SIMD build of the LSTM-only engine (`tesseract-core-simd-lstm.js` and its
//   .wasm; the other seven variants of tesseract.js-core are left out: the page only runs the LSTM
//   engine, and every browser the page supports has WebAssembly SIMD);
// - the trained model of every installed @tesseract.js-data/<code> package (`<code>.traineddata.gz`,
//   the "4.0.0_best_int" models the CLI reads too);
// - `manifest.json`: those files' sizes and the language codes, which the page reads to offer the
//   languages and to say how much the first use downloads before it asks.
// About 7 MB in all: the offline copy leaves them out of its precache (src/sw/precache-plugin.ts) and
// the page fetches them from its own origin on first use. `vite` dev serves the same files.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** The folder beside index.html. */
export const OCR_DIR = 'ocr';
const CORE = 'tesseract-core-simd-lstm';
const MODEL_DIR = '4.0.0_best_int';

export interface OcrManifest {
  /** The worker script and the core's script, relative to the folder. */
  worker: string;
  core: string;
  /** Bytes of the worker and core files together (downloaded once, whatever the language). */
  engineBytes: number;
  /** Installed languages: code → bytes of its model. */
  languages: Record<string, number>;
  /**
   * A hash of every file's name and bytes: the same files, the same version, whatever the page's own
   * version. The service worker keeps the files across page versions while it holds, and the page's
   * "the user agreed to download these" is kept for this version only (src/app/documents/ocr.svelte.ts).
   */
  version: string;
}

const require = createRequire(import.meta.url);

/** Files' version by their paths, sizes and times (hashed once per process: the dev server asks per request). */
const versions = new Map<string, string>();

function versionOf(files: Map<string, string>): string {
  const key = [...files].map(([name, path]) => {
    const st = statSync(path);
    return `${name}:${path}:${st.size}:${st.mtimeMs}`;
  }).join('|');
  let v = versions.get(key);
  if (!v) {
    const hash = createHash('sha256');
    for (const [name, path] of files) hash.update(name).update('\0').update(readFileSync(path)).update('\0');
    v = hash.digest('hex').slice(0, 16);
    versions.set(key, v);
  }
  return v;
}

/** Every file the folder holds (name → path on disk), and the manifest. */
export function ocrFiles(): { files: Map<string, string>; manifest: OcrManifest } {
  const files = new Map<string, string>();
  files.set('worker.min.js', join(dirname(require.resolve('tesseract.js/package.json')), 'dist', 'worker.min.js'));
  const core = dirname(require.resolve('tesseract.js-core/package.json'));
  for (const ext of ['.js', '.wasm']) files.set(`${CORE}${ext}`, join(core, `${CORE}${ext}`));
  const languages: Record<string, number> = {};
  // The scope folder of the model packages (por is a dependency of the project, so it is there).
  const scope = dirname(dirname(require.resolve('@tesseract.js-data/por/package.json')));
  for (const code of readdirSync(scope).sort()) {
    const model = join(scope, code, MODEL_DIR, `${code}.traineddata.gz`);
    if (!/^[a-z_]+$/i.test(code) || !existsSync(model)) continue;
    files.set(`${code}.traineddata.gz`, model);
    languages[code] = statSync(model).size;
  }
  const engineBytes = ['worker.min.js', `${CORE}.js`, `${CORE}.wasm`].reduce((n, f) => n + statSync(files.get(f)!).size, 0);
  return { files, manifest: { worker: 'worker.min.js', core: `${CORE}.js`, engineBytes, languages, version: versionOf(files) } };
}

const TYPES: Record<string, string> = { js: 'text/javascript', wasm: 'application/wasm', json: 'application/json', gz: 'application/octet-stream' };

export function ocrDataPlugin(): Plugin {
  return {
    name: 'chunklab:ocr-data',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const m = /^\/ocr\/([A-Za-z0-9_][A-Za-z0-9._-]*)$/.exec((req.url ?? '').split(/[?#]/)[0]);
        if (!m) return next();
        const { files, manifest } = ocrFiles();
        const type = TYPES[m[1].slice(m[1].lastIndexOf('.') + 1)] ?? 'application/octet-stream';
        if (m[1] === 'manifest.json') {
          res.setHeader('Content-Type', type);
          return void res.end(JSON.stringify(manifest));
        }
        const file = files.get(m[1]);
        if (!file) return next();
        res.setHeader('Content-Type', type);
        createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      const { files, manifest } = ocrFiles();
      for (const [name, path] of files) this.emitFile({ type: 'asset', fileName: `${OCR_DIR}/${name}`, source: readFileSync(path) });
      this.emitFile({ type: 'asset', fileName: `${OCR_DIR}/manifest.json`, source: JSON.stringify(manifest) });
    },
  };
}
