// Hostile files and paths against the built CLI (real processes: stderr as a user sees it): an
// unreadable file is named with "permission denied", not "internal error (EACCES)"; a file name
// that is not UTF-8 is left out with a warning and the rest of the folder is read; an --out that is
// a symbolic link stays a link (its target is written); a duplicate CSV column is one stderr line.
import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, lstatSync, mkdtempSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const CLI = resolve('build/cli/chunklab.mjs');
const asRoot = process.getuid?.() === 0;

// Root reads any file: CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH override a file's mode. As root,
// a case that needs a file it cannot read runs the CLI with those two capabilities dropped from the
// bounding set (util-linux's setpriv): still uid 0, so the checkout (wherever it lies, /root
// included) stays readable, but a chmod-000 file is refused as it is for any user. (Switching to
// "nobody" instead fails wherever the checkout is not readable by others, as under /root.)
const NO_DAC = ['setpriv', '--bounding-set=-dac_override,-dac_read_search'];

/** Runs the built CLI; as root, without the capabilities that read any file when `unprivileged`. */
function cli(args: string[], unprivileged = false) {
  const argv = [process.execPath, CLI, ...args];
  const cmd = unprivileged && asRoot ? [...NO_DAC, ...argv] : argv;
  const r = spawnSync(cmd[0], cmd.slice(1), { encoding: 'utf8' });
  if (r.error) throw new Error(`cannot run ${cmd[0]}: ${r.error.message}${unprivileged && asRoot ? ' (as root this case needs setpriv from util-linux to drop CAP_DAC_OVERRIDE)' : ''}`);
  return { code: r.status, err: r.stderr, out: r.stdout };
}

function folder(): string {
  const d = mkdtempSync(join(tmpdir(), 'chunklab-hf-'));
  chmodSync(d, 0o755);
  writeFileSync(join(d, 'a.md'), '# A\n\nThe first document.\n');
  writeFileSync(join(d, 'b.md'), '# B\n\nThe second document.\n');
  return d;
}
const outDir = () => {
  const o = mkdtempSync(join(tmpdir(), 'chunklab-hf-out-'));
  chmodSync(o, 0o777);
  return o;
};

describe('files the system will not hand over', () => {
  test('an unreadable file is named, with the reason, in one line', () => {
    const d = folder();
    chmodSync(join(d, 'b.md'), 0o000);
    // The case is only meaningful if the file really cannot be read by the process that runs it.
    if (asRoot) expect(spawnSync(NO_DAC[0], [...NO_DAC.slice(1), 'cat', join(d, 'b.md')]).status, 'setpriv did not drop root\'s right to read any file').not.toBe(0);
    const r = cli(['chunk', '--dataset', d, '--chunker', 'fixed', '--max-tokens', '64', '--out', join(outDir(), 'c.jsonl')], true);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/^error: .*b\.md: cannot be read: permission denied \(EACCES\)/);
    expect(r.err).not.toMatch(/internal error/);
  });
  test('a file name that is not UTF-8 is left out, the rest is read', () => {
    const d = folder();
    writeFileSync(Buffer.concat([Buffer.from(d + '/caf'), Buffer.from([0xe9]), Buffer.from('.md')]), '# C\n\nThe third.\n');
    const out = join(outDir(), 'c.jsonl');
    const r = cli(['chunk', '--dataset', d, '--chunker', 'fixed', '--max-tokens', '64', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/left out ".*caf\uFFFD\.md": its file name is not valid UTF-8/);
    const docs = new Set(readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l).docId));
    expect([...docs].sort()).toEqual(['a', 'b']);
  });
});

test('an --out that is a symbolic link stays a link; its target is written', () => {
  const d = folder();
  const o = outDir();
  const target = join(o, 'real.jsonl');
  writeFileSync(target, 'old\n');
  const link = join(o, 'link.jsonl');
  symlinkSync(target, link);
  const r = cli(['chunk', '--dataset', d, '--chunker', 'fixed', '--max-tokens', '64', '--out', link]);
  expect(r.code, r.err).toBe(0);
  expect(lstatSync(link).isSymbolicLink()).toBe(true);
  expect(readlinkSync(link)).toBe(target);
  expect(readFileSync(target, 'utf8')).toMatch(/"docId":"a"/);
  // A link to nowhere is refused.
  const dangling = join(o, 'dangling.jsonl');
  symlinkSync(join(o, 'missing', 'x.jsonl'), dangling);
  const bad = cli(['chunk', '--dataset', d, '--chunker', 'fixed', '--max-tokens', '64', '--out', dangling]);
  expect(bad.code).toBe(2);
  expect(bad.err).toMatch(/symbolic link to nothing|does not exist/);
});

test('a duplicate CSV column is one stderr line (no papaparse warning after it)', () => {
  const d = join(mkdtempSync(join(tmpdir(), 'chunklab-hf-')), 'chroma');
  cpSync('tests/fixtures/datasets/chroma-mini', d, { recursive: true });
  const csv = readFileSync(join(d, 'questions_df.csv'), 'utf8').split('\n');
  csv[0] = `${csv[0]},question`;
  writeFileSync(join(d, 'questions_df.csv'), csv.join('\n'));
  const r = cli(['eval', '--dataset', d, '--chunker', 'fixed', '--max-tokens', '32']);
  expect(r.code).toBe(2);
  expect(r.err.trim().split('\n')).toEqual([expect.stringMatching(/^error: .*duplicate column "question"/)]);
});
