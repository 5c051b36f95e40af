// `npm install` is silent by the project's .npmrc (loglevel=silent keeps npm's run-script banner off
// stdout, see tests/cli/npm-run-stdout.test.ts), so npm's own EBADENGINE warning and its closing
// summary never show. The `prepare` step (scripts/build.mjs) says both instead: these tests hold what
// it says, and that `npm install` really reaches it.
import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
// @ts-expect-error: a plain .mjs script with no declarations
import { installedNote, nodeTooOld } from '../../scripts/build.mjs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};
const npmrc = readFileSync(new URL('../../.npmrc', import.meta.url), 'utf8');

test('an older Node is refused in one line naming the version needed and the one found', () => {
  const want = Number(/(\d+)/.exec(pkg.engines.node)![1]);
  const msg = nodeTooOld(`${want - 2}.19.0`) as string;
  expect(msg).toContain(`Node ${want} or newer`);
  expect(msg).toContain(`Node ${want - 2}.19.0`);
  expect(msg).toContain('npm install');
  expect(msg.split('\n')).toHaveLength(1);
  expect(nodeTooOld(`${want}.0.0`)).toBeUndefined();
  expect(nodeTooOld(`${want + 3}.1.2`)).toBeUndefined();
  expect(nodeTooOld(process.versions.node)).toBeUndefined();
});

test('the install ends saying it is done, what comes next, and how to see npm\'s hidden messages', () => {
  const note = installedNote(3.21) as string;
  expect(note).toContain('3.2 s');
  expect(note).toContain('npm start');
  expect(note).toContain('npm test');
  expect(note).toContain('--loglevel=warn');
});

test('npm install reaches the note: prepare runs scripts/build.mjs, and .npmrc is what silences npm', () => {
  expect(pkg.scripts.prepare).toMatch(/^node scripts\/build\.mjs\b/);
  expect(npmrc).toMatch(/^loglevel=silent$/m);
});
