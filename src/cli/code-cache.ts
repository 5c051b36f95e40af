// Starting the CLI from V8's code cache (used by the bin for `chunk`, see src/cli/bin.ts).
//
// A short `chunk` spends a tenth of its CPU compiling its own JavaScript, every run alike. Node 20
// (this project's floor) keeps nothing compiled between runs of ES modules, but V8 takes a cache for
// a classic script: scripts/build.mjs writes the whole CLI a second time as one (build/cli/
// chunklab.cjs), whose first line holds a hash of its content. The first run compiles it as usual and,
// when the command succeeds, stores what V8 compiled during the run (the functions the command ran,
// not only the top level) in a cache file; later runs read that instead of compiling.
//
// Safe when stale: the file's name holds the bundle's hash, Node's version and the architecture, so
// a rebuilt CLI or another Node never reads an old file; V8 itself checks its version, its flags
// and the source's length, and rejects what does not match (then the run compiles and stores a new
// file); the file's own SHA-256 catches damaged bytes, which V8 would run.
// A cache that cannot be read or written (a read-only install) only costs the saving.
// CHUNKLAB_CODE_CACHE=off starts the ES modules as before; CHUNKLAB_CODE_CACHE=<folder> keeps the
// cache there instead of <package>/.cache/code-cache.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { preferCheapCompiles } from './cheap-compiles.ts';

/** The key scripts/build.mjs writes on the classic script's first line. */
const KEY_LINE = /^\/\/ code-cache-key: ([0-9a-f]{32})\n/;

/** The cache file for this bundle, command, Node and architecture. */
export function cacheFileName(command: string, key: string): string {
  return `${command}-${key}-node${process.versions.node}-${process.arch}.v8cache`;
}

/**
 * Runs the CLI from build/cli/chunklab.cjs with V8's code cache; false (nothing run) when there is no
 * such bundle beside this file (the sources under tsx), it carries no key, or CHUNKLAB_CODE_CACHE=off.
 * `command` is process.argv[2].
 */
export function runFromCodeCache(command: 'chunk'): boolean {
  const setting = process.env.CHUNKLAB_CODE_CACHE;
  if (setting === 'off') return false;
  const file = fileURLToPath(new URL('./chunklab.cjs', import.meta.url));
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  const key = KEY_LINE.exec(source)?.[1];
  if (!key) return false;
  // The flags the command sets, before compiling: V8 accepts a cache only under the same flags.
  if (command === 'chunk') preferCheapCompiles();
  const dir = setting || fileURLToPath(new URL('../../.cache/code-cache/', import.meta.url));
  const cacheFile = join(dir, cacheFileName(command, key));
  const cachedData = readCache(cacheFile);
  // The CommonJS wrapper, plus what `import.meta.url` is in the bundle and the function its
  // import("package") calls go through (scripts/build.mjs: CLASSIC_URL, CLASSIC_IMPORT).
  const wrapped = `(function (exports, require, module, __filename, __dirname, __chunklabUrl, __chunklabImport) {${source}\n})`;
  const script = new Script(wrapped, { filename: file, cachedData });
  if (!cachedData || script.cachedDataRejected) {
    // Stored at exit, so that it holds every function the command compiled; only after a success
    // (a run that stopped at a flag error compiled little of what the next run needs).
    process.once('exit', (code) => {
      if (code === 0) store(dir, cacheFile, command, () => script.createCachedData());
    });
  }
  const module = { exports: {} };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  // (import() here resolves from build/cli/chunklab.mjs, which this file is bundled into: the bundle's folder)
  const importPackage = (specifier: string) => import(specifier);
  run(module.exports, createRequire(file), module, file, dirname(file), pathToFileURL(file).href, importPackage);
  return true;
}

/**
 * The cache data of a file, or undefined when there is none or it is damaged. A file is the SHA-256
 * of the data, then the data: V8 checks a cache's versions, flags and source length, but not its
 * bytes in a release build, and runs damaged data (a flipped byte gave an internal error mid-run).
 */
function readCache(cacheFile: string): Buffer | undefined {
  let raw: Buffer;
  try {
    raw = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const data = raw.subarray(DIGEST);
  return raw.length > DIGEST && createHash('sha256').update(data).digest().equals(raw.subarray(0, DIGEST)) ? data : undefined;
}
const DIGEST = 32;

/** Writes the cache beside its name and renames it in (a concurrent run reads all or none); removes this command's files of older builds. Never throws. */
function store(dir: string, cacheFile: string, command: string, data: () => Buffer): void {
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    const bytes = data();
    writeFileSync(tmp, Buffer.concat([createHash('sha256').update(bytes).digest(), bytes]));
    renameSync(tmp, cacheFile);
    // Files of earlier builds for this Node go; another Node's stay (two Nodes used in turn keep theirs).
    const mine = basename(cacheFile);
    const sameNode = mine.slice(mine.indexOf('-node'));
    for (const name of readdirSync(dir)) {
      if (name !== mine && name.startsWith(`${command}-`) && name.endsWith(sameNode)) rmSync(join(dir, name), { force: true });
    }
  } catch {
    // (no cache: the next run compiles, as without one)
  }
}
