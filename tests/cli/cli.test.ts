// chunk, eval and compare through their run(argv), in-process (tests/cli/helpers.ts): file contents,
// summaries, exit codes and one-line errors. The real `npm run cli` processes are in e2e.test.ts.
import { describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectOneLineError, runCli as cli } from './helpers.ts';

const root = new URL('../../', import.meta.url).pathname;
const FX = join(root, 'tests/fixtures/datasets');
const tmp = mkdtempSync(join(tmpdir(), 'chunklab-cli-'));

describe('cli chunk', () => {
  test('SQuAD: every line\'s text is the document slice (code points)', async () => {
    const out = join(tmp, 'squad.jsonl');
    const r = await cli(['chunk', '--dataset', join(FX, 'squad-mini.json'), '--chunker', 'recursive', '--max-tokens', '24', '--out', out]);
    expect(r.code).toBe(0);
    const data = JSON.parse(readFileSync(join(FX, 'squad-mini.json'), 'utf8'));
    const docs = new Map<string, string[]>(data.data.map((a: any) => [a.title, [...a.paragraphs.map((p: any) => p.context).join('\n\n')]]));
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.length).toBeGreaterThan(5);
    for (const l of lines) expect(docs.get(l.docId)!.slice(l.start, l.end).join('')).toBe(l.text);
    expect(r.err).toMatch(new RegExp(`^${lines.length} chunks from 2 documents`));
  });
  test('Chroma folder with emoji: slices match, and the lines evaluate back through --chunks', async () => {
    const out = join(tmp, 'chroma.jsonl');
    const r = await cli(['chunk', '--dataset', join(FX, 'chroma-mini'), '--chunker', 'sentences', '--max-tokens', '40', '--out', out]);
    expect(r.code).toBe(0);
    const doc = [...readFileSync(join(FX, 'chroma-mini/corpora/ferias.md'), 'utf8')];
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    for (const l of lines.filter((x) => x.docId === 'ferias')) expect(doc.slice(l.start, l.end).join('')).toBe(l.text);
    // Strip offsets: eval must find them by locating the text.
    const bare = join(tmp, 'bare.jsonl');
    writeFileSync(bare, lines.map((l) => JSON.stringify({ docId: l.docId, text: l.text, prefix: l.prefix })).join('\n'));
    const e1 = await cli(['eval', '--dataset', join(FX, 'chroma-mini'), '--chunks', out, '--json']);
    const e2 = await cli(['eval', '--dataset', join(FX, 'chroma-mini'), '--chunks', bare, '--json']);
    expect(e1.code).toBe(0);
    expect(e2.code).toBe(0);
    const r1 = JSON.parse(e1.out);
    const r2 = JSON.parse(e2.out);
    expect(r2.chunks.map((c: any) => [c.start, c.end])).toEqual(r1.chunks.map((c: any) => [c.start, c.end]));
    expect(r2.metrics).toEqual(r1.metrics);
  });
});

describe('cli eval and compare', () => {
  test('prints a table with intervals and skipped questions; --out writes the results file', async () => {
    const out = join(tmp, 'a.json');
    const r = await cli(['eval', '--dataset', join(FX, 'squad-mini.json'), '--chunker', 'fixed', '--max-tokens', '16', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/hit@5\s+\d\.\d{3}\s+\[\d\.\d{3}, \d\.\d{3}\]/);
    expect(r.out).toMatch(/1 skipped/);
    expect(r.out).toMatch(/s8: answer text "deep blue" does not occur/);
    const file = JSON.parse(readFileSync(out, 'utf8'));
    expect(file.format).toBe('chunklab-results');
    expect(Object.keys(file.metrics).sort()).toEqual(['chunks', 'coverage', 'ctx3', 'hit@1', 'hit@3', 'hit@5', 'hit@budget', 'recall@budget', 'iou@5', 'meanTokens', 'mrr', 'precision@5', 'recall@5'].sort());
    const out2 = join(tmp, 'b.json');
    expect((await cli(['eval', '--dataset', join(FX, 'squad-mini.json'), '--chunker', 'sentences', '--max-tokens', '64', '--out', out2])).code).toBe(0);
    const c = await cli(['compare', out, out2]);
    expect(c.code).toBe(0);
    expect(c.out).toMatch(/11 paired questions/);
    expect(c.out).toMatch(/hit@5 .* \d\.\d{4}/);
    const cj = await cli(['compare', out, out2, '--json']);
    const cmp = JSON.parse(cj.out);
    expect(cmp.tests).toHaveLength(3);
    expect(cmp.tests[2].p).toBeGreaterThan(0);
    // --json prints exactly the file --out writes
    const j = await cli(['eval', '--dataset', join(FX, 'squad-mini.json'), '--chunker', 'fixed', '--max-tokens', '16', '--json']);
    expect(j.out).toBe(readFileSync(out, 'utf8'));
  });
  test('bad input: one-line error, exit 2, nothing written', async () => {
    const out = join(tmp, 'never.json');
    const base = ['--chunker', 'fixed', '--max-tokens', '32', '--out', out];
    expectOneLineError(await cli(['eval', '--dataset', join(tmp, 'missing.json'), ...base]), /missing\.json: no such file/);
    const badJson = join(tmp, 'bad.json');
    writeFileSync(badJson, '{"data": [ {"title": "x",');
    expectOneLineError(await cli(['eval', '--dataset', badJson, ...base]), /malformed JSON at line 1/);
    const unknown = join(tmp, 'unknown.json');
    writeFileSync(unknown, '{"hello": 1}');
    expectOneLineError(await cli(['eval', '--dataset', unknown, ...base]), /unknown dataset format/);
    const badCsv = join(tmp, 'badcsv');
    mkdirSync(join(badCsv, 'corpora'), { recursive: true });
    writeFileSync(join(badCsv, 'corpora', 'a.md'), 'Hello world.');
    writeFileSync(join(badCsv, 'questions_df.csv'), 'question,refs\nq,[]\n');
    expectOneLineError(await cli(['eval', '--dataset', badCsv, ...base]), /missing column/);
    writeFileSync(join(badCsv, 'questions_df.csv'), 'question,references,corpus_id\nq,"[{""content"":""x"",""start_index"":3,""end_index"":400}]",a\n');
    expectOneLineError(await cli(['eval', '--dataset', badCsv, ...base]), /outside document "a"/);
    expect(existsSync(out)).toBe(false);
  });
  test('bad options: one-line error, exit 2, nothing written', async () => {
    const out = join(tmp, 'never.json');
    const sq = join(FX, 'squad-mini.json');
    const base = ['--chunker', 'fixed', '--max-tokens', '32', '--out', out];
    expectOneLineError(await cli(['eval', '--dataset', sq, '--chunker', 'nope', '--max-tokens', '5']), /unknown chunker "nope"/);
    expectOneLineError(await cli(['eval', '--dataset', sq, '--chunker', 'fixed']), /--max-tokens is required/);
    expectOneLineError(await cli(['eval', '--dataset', sq, ...base], { CHUNKLAB_MAX_INPUT_BYTES: '100' }), /too large/);
    expectOneLineError(await cli(['eval', '--dataset', sq, ...base, '--retriever', 'dense']), /needs --model/);
    expectOneLineError(await cli(['eval', '--dataset', sq, ...base, '--bogus']), /unknown option --bogus/);
    expectOneLineError(await cli(['eval', '--dataset', sq, ...base, '--k', '0']), /--k must be a whole number >= 1/);
    expectOneLineError(await cli(['chunk', '--dataset', sq, '--chunker', 'fixed', '--max-tokens', '32']), /--out is required/);
    expectOneLineError(await cli(['chunk', '--dataset', sq, '--chunker', 'fixed', '--max-tokens', '32', '--out', out, '--no-cache']), /--no-cache needs --model/);
    expectOneLineError(await cli(['compare', sq]), /expected two results files/);
    // context flags
    expectOneLineError(await cli(['eval', '--dataset', sq, ...base, '--context-tokens', '20']), /--context-tokens needs --context-model or --context-arm-baseline/);
    expectOneLineError(await cli(['eval', '--dataset', sq, ...base, '--context-only-cached']), /--context-only-cached needs --context-model/);
    expectOneLineError(await cli(['eval', '--dataset', sq, ...base, '--context-model', 'gpt-4o']), /not a provider spec/);
    expectOneLineError(await cli(['eval', '--dataset', sq, ...base, '--context-model', 'openai:m', '--context-arm-baseline']), /not both/);
    expectOneLineError(await cli(['eval', '--dataset', sq, ...base, '--context-model', 'openai:m', '--context-price', '0.1']), /--context-price: must be IN,OUT/);
    expectOneLineError(await cli(['eval', '--dataset', sq, ...base, '--context-arm-baseline', '--context-tokens', '30']), /--max-tokens 32 leaves 2 tokens for the chunk after reserving 30/);
    expectOneLineError(await cli(['eval', '--dataset', sq, '--chunks', join(tmp, 'x.jsonl'), '--context-arm-baseline', '--out', out]), /needs --chunker/);
    expect(existsSync(out)).toBe(false);
  });
});
