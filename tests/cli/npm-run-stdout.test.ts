// The contract's command as outside tools type it, `npm run cli -- eval … --json` with no --silent:
// stdout is the results file and nothing else. npm prints its "> chunklab@… cli" banner before every
// script; the project's .npmrc sets `json=true`, in which npm writes that banner to stderr, so npm's
// own progress and warnings can stay on for `npm install` (issue 33: `loglevel=silent` hid them).
// Only the project's .npmrc decides here: the npm_config_* variables a parent `npm test` exports are
// removed from the child's environment.
import { expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_/i.test(k)));

test('.npmrc keeps npm quiet only where it must: no loglevel=silent, json mode on', () => {
  const rc = readFileSync(join(root, '.npmrc'), 'utf8');
  const settings = rc.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#'));
  expect(settings).toContain('json=true');
  expect(settings.some((l) => /^loglevel\s*=\s*silent/.test(l))).toBe(false);
});

test('npm run cli -- eval --json: stdout parses as the results file, the banner goes to stderr', { timeout: 120_000 }, () => {
  const args = ['run', 'cli', '--', 'eval', '--dataset', join(root, 'tests/fixtures/datasets/squad-mini.json'), '--chunker', 'recursive', '--max-tokens', '64', '--json'];
  const r = spawnSync('npm', args, { cwd: root, encoding: 'utf8', env });
  expect(r.status, r.stderr).toBe(0);
  const file = JSON.parse(r.stdout) as { config: { chunker: string }; metrics: Record<string, unknown> };
  expect(file.config.chunker).toBe('recursive');
  expect(r.stdout.trimStart().startsWith('{')).toBe(true);
  expect(r.stderr).toMatch(/^> chunklab@[^ ]+ cli$/m);
});
