// chunkCorpus yields to the event loop once per stretch of work, not once per document (a timer costs
// 1 ms in Node and 4 ms in browsers, which over many small documents was most of a CLI run's wall
// time), and still sees an abort that arrives while it has not yielded. Time is a controlled clock here.
import { afterEach, expect, test, vi } from 'vitest';
import { chunkCorpus } from '../../../src/engine/chunkers/index.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { tokenizer } from './helpers.ts';

const docs = Array.from({ length: 40 }, (_, i) => parseDocument({ id: `d${i}`, text: `# Title ${i}\n\nA short paragraph number ${i}. Another sentence.`, format: 'markdown' }));

afterEach(() => vi.restoreAllMocks());

/** Counts the zero-delay timers chunkCorpus sets while `now` drives performance.now(). */
async function timersWith(now: () => number, signal?: AbortSignal, each?: (doc: number) => void) {
  let timers = 0;
  const realSetTimeout = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
    if (!ms) timers++;
    return realSetTimeout(fn, ms);
  }) as typeof setTimeout);
  vi.spyOn(performance, 'now').mockImplementation(now);
  let done = 0;
  const chunks = await chunkCorpus(docs, 'recursive', { maxTokens: 32 }, { tokenizer, signal, onProgress: () => each?.(done++) });
  return { timers, chunks };
}

test('with no time passing it yields once, and gives the same chunks as with a yield per document', async () => {
  const still = await timersWith(() => 1000);
  expect(still.timers).toBe(1);
  vi.restoreAllMocks();
  let t = 0;
  const slow = await timersWith(() => (t += 11)); // every read of the clock 11 ms later
  expect(slow.timers).toBe(docs.length);
  expect(still.chunks).toEqual(slow.chunks);
  expect(new Set(still.chunks.map((c) => c.docId)).size).toBe(docs.length);
});

test('an abort seen between documents stops it even without a yield', async () => {
  const controller = new AbortController();
  const run = timersWith(() => 1000, controller.signal, (n) => {
    if (n === 5) controller.abort();
  });
  await expect(run).rejects.toMatchObject({ name: 'AbortError' });
});
