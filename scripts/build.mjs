#!/usr/bin/env node
// Compiles the Node CLI and the library to plain JavaScript under build/ (run by `npm install`
// through the `prepare` script, and again whenever a source file is newer than the build):
//   build/cli/chunklab.mjs   the CLI (`npm run cli`, the `chunklab` bin), with lazily loaded chunks
//   build/lib/index.js       the engine as a library (ESM, no Node imports: browsers and Node)
//   build/lib/node.js        Node helpers (tokenizer and dataset folders from disk)
//   build/types/             .d.ts declarations (tsc --emitDeclarationOnly), only with --types
//
// Why compile: tsx compiles TypeScript at every start (about 1 s before the first line runs);
// esbuild bundles the same sources in about 0.2 s once. Packages stay external (imported from
// node_modules at run time), and what the engine imports with `await import()` (onnxruntime-node,
// transformers.js, the model code) stays in separate chunks, so `chunk --help` loads none of it.
//
// Both outputs sit two folders below the root, like src/cli/: the CLI finds the bundled tokenizer
// and transformers.js's model folders relative to its own file (`new URL('../../public/…',
// import.meta.url)`), which must resolve the same from the build as from the sources.
//
//   node scripts/build.mjs            JavaScript only (fast)
//   node scripts/build.mjs --types    also the declarations (tsc, several seconds)
//   node scripts/build.mjs --if-stale rebuild the JavaScript only when a source is newer
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { directBarrelImports } from './barrels.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT = join(ROOT, 'build');
const STAMP = join(OUT, 'inputs.json');
/**
 * Never bundled into the CLI: native or large, loaded with `await import()` only for model work or,
 * for pdf.js and mammoth, only when a dataset folder holds a PDF or Word file (pdf.js also finds its
 * own worker module beside it in node_modules). chonkie finds its WASM file beside its own module, and
 * LlamaIndex's node parser is large: both are the baseline chunkers, loaded only when one runs.
 * OCR (scanned PDF pages): @napi-rs/canvas is native, tesseract.js starts its own worker script and
 * reads its WASM core from node_modules; both load only when a page needs OCR.
 */
const CLI_EXTERNAL = ['onnxruntime-node', 'onnxruntime-web', '@huggingface/transformers', 'sharp', 'pdfjs-dist', 'mammoth', '@chonkiejs/core', '@llamaindex/core', '@napi-rs/canvas', 'tesseract.js', 'tesseract.js-core'];

/**
 * Left outside the classic-script CLI as well (build/cli/chunklab.cjs): the baseline chunkers'
 * packages and what they import, megabytes (js-tiktoken's encodings alone are 9 MB) that no cut of
 * ChunkLab's own needs. Each has a CommonJS build, which the classic script loads with require().
 */
const CLASSIC_EXTERNAL = ['js-tiktoken', 'zod', 'langsmith', '@langchain/core', '@langchain/textsplitters', '@mastra/rag'];
/** What `import.meta.url` is in the classic script: src/cli/code-cache.ts passes the bundle's URL under this name. */
export const CLASSIC_URL = '__chunklabUrl';

/**
 * The classic script's `import("package")` calls, made through a function the loader passes in
 * (CLASSIC_IMPORT): V8 loses a vm.Script's import() handler when the script comes from the code
 * cache, and Node 20's default handler for vm scripts is experimental (it prints a warning). Every
 * other module is inside the bundle, so each import() left is of a package by name; a computed
 * import() could not be rewritten safely, so the build refuses it.
 */
export function classicImports(text) {
  const out = text.replace(/(?<![\w$.])import\((?="[^"\n]+"\))/g, `${CLASSIC_IMPORT}(`);
  const left = /(?<![\w$.])import\s*\((?!['"])/.exec(out);
  if (left) throw new Error(`build/cli/chunklab.cjs: an import() whose argument is not a string (${out.slice(left.index, left.index + 80)}): src/cli/code-cache.ts cannot run it`);
  return out;
}
/** The function the classic script's import() calls go through (src/cli/code-cache.ts passes it). */
export const CLASSIC_IMPORT = '__chunklabImport';

/** True when the build is missing or any source it was made from changed (or vanished) since. */
export function isStale() {
  if (!existsSync(STAMP)) return true;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return true;
  }
  for (const f of [...stamp.inputs, 'scripts/build.mjs', 'scripts/barrels.mjs', 'package.json']) {
    const p = join(ROOT, f);
    if (!existsSync(p) || statSync(p).mtimeMs > stamp.builtAt) return true;
  }
  return false;
}

/**
 * Bundles the CLI and the library; returns the seconds it took. Every file is written beside its
 * place and renamed into it, entry files last, so a CLI started while another process rebuilds
 * (tests spawn several) reads either the old build or the new one, never half a file. Chunk names
 * carry a content hash; `clean` (a full build) also removes chunks the new build no longer uses.
 */
export async function buildJs({ clean = false } = {}) {
  const t0 = performance.now();
  const esbuild = await import('esbuild');
  const builtAt = Date.now();
  const common = { bundle: true, format: 'esm', target: 'node20', sourcemap: 'linked', metafile: true, write: false, logLevel: 'warning', absWorkingDir: ROOT };
  const cli = await esbuild.build({
    ...common,
    entryPoints: { chunklab: 'src/cli/bin.ts', 'batch-worker': 'src/cli/batch/worker.ts' },
    platform: 'node',
    // The CLI bundles its small dependencies (marked, papaparse, htmlparser2, …): resolving and
    // loading each from node_modules costs more at start than parsing them inside one file. The
    // heavy ones stay outside and load only when a command needs a model.
    external: CLI_EXTERNAL,
    splitting: true,
    outdir: join(OUT, 'cli'),
    outExtension: { '.js': '.mjs' },
    chunkNames: '[name]-[hash]',
    banner: { js: '#!/usr/bin/env node' },
    // Each command's start-up chunks hold only the engine files it uses (scripts/barrels.mjs).
    plugins: [directBarrelImports()],
  });
  // The same CLI as one classic script, which the bin runs for `chunk` through V8's code cache
  // (src/cli/code-cache.ts): Node 20 keeps no compiled code between runs of ES modules, but
  // vm.Script takes V8's cache of a classic script. Its first line names a hash of its content, which
  // keys the cache. The large baseline packages stay outside (their CommonJS builds load only when a
  // baseline chunker runs); the rest of what the ES build leaves outside stays outside here too.
  const classic = await esbuild.build({
    ...common,
    entryPoints: { chunklab: 'src/cli/main.ts' },
    platform: 'node',
    format: 'cjs',
    external: [...CLI_EXTERNAL, ...CLASSIC_EXTERNAL],
    outdir: join(OUT, 'cli'),
    outExtension: { '.js': '.cjs' },
    define: { 'import.meta.url': CLASSIC_URL },
    banner: { js: `// code-cache-key: ${'0'.repeat(32)}` },
    plugins: [directBarrelImports()],
  });
  const classicFiles = classic.outputFiles.map((f) => {
    if (!f.path.endsWith('.cjs')) return f;
    const text = classicImports(f.text);
    // The key replaces the banner's zeros in place (same length: the source map still lines up).
    const key = createHash('sha256').update(text).digest('hex').slice(0, 32);
    return { path: f.path, contents: Buffer.from(text.replace('0'.repeat(32), key)) };
  });
  // The library leaves every package to the user's own install (and bundler).
  const lib = await esbuild.build({
    ...common,
    entryPoints: { index: 'src/lib/index.ts', node: 'src/lib/node.ts' },
    packages: 'external',
    platform: 'neutral',
    splitting: true,
    outdir: join(OUT, 'lib'),
    chunkNames: 'shared-[hash]',
  });
  const files = [...cli.outputFiles, ...classicFiles, ...lib.outputFiles];
  const entries = new Set(['chunklab.mjs', 'batch-worker.mjs', 'index.js', 'node.js'].flatMap((n) => [n, `${n}.map`]));
  files.sort((a, b) => Number(entries.has(basename(a.path))) - Number(entries.has(basename(b.path))));
  for (const f of files) {
    mkdirSync(dirname(f.path), { recursive: true });
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    renameSync(tmp, f.path);
  }
  chmodSync(join(OUT, 'cli', 'chunklab.mjs'), 0o755);
  if (clean) {
    const keep = new Set(files.map((f) => f.path));
    for (const dir of ['cli', 'lib']) {
      for (const name of readdirSync(join(OUT, dir))) if (!keep.has(join(OUT, dir, name))) rmSync(join(OUT, dir, name), { force: true });
    }
  }
  const inputs = [...new Set([cli, classic, lib].flatMap((b) => Object.keys(b.metafile.inputs)))].filter((f) => !f.startsWith('node_modules/')).sort();
  const tmp = `${STAMP}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ builtAt, inputs }, null, 1) + '\n');
  renameSync(tmp, STAMP);
  return (performance.now() - t0) / 1000;
}

/** The declarations of the library entries (and everything they reach) into build/types/. */
export function buildTypes() {
  rmSync(join(OUT, 'types'), { recursive: true, force: true });
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'src', 'lib', 'tsconfig.json')], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('tsc could not write the declarations (see above)');
}

/**
 * The oldest Node the project runs on (package.json's `engines`), and what to say when this one is
 * older. npm's own EBADENGINE warning never shows here: the project's `.npmrc` keeps npm silent (see
 * `installedNote`), so `prepare` says it, and stops, in one line that names what to do.
 */
export function nodeTooOld(version = process.versions.node) {
  const want = Number(/(\d+)/.exec(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node)[1]);
  const major = Number(version.split('.')[0]);
  return major >= want ? undefined : `ChunkLab needs Node ${want} or newer; this is Node ${version}. Install a newer Node (https://nodejs.org) and run \`npm install\` again.`;
}

/**
 * What `npm install` ends with. npm prints nothing of its own while it installs: the project's
 * `.npmrc` sets `loglevel=silent`, because npm writes its "> chunklab@… cli" banner to stdout before
 * every script and `npm run cli -- eval --json` must print nothing but the results file (the
 * contract). Lifecycle scripts still reach the terminal, so the install says here what happened,
 * what comes next, and how to see npm's own messages.
 */
export function installedNote(seconds) {
  return [
    `ChunkLab is installed (its CLI and library built in ${seconds.toFixed(1)} s).`,
    'Next: `npm start` opens the playground with its sample corpus; `npm test` runs every test.',
    "npm's own progress and warnings were hidden by this project's .npmrc (so that `npm run cli -- … --json` prints only JSON); `npm install --loglevel=warn` shows them.",
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const prepare = process.env.npm_lifecycle_event === 'prepare';
  const old = prepare ? nodeTooOld() : undefined;
  if (old) {
    console.error(old);
    process.exit(1);
  }
  if (args.includes('--if-stale') && !isStale()) process.exit(0);
  const t0 = performance.now();
  const s = await buildJs({ clean: true });
  console.error(`built build/cli and build/lib in ${s.toFixed(2)} s`);
  if (args.includes('--types')) {
    const t1 = performance.now();
    buildTypes();
    console.error(`wrote build/types in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  }
  if (prepare) console.error(installedNote((performance.now() - t0) / 1000));
}
