#!/usr/bin/env node
// `npm test`: the unit and integration tests (vitest, Node), then the real-browser tests in Chromium.
// Where no Chromium is found the browser tests cannot run: we say so plainly (and fail under CI,
// where Chromium is always installed). Ends with one line "N passed, N failed".
//
// `npm run test:fast` (`--fast`): the unit project without its slow suites (SLOW in tests/slow-tests.mjs: the CLI and
// library tests, which spawn the compiled CLI and import build/lib, and the hostile-input engine
// tests) and without the browser tests, for the edit-test loop. `npm test` and CI still run all.
// Extra arguments pass on to vitest in every mode (a file path narrows the run to that file).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from '../tests/browser/find-chromium.mjs';
import { SLOW } from '../tests/slow-tests.mjs';
import { buildJs } from './build.mjs';


const MODES = ['--browser-only', '--fast'];
const browserOnly = process.argv.includes('--browser-only');
const fast = process.argv.includes('--fast');
if (browserOnly && fast) {
  console.error('--browser-only and --fast cannot be combined: --fast runs no browser test.');
  process.exit(2);
}
const extra = process.argv.slice(2).filter((a) => !MODES.includes(a));

// The CLI tests spawn the compiled CLI and the library tests import build/lib: build them from the
// sources being tested first (esbuild, well under a second), never test what an older build left.
// The fast loop runs neither, so it builds nothing.
if (!fast) console.error(`built build/cli and build/lib in ${(await buildJs({ clean: true })).toFixed(1)} s`);

const work = mkdtempSync(join(tmpdir(), 'chunklab-test-'));
let passed = 0;
let failed = 0;
let ok = true;

function runProject(name, env = {}, exclude = []) {
  const out = join(work, `${name}.json`);
  const r = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs', 'run', '--project', name, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`,
      ...exclude.map((glob) => `--exclude=${glob}`),
      ...extra,
    ],
    { stdio: 'inherit', env: { ...process.env, ...env } },
  );
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    // A suite that fails to load counts as a failure even with no test inside it.
    if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) failed += report.numFailedTestSuites;
  } catch {
    failed += 1;
  }
  if (r.status !== 0) ok = false;
}

if (!browserOnly) runProject('unit', {}, fast ? SLOW : []);

const chromium = fast ? undefined : findChromium();
if (fast) {
  console.error(`\n--fast: left out ${SLOW.join(', ')} and the browser tests; \`npm test\` runs them all.`);
} else if (chromium) {
  runProject('browser', { CHROMIUM_PATH: chromium });
} else {
  const msg = [
    '',
    '*** The browser tests did NOT run: no Chromium was found. ***',
    'Install one (Debian/Ubuntu: `sudo apt-get install chromium`) or point CHROMIUM_PATH at a',
    'Chromium or Chrome binary, then run `npm test` (or `npm run test:browser`) again.',
    '',
  ].join('\n');
  console.error(msg);
  if (process.env.CI) {
    console.error('CI is set: a missing Chromium is a failure here.');
    ok = false;
    failed += 1;
  }
}

rmSync(work, { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
