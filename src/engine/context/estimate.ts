// What a context run will cost before it starts: calls, prompt and answer tokens, dollars (with an
// optional prompt-caching price for the document part every chunk of a document repeats), and time
// from an assumed throughput. Prompts are built exactly as the run builds them; only the token count
// is approximate (the provider's tokenizer is not known here: characters / 4 unless one is given).

import { InputError, type Chunk, type Doc } from '../types.ts';
import { CHARS_PER_TOKEN, DEFAULT_DOCUMENT_BUDGET_TOKENS, templateFor, type ContextSettings } from './add-context.ts';
import { buildPrompt } from './prompt.ts';
import type { Pricing } from '../llm/index.ts';

export interface Throughput {
  /** Prompt tokens read per second (default 5000). */
  inputTokensPerSecond?: number;
  /** Answer tokens written per second (default 60). */
  outputTokensPerSecond?: number;
  /** Fixed seconds per call: network, queueing (default 0.3). */
  latencySeconds?: number;
  /** Calls in flight at once (default 1). */
  concurrency?: number;
}

export interface EstimateOptions extends ContextSettings {
  /** Expected answer length in tokens (default 50; the sentence budget is 60). */
  outputTokensPerCall?: number;
  pricing?: Pricing;
  throughput?: Throughput;
  /** Token counter for prompts (default: ceil(characters / 4)). */
  countTokens?: (text: string) => number;
}

export interface ContextEstimate {
  calls: number;
  /** Prompt tokens of all calls (cached ones included). */
  inputTokens: number;
  /** Of inputTokens, those read from the prompt cache (0 without a cached price). */
  cachedInputTokens: number;
  outputTokens: number;
  /** Dollars; null when no pricing was given (a local model costs nothing but time). */
  costUSD: number | null;
  seconds: number;
  /** Documents longer than the budget: cut around each chunk, so their prompts cannot be cached. */
  documentsCut: number;
}

const approxTokens = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

function nonNegative(x: number | undefined, name: string): void {
  if (x !== undefined && !(typeof x === 'number' && Number.isFinite(x) && x >= 0)) throw new InputError(`must be a number >= 0, got ${String(x)}`, name);
}

/**
 * Estimates generating a sentence for every chunk. `chunksByDoc` maps a document id to its chunks
 * (a Map or a plain object). One call per chunk.
 */
export function estimateContextRun(
  docs: readonly Doc[],
  chunksByDoc: ReadonlyMap<string, readonly Chunk[]> | Record<string, readonly Chunk[]>,
  opts: EstimateOptions = {},
): ContextEstimate {
  const count = opts.countTokens ?? approxTokens;
  const out = opts.outputTokensPerCall ?? 50;
  const p = opts.pricing;
  const t = opts.throughput ?? {};
  nonNegative(out, 'outputTokensPerCall');
  if (p) for (const k of ['inputPerMillion', 'outputPerMillion', 'cachedInputPerMillion', 'cacheWritePerMillion', 'minCacheableTokens'] as const) nonNegative(p[k], `pricing.${k}`);
  nonNegative(t.latencySeconds, 'throughput.latencySeconds');
  for (const k of ['inputTokensPerSecond', 'outputTokensPerSecond', 'concurrency'] as const) {
    const v = t[k];
    if (v !== undefined && !(typeof v === 'number' && Number.isFinite(v) && v > 0)) throw new InputError(`must be a number > 0, got ${String(v)}`, `throughput.${k}`);
  }
  const budgetChars = Math.floor((opts.documentBudgetTokens ?? DEFAULT_DOCUMENT_BUDGET_TOKENS) * CHARS_PER_TOKEN);
  const get = (id: string): readonly Chunk[] =>
    (chunksByDoc instanceof Map ? chunksByDoc.get(id) : (chunksByDoc as Record<string, readonly Chunk[]>)[id]) ?? [];
  const caching = p?.cachedInputPerMillion !== undefined;
  const minCache = p?.minCacheableTokens ?? 1024;

  let calls = 0;
  let inputTokens = 0;
  let cachedInputTokens = 0;
  let writeTokens = 0;
  let documentsCut = 0;
  for (const doc of docs) {
    const chunks = get(doc.id);
    if (!chunks.length) continue;
    const template = templateFor(doc, opts.prompt);
    let cut = false;
    let sharedSeen = false;
    for (const c of chunks) {
      const pr = buildPrompt({ doc, start: c.start, end: c.end, headingPath: c.headingPath, template, documentBudgetChars: budgetChars });
      const total = count(pr.system) + count(pr.user);
      calls++;
      inputTokens += total;
      if (!pr.documentWhole) cut = true;
      if (!caching || !pr.documentWhole) continue;
      // The system text and the shared start of the user message form the cacheable prefix.
      const shared = count(pr.system) + count(pr.user.slice(0, pr.sharedPrefixLength ?? 0));
      if (shared < minCache) continue;
      if (sharedSeen) cachedInputTokens += shared;
      else {
        writeTokens += shared;
        sharedSeen = true;
      }
    }
    if (cut) documentsCut++;
  }
  const outputTokens = calls * out;

  let costUSD: number | null = null;
  if (p) {
    const full = inputTokens - cachedInputTokens - writeTokens;
    costUSD =
      (full * p.inputPerMillion +
        writeTokens * (p.cacheWritePerMillion ?? p.inputPerMillion) +
        cachedInputTokens * (p.cachedInputPerMillion ?? p.inputPerMillion) +
        outputTokens * p.outputPerMillion) /
      1e6;
  }
  const inTps = t.inputTokensPerSecond ?? 5000;
  const outTps = t.outputTokensPerSecond ?? 60;
  const latency = t.latencySeconds ?? 0.3;
  const conc = Math.max(1, t.concurrency ?? 1);
  const seconds = calls ? (inputTokens / inTps + outputTokens / outTps + calls * latency) / conc : 0;
  return { calls, inputTokens, cachedInputTokens, outputTokens, costUSD, seconds, documentsCut };
}
