// The order vitest starts test files in. With the timings of an earlier run (node_modules/.vite/
// vitest/.../results.json) vitest's own order is kept: failed first, then the longest first. Without
// them (a fresh clone, as in CI) vitest starts the largest files first, and the unit project's
// longest file (tests/cli/ray.test.ts, small on disk) started two thirds of the way through, its
// three minutes running beside the last files: here the files known to be long (tests/
// slow-tests.mjs) go first, each group in vitest's order. Order never decides a result: every file
// passes alone and in any order.
// vitest/node is imported when vitest sorts, not when vite.config.ts is read (the app's own
// `vite build` and `npm start` read it too and never need vitest).
import { relative } from 'node:path';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';
import { LONGEST, SLOW } from './slow-tests.mjs';

const slowPrefixes = SLOW.map((glob) => glob.replace(/\*\*$/, ''));

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
    const sorted = await (await this.base()).sort(files);
    const path = (f: TestSpecification) => relative(this.ctx.config.root, f.moduleId).split('\\').join('/');
    if (sorted.every((f) => this.ctx.cache.getFileTestResults(`${f.project.name}:${path(f)}`))) return sorted;
    const rank = (f: TestSpecification) => (LONGEST.includes(path(f)) ? 0 : slowPrefixes.some((p) => path(f).startsWith(p)) ? 1 : 2);
    const projects = [...new Set(sorted.map((f) => f.project.name))];
    return sorted
      .map((f, i) => ({ f, i, project: projects.indexOf(f.project.name), rank: rank(f) }))
      .sort((a, b) => a.project - b.project || a.rank - b.rank || a.i - b.i)
      .map(({ f }) => f);
  }
}
