// `batch` refuses what would give wrong output silently: a folder where two files share a document id
// (as `chunk --dataset` refuses it), and resuming an out folder from an input that changed (resume
// skips documents by count, so a document inserted in front would be lost and another repeated).
import { describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECIPE, cli, readJsonl } from './batch-corpus.ts';

const tmp = mkdtempSync(join(tmpdir(), 'chunklab-batch-check-'));
const recipe = join(tmp, 'recipe.json');
writeFileSync(recipe, JSON.stringify(RECIPE));

const docs = Array.from({ length: 6 }, (_, i) => ({ id: `d${i}`, text: `# Title ${i}\n\nBody of document number ${i}, two sentences. The second one.` }));
const jsonl = (list: { id: string; text: string }[]) => list.map((d) => JSON.stringify(d)).join('\n') + '\n';

describe('batch input checks', () => {
  test('a folder where two files would share a document id is refused, naming both', () => {
    const folder = join(tmp, 'same-names');
    mkdirSync(join(folder, 'a'), { recursive: true });
    mkdirSync(join(folder, 'b'), { recursive: true });
    writeFileSync(join(folder, 'a', 'intro.md'), '# A\n\nFirst.');
    writeFileSync(join(folder, 'b', 'intro.md'), '# B\n\nSecond.');
    const r = cli(['batch', '--recipe', recipe, '--input', folder, '--out', join(tmp, 'out-same'), '--workers', '1', '--jsonl']);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/two documents would have the id "intro" \(a\/intro\.md and b\/intro\.md\)/);
  });

  test('resuming from a changed input is refused; from the same input it completes as one run', () => {
    const inputA = join(tmp, 'a.jsonl');
    writeFileSync(inputA, jsonl(docs));
    const full = join(tmp, 'out-full');
    expect(cli(['batch', '--recipe', recipe, '--input', inputA, '--out', full, '--workers', '1', '--jsonl', '--no-parquet']).status).toBe(0);

    // As if killed after two committed parts: the manifest keeps its head and two part lines.
    const out = join(tmp, 'out-cut');
    const first = cli(['batch', '--recipe', recipe, '--input', inputA, '--out', out, '--workers', '1', '--jsonl', '--no-parquet', '--part-rows', '1']);
    expect(first.status, first.stderr).toBe(0);
    const lines = readFileSync(join(out, 'manifest.jsonl'), 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(4);
    writeFileSync(join(out, 'manifest.jsonl'), lines.slice(0, 3).join('\n') + '\n');
    const committed = readJsonl(lines.slice(0, 3).join('\n')).at(-1)!;

    // A document inserted in front: the same count now ends on another id.
    const inputB = join(tmp, 'b.jsonl');
    writeFileSync(inputB, jsonl([{ id: 'new', text: 'A new first document.' }, ...docs]));
    const changed = cli(['batch', '--recipe', recipe, '--input', inputB, '--out', out, '--workers', '1', '--jsonl', '--no-parquet', '--part-rows', '1']);
    expect(changed.status).not.toBe(0);
    expect(changed.stderr).toContain(`was "${committed.lastId as string}"`);
    expect(changed.stderr).toMatch(/written from another input/);
    // Nothing committed was lost by the refusal.
    expect(readFileSync(join(out, 'manifest.jsonl'), 'utf8').split('\n').filter(Boolean)).toEqual(lines.slice(0, 3));

    const same = cli(['batch', '--recipe', recipe, '--input', inputA, '--out', out, '--workers', '1', '--jsonl', '--no-parquet', '--part-rows', '1']);
    expect(same.status, same.stderr).toBe(0);
    expect(same.stderr).toMatch(/resuming: \d+ documents/);
    expect(readFileSync(join(out, 'chunks.jsonl'), 'utf8')).toBe(readFileSync(join(full, 'chunks.jsonl'), 'utf8'));
  });
});
