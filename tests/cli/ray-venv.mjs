// The Python environment of the Ray example's test: .venv-ray (git-ignored) with ray[data] and
// pyarrow, created on first use with pip from the machine's configured package index (`pip config
// list`: its index-url, or its first extra-index-url as the index so pip never waits on an
// unreachable default). Throws, saying why, when Ray cannot be installed: the test then fails loudly.
// Plain JavaScript so that CI can run it with node alone (`node tests/cli/ray-venv.mjs`), beside
// `npm ci` (.ci/run): the install then waits on the package index while npm does, not in the test.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const VENV = join(ROOT, '.venv-ray');

/** @param {string} python */
function has(python) {
  return spawnSync(python, ['-c', 'import ray, pyarrow, ray.data'], { encoding: 'utf8' }).status === 0;
}

/** @returns {string[]} */
function indexArgs() {
  const r = spawnSync('python3', ['-m', 'pip', 'config', 'list'], { encoding: 'utf8' });
  const conf = r.status === 0 ? r.stdout : '';
  const value = (/** @type {string} */ key) => new RegExp(`^(?:global|install|:env:)\\.${key}='([^']*)'`, 'm').exec(conf)?.[1];
  const index = value('index-url');
  const extra = (value('extra-index-url') ?? '').split(/\s+/).filter(Boolean);
  if (index) return ['--index-url', index, ...extra.flatMap((u) => ['--extra-index-url', u])];
  if (extra.length) return ['--index-url', extra[0], ...extra.slice(1).flatMap((u) => ['--extra-index-url', u])];
  return [];
}

/** The venv's python, with ray[data] and pyarrow importable; installs them first where needed. */
export function rayPython() {
  const python = join(VENV, 'bin', 'python');
  if (existsSync(python) && has(python)) return python;
  const venv = spawnSync('python3', ['-m', 'venv', VENV], { encoding: 'utf8' });
  if (venv.status !== 0) throw new Error(`Ray example: cannot create a Python virtual environment (python3 -m venv: ${(venv.stderr || venv.error?.message || '').trim()}); install python3-venv`);
  const pip = spawnSync(python, ['-m', 'pip', 'install', '-q', '--disable-pip-version-check', ...indexArgs(), 'ray[data]', 'pyarrow'], { encoding: 'utf8', timeout: 600_000 });
  if (pip.status !== 0 || !has(python)) throw new Error(`Ray example: ray[data] and pyarrow could not be installed here (pip: ${(pip.stderr || pip.error?.message || '').trim().split('\n').slice(-3).join(' | ')})`);
  return python;
}

// `node tests/cli/ray-venv.mjs`: make the environment now (CI starts it beside `npm ci`).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    console.log(`ray-venv: ${rayPython()} has ray[data] and pyarrow`);
  } catch (e) {
    console.error(String(e instanceof Error ? e.message : e));
    process.exit(1);
  }
}
