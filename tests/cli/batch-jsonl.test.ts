// `batch` over a JSONL input, whose lines the workers parse (the main thread hands them over as
// bytes): with two workers and many groups its chunks.jsonl is, byte for byte, the library's rows
// for the same documents, renamed ids included (computed here), through a byte order mark, CRLF
// line ends, blank lines (Unicode spaces too), bad lines and ids given twice in other groups; one
// worker writes the same bytes; and a run resumed from a cut manifest ends with the same file.
import { beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECIPE, cli, makeCorpus, readJsonl } from './batch-corpus.ts';
import { chunkWithRecipe, parseRecipe } from '../../src/lib/index.ts';
import { loadDefaultTokenizer } from '../../src/node/tokenizer-folder.ts';

const tmp = mkdtempSync(join(tmpdir(), 'chunklab-batch-jsonl-'));
const recipe = join(tmp, 'recipe.json');
const input = join(tmp, 'docs.jsonl');
let expected = '';
let expectedErrors: string[] = [];

const FORMATS = { md: 'markdown', txt: 'text', html: 'html' } as const;

beforeAll(async () => {
  writeFileSync(recipe, JSON.stringify(RECIPE));
  const folder = join(tmp, 'folder');
  const { paths } = makeCorpus(folder, 1500, 11);
  const docs = paths.map((p, i) => {
    const ext = p.split('.').pop() as keyof typeof FORMATS;
    // Ids given again further on (in later groups with two workers), one of them three times.
    const id = i === 700 || i === 1100 ? 'doc-a' : i === 1300 ? 'doc-b' : i === 5 ? 'doc-a' : i === 40 ? 'doc-b' : `d${i}`;
    return { id, text: readFileSync(join(folder, p), 'utf8'), format: ext };
  });
  const lines: Buffer[] = docs.map((d) => Buffer.from(JSON.stringify(d)));
  // Line 1 starts with a byte order mark; some lines end in CRLF; blank lines (one of no-break
  // spaces) are no document; a malformed line and one without text are errors under their line.
  lines[0] = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), lines[0]]);
  for (let i = 3; i < lines.length; i += 97) lines[i] = Buffer.concat([lines[i], Buffer.from('\r')]);
  lines.splice(10, 0, Buffer.from(''), Buffer.from('  \u00a0\u3000 '));
  lines.splice(900, 0, Buffer.from('{"id": "broken", "text": '));
  lines.splice(1200, 0, Buffer.from(JSON.stringify({ id: 'no-text' })));
  writeFileSync(input, Buffer.concat(lines.flatMap((l) => [l, Buffer.from('\n')])));

  // The expected rows: the library on each document, under the ids a repeat gets ("<id> (2)", …).
  const tokenizer = await loadDefaultTokenizer();
  const rec = parseRecipe(JSON.stringify(RECIPE), 'recipe', tokenizer.name);
  const given = new Map<string, number>();
  const parts: string[] = [];
  for (const d of docs) {
    const k = (given.get(d.id) ?? 0) + 1;
    given.set(d.id, k);
    const id = k === 1 ? d.id : `${d.id} (${k})`;
    for (const row of await chunkWithRecipe({ id, text: d.text, format: FORMATS[d.format] }, rec, { tokenizer })) parts.push(JSON.stringify(row) + '\n');
  }
  expected = parts.join('');
  expectedErrors = ['line 901', 'no-text'];
});

const run = (out: string, workers: number) => cli(['batch', '--recipe', recipe, '--input', input, '--out', out, '--workers', String(workers), '--jsonl', '--part-rows', '400']);

describe('batch over JSONL', () => {
  test('two workers: the library\'s rows byte for byte, repeated ids renamed and warned; one worker the same bytes', () => {
    const out = join(tmp, 'out2');
    const r = run(out, 2);
    expect(r.status, r.stderr).toBe(0);
    const chunks = readFileSync(join(out, 'chunks.jsonl'), 'utf8');
    expect(chunks.length).toBeGreaterThan(100_000);
    expect(chunks).toBe(expected);
    expect(readJsonl(readFileSync(join(out, 'errors.jsonl'), 'utf8')).map((e) => e.id)).toEqual(expectedErrors);
    // Documents 700 and 1100 (lines 703 and 1104: two blank lines before them, and a bad one before 1100).
    expect(r.stderr).toMatch(/docs\.jsonl line 703: the id "doc-a" was given before; this document is chunked as "doc-a \(2\)"/);
    expect(r.stderr).toMatch(/docs\.jsonl line 1104: the id "doc-a" was given before; this document is chunked as "doc-a \(3\)"/);
    expect(r.stderr).toMatch(/the id "doc-b" was given before; this document is chunked as "doc-b \(2\)"/);
    // Where the CPU went (Linux). "Other threads" is the process's total less the main thread and
    // the workers, so the parts add up by construction: what this checks is that nothing is counted
    // twice (main thread + workers never more than the process's total, which the sum would then
    // exceed) and that the workers, not the main thread, did the chunking.
    if (process.platform === 'linux') {
      const m = /CPU ([\d.]+) s \([\d.]+ s per MB\): main thread ([\d.]+) s \(\d+%\), 2 workers ([\d.]+) s \(\d+%\), other threads ([\d.]+) s/.exec(r.stderr);
      expect(m, r.stderr).not.toBeNull();
      const [total, main, workers, other] = m!.slice(1).map(Number);
      expect(Math.abs(main + workers + other - total)).toBeLessThan(0.25);
      expect(workers).toBeGreaterThan(main);
    }
    // More than a few groups, so the repeats came back from other groups than the first.
    expect(readdirSync(out).filter((n) => n.endsWith('.parquet')).length).toBeGreaterThan(3);

    const one = join(tmp, 'out1');
    expect(run(one, 1).status).toBe(0);
    expect(readFileSync(join(one, 'chunks.jsonl'), 'utf8')).toBe(expected);
  }, 300_000);

  test('resumed after the manifest was cut back to a few parts: the same chunks.jsonl, the same renames', () => {
    const out = join(tmp, 'out-cut');
    expect(run(out, 2).status).toBe(0);
    const lines = readFileSync(join(out, 'manifest.jsonl'), 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(6);
    // The head and three parts: the first "doc-a" and "doc-b" are in the part kept, their repeats after it.
    writeFileSync(join(out, 'manifest.jsonl'), lines.slice(0, 4).join('\n') + '\n');
    const kept = readJsonl(lines[3]).at(-1)!;
    expect(kept.docsDone).toBeGreaterThan(40);
    expect(kept.docsDone).toBeLessThan(700);
    const r = run(out, 2);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/resuming: \d+ documents/);
    expect(readFileSync(join(out, 'chunks.jsonl'), 'utf8')).toBe(expected);
    expect(readJsonl(readFileSync(join(out, 'errors.jsonl'), 'utf8')).map((e) => e.id)).toEqual(expectedErrors);
  }, 300_000);
});
