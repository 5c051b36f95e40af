// The contract's command as outside tools type it, `npm run cli -- eval … --json` with no --silent:
// stdout is the results file and nothing else. npm prints its "> chunklab@… cli" banner before every
// script on stdout unless its loglevel is silent, which the project's .npmrc sets (npm has no
// per-command loglevel; json mode moves the banner to stderr but also prints npm's error object on
// stdout when a command fails, breaking "nothing on stdout" for bad input: tests/cli/e2e.test.ts).
// Only the project's .npmrc decides here: the npm_config_* variables a parent `npm test` exports are
// removed from the child's environment.
import { expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_/i.test(k)));

test('npm run cli -- eval --json: stdout parses as the results file', () => {
  const args = ['run', 'cli', '--', 'eval', '--dataset', join(root, 'tests/fixtures/datasets/squad-mini.json'), '--chunker', 'recursive', '--max-tokens', '64', '--json'];
  const r = spawnSync('npm', args, { cwd: root, encoding: 'utf8', env });
  expect(r.status, r.stderr).toBe(0);
  const file = JSON.parse(r.stdout) as { config: { chunker: string }; metrics: Record<string, unknown> };
  expect(file.config.chunker).toBe('recursive');
  expect(r.stdout.trimStart().startsWith('{')).toBe(true);
  expect(r.stdout).not.toContain('> chunklab@');
});
