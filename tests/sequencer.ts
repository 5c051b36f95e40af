// The order vitest starts test files in. With the timings of an earlier run (node_modules/.vite/
// vitest/.../results.json) vitest's own order is kept: failed first, then the longest first. Without
// them (a fresh clone, as in CI) vitest starts the largest files first, and the unit project's
// longest file (tests/cli/ray.test.ts, small on disk) started two thirds of the way through, its
// three minutes running beside the last files: here the files known to be long (tests/
// slow-tests.mjs) go first, each group in vitest's order. Order never decides a result: every file
// passes alone and in any order.
//
// A custom sequencer replaces vitest's RandomSequencer, so `--sequence.shuffle` would shuffle only
// the tests inside each file: here a run with a seed shuffles the files too, in the order the seed
// gives (printed at the start as 'Running tests with seed "N"'). `--sequence.shuffle` shuffles the
// files and the tests in each file; `--sequence.shuffle.files --sequence.seed=N` the files only
// (the browser files are each one story in one page, told in order), repeatably.
// vitest/node is imported when vitest sorts, not when vite.config.ts is read (the app's own
// `vite build` and `npm start` read it too and never need vitest).
import { relative } from 'node:path';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';
import { LONGEST, SLOW } from './slow-tests.mjs';

const slowPrefixes = SLOW.map((glob) => glob.replace(/\*\*$/, ''));

/** Fisher–Yates with a small seeded generator (mulberry32): the same seed, the same order. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export class LongestFirstSequencer implements TestSequencer {
  constructor(private readonly ctx: Vitest) {}

  private async base(): Promise<TestSequencer> {
    const { BaseSequencer } = await import('vitest/node');
    return new BaseSequencer(this.ctx);
  }

  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await this.base()).shard(files);
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const path = (f: TestSpecification) => relative(this.ctx.config.root, f.moduleId).split('\\').join('/');
    const { shuffle, seed } = this.ctx.config.sequence;
    if (shuffle || seed !== undefined) {
      // A stable starting order (by path), so that a seed names one order whatever the cache holds.
      return seededShuffle([...files].sort((a, b) => path(a).localeCompare(path(b)) || a.project.name.localeCompare(b.project.name)), seed ?? Date.now());
    }
    const sorted = await (await this.base()).sort(files);
    if (sorted.every((f) => this.ctx.cache.getFileTestResults(`${f.project.name}:${path(f)}`))) return sorted;
    const rank = (f: TestSpecification) => (LONGEST.includes(path(f)) ? 0 : slowPrefixes.some((p) => path(f).startsWith(p)) ? 1 : 2);
    const projects = [...new Set(sorted.map((f) => f.project.name))];
    return sorted
      .map((f, i) => ({ f, i, project: projects.indexOf(f.project.name), rank: rank(f) }))
      .sort((a, b) => a.project - b.project || a.rank - b.rank || a.i - b.i)
      .map(({ f }) => f);
  }
}
