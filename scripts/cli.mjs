#!/usr/bin/env node
// `npm run cli -- …`: runs the compiled CLI (build/cli/chunklab.mjs, made by scripts/build.mjs during
// `npm install`). If any source it was built from changed since, it is rebuilt first (esbuild, about
// 0.2 s), so an edit in src/ is never run stale. `npm run cli:dev` runs the sources through tsx.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { OUT, buildJs, isStale } from './build.mjs';

if (isStale()) {
  const s = await buildJs();
  // Said only on a terminal: scripts and tests read stderr.
  if (process.stderr.isTTY) console.error(`(rebuilt the CLI from changed sources in ${s.toFixed(1)} s)`);
}
const entry = join(OUT, 'cli', 'chunklab.mjs');
if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm install (or node scripts/build.mjs)`);
await import(pathToFileURL(entry).href);
