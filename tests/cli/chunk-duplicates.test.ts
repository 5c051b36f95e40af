// `chunk --dataset <folder>`: a document whose text is the same as an earlier one's is left out (as
// docs/CONTRACT.md says), and stderr names it and the document it repeats; the summary counts it.
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runCli } from './helpers.ts';

test('chunk names each duplicate left out and the document it repeats', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'chunklab-dup-'));
  writeFileSync(join(dir, 'plain.txt'), 'Just text about payments.');
  writeFileSync(join(dir, 'same.txt'), 'Just text about payments.\n');
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'sub', 'again.md'), 'Just text about payments.');
  writeFileSync(join(dir, 'other.md'), '# Other\n\nSomething else entirely.');
  const out = join(mkdtempSync(join(tmpdir(), 'chunklab-dup-out-')), 'chunks.jsonl');
  const r = await runCli(['chunk', '--dataset', dir, '--chunker', 'recursive', '--max-tokens', '200', '--out', out]);
  expect(r.code, r.err).toBe(0);
  const ids = new Set(readFileSync(out, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { docId: string }).docId));
  expect([...ids].sort()).toEqual(['other', 'plain']);
  const lines = r.err.trim().split('\n');
  expect(lines).toContain('same.txt: the same text as "plain": left out');
  expect(lines).toContain('sub/again.md: the same text as "plain": left out');
  expect(lines.at(-1)).toMatch(/ from 2 documents \(2 duplicates left out\) → /);
});
