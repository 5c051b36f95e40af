// An embedding service as the project's Embedder: texts → unit vectors through HTTP, so dense and
// hybrid retrieval use a service exactly like a local model (queries and documents sent with the
// service's own input types). Requests go through the llm layer's postJson (timeouts, retries
// with backoff and Retry-After, cancel, key-free errors). Texts are deduplicated, looked up in the
// cache, packed into batches under the service's limits, sent with bounded concurrency; each finished
// batch is validated and cached at once, so a cancelled or failed run keeps what it finished and a
// rerun only asks for what is missing.
import { InputError } from '../../types.ts';
import { abortError, LlmError, isAbortError, postJson, providerErrorCode, safeUrl, type ProviderErrorKind, type ProviderHooks } from '../../llm/index.ts';
import type { ErrorCode } from '../../types.ts';
import { inputHash, keyString, type EmbeddingCache, type EmbeddingCacheKey } from '../cache.ts';
import type { EmbedOptions, EmbedResult, Embedder } from '../embedder.ts';
import { l2Normalize } from '../pooling.ts';
import { distinct, emptyEmbedResult } from '../batching.ts';
import { baseUrlOf, checkEmbeddingConfig, embeddingRecord, publicBaseUrl } from './config.ts';
import { DEFAULT_BATCH_SIZE, PROTOCOLS, type InputKind, type ProviderLimits } from './protocols.ts';
import { APPROXIMATE_TOKEN_MARGIN, type CountTokens } from './tokens.ts';
import type { EmbeddingProviderConfig, EmbeddingProviderRecord } from './types.ts';

export class EmbeddingProviderError extends Error {
  /** The page translates this (src/app/i18n/areas/errors.ts); `details` fill its blanks. */
  public readonly code: ErrorCode;
  public readonly details?: Record<string, unknown>;
  constructor(
    message: string,
    public readonly kind: ProviderErrorKind,
    public readonly status?: number,
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'EmbeddingProviderError';
    this.code = providerErrorCode(kind);
    if (details) this.details = details;
  }
}

export interface ProviderEmbedderOptions {
  cache?: EmbeddingCache;
  /** Token counter for the limits per call (default: characters / 4). See tokens.ts (the tiktoken hook). */
  countTokens?: CountTokens;
  /** Whether countTokens gives the service's own tokens; when not, batches keep a margin. Default false. */
  tokensExact?: boolean;
  /** Test seams: fetch, sleep, jitter, retry notices. */
  hooks?: ProviderHooks;
  /** Called as each request starts (after the cache, before the network). */
  onCall?: (info: { texts: number; tokens: number }) => void;
  /** Called when the service refused a batch as too large (400/413) and the batch size was halved. */
  onBatchShrink?: (maxInputs: number) => void;
}

export interface ProviderStats {
  /** HTTP calls started (retries of one call not counted again). */
  calls: number;
  /** Texts sent to the service. */
  texts: number;
  /** Texts served by the cache (persistent or in-memory). */
  cacheHits: number;
  /** Tokens the service said it billed, when it says. */
  billedTokens: number;
}

export interface ProviderEmbedder extends Embedder {
  /** `${kind}:${model}` */
  readonly id: string;
  /** The effective limits per call (batch size applied). */
  readonly limits: ProviderLimits;
  readonly concurrency: number;
  /** What a results file records (dimensions once known). */
  record(): EmbeddingProviderRecord;
  /** The distinct texts of `texts` with no vector in the cache yet. */
  missing(texts: readonly string[], kind: InputKind): Promise<string[]>;
  /** Batches (lists of indices into `tokenCounts`) as embed() would send them. */
  plan(tokenCounts: readonly number[]): number[][];
  stats(): ProviderStats;
}

/**
 * Greedy packing in order: a batch closes when one more text would pass maxInputs or the summed
 * token budget. A text alone over the budget goes in a batch of its own (the service decides).
 */
export function packBatches(tokenCounts: readonly number[], maxInputs: number, maxTokens: number): number[][] {
  const out: number[][] = [];
  let cur: number[] = [];
  let sum = 0;
  tokenCounts.forEach((n, i) => {
    if (cur.length && (cur.length >= maxInputs || sum + n > maxTokens)) {
      out.push(cur);
      cur = [];
      sum = 0;
    }
    cur.push(i);
    sum += n;
  });
  if (cur.length) out.push(cur);
  return out;
}

/** Texts sent for an empty one: the services reject empty inputs. */
const EMPTY_STANDIN = ' ';

/** The most dimensions a vector may have (the largest models give 4,096; twice that, for margin). */
export const MAX_VECTOR_DIMENSIONS = 8192;
/** The largest magnitude of one coordinate: embeddings sit within a few units; beyond this is garbage. */
export const MAX_VECTOR_VALUE = 1e6;
/** Bytes an answer may take for n texts: n vectors of the most dimensions, ~24 bytes a number in JSON, + 1 MiB. */
export function embeddingAnswerCap(n: number): number {
  return n * MAX_VECTOR_DIMENSIONS * 24 + (1 << 20);
}

export function createProviderEmbedder(config: EmbeddingProviderConfig, o: ProviderEmbedderOptions = {}): ProviderEmbedder {
  checkEmbeddingConfig(config);
  const protocol = PROTOCOLS[config.kind];
  const model = config.model.trim();
  const id = `${config.kind}:${model}`;
  const base = baseUrlOf(config);
  const url = base + protocol.path;
  const key = config.apiKey?.trim() || undefined;
  const countTokens = o.countTokens ?? ((t: string) => Math.ceil(t.length / 4));
  const margin = o.tokensExact ? 1 : APPROXIMATE_TOKEN_MARGIN;
  const limits: ProviderLimits = {
    ...protocol.limits,
    maxInputs: Math.min(protocol.limits.maxInputs, config.batchSize ?? DEFAULT_BATCH_SIZE),
  };
  const tokenBudget = Math.floor(limits.maxTokensPerCall * margin);
  const concurrency = Math.max(1, config.concurrency ?? protocol.concurrency);
  const retry = { ...(o.hooks ?? {}), maxAttempts: config.maxAttempts, timeoutMs: config.timeoutMs };
  // The cache names the service, the model, where it runs (two servers may give one name to two
  // models) and the dimensions asked for; never the key.
  const cacheModel = `${id}@${publicBaseUrl(base)}`;
  const cacheDtype = `dims-${config.dimensions ?? 'native'}`;
  const memo = new Map<string, Float32Array>();
  const stats: ProviderStats = { calls: 0, texts: 0, cacheHits: 0, billedTokens: 0 };
  /** Dimensions seen so far: every vector of this embedder must have them. */
  let dims = config.dimensions;

  const keyOf = (text: string, kind: InputKind): EmbeddingCacheKey => ({ model: cacheModel, dtype: cacheDtype, kind, hash: inputHash(text, '') });

  async function lookup(keys: EmbeddingCacheKey[]): Promise<(Float32Array | undefined)[]> {
    const fromMemo = keys.map((k) => memo.get(keyString(k)));
    const ask = keys.map((k, i) => (fromMemo[i] ? -1 : i)).filter((i) => i >= 0);
    if (o.cache && ask.length) {
      const got = await o.cache.getMany(ask.map((i) => keys[i]));
      ask.forEach((i, j) => {
        const v = got[j];
        if (v && (dims === undefined || v.length === dims)) {
          dims ??= v.length;
          memo.set(keyString(keys[i]), v);
          fromMemo[i] = v;
        }
      });
    }
    return fromMemo;
  }

  function fail(where: string, detail: string, kind: ProviderErrorKind = 'bad-response', status?: number, details?: Record<string, unknown>): never {
    throw new EmbeddingProviderError(`${id} at ${safeUrl(url)}, ${where}: ${detail}`, kind, status, details);
  }

  /** The answer's vectors, checked (see MAX_VECTOR_DIMENSIONS, MAX_VECTOR_VALUE): count, numbers, dimensions; unit length. */
  function readVectors(json: unknown, n: number, where: string): Float32Array[] {
    let raw: unknown[];
    try {
      raw = protocol.vectors(json);
    } catch (e) {
      fail(where, (e as Error).message);
    }
    if (raw.length !== n) fail(where, `the answer has ${raw.length} vectors for ${n} texts`);
    return raw.map((r, j) => {
      if (!Array.isArray(r)) fail(where, `vector ${j} is not a list of numbers`);
      if (!r.length) fail(where, `vector ${j} is empty`);
      if (r.length > MAX_VECTOR_DIMENSIONS) fail(where, `vector ${j} has ${r.length} dimensions, more than the ${MAX_VECTOR_DIMENSIONS} any embedding model gives`);
      const v = new Float32Array(r.length);
      let nonZero = false;
      for (let k = 0; k < r.length; k++) {
        const x = r[k];
        if (typeof x !== 'number' || !Number.isFinite(x)) fail(where, `vector ${j} has a non-numeric value at position ${k}`);
        v[k] = x;
        // Stored as float32: 3.5e38 or 1e300 become Infinity there, and the vector is garbage.
        if (!Number.isFinite(v[k]) || Math.abs(x) > MAX_VECTOR_VALUE) fail(where, `vector ${j} has the value ${x} at position ${k}, outside what an embedding holds (|x| ≤ ${MAX_VECTOR_VALUE})`);
        if (v[k] !== 0) nonZero = true;
      }
      if (!nonZero) fail(where, `vector ${j} is all zeros: it has no direction to compare`);
      if (dims === undefined) dims = v.length;
      else if (v.length !== dims) {
        fail(where, `vector ${j} has ${v.length} dimensions, expected ${dims}${config.dimensions ? ' (as asked with dimensions)' : ' (as the earlier vectors)'}`);
      }
      return l2Normalize(v);
    });
  }

  function billed(json: unknown): number {
    const j = json as { usage?: { total_tokens?: unknown; prompt_tokens?: unknown }; meta?: { billed_units?: { input_tokens?: unknown } } };
    const n = j?.usage?.total_tokens ?? j?.usage?.prompt_tokens ?? j?.meta?.billed_units?.input_tokens;
    return typeof n === 'number' && Number.isFinite(n) ? n : 0;
  }

  async function call(texts: string[], kind: InputKind, tokens: number, where: string, signal: AbortSignal): Promise<Float32Array[]> {
    stats.calls++;
    stats.texts += texts.length;
    o.onCall?.({ texts: texts.length, tokens });
    let json: unknown;
    try {
      json = await postJson(
        { url, headers: protocol.headers(key), body: protocol.body(model, texts, kind, config.dimensions), secret: key, model, signal },
        { ...retry, maxResponseBytes: embeddingAnswerCap(texts.length) },
      );
    } catch (e) {
      if (isAbortError(e) || !(e instanceof LlmError)) throw e;
      const hint =
        (e.status === 400 || e.status === 413) && texts.length > 1
          ? ` (if the server takes fewer texts per call, lower the batch size: ${texts.length} were sent)`
          : '';
      fail(where, e.message + hint, e.kind, e.status, e.details);
    }
    const vectors = readVectors(json, texts.length, where);
    stats.billedTokens += billed(json);
    return vectors;
  }

  async function embed(texts: readonly string[], kind: 'query' | 'passage', opts: EmbedOptions = {}): Promise<EmbedResult> {
    const result = emptyEmbedResult(texts);
    const total = texts.length;
    opts.onProgress?.(total === 0 ? 1 : 0, 0, total);
    if (total === 0) return result;
    if (opts.signal?.aborted) throw abortError(opts.signal);

    // One request entry per distinct text.
    const { owners, first } = distinct(texts, (t, i) => {
      if (typeof t !== 'string') throw new InputError(`text ${i} is not a string`, 'embedder');
    });
    const unique = first.map((i) => texts[i]);
    const counts = unique.map((t) => countTokens(t));
    unique.forEach((_, u) => {
      for (const i of owners[u]) result.tokenCounts[i] = counts[u];
      if (counts[u] > limits.maxTokensPerInput) result.truncated.push(...owners[u]);
    });
    result.truncated.sort((a, b) => a - b);

    let done = 0;
    const place = (u: number, v: Float32Array) => {
      owners[u].forEach((i, n) => (result[i] = n === 0 ? v : v.slice()));
      done += owners[u].length;
    };
    const keys = unique.map((t) => keyOf(t, kind));
    const have = await lookup(keys);
    const todo: number[] = [];
    have.forEach((v, u) => {
      if (v) {
        place(u, v.slice());
        result.cacheHits += owners[u].length;
      } else todo.push(u);
    });
    stats.cacheHits += result.cacheHits;
    opts.onProgress?.(done / total, done, total);
    if (!todo.length) return result;

    const batches = packBatches(todo.map((u) => counts[u]), limits.maxInputs, tokenBudget).map((b) => b.map((j) => todo[j]));
    // One controller per request (each signal then carries one listener, whatever the concurrency);
    // `inner` stops them all on cancel or on the first failure.
    const inner = new AbortController();
    const open = new Set<AbortController>();
    inner.signal.addEventListener('abort', () => open.forEach((c) => c.abort()), { once: true });
    const onAbort = () => inner.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    let failure: unknown;
    let next = 0;
    const worker = async () => {
      while (next < batches.length && failure === undefined && !inner.signal.aborted) {
        const b = next++;
        const batch = batches[b];
        const where = `batch ${b + 1} of ${batches.length} (${batch.length} texts)`;
        const one = new AbortController();
        open.add(one);
        const send = async (part: number[]): Promise<void> => {
          // A smaller size learnt meanwhile (another batch was refused) applies at once.
          if (part.length > limits.maxInputs) {
            for (let i = 0; i < part.length; i += limits.maxInputs) await send(part.slice(i, i + limits.maxInputs));
            return;
          }
          let vectors: Float32Array[];
          try {
            vectors = await call(
              part.map((u) => unique[u] || EMPTY_STANDIN),
              kind,
              part.reduce((s, u) => s + counts[u], 0),
              where,
              one.signal,
            );
          } catch (e) {
            // Refused as too large (400 "batch over the limit", 413): halve, remember, send both halves.
            if (part.length > 1 && e instanceof EmbeddingProviderError && (e.status === 400 || e.status === 413) && !one.signal.aborted) {
              const half = Math.ceil(part.length / 2);
              if (half < limits.maxInputs) {
                limits.maxInputs = half;
                o.onBatchShrink?.(half);
              }
              await send(part.slice(0, half));
              await send(part.slice(half));
              return;
            }
            throw e;
          }
          // Kept at once: a later failure or cancel never loses a finished batch.
          const entries = part.map((u, j) => ({ key: keys[u], vector: vectors[j] }));
          for (const e of entries) memo.set(keyString(e.key), e.vector);
          if (o.cache) await o.cache.setMany(entries);
          part.forEach((u, j) => place(u, vectors[j].slice()));
          opts.onProgress?.(done / total, done, total);
        };
        try {
          await send(batch);
        } catch (e) {
          if (failure === undefined && !(isAbortError(e) && opts.signal?.aborted)) failure = e;
          inner.abort();
        } finally {
          open.delete(one);
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
    } finally {
      opts.signal?.removeEventListener('abort', onAbort);
    }
    if (opts.signal?.aborted) throw abortError(opts.signal);
    if (failure !== undefined) throw failure;
    return result;
  }

  return {
    id,
    maxTokens: limits.maxTokensPerInput,
    pooling: 'service',
    limits,
    concurrency,
    embed,
    inputText: (text) => text,
    record: () => embeddingRecord(config, dims),
    async missing(texts, kind) {
      const unique = [...new Set(texts)];
      const have = await lookup(unique.map((t) => keyOf(t, kind)));
      return unique.filter((_, i) => !have[i]);
    },
    plan: (tokenCounts) => packBatches(tokenCounts, limits.maxInputs, tokenBudget),
    stats: () => ({ ...stats }),
  };
}
