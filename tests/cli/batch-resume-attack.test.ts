// `batch` resume can never corrupt or silently shorten its outputs (issue 33's attack, each case its
// reproducer): a manifest whose last line was cut is cut back before appending; a chunks.jsonl
// shorter than committed, or deleted, refuses the resume (never padded with NULs, never lost with
// exit 0); an input edited before the committed position is refused (the manifest commits a hash of
// the input's prefix); ids given twice in a JSONL input do not collide; symbolic links are read as
// `chunk` reads them; a worker that dies names the file's path in its own field; a document that
// cannot fit a worker's heap is refused with what it would need; the folder's MB are counted.
import { describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { RECIPE, ROOT, cli, readJsonl } from './batch-corpus.ts';

const tmp = mkdtempSync(join(tmpdir(), 'chunklab-batch-attack-'));
const recipe = join(tmp, 'recipe.json');
writeFileSync(recipe, JSON.stringify(RECIPE));
const docs = Array.from({ length: 6 }, (_, i) => ({ id: `d${i}`, text: `# Title ${i}\n\nBody of document number ${i}, two sentences. The second one is here.` }));
const jsonl = (list: object[]) => list.map((d) => JSON.stringify(d)).join('\n') + '\n';
const input = join(tmp, 'in.jsonl');
writeFileSync(input, jsonl(docs));
const run = (out: string, inp = input, extra: string[] = []) => cli(['batch', '--recipe', recipe, '--input', inp, '--out', out, '--workers', '1', '--jsonl', '--no-parquet', '--part-rows', '1', ...extra]);
const manifestLines = (out: string) => readFileSync(join(out, 'manifest.jsonl'), 'utf8').split('\n').filter(Boolean);

/** A complete run, then its manifest cut back to the head and `parts` part lines (as if killed there). */
function killedAfter(name: string, parts: number): string {
  const out = join(tmp, name);
  const r = run(out);
  expect(r.status, r.stderr).toBe(0);
  writeFileSync(join(out, 'manifest.jsonl'), manifestLines(out).slice(0, 1 + parts).join('\n') + '\n');
  return out;
}

const full = join(tmp, 'full');
const fullRun = run(full);

describe('batch resume under attack', () => {
  test('a manifest whose last line was cut is cut back before appending: every line JSON, nothing lost', () => {
    expect(fullRun.status, fullRun.stderr).toBe(0);
    const out = killedAfter('cut-line', 2);
    const lines = manifestLines(out);
    // The third part's line, half written when the disk filled up.
    const third = manifestLines(full)[3];
    writeFileSync(join(out, 'manifest.jsonl'), lines.join('\n') + '\n' + third.slice(0, 25));
    const r = run(out);
    expect(r.status, r.stderr).toBe(0);
    const after = manifestLines(out);
    for (const l of after) expect(() => JSON.parse(l)).not.toThrow();
    expect(readJsonl(after.join('\n')).at(-1)).toMatchObject({ done: true, docs: 6 });
    expect(readFileSync(join(out, 'chunks.jsonl'), 'utf8')).toBe(readFileSync(join(full, 'chunks.jsonl'), 'utf8'));
    // And a second resume has nothing to refuse.
    expect(run(out).stderr).toMatch(/chunked already/);
  });

  test('a chunks.jsonl shorter than committed, or deleted, refuses the resume and is left as it is', () => {
    const out = killedAfter('short', 3);
    const committed = readJsonl(manifestLines(out).join('\n')).at(-1)!.chunksJsonlBytes as number;
    truncateSync(join(out, 'chunks.jsonl'), committed - 10);
    const r = run(out);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/chunks\.jsonl is shorter \(\d+ bytes\) than manifest\.jsonl commits \(\d+\)/);
    expect(statSync(join(out, 'chunks.jsonl')).size).toBe(committed - 10); // not padded with NULs
    rmSync(join(out, 'chunks.jsonl'));
    const gone = run(out);
    expect(gone.status).toBe(2);
    expect(gone.stderr).toMatch(/chunks\.jsonl is gone, though manifest\.jsonl commits \d+ bytes of it/);
  });

  test('an input edited before the committed position is refused, though the ids are the same', () => {
    const out = killedAfter('edited', 3);
    const edited = join(tmp, 'edited.jsonl');
    writeFileSync(edited, jsonl(docs.map((d, i) => (i === 1 ? { ...d, text: d.text + ' An added sentence.' } : d))));
    const r = run(out, edited);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/another version of the input: one of its first \d+ documents .* has changed/);
    // The same input resumes.
    expect(run(out).status).toBe(0);
  });

  test('ids given twice in a JSONL input are warned and do not collide', () => {
    const dup = join(tmp, 'dup.jsonl');
    writeFileSync(dup, jsonl([docs[0], { ...docs[1], id: 'd0' }, docs[2]]));
    const out = join(tmp, 'dup');
    const r = run(out, dup);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/line 2: the id "d0" was given before; this document is chunked as "d0 \(2\)"/);
    const rows = readJsonl(readFileSync(join(out, 'chunks.jsonl'), 'utf8'));
    expect([...new Set(rows.map((x) => x.docId))]).toEqual(['d0', 'd0 (2)', 'd2']);
    expect(new Set(rows.map((x) => x.id)).size).toBe(rows.length);
  });
});

describe('batch over a folder', () => {
  test('symbolic links as chunk reads them: one inside is followed, one that leaves is refused naming it', () => {
    const folder = join(tmp, 'links');
    mkdirSync(join(folder, 'sub'), { recursive: true });
    writeFileSync(join(folder, 'a.md'), '# A\n\nThe first document, a real file.');
    writeFileSync(join(folder, 'sub', 'real.md'), '# R\n\nThe linked document.');
    symlinkSync(join(folder, 'sub', 'real.md'), join(folder, 'linked.md'));
    const out = join(tmp, 'out-links');
    const r = cli(['batch', '--recipe', recipe, '--input', folder, '--out', out, '--workers', '1', '--jsonl', '--no-parquet']);
    expect(r.status, r.stderr).toBe(0);
    expect([...new Set(readJsonl(readFileSync(join(out, 'chunks.jsonl'), 'utf8')).map((x) => x.docId))].sort()).toEqual(['a', 'linked', 'real']);
    // The progress summary counts the folder's bytes (it said 0.0 MB).
    const read = statSync(join(folder, 'a.md')).size + 2 * statSync(join(folder, 'sub', 'real.md')).size;
    expect(r.stderr).toContain(`3 documents, ${(read / 1e3).toFixed(1)} kB in`);

    const outside = join(tmp, 'outside.md');
    writeFileSync(outside, '# Outside\n\nNot in the folder.');
    symlinkSync(outside, join(folder, 'escape.md'));
    const bad = cli(['batch', '--recipe', recipe, '--input', folder, '--out', join(tmp, 'out-links2'), '--workers', '1', '--jsonl', '--no-parquet']);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/"escape\.md" is a symbolic link that leaves the folder/);
  });

  test('a worker that runs out of memory names the file by id and path; a file too large for any worker is refused with what it needs', () => {
    const folder = join(tmp, 'heavy');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a.txt'), 'A small document.');
    writeFileSync(join(folder, 'big.txt'), 'word '.repeat(400_000));
    writeFileSync(join(folder, 'huge.txt'), 'word '.repeat(1_500_000));
    writeFileSync(join(folder, 'z.txt'), 'The last small document.');
    const small = join(tmp, 'small.json');
    writeFileSync(small, JSON.stringify({ ...RECIPE, chunker: 'fixed', params: { maxTokens: 8 } }));
    const out = join(tmp, 'out-heavy');
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/cli.mjs'), 'batch', '--recipe', small, '--input', folder, '--out', out, '--workers', '1', '--jsonl', '--no-parquet'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CHUNKLAB_WORKER_HEAP_MB: '48' } });
    expect(r.status, r.stderr).toBe(0);
    const errors = readJsonl(readFileSync(join(out, 'errors.jsonl'), 'utf8'));
    expect(errors.map((e) => [e.id, e.path])).toEqual([['big', 'big.txt'], ['huge', 'huge.txt']]);
    expect(errors[0].error).toMatch(/the worker stopped while chunking it \(.*memory limit/);
    expect(errors[1].error).toMatch(/huge\.txt: too large to chunk in memory: 7 MB of text needs about 143 MB–50\d MB/);
    expect([...new Set(readJsonl(readFileSync(join(out, 'chunks.jsonl'), 'utf8')).map((x) => x.docId))]).toEqual(['a', 'z']);
  });
});

describe('batch over files that are not what their names say', () => {
  test('a binary file named .txt is a per-document error (not chunks of U+FFFD); an empty .md is reported', () => {
    const folder = join(tmp, 'odd');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a.md'), '# A\n\nA real document.');
    // Bytes of an image: invalid UTF-8 and NULs.
    writeFileSync(join(folder, 'photo.txt'), Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 73 + 11) % 256)));
    writeFileSync(join(folder, 'latin1.txt'), Buffer.from('Ol\xe1, cora\xe7\xe3o, a\xe7\xfacar. '.repeat(40), 'latin1'));
    writeFileSync(join(folder, 'empty.md'), '\n\n');
    const out = join(tmp, 'out-odd');
    const r = cli(['batch', '--recipe', recipe, '--input', folder, '--out', out, '--workers', '1', '--jsonl', '--no-parquet']);
    expect(r.status, r.stderr).toBe(0);
    const errors = readJsonl(readFileSync(join(out, 'errors.jsonl'), 'utf8'));
    expect(errors.map((e) => e.path)).toEqual(['empty.md', 'latin1.txt', 'photo.txt']);
    expect(errors[0].error).toMatch(/holds no text/);
    expect(errors[1].error).toMatch(/is not text: \d+ of its \d+ characters are not valid UTF-8/);
    expect(errors[2].error).toMatch(/is not text: it holds NUL bytes/);
    const rows = readJsonl(readFileSync(join(out, 'chunks.jsonl'), 'utf8'));
    expect([...new Set(rows.map((x) => x.docId))]).toEqual(['a']);
    expect(rows.some((x) => String(x.text).includes('\uFFFD'))).toBe(false);
    // Counts in words: "1 chunk", not "1 chunks".
    expect(r.stderr).toMatch(/4 documents → 1 chunk in 0 Parquet parts and chunks\.jsonl; 3 documents with errors/);
  });
});
