// `batch`: on a generated folder of a few thousand documents its chunks equal `chunk`'s byte for
// byte (text, offsets, prefix, tokens) and the texts are the files' code points; killed midway
// (SIGKILL) and rerun it finishes with every chunk exactly once; bad documents go to errors.jsonl
// and the run goes on; the Parquet parts hold the same rows; another recipe cannot resume a folder.
import { beforeAll, describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet';
import { RECIPE, cli, cliAsync, key, makeCorpus, readJsonl } from './batch-corpus.ts';

const tmp = mkdtempSync(join(tmpdir(), 'chunklab-batch-'));
const docs = join(tmp, 'docs');
const recipe = join(tmp, 'recipe.json');
const N = 2400;
let corpus: { paths: string[] };
let reference: Record<string, unknown>[];

async function parquetRows(dir: string): Promise<Record<string, unknown>[]> {
  const parts = readdirSync(dir).filter((n) => /^part-\d+\.parquet$/.test(n)).sort();
  const out: Record<string, unknown>[] = [];
  for (const p of parts) out.push(...((await parquetReadObjects({ file: await asyncBufferFromFile(join(dir, p)) })) as Record<string, unknown>[]));
  return out;
}

beforeAll(() => {
  corpus = makeCorpus(docs, N);
  writeFileSync(recipe, JSON.stringify(RECIPE));
  const r = cli(['chunk', '--dataset', docs, '--chunker', 'recursive', '--max-tokens', '40', '--overlap', '8', '--out', join(tmp, 'chunk.jsonl')]);
  expect(r.status, r.stderr).toBe(0);
  reference = readJsonl(readFileSync(join(tmp, 'chunk.jsonl'), 'utf8'));
});

describe('batch', () => {
  test('equals chunk on a folder of 2,400 documents (2 workers), in JSONL and in Parquet', async () => {
    const out = join(tmp, 'out-full');
    const r = cli(['batch', '--recipe', recipe, '--input', docs, '--out', out, '--workers', '2', '--jsonl', '--part-rows', '1500']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/docs\/s/);
    const rows = readJsonl(readFileSync(join(out, 'chunks.jsonl'), 'utf8'));
    expect(rows.length).toBeGreaterThan(N);
    expect(rows.map(key)).toEqual(reference.map(key));
    // Independently: each text is the file's code points from start to end (.md and .txt files are the text).
    const byId = new Map(corpus.paths.map((p) => [p.replace(/^.*\//, '').replace(/\.[a-z]+$/, ''), p]));
    let checked = 0;
    for (const row of rows) {
      const path = byId.get(row.docId as string)!;
      if (path.endsWith('.html')) continue;
      const cps = Array.from(readFileSync(join(docs, path), 'utf8'));
      expect(cps.slice(row.start as number, row.end as number).join('')).toBe(row.text);
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
    // Ids: unique, and the same on a rerun elsewhere (deterministic).
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const pq = await parquetRows(out);
    expect(pq.map(key)).toEqual(rows.map(key));
    expect(pq.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(readdirSync(out).filter((n) => n.endsWith('.parquet')).length).toBeGreaterThan(1);
    const manifest = readJsonl(readFileSync(join(out, 'manifest.jsonl'), 'utf8'));
    expect(manifest.at(-1)).toEqual({ done: true, docs: N, chunks: rows.length, errors: 0 });

    // One worker gives the same ids and rows.
    const one = join(tmp, 'out-one');
    expect(cli(['batch', '--recipe', recipe, '--input', docs, '--out', one, '--workers', '1', '--no-parquet', '--jsonl']).status).toBe(0);
    expect(readFileSync(join(one, 'chunks.jsonl'), 'utf8')).toBe(readFileSync(join(out, 'chunks.jsonl'), 'utf8'));
  });

  test('killed midway (SIGKILL) and rerun: every chunk exactly once, as an uninterrupted run', async () => {
    const out = join(tmp, 'out-killed');
    const child = cliAsync(['batch', '--recipe', recipe, '--input', docs, '--out', out, '--workers', '2', '--jsonl', '--part-rows', '300']);
    // Kill once a few parts are committed (and, most likely, in the middle of the next one).
    await new Promise<void>((resolve, reject) => {
      const t = setInterval(() => {
        const m = existsSync(join(out, 'manifest.jsonl')) ? readFileSync(join(out, 'manifest.jsonl'), 'utf8') : '';
        if ((m.match(/"part":/g) ?? []).length >= 3) {
          clearInterval(t);
          child.kill('SIGKILL');
          resolve();
        }
      }, 20);
      child.on('exit', () => {
        clearInterval(t);
        reject(new Error('batch ended before it could be killed'));
      });
    }).catch((e) => {
      throw e;
    });
    await new Promise((r) => child.once('exit', r));
    const before = readJsonl(readFileSync(join(out, 'manifest.jsonl'), 'utf8'));
    expect(before.some((l) => l.done)).toBe(false);
    const r = cli(['batch', '--recipe', recipe, '--input', docs, '--out', out, '--workers', '2', '--jsonl', '--part-rows', '300']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/resuming: \d+ documents/);
    const rows = readJsonl(readFileSync(join(out, 'chunks.jsonl'), 'utf8'));
    expect(rows.map(key)).toEqual(reference.map(key));
    expect(new Set(rows.map((x) => x.id)).size).toBe(rows.length);
    expect((await parquetRows(out)).map(key)).toEqual(reference.map(key));
    // A third run has nothing to do.
    const again = cli(['batch', '--recipe', recipe, '--input', docs, '--out', out, '--workers', '2', '--jsonl', '--part-rows', '300']);
    expect(again.status).toBe(0);
    expect(again.stderr).toMatch(/chunked already/);
  });

  test('bad documents go to errors.jsonl and the run goes on; JSONL and Parquet inputs', async () => {
    const input = join(tmp, 'mixed.jsonl');
    const good = [
      { id: 'a', text: '# A\n\nFirst document. It has two sentences.' },
      { id: 'b', text: '<p>Second 😀 one</p>', format: 'html' },
    ];
    writeFileSync(input, [JSON.stringify(good[0]), '{not json', JSON.stringify({ id: 'c', text: 42 }), JSON.stringify(good[1]), JSON.stringify({ id: 'd', text: 'x', format: 'pdf' })].join('\n') + '\n');
    const out = join(tmp, 'out-mixed');
    const r = cli(['batch', '--recipe', recipe, '--input', input, '--out', out, '--workers', '1', '--jsonl']);
    expect(r.status, r.stderr).toBe(0);
    const errors = readJsonl(readFileSync(join(out, 'errors.jsonl'), 'utf8'));
    expect(errors.map((e) => e.id)).toEqual(['line 2', 'c', 'd']);
    expect(errors[0].error).toMatch(/line 2: malformed JSON/);
    expect(errors[1].error).toMatch(/"text" must be a string/);
    expect(errors[2].error).toMatch(/"format" must be md, txt or html/);
    const rows = readJsonl(readFileSync(join(out, 'chunks.jsonl'), 'utf8'));
    expect([...new Set(rows.map((x) => x.docId))]).toEqual(['a', 'b']);

    // The same documents as a Parquet table (written with hyparquet-writer) give the same chunks.
    const { parquetWriteFile } = await import('hyparquet-writer');
    const pqIn = join(tmp, 'docs.parquet');
    parquetWriteFile({ filename: pqIn, columnData: [
      { name: 'id', data: good.map((d) => d.id), type: 'STRING' },
      { name: 'text', data: good.map((d) => d.text), type: 'STRING' },
      { name: 'format', data: good.map((d) => d.format ?? null), type: 'STRING' },
    ] });
    const out2 = join(tmp, 'out-pq');
    expect(cli(['batch', '--recipe', recipe, '--input', pqIn, '--out', out2, '--workers', '1', '--jsonl']).status).toBe(0);
    expect(readFileSync(join(out2, 'chunks.jsonl'), 'utf8')).toBe(readFileSync(join(out, 'chunks.jsonl'), 'utf8'));
  });

  test('refuses to resume a folder written with another recipe, and bad recipes, in one line', () => {
    const other = join(tmp, 'other.json');
    writeFileSync(other, JSON.stringify({ ...RECIPE, params: { maxTokens: 41 } }));
    const r = cli(['batch', '--recipe', other, '--input', join(tmp, 'mixed.jsonl'), '--out', join(tmp, 'out-mixed')]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toMatch(/^error: .*another recipe/);
    writeFileSync(other, JSON.stringify({ ...RECIPE, params: { maxTokens: 40, overlap: 50 } }));
    const bad = cli(['batch', '--recipe', other, '--input', join(tmp, 'mixed.jsonl'), '--out', join(tmp, 'out-bad')]);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/overlap.*smaller than maxTokens/);
    expect(existsSync(join(tmp, 'out-bad'))).toBe(false);
  });
});
