// JSON Lines inputs with a per-line byte limit (issue 25): `serve --stdio` and `batch --input x.jsonl`
// read lines with boundedLines, which drops a line over the limit as it streams in, so one enormous
// line cannot grow memory without bound; serve answers it with {"id": null, "error"} and goes on,
// batch writes an errors.jsonl entry and goes on.
import { describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { RECIPE, ROOT, readJsonl } from './batch-corpus.ts';
import { boundedLines, type BoundedLine } from '../../src/node/lines.ts';

const tmp = mkdtempSync(join(tmpdir(), 'chunklab-long-lines-'));
const LIMIT = 1000;

async function collect(chunks: (string | Buffer)[], max: number): Promise<BoundedLine[]> {
  const out: BoundedLine[] = [];
  for await (const l of boundedLines(Readable.from(chunks, { objectMode: true }), max)) out.push(l);
  return out;
}

describe('boundedLines', () => {
  test('splits like String.split on "\\n" (CRLF too), across chunk boundaries and multi-byte characters', async () => {
    const text = 'first\r\nsé😀cond\n\nthird line\nlast without break';
    const bytes = Buffer.from(text, 'utf8');
    // Cut the bytes every 3: "😀" and "\r\n" straddle chunks.
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 3) chunks.push(bytes.subarray(i, i + 3));
    const got = await collect(chunks, 100);
    const expected = text.split('\n').map((l) => l.replace(/\r$/, ''));
    expect(got.map((l) => ('line' in l ? l.line : null))).toEqual(expected);
    expect(got.map((l) => l.n)).toEqual(expected.map((_, i) => i + 1));
  });

  test('equals a reference (split the whole text, measure each line) for every chunk size, CRLF, empty and long lines', async () => {
    const max = 12;
    const lines = ['', 'a', 'short one', 'x'.repeat(max), 'y'.repeat(max + 1), `${'z'.repeat(max)}\r`, `${'w'.repeat(max + 1)}\r`, 'é😀é', '\r', 'end'];
    // A fixed shuffle of lines (seeded), some with "\r" before the break.
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const text = Array.from({ length: 60 }, () => lines[Math.floor(rnd() * lines.length)] + (rnd() < 0.3 ? '\r' : '')).join('\n');
    const expected = text.split('\n').map((raw, i) => {
      const bytes = Buffer.byteLength(raw);
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      const kept = Buffer.byteLength(line);
      if (bytes > max + 1 || kept > max) return { n: i + 1, tooLong: true, bytes: bytes > max + 1 ? bytes : kept };
      return { n: i + 1, line, bytes: kept };
    });
    const all = Buffer.from(text, 'utf8');
    for (const size of [1, 2, 3, 5, 8, 13, 64, all.length]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < all.length; i += size) chunks.push(all.subarray(i, i + size));
      expect(await collect(chunks, max), `chunks of ${size} bytes`).toEqual(expected);
    }
  });

  test('a line over the limit is reported with its length, not kept, and the next line is read', async () => {
    const long = 'x'.repeat(5000);
    // Streamed in pieces of 64 bytes, as a pipe would deliver it.
    const all = `short\n${long}\nafter\n${'y'.repeat(LIMIT)}\n${'z'.repeat(LIMIT + 1)}`;
    const chunks = all.match(/[\s\S]{1,64}/g)!;
    const got = await collect(chunks, LIMIT);
    expect(got).toEqual([
      { n: 1, line: 'short', bytes: 5 },
      { n: 2, tooLong: true, bytes: 5000 },
      { n: 3, line: 'after', bytes: 5 },
      { n: 4, line: 'y'.repeat(LIMIT), bytes: LIMIT },
      { n: 5, tooLong: true, bytes: LIMIT + 1 },
    ]);
  });
});

function run(args: string[], input?: string) {
  return spawnSync(process.execPath, [join(ROOT, 'scripts/cli.mjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    input,
    maxBuffer: 1 << 26,
    env: { ...process.env, CHUNKLAB_MAX_INPUT_BYTES: String(LIMIT) },
  });
}

describe('the CLI with CHUNKLAB_MAX_INPUT_BYTES', () => {
  const recipe = join(tmp, 'recipe.json');
  writeFileSync(recipe, JSON.stringify(RECIPE));
  const long = JSON.stringify({ id: 'huge', text: 'word '.repeat(4000) });
  const lines = [JSON.stringify({ id: 'a', text: 'A small document. Two sentences.' }), long, JSON.stringify({ id: 'b', text: 'Another one.' })];

  test('serve --stdio answers a line over the limit with an error and goes on', () => {
    const r = run(['serve', '--stdio', '--recipe', recipe], lines.join('\n') + '\n');
    expect(r.status, r.stderr).toBe(0);
    const answers = readJsonl(r.stdout);
    expect(answers.map((a) => a.id)).toEqual(['a', null, 'b']);
    expect(answers[1].error).toBe(`line 2: line longer than ${LIMIT} bytes (the limit for one document; CHUNKLAB_MAX_INPUT_BYTES sets it)`);
    expect((answers[0].chunks as unknown[]).length).toBeGreaterThan(0);
    expect((answers[2].chunks as unknown[]).length).toBeGreaterThan(0);
  });

  test('batch writes an errors.jsonl entry for a line over the limit and goes on', () => {
    const input = join(tmp, 'docs.jsonl');
    writeFileSync(input, lines.join('\n') + '\n');
    const out = join(tmp, 'out');
    const r = run(['batch', '--recipe', recipe, '--input', input, '--out', out, '--workers', '1', '--jsonl', '--no-parquet']);
    expect(r.status, r.stderr).toBe(0);
    const errors = readJsonl(readFileSync(join(out, 'errors.jsonl'), 'utf8'));
    expect(errors.map((e) => e.id)).toEqual(['line 2']);
    expect(errors[0].error).toMatch(new RegExp(`line 2: line longer than ${LIMIT} bytes`));
    const rows = readJsonl(readFileSync(join(out, 'chunks.jsonl'), 'utf8'));
    expect([...new Set(rows.map((x) => x.docId))]).toEqual(['a', 'b']);
  });
});
