// `serve --stdio`: one answer line per input line, in order; a line that is not JSON or a bad
// document gets {"id", "error"} and the process goes on; the chunks are the library's
// chunkWithRecipe for the same recipe (computed here in-process) and `batch`'s for the same input.
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECIPE, ROOT, cli, readJsonl } from './batch-corpus.ts';
import { spawnSync } from 'node:child_process';
import { chunkWithRecipe, parseRecipe, recipeHash } from '../../src/lib/index.ts';
import { loadDefaultTokenizer } from '../../src/node/tokenizer-folder.ts';

const tmp = mkdtempSync(join(tmpdir(), 'chunklab-serve-'));

describe('serve --stdio', () => {
  test('answers the documented protocol line by line, bad lines included', async () => {
    const recipe = join(tmp, 'recipe.json');
    writeFileSync(recipe, JSON.stringify(RECIPE));
    const docs = [
      { id: 'one', text: '# Title\n\nA first paragraph with a few words. Then 😀 a second sentence.\n\n## Next\n\nMore text here.' },
      { id: 'two', text: 'plain text, nothing else', format: 'txt' },
      { id: 'three', text: '<h1>Web</h1><p>Para ☃ graph.</p>', format: 'html', meta: { tenant: 'x' } },
    ];
    const lines = [JSON.stringify(docs[0]), '{"id": "broken"', JSON.stringify(docs[1]), '', JSON.stringify({ id: 'no-text' }), '[1,2]', JSON.stringify(docs[2])];
    const r = cli(['serve', '--stdio', '--recipe', recipe], lines.join('\n') + '\n');
    expect(r.status, r.stderr).toBe(0);
    const answers = readJsonl(r.stdout);
    // One answer per non-blank line, in order.
    expect(answers.map((a) => a.id)).toEqual(['one', null, 'two', 'no-text', null, 'three']);
    expect(answers[1].error).toMatch(/line 2: not JSON/);
    expect(answers[3].error).toMatch(/"text" must be a string/);
    expect(answers[4].error).toMatch(/must be a JSON object/);
    for (const a of [answers[1], answers[3], answers[4]]) expect(String(a.error)).not.toMatch(/\n/);

    const tokenizer = await loadDefaultTokenizer();
    const rec = parseRecipe(JSON.stringify(RECIPE), 'recipe', tokenizer.name);
    for (const [i, d] of [[0, docs[0]], [2, docs[1]], [5, docs[2]]] as const) {
      const expected = await chunkWithRecipe({ ...d, format: d.format === 'txt' ? 'text' : (d.format as 'html' | undefined) }, rec, { tokenizer });
      expect(answers[i].chunks).toEqual(JSON.parse(JSON.stringify(expected)));
      expect((answers[i].chunks as { recipeHash: string }[]).every((c) => c.recipeHash === recipeHash(rec))).toBe(true);
    }
    // Offsets in code points: the emoji counts one.
    const c0 = (answers[0].chunks as { start: number; end: number; text: string }[]).map((c) => Array.from(docs[0].text).slice(c.start, c.end).join('') === c.text);
    expect(c0.every(Boolean)).toBe(true);

    // The same documents through batch: the same chunks.
    const input = join(tmp, 'docs.jsonl');
    writeFileSync(input, docs.map((d) => JSON.stringify(d)).join('\n') + '\n');
    const b = cli(['batch', '--recipe', recipe, '--input', input, '--out', join(tmp, 'out'), '--workers', '1', '--jsonl', '--no-parquet']);
    expect(b.status, b.stderr).toBe(0);
    const fromBatch = readJsonl(readFileSync(join(tmp, 'out', 'chunks.jsonl'), 'utf8'));
    expect(fromBatch).toEqual([answers[0], answers[2], answers[5]].flatMap((a) => a.chunks as object[]));
  });

  test('a bad recipe is one line and exit 2', () => {
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...RECIPE, chunker: 'nope' }));
    const r = cli(['serve', '--stdio', '--recipe', bad], '');
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: .*"chunker" must be one of/);
  });
});

describe('serve --stdio under attack', () => {
  const recipe = join(tmp, 'small.json');
  writeFileSync(recipe, JSON.stringify({ ...RECIPE, chunker: 'fixed', params: { maxTokens: 8 } }));

  test('a reader that closes the pipe early (| head -1) ends it quietly: no EPIPE trace, exit 0', () => {
    const input = join(tmp, 'many.jsonl');
    writeFileSync(input, Array.from({ length: 400 }, (_, i) => JSON.stringify({ id: `d${i}`, text: `Document ${i} has a few words to cut. `.repeat(20) })).join('\n') + '\n');
    const err = join(tmp, 'epipe.err');
    const sh = `node scripts/cli.mjs serve --stdio --recipe '${recipe}' < '${input}' 2> '${err}' | head -1; echo "exit=\${PIPESTATUS[0]}"`;
    const r = spawnSync('bash', ['-c', sh], { cwd: ROOT, encoding: 'utf8' });
    const [first, status] = r.stdout.trim().split('\n');
    expect(JSON.parse(first).id).toBe('d0');
    expect(status).toBe('exit=0');
    const stderr = readFileSync(err, 'utf8');
    expect(stderr).not.toMatch(/EPIPE|Error|    at /);
    expect(stderr.trim().split('\n')).toHaveLength(1); // the banner only
  });

  test('a document that exhausts the worker heap is answered with an error line; the next line is served', () => {
    // At a 48 MB heap: 'big' (2 MB of text at the smallest size) passes the estimate's low end
    // (20× its text) but its chunks need more, so its worker dies; 'huge' (7.5 MB) cannot fit even at
    // the low end and is refused before it is chunked.
    const lines = [
      JSON.stringify({ id: 'small', text: 'hello there' }),
      JSON.stringify({ id: 'big', text: 'word '.repeat(400_000) }),
      JSON.stringify({ id: 'between', text: 'served by a new worker' }),
      JSON.stringify({ id: 'huge', text: 'word '.repeat(1_500_000) }),
      JSON.stringify({ id: 'after', text: 'after the huge one' }),
    ];
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/cli.mjs'), 'serve', '--stdio', '--recipe', recipe], { cwd: ROOT, encoding: 'utf8', input: lines.join('\n') + '\n', env: { ...process.env, CHUNKLAB_WORKER_HEAP_MB: '48' }, maxBuffer: 1 << 28 });
    expect(r.status, r.stderr).toBe(0);
    const answers = readJsonl(r.stdout);
    expect(answers.map((a) => a.id)).toEqual(['small', 'big', 'between', 'huge', 'after']);
    expect(answers[1].error).toMatch(/line 2 \(document "big"\): the worker stopped while chunking it \(.*memory limit.*\): chunking needs 20–70× a document's text/);
    expect(answers[3].error).toMatch(/line 4 \(document "huge"\): too large to chunk in memory: 7 MB of text needs about 143 MB–50\d MB \(20–70× its text\), a worker has \d+ MB/);
    for (const i of [1, 3]) expect(answers[i].chunks).toBeUndefined();
    for (const i of [2, 4]) expect((answers[i].chunks as { text: string }[]).map((c) => c.text).join('')).toBe(JSON.parse(lines[i]).text);
  });

  test('a UTF-8 byte order mark before line 1 is not part of the JSON', () => {
    const r = cli(['serve', '--stdio', '--recipe', recipe], '\uFEFF' + JSON.stringify({ id: 'bom', text: 'Written by a Windows tool.' }) + '\n' + JSON.stringify({ id: 'two', text: '\uFEFFa mark inside a later line is text' }) + '\n');
    expect(r.status, r.stderr).toBe(0);
    const answers = readJsonl(r.stdout);
    expect(answers.map((a) => [a.id, a.error])).toEqual([['bom', undefined], ['two', undefined]]);
  });
});
