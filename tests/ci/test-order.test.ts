// The order the test runner starts files in (tests/sequencer.ts, tests/slow-tests.mjs): a seed names
// one shuffled order whatever order the files come in; a fresh clone (no timings of an earlier run)
// starts the files known to be long first; with timings vitest's own order (longest first) is kept.
// And the lists name files that exist, so a renamed test cannot silently drop out of them.
import { describe, expect, test } from 'vitest';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestSpecification, Vitest } from 'vitest/node';
import { LongestFirstSequencer, seededShuffle } from '../sequencer.ts';
import { LONGEST, SLOW } from '../slow-tests.mjs';

const ROOT = resolve(import.meta.dirname, '../..');

/** What the sequencer reads of vitest: the root, the seed, and the cache of earlier runs. */
function fakeVitest(o: { seed?: number; shuffle?: boolean; durations?: Record<string, number> }): Vitest {
  const durations = o.durations ?? {};
  return {
    config: { root: ROOT, sequence: { shuffle: o.shuffle ?? false, seed: o.seed } },
    cache: {
      getFileTestResults: (key: string) => (key in durations ? { failed: false, duration: durations[key] } : undefined),
      getFileStats: (key: string) => {
        const path = join(ROOT, key.slice(key.indexOf(':') + 1));
        return existsSync(path) ? { size: statSync(path).size } : undefined;
      },
    },
  } as unknown as Vitest;
}

const spec = (project: string, path: string) =>
  ({ moduleId: join(ROOT, path), project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: true } } }) as unknown as TestSpecification;
const paths = (files: TestSpecification[]) => files.map((f) => `${f.project.name}:${f.moduleId.slice(ROOT.length + 1)}`);

const unitFiles = ['tests/engine/layers.test.ts', 'tests/cli/batch.test.ts', 'tests/engine/hostile/hostile-pdf.test.ts', ...LONGEST, 'tests/docs/links.test.ts'];
const files = [...unitFiles.map((p) => spec('unit', p)), spec('browser', 'tests/browser/shell.test.ts'), spec('browser', 'tests/browser/embed.test.ts')];

describe('seededShuffle', () => {
  test('the same seed gives the same order, a permutation; another seed another order', () => {
    const xs = Array.from({ length: 30 }, (_, i) => i);
    const a = seededShuffle(xs, 7);
    expect(seededShuffle(xs, 7)).toEqual(a);
    expect([...a].sort((x, y) => x - y)).toEqual(xs);
    expect(a).not.toEqual(xs);
    expect(seededShuffle(xs, 8)).not.toEqual(a);
    expect(xs).toEqual(Array.from({ length: 30 }, (_, i) => i)); // the input is left as it was
  });
});

describe('LongestFirstSequencer', () => {
  test('with a seed: one order for that seed whatever order the files arrive in, every file once', async () => {
    const s = new LongestFirstSequencer(fakeVitest({ seed: 20261207 }));
    const once = paths(await s.sort(files));
    expect(paths(await s.sort([...files].reverse()))).toEqual(once);
    expect([...once].sort()).toEqual([...paths(files)].sort());
    expect(paths(await new LongestFirstSequencer(fakeVitest({ seed: 1 })).sort(files))).not.toEqual(once);
  });

  test('a fresh clone (no timings): each project in turn, the longest files first, then the slow suites', async () => {
    const sorted = paths(await new LongestFirstSequencer(fakeVitest({})).sort([...files].reverse()));
    const unit = sorted.filter((p) => p.startsWith('unit:')).map((p) => p.slice(5));
    // Projects in turn, never interleaved.
    const projects = sorted.map((p) => p.slice(0, p.indexOf(':')));
    expect(projects.filter((p, i) => i === 0 || p !== projects[i - 1])).toHaveLength(2);
    expect(unit.slice(0, LONGEST.length).sort()).toEqual([...LONGEST].sort());
    const slow = (p: string) => SLOW.some((g) => p.startsWith(g.replace(/\*\*$/, '')));
    const rest = unit.slice(LONGEST.length);
    // The slow suites (tests/cli, tests/lib, tests/engine/hostile) before the others.
    expect(rest.map(slow)).toEqual([...rest.map(slow)].sort((a, b) => Number(b) - Number(a)));
    expect(rest.filter(slow)).toContain('tests/cli/batch.test.ts');
  });

  test('with timings of every file: vitest\'s order, the longest first', async () => {
    const durations = Object.fromEntries(paths(files).map((key, i) => [key, (i + 1) * 1000]));
    const sorted = paths(await new LongestFirstSequencer(fakeVitest({ durations })).sort(files));
    const unit = sorted.filter((p) => p.startsWith('unit:'));
    expect(unit).toEqual([...unit].sort((a, b) => durations[b] - durations[a]));
  });
});

describe('tests/slow-tests.mjs names what exists', () => {
  test('every LONGEST file exists and is a unit test', () => {
    for (const p of LONGEST) {
      expect(existsSync(join(ROOT, p)), p).toBe(true);
      expect(p, p).toMatch(/^tests\/(engine|docs|cli|app|bench|lib)\/.*\.test\.ts$/);
    }
  });

  test('every SLOW folder holds test files', () => {
    const testsUnder = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? testsUnder(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [e.name] : []));
    for (const glob of SLOW) {
      expect(glob, glob).toMatch(/\/\*\*$/);
      expect(testsUnder(join(ROOT, glob.replace(/\/\*\*$/, ''))).length, glob).toBeGreaterThan(0);
    }
  });
});
