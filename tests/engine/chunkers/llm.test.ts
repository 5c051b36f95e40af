// The llm chunker against a real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions and the
// Anthropic messages shapes (tests/engine/llm/server.ts), through the llm layer's generators
// (retries with Retry-After, cache): well-formed, malformed, out-of-range and empty answers, a 429, a
// rerun that makes no call, cancellation, and the cap and coverage invariants.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chunkDocument, llmAnswerKey, parseBoundaries } from '../../../src/engine/chunkers/index.ts';
import { createAnthropicProvider, createOpenAIProvider } from '../../../src/engine/llm/providers.ts';
import { MemoryAnswerCache } from '../../../src/engine/llm/cache.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import type { ChunkerContext, Doc } from '../../../src/engine/types.ts';
import { anthropicReply, openaiReply, startServer, userMessage, type Recorded, type Reply, type TestServer } from '../llm/server.ts';
import { enDoc, expectValidChunks, fakeGenerator, ptDoc, tokenizer, uncovered } from './helpers.ts';

// Nine paragraphs on three topics: the model (the server) says topics change at paragraphs 3 and 6.
const paragraphs = [
  'The volcano woke after a century of silence. Hot lava poured from the crater all morning.',
  'Ash from the volcano darkened the valley. Geologists measured the gases near the crater rim.',
  'Villagers left the valley when the volcano roared. By night the crater glowed red.',
  'Baking bread starts with flour, water and yeast. The dough rises while the yeast works.',
  'A hot oven gives the bread its golden crust. Fresh bread cools on a rack before slicing.',
  'Sourdough needs a starter fed with flour every day. Bakers knead the dough until it is elastic.',
  'Chess players open with the king pawn or the queen pawn. A knight jumps over other pieces.',
  'Castling moves the king to safety behind the rook. The bishop pair is strong in open positions.',
  'A pawn that reaches the last rank becomes a queen. Checkmate ends the game.',
];
const text = paragraphs.join('\n\n');
const doc: Doc = parseDocument({ id: 'three', text, format: 'markdown', meta: { language: 'en' } });
const starts = [0, text.indexOf(paragraphs[3]), text.indexOf(paragraphs[6])];

/** The passage numbers shown in a prompt. */
function shown(user: string): number[] {
  return [...user.matchAll(/^\[(\d+)\]/gm)].map((m) => Number(m[1]));
}
const userOf = userMessage;
/** The topic changes a careful reader would name, among the passages shown. */
function truth(user: string): number[] {
  const nums = shown(user);
  return [3, 6].filter((n) => n > nums[0] && nums.includes(n));
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const sleeps: number[] = [];
const hooks = { sleep: async (ms: number) => void sleeps.push(ms), random: () => 0 };
const openai = () => createOpenAIProvider({ kind: 'openai', model: 'test-model', baseUrl: `${server.url}/v1`, apiKey: 'sk-test' }, hooks);
const ctxWith = (reply: (req: Recorded, n: number) => Reply, cache = new MemoryAnswerCache()): ChunkerContext & { answers: MemoryAnswerCache } => {
  server.handle(reply);
  return { tokenizer, generator: openai(), answers: cache };
};
const params = { maxTokens: 128, minTokens: 8, windowTokens: 160 };

describe('well-formed answers', () => {
  test('boundaries land where the model says, the window moves on from the last one, a rerun makes no call', async () => {
    const before = server.requests.length;
    const ctx = ctxWith((req) => openaiReply(JSON.stringify({ boundaries: truth(userOf(req)) })));
    const chunks = await chunkDocument(doc, 'llm', params, ctx);
    expect(chunks.map((c) => c.start)).toEqual(starts);
    expectValidChunks(doc, chunks, 128);
    expect(uncovered(doc, chunks)).toEqual([]);
    const reqs = server.requests.slice(before);
    expect(reqs.length).toBeGreaterThan(1);
    // Every window starts at 0 or at a boundary the model gave (or the previous window's last passage).
    const windows = reqs.map((r) => shown(userOf(r)));
    expect(windows[0][0]).toBe(0);
    for (let i = 1; i < windows.length; i++) {
      const prev = windows[i - 1];
      const expectedStart = truth(userOf(reqs[i - 1])).at(-1) ?? prev[prev.length - 1];
      expect(windows[i][0]).toBe(expectedStart);
      expect(windows[i].length).toBeGreaterThanOrEqual(2);
    }
    expect(reqs[0].body.messages[0].role).toBe('system');
    expect(reqs[0].body.messages[0].content).toContain('"boundaries"');
    expect(reqs[0].headers.authorization).toBe('Bearer sk-test');
    // Prompts and answers are kept per document: a rerun with the same cache costs nothing.
    expect(ctx.answers.size).toBe(reqs.length);
    for (const k of ctx.answers.keys()) expect(k.startsWith('llm|openai:test-model|')).toBe(true);
    const again = await chunkDocument(doc, 'llm', params, { ...ctx, generator: openai() });
    expect(server.requests.length).toBe(before + reqs.length);
    expect(again).toEqual(chunks);
  });

  test('answers wrapped in prose or a code fence, numbers as strings, and the Anthropic shape', async () => {
    const ctx = ctxWith((req) => openaiReply('Sure.\n```json\n' + JSON.stringify({ boundaries: truth(userOf(req)).map(String) }) + '\n```'));
    expect((await chunkDocument(doc, 'llm', params, ctx)).map((c) => c.start)).toEqual(starts);
    server.handle((req) => {
      const user = req.body?.messages?.[0]?.content ?? '';
      return anthropicReply(JSON.stringify(truth(typeof user === 'string' ? user : '')));
    });
    const anthropic = createAnthropicProvider({ kind: 'anthropic', model: 'claude-test', baseUrl: server.url, apiKey: 'sk-ant' }, hooks);
    const chunks = await chunkDocument(doc, 'llm', params, { tokenizer, generator: anthropic, answers: new MemoryAnswerCache() });
    expect(chunks.map((c) => c.start)).toEqual(starts);
    expect(server.requests.at(-1)!.path).toBe('/v1/messages');
  });
});

describe('answers that are wrong', () => {
  for (const [name, content] of [
    ['malformed JSON', '{"boundaries": [3, 6'],
    ['no JSON at all', 'The topic changes at the bread part.'],
    ['out-of-range numbers', JSON.stringify({ boundaries: [-1, 0, 2.5, 999, 1e9] })],
    ['an empty answer', ''],
    ['an empty list', '{"boundaries": []}'],
    ['the wrong shape', '{"cuts": {"a": 3}}'],
  ] as const) {
    test(`${name}: no boundary from it, chunks still valid, covering and under the cap`, async () => {
      const ctx = ctxWith(() => openaiReply(content));
      for (const cap of [32, 64, 128]) {
        const chunks = await chunkDocument(doc, 'llm', { ...params, maxTokens: cap }, ctx);
        expectValidChunks(doc, chunks, cap);
        expect(uncovered(doc, chunks)).toEqual([]);
      }
      // At a roomy cap and nothing from the model, the whole document is one chunk.
      const roomy = await chunkDocument(doc, 'llm', { ...params, maxTokens: 512 }, ctx);
      expect(roomy.length).toBe(1);
    });
  }

  test('parseBoundaries keeps only whole numbers inside (s, e], sorted and unique', () => {
    expect(parseBoundaries('{"boundaries": [7, 5, 5, "6", 4, 9, 6.5, null]}', 4, 8)).toEqual([5, 6, 7]);
    expect(parseBoundaries('[8]', 4, 8)).toEqual([8]);
    expect(parseBoundaries('{"boundaries": "5"}', 4, 8)).toEqual([]);
    expect(parseBoundaries('', 0, 3)).toEqual([]);
  });
});

describe('the provider layer', () => {
  test('a 429 with Retry-After is waited out and retried; the answer then counts', async () => {
    sleeps.length = 0;
    const before = server.requests.length;
    let first = true;
    const ctx = ctxWith((req) => {
      if (first) {
        first = false;
        return { status: 429, headers: { 'retry-after': '2' }, json: { error: { message: 'slow down' } } };
      }
      return openaiReply(JSON.stringify({ boundaries: truth(userOf(req)) }));
    });
    const chunks = await chunkDocument(doc, 'llm', params, ctx);
    expect(chunks.map((c) => c.start)).toEqual(starts);
    expect(sleeps).toEqual([2000]);
    expect(shown(userOf(server.requests[before]))).toEqual(shown(userOf(server.requests[before + 1])));
  });

  test('an answer without choices is a clear error that names the server, never a crash', async () => {
    const ctx = ctxWith(() => ({ json: { nothing: true } }));
    await expect(chunkDocument(doc, 'llm', params, ctx)).rejects.toThrow(/has no choices\[0\]\.message\.content/);
  });

  test('cancelled: an AbortError, and the calls already answered stay in the cache', async () => {
    const controller = new AbortController();
    let n = 0;
    const ctx = ctxWith((req) => {
      if (++n === 2) controller.abort();
      return openaiReply(JSON.stringify({ boundaries: truth(userOf(req)) }));
    });
    await expect(chunkDocument(doc, 'llm', params, { ...ctx, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(ctx.answers.size).toBeGreaterThanOrEqual(1);
  });

  test('no model: a clear error', async () => {
    await expect(chunkDocument(doc, 'llm', params, { tokenizer })).rejects.toThrow('the llm chunker needs a language model');
  });

  test('cache keys depend on the model, the prompt and the document', () => {
    const a = llmAnswerKey('openai:m', doc, 'x');
    expect(llmAnswerKey('openai:n', doc, 'x')).not.toBe(a);
    expect(llmAnswerKey('openai:m', doc, 'y')).not.toBe(a);
    expect(llmAnswerKey('openai:m', enDoc, 'x')).not.toBe(a);
  });
});

test('cap and coverage invariants on the fixtures, sentences and paragraphs, header off and on', async () => {
  for (const d of [ptDoc, enDoc]) {
    for (const units of ['paragraphs', 'sentences'] as const) {
      for (const cap of [32, 64, 256]) {
        for (const header of [false, true]) {
          const chunks = await chunkDocument(d, 'llm', { maxTokens: cap, units, header, windowTokens: 256 }, { tokenizer, generator: fakeGenerator });
          expectValidChunks(d, chunks, cap);
          expect(uncovered(d, chunks)).toEqual([]);
        }
      }
    }
  }
});
