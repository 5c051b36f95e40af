// The pre-run estimate against hand computations (a counter of one token per character keeps the
// arithmetic checkable on paper).
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { estimateContextRun } from '../../../src/engine/context/estimate.ts';
import { InputError, type Chunk } from '../../../src/engine/types.ts';

const doc = parseDocument({ id: 'd', text: 'abcdefghij', format: 'text' });
const chunk = (i: number, start: number, end: number): Chunk => ({ id: `d#${i}`, docId: 'd', index: i, start, end, prefix: '', tokens: 0, headingPath: [], flags: [] });
const chunks = new Map([['d', [chunk(0, 0, 4), chunk(1, 4, 10)]]]);
const prompt = { system: 'S', user: 'D:{{document}}|C:{{chunk}}' };
const chars = (s: string) => s.length;

describe('estimateContextRun', () => {
  it('counts calls, tokens, dollars and seconds', () => {
    // Prompts: "S" + "D:abcdefghij|C:abcd" = 1 + 19 = 20; "S" + "D:abcdefghij|C:efghij" = 1 + 21 = 22.
    const e = estimateContextRun([doc], chunks, {
      prompt,
      countTokens: chars,
      outputTokensPerCall: 50,
      pricing: { inputPerMillion: 3, outputPerMillion: 15 },
      throughput: { inputTokensPerSecond: 10, outputTokensPerSecond: 20, latencySeconds: 1, concurrency: 2 },
    });
    expect(e.calls).toBe(2);
    expect(e.inputTokens).toBe(42);
    expect(e.outputTokens).toBe(100);
    expect(e.cachedInputTokens).toBe(0);
    expect(e.costUSD).toBeCloseTo((42 * 3 + 100 * 15) / 1e6, 12); // 0.001626
    expect(e.seconds).toBeCloseTo((42 / 10 + 100 / 20 + 2 * 1) / 2, 12); // 5.6
    expect(e.documentsCut).toBe(0);
  });

  it('prompt caching: the first call writes the shared part, later calls read it', () => {
    // Shared part per call: "S" (1) + "D:abcdefghij|C:" (15) = 16.
    const e = estimateContextRun([doc], chunks, {
      prompt,
      countTokens: chars,
      outputTokensPerCall: 50,
      pricing: { inputPerMillion: 3, outputPerMillion: 15, cachedInputPerMillion: 0.3, cacheWritePerMillion: 3.75, minCacheableTokens: 0 },
    });
    expect(e.cachedInputTokens).toBe(16);
    // full-price 42 − 16 written − 16 read = 10
    expect(e.costUSD).toBeCloseTo((10 * 3 + 16 * 3.75 + 16 * 0.3 + 100 * 15) / 1e6, 12); // 0.0015948
  });

  it('a shared part under the provider minimum is not cached', () => {
    const e = estimateContextRun([doc], chunks, {
      prompt,
      countTokens: chars,
      outputTokensPerCall: 50,
      pricing: { inputPerMillion: 3, outputPerMillion: 15, cachedInputPerMillion: 0.3, minCacheableTokens: 17 },
    });
    expect(e.cachedInputTokens).toBe(0);
    expect(e.costUSD).toBeCloseTo((42 * 3 + 100 * 15) / 1e6, 12);
  });

  it('documents over the budget are cut (and never cached); no pricing gives a null cost', () => {
    const long = parseDocument({ id: 'L', text: 'x '.repeat(5000), format: 'text' });
    const e = estimateContextRun([long, doc], { L: [{ ...chunk(0, 0, 10), id: 'L#0', docId: 'L' }] }, { documentBudgetTokens: 100, pricing: { inputPerMillion: 1, outputPerMillion: 1, cachedInputPerMillion: 0.1, minCacheableTokens: 0 } });
    expect(e.calls).toBe(1); // `doc` has no chunks in this map
    expect(e.documentsCut).toBe(1);
    expect(e.cachedInputTokens).toBe(0);
    // Default counter: ceil(chars / 4); the prompt holds at most ~400 characters of the document.
    expect(e.inputTokens).toBeLessThan(400);
    expect(estimateContextRun([doc], chunks).costUSD).toBeNull();
  });

  it('the default counter is ceil(characters / 4) of each part', () => {
    const e = estimateContextRun([doc], chunks, { prompt, outputTokensPerCall: 0 });
    expect(e.inputTokens).toBe(Math.ceil(1 / 4) + Math.ceil(19 / 4) + Math.ceil(1 / 4) + Math.ceil(21 / 4)); // 1+5+1+6 = 13
  });

  it('rejects nonsense numbers with InputError', () => {
    expect(() => estimateContextRun([doc], chunks, { pricing: { inputPerMillion: -1, outputPerMillion: 1 } })).toThrow(InputError);
    expect(() => estimateContextRun([doc], chunks, { throughput: { outputTokensPerSecond: 0 } })).toThrow(/throughput.outputTokensPerSecond/);
  });
});
