// `chunk --chunker llm --generator openai:<model> --base-url <local server>` against a real HTTP server
// on 127.0.0.1 (tests/engine/llm/server.ts): the model's boundaries become chunk starts, the key
// reaches the server and no file, a rerun makes no call and needs no key, and bad flags or a missing key
// are one-line errors with exit code 2.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type Recorded, type TestServer } from '../engine/llm/server.ts';
import { context, paragraphs, topicReply } from './llm-topics.ts';
import { expectOneLineError, runCli } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'chunklab-llm-cli-'));
const KEY = 'sk-test-Llm42SECRET';
const DS = join(tmp, 'topics.json');
writeFileSync(DS, JSON.stringify({ version: '1.1', data: [{ title: 'Topics', paragraphs: [{ context, qas: [{ id: 'q1', question: 'What rises?', answers: [{ text: 'The dough rises', answer_start: context.indexOf('The dough rises') }] }] }] }] }));

let server: TestServer;
const reply = (req: Recorded) => topicReply(req);
beforeAll(async () => {
  server = await startServer(reply);
});
afterAll(async () => {
  await server?.close();
});

/** stderr without the estimate line printed before the first call (checked in llm-eval.test.ts). */
const noEstimate = (r: Awaited<ReturnType<typeof runCli>>) => ({ ...r, err: r.err.split('\n').filter((l) => !/windows answered in the cache/.test(l)).join('\n') });

const args = (out: string, cache: string) => ['chunk', '--dataset', DS, '--chunker', 'llm', '--max-tokens', '64', '--generator', 'openai:test-model', '--base-url', `${server.url}/v1`, '--generator-cache', cache, '--out', out];

test('the model chooses the boundaries; the key goes to the server only; a rerun makes no call and needs no key', async () => {
  const out = join(tmp, 'a.jsonl');
  const cache = join(tmp, 'cache');
  const before = server.requests.length;
  const r = await runCli(args(out, cache), { OPENAI_API_KEY: KEY });
  expect(r.code).toBe(0);
  const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  expect(lines.map((l) => l.start)).toEqual([0, context.indexOf(paragraphs[2]), context.indexOf(paragraphs[4])]);
  expect(Object.keys(lines[0]).sort()).toEqual(['docId', 'end', 'id', 'prefix', 'start', 'text', 'tokens']);
  const calls = server.requests.length - before;
  expect(calls).toBeGreaterThan(0);
  expect(server.requests[before].headers.authorization).toBe(`Bearer ${KEY}`);
  expect(r.err).toMatch(new RegExp(`llm +openai:test-model: ${calls} model calls, 0 answers from the cache`));
  for (const f of readdirSync(cache)) expect(readFileSync(join(cache, f), 'utf8')).not.toContain(KEY);
  const again = await runCli(args(join(tmp, 'b.jsonl'), cache), { OPENAI_API_KEY: undefined, CHUNKLAB_LLM_API_KEY: undefined, CHUNKLAB_CONTEXT_API_KEY: undefined });
  expect(again.code).toBe(0);
  expect(server.requests.length - before).toBe(calls);
  expect(readFileSync(join(tmp, 'b.jsonl'), 'utf8')).toBe(readFileSync(out, 'utf8'));
  expect(again.err).toMatch(/0 model calls/);
});

test('bad flags and a missing key: one line, exit 2', async () => {
  const out = join(tmp, 'x.jsonl');
  expectOneLineError(await runCli(['chunk', '--dataset', DS, '--chunker', 'llm', '--max-tokens', '64', '--out', out]), /--chunker llm needs --generator/);
  expectOneLineError(await runCli(['chunk', '--dataset', DS, '--chunker', 'sentences', '--max-tokens', '64', '--generator', 'openai:m', '--out', out]), /--generator is for --chunker llm/);
  expectOneLineError(await runCli(['chunk', '--dataset', DS, '--chunker', 'llm', '--max-tokens', '64', '--generator', 'gpt4', '--out', out]), /--generator: "gpt4" is not a model spec/);
  const nokey = await runCli(['chunk', '--dataset', DS, '--chunker', 'llm', '--max-tokens', '64', '--generator', 'anthropic:claude-test', '--generator-cache', join(tmp, 'nokey'), '--out', out], { ANTHROPIC_API_KEY: undefined, CHUNKLAB_LLM_API_KEY: undefined, CHUNKLAB_CONTEXT_API_KEY: undefined });
  expectOneLineError(noEstimate(nokey), /no API key: set ANTHROPIC_API_KEY/);
});

test('a server that keeps failing: one line naming the model, exit 2', async () => {
  server.handle(() => ({ status: 500, json: { error: { message: 'boom' } } }));
  try {
    const r = await runCli(args(join(tmp, 'y.jsonl'), join(tmp, 'fail')), { OPENAI_API_KEY: KEY });
    expectOneLineError(noEstimate(r), /openai:test-model: .*HTTP 500/);
  } finally {
    server.handle(reply);
  }
});
