// `eval --chunker llm --generator …` through the one experiment pipeline, against a real HTTP server on
// 127.0.0.1 (tests/engine/llm/server.ts): the same boundaries and answers cache as `chunk`, the
// generator recorded in the results file, and the estimate printed before the first call in both
// commands (windows to ask; tokens; a cost computed from the printed tokens and --generator-price).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type Recorded, type TestServer } from '../engine/llm/server.ts';
import { context, paragraphs, qa, topicReply } from './llm-topics.ts';
import { expectOneLineError, runCli } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'chunklab-llm-eval-'));
const KEY = 'sk-test-LlmEval';
const DS = join(tmp, 'topics.json');
writeFileSync(
  DS,
  JSON.stringify({ version: '1.1', data: [{ title: 'Topics', paragraphs: [{ context, qas: [qa('q1', 'What rises?', 'The dough rises'), qa('q2', 'What ends the game?', 'Checkmate ends the game')] }] }] }),
);
// Three documents (one per title): one window each by default, so three calls when no boundary is found.
const DS3 = join(tmp, 'three.json');
const other = [...paragraphs].reverse().join('\n\n');
const third = paragraphs.slice(1).join('\n\n');
writeFileSync(
  DS3,
  JSON.stringify({ version: '1.1', data: [
      { title: 'One', paragraphs: [{ context, qas: [qa('q1', 'What rises?', 'The dough rises')] }] },
      { title: 'Two', paragraphs: [{ context: other, qas: [] }] },
      { title: 'Three', paragraphs: [{ context: third, qas: [] }] },
    ],
  }),
);

let server: TestServer;
let boundaries = true;
const reply = (req: Recorded) => topicReply(req, boundaries);
beforeAll(async () => {
  server = await startServer(reply);
});
afterAll(async () => {
  await server?.close();
});

const gen = (cache: string) => ['--generator', 'openai:test-model', '--base-url', `${server.url}/v1`, '--generator-cache', cache];
const estimateLine = (err: string) => err.split('\n').find((l) => /windows answered in the cache/.test(l)) ?? '';
const callsIn = (line: string) => Number(/about (\d+) calls to make/.exec(line)?.[1]);

test('eval --chunker llm: chunks cut where the model says, generator recorded, the cache shared with chunk', async () => {
  const cache = join(tmp, 'shared');
  const out = join(tmp, 'r.json');
  const before = server.requests.length;
  const r = await runCli(['eval', '--dataset', DS, '--chunker', 'llm', '--max-tokens', '64', ...gen(cache), '--out', out], { OPENAI_API_KEY: KEY });
  expect(r.code, r.err).toBe(0);
  const file = JSON.parse(readFileSync(out, 'utf8'));
  expect(file.config.chunker).toBe('llm');
  expect(file.config.generator).toBe('openai:test-model');
  const starts = file.chunks.map((c: { start: number }) => c.start);
  expect(starts).toEqual([0, context.indexOf(paragraphs[2]), context.indexOf(paragraphs[4])]);
  const calls = server.requests.length - before;
  expect(calls).toBeGreaterThan(0);
  // The estimate comes before the report, and the report counts the calls made.
  expect(r.err.indexOf('windows answered in the cache')).toBeLessThan(r.err.indexOf('model calls'));
  expect(r.err).toMatch(new RegExp(`${calls} model calls, 0 answers from the cache`));

  // `chunk` with the same cache: no call, the same cuts, and the estimate says 0 calls.
  const c = await runCli(['chunk', '--dataset', DS, '--chunker', 'llm', '--max-tokens', '64', ...gen(cache), '--out', join(tmp, 'c.jsonl')], { OPENAI_API_KEY: undefined });
  expect(c.code, c.err).toBe(0);
  expect(server.requests.length - before).toBe(calls);
  expect(callsIn(estimateLine(c.err))).toBe(0);
  const lines = readFileSync(join(tmp, 'c.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  expect(lines.map((l) => l.start)).toEqual(starts);
});

test('the estimate is printed before any call: windows, tokens and a cost from --generator-price', async () => {
  boundaries = false; // with no boundary the windows are exactly those estimated
  try {
    for (const cmd of ['chunk', 'eval'] as const) {
      const cache = join(tmp, `est-${cmd}`);
      const before = server.requests.length;
      const extra = cmd === 'chunk' ? ['--out', join(tmp, 'e.jsonl')] : [];
      const r = await runCli([cmd, '--dataset', DS3, '--chunker', 'llm', '--max-tokens', '64', ...gen(cache), '--generator-price', '2,10', ...extra], { OPENAI_API_KEY: KEY });
      expect(r.code, r.err).toBe(0);
      const line = estimateLine(r.err);
      const made = server.requests.length - before;
      expect(made).toBe(3);
      expect(callsIn(line)).toBe(made);
      const m = /about ([\d,]+) prompt and at most ([\d,]+) answer tokens, about \$([\d.]+)/.exec(line);
      expect(m, line).not.toBeNull();
      const [inTok, outTok] = [Number(m![1].replace(/,/g, '')), Number(m![2].replace(/,/g, ''))];
      expect(outTok).toBe(made * 200);
      expect(inTok).toBeGreaterThan(made * 20);
      expect(Number(m![3])).toBeCloseTo((inTok * 2 + outTok * 10) / 1e6, 4);
    }
  } finally {
    boundaries = true;
  }
});

test('eval flag errors: one line, exit 2', async () => {
  const args = ['eval', '--dataset', DS, '--max-tokens', '64'];
  expectOneLineError(await runCli([...args, '--chunker', 'llm']), /--chunker llm needs --generator/);
  expectOneLineError(await runCli([...args, '--chunker', 'sentences', '--generator', 'openai:m']), /--generator is for --chunker llm/);
  expectOneLineError(await runCli([...args, '--chunker', 'sentences', '--base-url', 'http://127.0.0.1:9/v1']), /--base-url needs --generator/);
  expectOneLineError(await runCli([...args, '--chunker', 'llm', '--generator', 'openai:m', '--generator-price', 'cheap']), /--generator-price: must be IN,OUT/);
});
