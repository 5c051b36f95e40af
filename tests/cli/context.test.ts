// `eval --context-model` against a real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions
// shape (tests/engine/llm/server.ts): the sentences are indexed (BM25 finds a word that only a
// sentence holds), the key reaches the server and no file, a rerun makes no call, the header-only
// baseline arm has the same chunk boundaries, and `compare` pairs the two arms.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openaiReply, startServer, type Recorded, type TestServer } from '../engine/llm/server.ts';
import { runCli } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'chunklab-ctx-cli-'));
const KEY = 'sk-test-Zq81SECRETkey';
const SENTENCE_WORD = 'zorblax';

const paragraphs = [
  'The northern coast has a long history of shipping. Storms closed the harbour for weeks each winter. Fishermen repaired nets in the old sheds.',
  'A lighthouse keeper tended the lamp on the cliff every night. The lamp burned whale oil until 1890. Ships steered by its beam around the reef.',
  'The railway reached the town in 1902. Trains carried fish to the capital overnight. The station closed when the line was abandoned.',
  'Tourists arrived after the war. Guest houses opened along the promenade. The museum now keeps the old lamp and the station clock.',
];
const context = paragraphs.join('\n\n');
const ask = (id: string, question: string, answer: string) => ({ id, question, answers: [{ text: answer, answer_start: context.indexOf(answer) }] });
const dataset = {
  version: '1.1',
  data: [
    {
      title: 'Northern Coast',
      paragraphs: [
        {
          context,
          qas: [
            ask('q-sentence', `Who was the ${SENTENCE_WORD}?`, 'A lighthouse keeper'),
            ask('q-rail', 'When did the railway reach the town?', 'The railway reached the town in 1902'),
            ask('q-oil', 'What did the lamp burn until 1890?', 'The lamp burned whale oil until 1890'),
            ask('q-tourists', 'When did tourists arrive?', 'Tourists arrived after the war'),
          ],
        },
      ],
    },
  ],
};

let server: TestServer;
/** Only the chunk about the keeper gets the rare word; the others a plain sentence. */
function reply(req: Recorded) {
  const user: string = req.body?.messages?.[1]?.content ?? '';
  const chunk = /<chunk>\n([\s\S]*?)\n<\/chunk>/.exec(user)?.[1] ?? '';
  return openaiReply(chunk.includes('lighthouse keeper') ? `This part introduces the ${SENTENCE_WORD} of the cliff.` : 'This part covers the coast history.');
}
const DS = join(tmp, 'coast.json');
beforeAll(async () => {
  writeFileSync(DS, JSON.stringify(dataset));
  server = await startServer(reply);
});
afterAll(async () => {
  await server?.close();
});

const arm = ['--dataset', DS, '--chunker', 'sentences', '--max-tokens', '64', '--context-tokens', '24', '--context-header'];
const withModel = (cache: string) => [...arm, '--context-model', 'openai:test-model', '--context-base-url', `${server.url}/v1`, '--context-cache', cache];
const env = { OPENAI_API_KEY: KEY, CHUNKLAB_LLM_API_KEY: undefined, CHUNKLAB_LLM_BASE_URL: undefined, CHUNKLAB_CONTEXT_API_KEY: undefined, CHUNKLAB_CONTEXT_BASE_URL: undefined };

describe('eval --context-model', () => {
  const cache = join(tmp, 'cache');
  const first = join(tmp, 'context.json');
  const second = join(tmp, 'context-again.json');
  const baseline = join(tmp, 'baseline.json');

  test('generates one sentence per chunk, prints the estimate first, and indexes the sentences', async () => {
    const r = await runCli(['eval', ...withModel(cache), '--context-price', '0.15,0.60', '--out', first], env);
    expect(r.code, r.err).toBe(0);
    const file = JSON.parse(readFileSync(first, 'utf8'));
    const n = file.chunks.length;
    expect(n).toBeGreaterThan(2);
    // one request per chunk, each with the key from the environment
    expect(server.requests).toHaveLength(n);
    for (const q of server.requests) {
      expect(q.path).toBe('/v1/chat/completions');
      expect(q.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(q.body.model).toBe('test-model');
    }
    const lines = r.err.trim().split('\n');
    const est = lines.findIndex((l) => l.includes('calls to make'));
    const done = lines.findIndex((l) => l.includes('model calls'));
    expect(lines[est]).toMatch(new RegExp(`openai:test-model: ${n} chunks, 0 sentences in the cache, ${n} calls to make \\(about [\\d,]+ prompt and [\\d,]+ answer tokens, about \\$0\\.\\d{4}`));
    expect(est).toBeLessThan(done);
    expect(lines[done]).toMatch(new RegExp(`${n} model calls .* 0 sentences from the cache`));
    // the config records how the sentences were made, and the reduced chunking cap
    expect(file.config.context).toMatchObject({ model: 'openai:test-model', contextTokens: 24, provider: { kind: 'openai', model: 'test-model', baseUrl: `${server.url}/v1` } });
    expect(file.config.chunkingMaxTokens).toBe(40);
    expect(file.config.params.maxTokens).toBe(64);
    for (const c of file.chunks) expect(c.tokens).toBeLessThanOrEqual(64);
    // BM25 sees the sentence: the only place "zorblax" occurs is the generated sentence
    expect(context).not.toContain(SENTENCE_WORD);
    const q = file.questions.find((x: any) => x.id === 'q-sentence');
    const top = file.chunks.find((c: any) => c.id === q.ranked[0]);
    const gold = q.gold[0];
    expect(top.start <= gold.start && gold.end <= top.end).toBe(true);
    expect(q.rank).toBe(1);
  });

  test('no key anywhere: not in the results file, the cache, or the output', async () => {
    const r = await runCli(['eval', ...withModel(cache), '--json'], env);
    expect(r.code).toBe(0);
    expect(r.out).not.toContain(KEY);
    expect(r.err).not.toContain(KEY);
    expect(readFileSync(first, 'utf8')).not.toContain(KEY);
    for (const f of readdirSync(cache)) expect(readFileSync(join(cache, f), 'utf8')).not.toContain(KEY);
    expect(JSON.stringify(JSON.parse(r.out).config)).not.toMatch(/apiKey|sk-test/);
  });

  test('a second run makes zero calls and writes the same bytes; --context-only-cached then works', async () => {
    const before = server.requests.length;
    const r = await runCli(['eval', ...withModel(cache), '--out', second], env);
    expect(r.code).toBe(0);
    expect(server.requests.length).toBe(before);
    expect(r.err).toMatch(/, 0 calls to make/);
    expect(r.err).toMatch(/: 0 model calls/);
    expect(readFileSync(second, 'utf8')).toBe(readFileSync(first, 'utf8'));
    // only-cached with no key at all: everything is in the cache, so nothing is needed
    const only = await runCli(['eval', ...withModel(cache), '--context-only-cached', '--json'], { ...env, OPENAI_API_KEY: undefined });
    expect(only.code).toBe(0);
    expect(server.requests.length).toBe(before);
    expect(JSON.parse(only.out).metrics).toEqual(JSON.parse(readFileSync(first, 'utf8')).metrics);
  });

  test('--context-only-cached with an empty cache: exit 2, one line, no call, nothing written', async () => {
    const before = server.requests.length;
    const out = join(tmp, 'never.json');
    const r = await runCli(['eval', ...withModel(join(tmp, 'empty-cache')), '--context-only-cached', '--out', out], env);
    // the estimate line is printed first, then the error
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n').at(-1)).toMatch(/^error: --context-only-cached: \d+ of \d+ chunks have no cached sentence for openai:test-model/);
    expect(server.requests.length).toBe(before);
    expect(existsSync(out)).toBe(false);
  });

  test('no key for a vendor endpoint: exit 2 naming the variable, no request', async () => {
    const r = await runCli(['eval', ...arm, '--context-model', 'anthropic:claude-test', '--context-cache', join(tmp, 'cache-nokey')], { ...env, ANTHROPIC_API_KEY: undefined, OPENAI_API_KEY: undefined });
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n').at(-1)).toMatch(/^error: anthropic:claude-test: no API key: set ANTHROPIC_API_KEY/);
  });

  test('a provider failure is a one-line error naming it; sentences finished before it stay cached', async () => {
    const startAt = server.requests.length;
    server.handle((req, n) => (n === startAt + 1 ? reply(req) : { status: 401, json: { error: { message: 'invalid key' } } }));
    const dir = join(tmp, 'cache-401');
    try {
      const r = await runCli(['eval', ...withModel(dir)], env);
      expect(r.code).toBe(2);
      const errors = r.err.trim().split('\n').filter((l) => l.startsWith('error:'));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^error: openai:test-model: .*401.*rerun to resume/);
      expect(r.err).not.toContain(KEY);
      // the first call succeeded before the failure: its sentence is in the cache file
      expect(readFileSync(join(dir, 'context.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1);
    } finally {
      server.handle(reply);
    }
  });

  test('the header-only baseline arm has the same chunk boundaries; compare pairs the arms', async () => {
    const before = server.requests.length;
    const r = await runCli(['eval', ...arm, '--context-arm-baseline', '--out', baseline], env);
    expect(r.code).toBe(0);
    expect(server.requests.length).toBe(before);
    const a = JSON.parse(readFileSync(baseline, 'utf8'));
    const b = JSON.parse(readFileSync(first, 'utf8'));
    expect(a.config.contextBaseline).toEqual({ contextTokens: 24 });
    expect(a.config.chunkingMaxTokens).toBe(40);
    expect(a.config.context).toBeUndefined();
    expect(a.chunks.map((c: any) => [c.id, c.start, c.end])).toEqual(b.chunks.map((c: any) => [c.id, c.start, c.end]));
    // the sentence costs tokens: every context chunk is longer than its baseline twin
    a.chunks.forEach((c: any, i: number) => expect(b.chunks[i].tokens).toBeGreaterThan(c.tokens));
    expect(r.out).toMatch(/context baseline \(chunked at 40, no sentence\)/);

    const cmp = await runCli(['compare', baseline, first, '--json']);
    expect(cmp.code).toBe(0);
    const c = JSON.parse(cmp.out);
    expect(c.questions).toBe(4);
    const h1 = c.tests.find((t: any) => t.metric === 'hit@1');
    // The sentence word is found only with context; the baseline cannot rank that chunk for it.
    expect(h1.onlyB).toContain('q-sentence');
    expect(h1.onlyA).not.toContain('q-sentence');
    const text = await runCli(['compare', baseline, first]);
    expect(text.out).toMatch(/4 paired questions/);
  });
});
