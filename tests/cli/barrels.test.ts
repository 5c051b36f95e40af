// scripts/barrels.mjs: the CLI bundle imports each engine name from the file that defines it instead
// of its folder's index.ts, so that a command's start-up chunks hold only the files it uses. Checked on
// a made-up engine folder (every re-export form, a nested barrel, aliases, types, an unknown name) and
// on the real sources: every rewritten import of src/cli and src/node names a file that exports it.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
// @ts-expect-error: a plain JavaScript build script, without declarations
import { rewriteBarrelImports } from '../../scripts/barrels.mjs';

const rewrite = rewriteBarrelImports as (source: string, path: string) => string;
const ROOT = resolve(import.meta.dirname, '..', '..');

describe('barrel imports pointed at the defining files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chunklab-barrels-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const put = (rel: string, text: string) => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  put('src/engine/fold/index.ts', [
    "export { alpha, beta as gamma } from './a.ts';",
    "export type { Shape } from './a.ts';",
    "export * from './star.ts';",
    "export { inner } from './kit/index.ts';",
  ].join('\n'));
  put('src/engine/fold/a.ts', 'export const alpha = 1;\nexport function beta() {}\nexport interface Shape { x: number }\n');
  put('src/engine/fold/star.ts', 'export async function starred() {}\nexport class Starry {}\nconst hidden = 2;\nexport { hidden as shown };\n');
  put('src/engine/fold/kit/index.ts', "export * from './deep.ts';\n");
  put('src/engine/fold/kit/deep.ts', 'export const inner = 3;\n');
  const cli = join(dir, 'src/cli/cmd.ts');

  test('named, aliased, star-exported and nested-barrel names go to their files; types and unknown names stay', () => {
    const src = [
      "import { alpha, gamma as g, starred, Starry, shown, inner, type Shape, missing } from '../engine/fold/index.ts';",
      "import type { Shape as S } from '../engine/fold/index.ts';",
      "import * as all from '../engine/fold/index.ts';",
      'console.log(alpha);',
    ].join('\n');
    const out = rewrite(src, cli);
    const lines = out.split('\n');
    expect(lines[0].split('; ').map((s) => s.replace(/;$/, ''))).toEqual([
      "import { alpha, beta as g } from '../engine/fold/a.ts'",
      "import { starred, Starry, shown } from '../engine/fold/star.ts'",
      "import { inner } from '../engine/fold/kit/deep.ts'",
      "import { missing } from '../engine/fold/index.ts'",
    ]);
    // type-only and namespace imports are left as they were; the rest of the file too
    expect(lines.slice(1)).toEqual(src.split('\n').slice(1));
  });

  test('an import from a file that is not an engine barrel is left alone', () => {
    const src = "import { x } from './local/index.ts';\nimport { y } from '../engine/fold/a.ts';";
    expect(rewrite(src, cli)).toBe(src);
  });

  test('on the real CLI and Node sources, every rewritten name is exported by the file it now comes from', () => {
    const files = (d: string): string[] =>
      readdirSync(join(ROOT, d)).flatMap((n) => (statSync(join(ROOT, d, n)).isDirectory() ? files(`${d}/${n}`) : n.endsWith('.ts') ? [`${d}/${n}`] : []));
    let checked = 0;
    for (const f of [...files('src/cli'), ...files('src/node')]) {
      const path = join(ROOT, f);
      const out = rewrite(readFileSync(path, 'utf8'), path);
      for (const m of out.matchAll(/import \{ ([^}]*) \} from '([^']+)'/g)) {
        const target = resolve(dirname(path), m[2]);
        if (target.endsWith('/index.ts') || !target.includes('/src/engine/')) continue;
        const text = readFileSync(target, 'utf8');
        for (const spec of m[1].split(',')) {
          if (spec.trim().startsWith('type ')) continue; // erased at build time
          const name = spec.trim().split(/\s+as\s+/)[0];
          expect(text, `${f}: ${name} from ${m[2]}`).toMatch(new RegExp(`export\\s+(?:async\\s+)?(?:const|let|var|function\\*?|class|enum)\\s+${name.replace('$', '\\$')}\\b|export\\s*\\{[^}]*\\b${name}\\b`));
          checked++;
        }
      }
    }
    // chunk's own imports are among them: parseDataset now comes from the file that defines it
    const chunk = rewrite(readFileSync(join(ROOT, 'src/cli/chunk.ts'), 'utf8'), join(ROOT, 'src/cli/chunk.ts'));
    expect(chunk).toContain("import { parseDataset } from '../engine/evaluation/dataset.ts'");
    expect(chunk).not.toMatch(/from '\.\.\/engine\/[a-z]+\/index\.ts'/);
    expect(checked).toBeGreaterThan(50);
  });
});
