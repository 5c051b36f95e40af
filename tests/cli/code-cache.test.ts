// The bin's `chunk` from V8's code cache (src/cli/code-cache.ts, build/cli/chunklab.cjs): real
// processes of the built CLI (scripts/cli.mjs rebuilds it first when a source changed), each against
// the same command with the cache off (the ES modules). Output and messages must be the same bytes
// whether the cache is absent, present, damaged or cannot be written; a good cache is read, not
// rewritten; a damaged one is replaced.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { classicImports } from '../../scripts/build.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'chunklab-code-cache-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// A folder with Markdown and a PDF: the PDF's reader (pdf.js) is a package the classic script imports by name.
const data = join(tmp, 'docs');
mkdirSync(data);
writeFileSync(join(data, 'notes.md'), '# Harbour notes\n\nThe harbour ledger lists every visitor. Ships arrive at dawn.\n\n## Tides\n\n| hour | height |\n|---|---|\n| 6 | 2.1 |\n\n- one\n- two 😀 after an astral character\n');
copyFileSync(join(ROOT, 'tests/fixtures/documents/bookmarks.pdf'), join(data, 'bookmarks.pdf'));

let n = 0;
/** `chunk` of the folder through `node scripts/cli.mjs` (what `npm run cli` runs) with CHUNKLAB_CODE_CACHE set as given. */
function chunk(cache: string): { code: number | null; err: string; out: string } {
  const out = join(tmp, `out-${n++}.jsonl`);
  const r = spawnSync('node', ['scripts/cli.mjs', 'chunk', '--dataset', data, '--chunker', 'recursive', '--max-tokens', '60', '--out', out], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, CHUNKLAB_CODE_CACHE: cache },
  });
  let text = '';
  try {
    text = readFileSync(out, 'utf8');
  } catch {
    text = '';
  }
  // (the output path differs from run to run: compare the rest of the message)
  return { code: r.status, err: r.stderr.replaceAll(out, 'OUT'), out: text };
}

const cacheFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.v8cache'));

describe('chunk from the code cache', () => {
  const plain = chunk('off');

  test('the ES modules give chunks (the reference the cached runs are held to)', () => {
    expect(plain.code).toBe(0);
    expect(plain.out.trim().split('\n').length).toBeGreaterThanOrEqual(3);
    expect(plain.out).toContain('"docId":"bookmarks"');
  });

  test('first run writes the cache, the next reads it without rewriting; the same bytes as without', () => {
    const dir = join(tmp, 'cache-a');
    const first = chunk(dir);
    expect(first).toEqual(plain);
    const files = cacheFiles(dir);
    expect(files).toHaveLength(1);
    const key = /^\/\/ code-cache-key: ([0-9a-f]{32})\n/.exec(readFileSync(join(ROOT, 'build/cli/chunklab.cjs'), 'utf8'))?.[1];
    expect(key).toBeDefined();
    expect(files[0]).toBe(`chunk-${key}-node${process.versions.node}-${process.arch}.v8cache`);
    const before = statSync(join(dir, files[0]));
    const second = chunk(dir);
    expect(second).toEqual(plain);
    const after = statSync(join(dir, files[0]));
    // Accepted by V8 and by its checksum: not written again (a rejected cache is replaced by rename).
    expect([after.ino, after.mtimeMs, after.size]).toEqual([before.ino, before.mtimeMs, before.size]);
  });

  test('a damaged cache is not run: the command gives the same bytes and replaces it', () => {
    const dir = join(tmp, 'cache-b');
    expect(chunk(dir)).toEqual(plain);
    const file = join(dir, cacheFiles(dir)[0]);
    const good = readFileSync(file);
    const bad = Buffer.from(good);
    // Bytes in the middle of V8's data (a flipped byte there made V8 fail mid-run before the checksum)
    for (let i = bad.length >> 1; i < (bad.length >> 1) + 64; i++) bad[i] ^= 0x5a;
    writeFileSync(file, bad);
    expect(chunk(dir)).toEqual(plain);
    expect(readFileSync(file).equals(bad)).toBe(false);
    // Junk shorter than the checksum
    writeFileSync(file, 'not a cache');
    expect(chunk(dir)).toEqual(plain);
    expect(statSync(file).size).toBeGreaterThan(1000);
  });

  test('a cache folder that cannot be made costs only the saving', () => {
    const notAFolder = join(tmp, 'a-file');
    writeFileSync(notAFolder, 'x');
    expect(chunk(join(notAFolder, 'cache'))).toEqual(plain);
  });

  test('a failed run stores nothing', () => {
    const dir = join(tmp, 'cache-c');
    const r = spawnSync('node', ['scripts/cli.mjs', 'chunk', '--dataset', join(tmp, 'missing'), '--out', join(tmp, 'x.jsonl')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, CHUNKLAB_CODE_CACHE: dir },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: /);
    expect(() => readdirSync(dir)).toThrow();
  });
});

describe("the classic script's import() calls (scripts/build.mjs)", () => {
  const rewrite = classicImports;

  test('import("package") goes through the loader; names and comments that only look alike stay', () => {
    const src = 'const a = await import("pdfjs-dist/legacy/build/pdf.mjs");\nx.import("y");\nmyimport("z");\n/** @type {typeof import(\'../t.js\').T} */\n';
    expect(rewrite(src)).toBe('const a = await __chunklabImport("pdfjs-dist/legacy/build/pdf.mjs");\nx.import("y");\nmyimport("z");\n/** @type {typeof import(\'../t.js\').T} */\n');
  });

  test('an import() of a computed name is refused at build time', () => {
    expect(() => rewrite('const m = await import(pathToFileURL(p).href);')).toThrow(/not a string/);
  });

  test('the built classic script has no import() left that the cache would lose', () => {
    const text = readFileSync(join(ROOT, 'build/cli/chunklab.cjs'), 'utf8');
    expect(text).toContain('__chunklabImport("pdfjs-dist/legacy/build/pdf.mjs")');
    expect(/(?<![\w$.])import\s*\(\s*["`]/.test(text)).toBe(false);
  });
});
