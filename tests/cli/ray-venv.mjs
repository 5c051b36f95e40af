// The Python environment of the Ray example's test and of the Ray bench: .venv-ray (git-ignored)
// with ray[data] and pyarrow (and, for the bench, LangChain's splitter and tiktoken), created or
// completed on first use with pip from the machine's configured package index (`pip config list`:
// its index-url, or its first extra-index-url as the index so pip never waits on an unreachable
// default; on the project's machines file:///opt/pypi/simple and file:///opt/pypi-more/simple).
// Throws, saying why, when a package cannot be installed: the test or bench then fails loudly.
// Plain JavaScript so that CI can run it with node alone (`node tests/cli/ray-venv.mjs`), beside
// `npm ci` (.ci/run): the install then waits on the package index while npm does, not in the test.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const VENV = join(ROOT, '.venv-ray');

/** @typedef {{ pip: string[]; modules: string[]; noDeps?: boolean }} PipStep One pip call: its packages (with their requirements, or without), and the modules that prove them there. */

/** @type {PipStep[]} */
const BASE = [{ pip: ['ray[data]', 'pyarrow'], modules: ['ray', 'ray.data', 'pyarrow'] }];

/** @type {PipStep[]} What bench/ray_compare.py needs besides Ray: LangChain's splitter sized in tiktoken tokens. */
export const RAY_BENCH_PACKAGES = [
  { pip: ['tiktoken'], modules: ['tiktoken'] },
  // langchain-core 1.6 requires langchain-protocol, which the local mirror does not hold and the
  // text splitter never imports: both without their requirements, then the requirements it has.
  { pip: ['langchain-text-splitters', 'langchain-core'], modules: [], noDeps: true },
  { pip: ['jsonpatch', 'langsmith', 'packaging', 'pydantic', 'pyyaml', 'tenacity', 'typing-extensions', 'uuid-utils', 'httpx'], modules: ['langchain_text_splitters'] },
];

/**
 * The modules that do not import in this Python.
 * @param {string} python
 * @param {string[]} modules
 * @returns {string[]}
 */
function missing(python, modules) {
  const all = spawnSync(python, ['-c', modules.map((m) => `import ${m}`).join('; ')], { encoding: 'utf8' });
  if (all.status === 0) return [];
  return modules.filter((m) => spawnSync(python, ['-c', `import ${m}`], { encoding: 'utf8' }).status !== 0);
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

/**
 * The venv's python with ray[data], pyarrow and `extra` importable: the environment is made if it
 * is not there, and when a module is missing the steps are run (an existing .venv-ray made for the
 * test gets the bench's packages added).
 * @param {PipStep[]} [extra]
 * @returns {string}
 */
export function rayPython(extra = []) {
  const python = join(VENV, 'bin', 'python');
  const steps = [...BASE, ...extra];
  const modules = steps.flatMap((s) => s.modules);
  if (!existsSync(python)) {
    const venv = spawnSync('python3', ['-m', 'venv', VENV], { encoding: 'utf8' });
    if (venv.status !== 0) throw new Error(`Ray example: cannot create a Python virtual environment (python3 -m venv: ${(venv.stderr || venv.error?.message || '').trim()}); install python3-venv`);
  } else if (!missing(python, modules).length) return python;
  for (const step of steps) {
    const pip = spawnSync(python, ['-m', 'pip', 'install', '-q', '--disable-pip-version-check', ...indexArgs(), ...(step.noDeps ? ['--no-deps'] : []), ...step.pip], { encoding: 'utf8', timeout: 600_000 });
    if (pip.status !== 0) throw new Error(`Ray example: ${step.pip.join(', ')} could not be installed in ${VENV} (pip: ${(pip.stderr || pip.error?.message || '').trim().split('\n').slice(-3).join(' | ')})`);
  }
  const still = missing(python, modules);
  if (still.length) throw new Error(`Ray example: after pip, ${still.join(', ')} still does not import in ${VENV}`);
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
