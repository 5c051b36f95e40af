// Contextual retrieval for any chunker: generate one sentence per chunk (cached per document, chunk,
// model and prompt, so cancelled runs resume and reruns are free), then put each sentence at the start
// of its chunk's prefix, cut at a word boundary when needed so prefix + text stays within the cap.

import { InputError, type Chunk, type Doc, type TextTokenizer } from '../types.ts';
import { abortError, chunkHash, contextCacheKey, docHash, MemoryAnswerCache, promptLanguage, type AnswerCache, type TextGenerator, type PromptLanguage } from '../llm/index.ts';
import { buildPrompt, cleanSentence, DEFAULT_PROMPTS, promptHash, type PromptTemplate } from './prompt.ts';
import type { ContextProgress, FitNote } from './progress.ts';

/** Tokens reserved for the sentence by default: chunk at maxTokens − 60. */
export const DEFAULT_CONTEXT_TOKENS = 60;
/** Document tokens a prompt carries by default (larger documents are cut around the chunk). */
export const DEFAULT_DOCUMENT_BUDGET_TOKENS = 8000;
/** Longest answer asked of the model, in its own tokens. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 100;
/** Characters per token used to turn token budgets into character budgets (the provider's tokenizer is unknown). */
export const CHARS_PER_TOKEN = 4;

/** What decides the sentences (and so the cache key), besides the model. Serialisable. */
export interface ContextSettings {
  /** One template for every document, or one per language; missing languages use the defaults. */
  prompt?: PromptTemplate | Partial<Record<PromptLanguage, PromptTemplate>>;
  /** Tokens of document text per prompt (default 8000). */
  documentBudgetTokens?: number;
  /** Longest answer, in the model's tokens (default 100). */
  maxOutputTokens?: number;
}

export interface GenerateContextOptions extends ContextSettings {
  provider: TextGenerator;
  /** Default: a fresh in-memory cache (nothing survives the call). */
  cache?: AnswerCache;
  signal?: AbortSignal;
  onProgress?: (p: ContextProgress) => void;
  /** Requests in flight at once (default 1; a local model always runs one at a time). */
  concurrency?: number;
}

export interface FitOptions {
  tokenizer: TextTokenizer;
  /** The hard cap on prefix + text the chunks were made for (they were chunked at maxTokens − contextTokens). */
  maxTokens: number;
  /** Most tokens a sentence (with its line break) may take (default 60). */
  contextTokens?: number;
}

export interface AddContextOptions extends GenerateContextOptions, FitOptions {
  /** Sentences that had to be cut or left out, and the run's numbers. */
  onReport?: (report: ContextReport) => void;
}

export interface ContextRunStats {
  /** Chunks asked for, chunks answered from the cache, model calls made. */
  chunks: number;
  cached: number;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
}

export interface ContextReport extends ContextRunStats {
  notes: FitNote[];
}

/** One chunk to situate, with its document. */
export interface ContextJob {
  doc: Doc;
  chunk: Chunk;
}

// ---------------------------------------------------------------- keys

function isTemplate(p: unknown): p is PromptTemplate {
  return !!p && typeof (p as PromptTemplate).system === 'string' && typeof (p as PromptTemplate).user === 'string';
}

/** The template used for a document: the given one, or its language's (given or default). */
export function templateFor(doc: Doc, prompt: ContextSettings['prompt']): PromptTemplate {
  if (isTemplate(prompt)) return prompt;
  const lang = promptLanguage(doc);
  const t = (prompt as Partial<Record<PromptLanguage, PromptTemplate>> | undefined)?.[lang];
  return isTemplate(t) ? t : DEFAULT_PROMPTS[lang];
}

function budgetChars(settings: ContextSettings): number {
  const t = settings.documentBudgetTokens ?? DEFAULT_DOCUMENT_BUDGET_TOKENS;
  if (!Number.isFinite(t) || t < 0) throw new InputError(`must be a number >= 0, got ${t}`, 'documentBudgetTokens');
  return Math.floor(t * CHARS_PER_TOKEN);
}

/** The cache key of a chunk's sentence for a model (`provider.id`) and settings. */
export function contextKeyOf(doc: Doc, chunk: Chunk, model: string, settings: ContextSettings = {}): string {
  return contextCacheKey({
    docHash: docHash(doc),
    chunkHash: chunkHash(doc, chunk.start, chunk.end, chunk.headingPath),
    model,
    promptHash: promptHash(templateFor(doc, settings.prompt), budgetChars(settings)),
  });
}

/** Memoises document hashes and templates over a run (hashing a long document per chunk is wasteful). */
function keyMaker(model: string, settings: ContextSettings) {
  const chars = budgetChars(settings);
  const perDoc = new Map<Doc, { dh: string; ph: string; template: PromptTemplate }>();
  return (doc: Doc, chunk: Chunk) => {
    let d = perDoc.get(doc);
    if (!d) {
      const template = templateFor(doc, settings.prompt);
      d = { dh: docHash(doc), ph: promptHash(template, chars), template };
      perDoc.set(doc, d);
    }
    const key = contextCacheKey({ docHash: d.dh, chunkHash: chunkHash(doc, chunk.start, chunk.end, chunk.headingPath), model, promptHash: d.ph });
    return { key, template: d.template, budgetChars: chars };
  };
}

function checkJobs(jobs: readonly ContextJob[]): void {
  for (const { doc, chunk } of jobs) {
    if (chunk.docId !== doc.id) throw new InputError(`belongs to document "${chunk.docId}", not "${doc.id}"`, `chunk ${chunk.id}`);
    if (!(chunk.start >= 0 && chunk.start <= chunk.end && chunk.end <= doc.text.length))
      throw new InputError(`range ${chunk.start}-${chunk.end} is outside document "${doc.id}" (${doc.text.length} characters)`, `chunk ${chunk.id}`);
  }
}

// ---------------------------------------------------------------- generation

/** Sentences already in the cache, by chunk id (no model calls). Chunks without one are absent. */
export async function lookupContexts(jobs: readonly ContextJob[], cache: AnswerCache, model: string, settings: ContextSettings = {}): Promise<Map<string, string>> {
  checkJobs(jobs);
  const keyOf = keyMaker(model, settings);
  const out = new Map<string, string>();
  for (const { doc, chunk } of jobs) {
    const s = await cache.get(keyOf(doc, chunk).key);
    if (s !== undefined) out.set(chunk.id, s);
  }
  return out;
}

/**
 * Generates the missing sentences of `jobs` (any number of documents) and returns every sentence by
 * chunk id. Each finished call is written to the cache at once, so a cancelled run keeps what it did.
 * Cancel (signal) aborts the requests in flight and rejects with an AbortError once they have settled;
 * a provider error stops the run the same way and is rethrown.
 */
export async function generateContexts(
  jobs: readonly ContextJob[],
  opts: GenerateContextOptions,
): Promise<{ sentences: Map<string, string>; stats: ContextRunStats }> {
  checkJobs(jobs);
  const { provider, signal } = opts;
  if (!provider || typeof provider.generate !== 'function') throw new InputError('a context provider is required', 'provider');
  const cache = opts.cache ?? new MemoryAnswerCache();
  const maxOut = opts.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
  if (!Number.isInteger(maxOut) || maxOut < 1) throw new InputError(`must be a whole number >= 1, got ${maxOut}`, 'maxOutputTokens');
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? 1));
  const keyOf = keyMaker(provider.id, opts);
  const stats: ContextRunStats = { chunks: jobs.length, cached: 0, calls: 0, inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 };
  const sentences = new Map<string, string>();
  let done = 0;
  const progress = () => opts.onProgress?.({ done, total: jobs.length, cached: stats.cached, calls: stats.calls });

  // Group chunks by key (identical chunk texts in one document share one call), then read the cache.
  const groups = new Map<string, { job: ContextJob; template: PromptTemplate; budgetChars: number; ids: string[] }>();
  for (const job of jobs) {
    const k = keyOf(job.doc, job.chunk);
    const g = groups.get(k.key);
    if (g) g.ids.push(job.chunk.id);
    else groups.set(k.key, { job, template: k.template, budgetChars: k.budgetChars, ids: [job.chunk.id] });
  }
  const todo: [string, { job: ContextJob; template: PromptTemplate; budgetChars: number; ids: string[] }][] = [];
  for (const [key, g] of groups) {
    if (signal?.aborted) throw abortError(signal);
    const hit = await cache.get(key);
    if (hit === undefined) {
      todo.push([key, g]);
      continue;
    }
    for (const id of g.ids) sentences.set(id, hit);
    stats.cached += g.ids.length;
    done += g.ids.length;
  }
  progress();
  if (!todo.length) return { sentences, stats };

  const inner = new AbortController();
  const onAbort = () => inner.abort(abortError(signal));
  if (signal?.aborted) throw abortError(signal);
  signal?.addEventListener('abort', onAbort, { once: true });
  let failure: unknown;
  let next = 0;
  const worker = async () => {
    while (next < todo.length && !inner.signal.aborted) {
      const [key, g] = todo[next++];
      const { doc, chunk } = g.job;
      const prompt = buildPrompt({ doc, start: chunk.start, end: chunk.end, headingPath: chunk.headingPath, template: g.template, documentBudgetChars: g.budgetChars });
      try {
        stats.calls++;
        const res = await provider.generate(prompt, { signal: inner.signal, maxTokens: maxOut });
        if (inner.signal.aborted) return; // finished after the cancel: not kept, like the others in flight
        const sentence = cleanSentence(res.text);
        await cache.set(key, sentence);
        stats.inputTokens += res.inputTokens ?? 0;
        stats.outputTokens += res.outputTokens ?? 0;
        stats.cachedInputTokens += res.cachedInputTokens ?? 0;
        for (const id of g.ids) sentences.set(id, sentence);
        done += g.ids.length;
        progress();
      } catch (e) {
        if (failure === undefined && !inner.signal.aborted) {
          failure = e;
          inner.abort(e);
        }
        return;
      }
    }
  };
  try {
    await Promise.allSettled(Array.from({ length: Math.min(concurrency, todo.length) }, worker));
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (signal?.aborted) throw abortError(signal);
  if (failure !== undefined) throw failure;
  return { sentences, stats };
}

// ---------------------------------------------------------------- placing sentences

/** Collapses whitespace so a sentence is one line. */
function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * The longest start of `sentence`, cut at a word boundary, for which `fits` holds; '' when not even
 * the first word fits. Token counts grow with the cut's length, so a binary search over the word
 * ends finds it; the result is checked and walked back should a tokenizer break that.
 */
export function cutToFit(sentence: string, fits: (s: string) => boolean): string {
  if (fits(sentence)) return sentence;
  const ends: number[] = [];
  for (let i = 1; i < sentence.length; i++) if (sentence[i] === ' ' && sentence[i - 1] !== ' ') ends.push(i);
  const cut = (j: number) => sentence.slice(0, ends[j]).replace(/[\s,;:–—-]+$/u, '');
  let lo = 0;
  let hi = ends.length - 1;
  let best = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (fits(cut(mid))) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  for (let j = best; j >= 0; j--) if (cut(j) && fits(cut(j))) return cut(j);
  return '';
}

/**
 * Puts each chunk's sentence at the start of its prefix (before the structural header), sets
 * `context` and recounts `tokens` (and `returnTokens`). Synchronous: sentences come from
 * generateContexts or lookupContexts. A sentence is cut at a word boundary when it is over
 * `contextTokens` or would push prefix + text over `maxTokens`; such cuts are listed in `notes`.
 * Chunks without a sentence are returned unchanged and listed in `missing`.
 */
export function applyContext(
  doc: Doc,
  chunks: readonly Chunk[],
  sentences: ReadonlyMap<string, string>,
  fit: FitOptions,
): { chunks: Chunk[]; notes: FitNote[]; missing: string[] } {
  const { tokenizer, maxTokens } = fit;
  const budget = fit.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
  if (!Number.isInteger(maxTokens) || maxTokens < 1) throw new InputError(`must be a whole number >= 1, got ${maxTokens}`, 'maxTokens');
  if (!Number.isInteger(budget) || budget < 0) throw new InputError(`must be a whole number >= 0, got ${budget}`, 'contextTokens');
  const notes: FitNote[] = [];
  const missing: string[] = [];
  const out = chunks.map((chunk) => {
    if (chunk.docId !== doc.id) throw new InputError(`belongs to document "${chunk.docId}", not "${doc.id}"`, `chunk ${chunk.id}`);
    const raw = sentences.get(chunk.id);
    if (raw === undefined) {
      missing.push(chunk.id);
      return chunk;
    }
    // A chunk that already carries a sentence is re-fitted from its original prefix.
    const base = chunk.context !== undefined && chunk.prefix.startsWith(chunk.context + '\n') ? chunk.prefix.slice(chunk.context.length + 1) : chunk.prefix;
    const text = doc.text.slice(chunk.start, chunk.end);
    const sentence = oneLine(raw);
    const fits = (s: string) => tokenizer.count(s + '\n') <= budget && tokenizer.count(s + '\n' + base + text) <= maxTokens;
    const kept = sentence ? cutToFit(sentence, fits) : '';
    if (kept !== sentence || !sentence) {
      notes.push({ chunkId: chunk.id, kind: kept ? 'cut' : 'dropped', generatedTokens: sentence ? tokenizer.count(sentence) : 0, keptTokens: kept ? tokenizer.count(kept) : 0 });
    }
    const c: Chunk = { ...chunk, flags: [...chunk.flags], headingPath: [...chunk.headingPath] };
    delete c.context;
    c.prefix = kept ? `${kept}\n${base}` : base;
    if (kept) c.context = kept;
    c.tokens = tokenizer.count(c.prefix + text);
    if (c.returnStart !== undefined && c.returnEnd !== undefined) c.returnTokens = tokenizer.count(c.prefix + doc.text.slice(c.returnStart, c.returnEnd));
    return c;
  });
  return { chunks: out, notes, missing };
}

/** Generate (or read from the cache) and place the sentences of one document's chunks. */
export async function addContext(doc: Doc, chunks: readonly Chunk[], opts: AddContextOptions): Promise<Chunk[]> {
  const { sentences, stats } = await generateContexts(
    chunks.map((chunk) => ({ doc, chunk })),
    opts,
  );
  const placed = applyContext(doc, chunks, sentences, opts);
  opts.onReport?.({ ...stats, notes: placed.notes });
  return placed.chunks;
}

/** Fewest tokens a chunk must keep after room is reserved for its context sentence. */
export const MIN_CHUNK_TOKENS_WITH_CONTEXT = 8;

/**
 * Whether chunks of `maxTokens` keep at least MIN_CHUNK_TOKENS_WITH_CONTEXT tokens once
 * `contextTokens` are reserved for the sentence: the one rule chunkingCap, the CLI and the
 * Experiments grid apply.
 */
export function leavesRoomForContext(maxTokens: number, contextTokens = DEFAULT_CONTEXT_TOKENS): boolean {
  return maxTokens - contextTokens >= MIN_CHUNK_TOKENS_WITH_CONTEXT;
}

/** The cap to chunk at so a sentence of `contextTokens` fits: maxTokens − contextTokens (InputError when nothing is left). */
export function chunkingCap(maxTokens: number, contextTokens = DEFAULT_CONTEXT_TOKENS): number {
  const cap = maxTokens - contextTokens;
  if (!Number.isInteger(cap) || !leavesRoomForContext(maxTokens, contextTokens)) {
    throw new InputError(`maxTokens ${maxTokens} leaves ${cap} tokens after reserving ${contextTokens} for the context sentence (at least ${MIN_CHUNK_TOKENS_WITH_CONTEXT} needed)`, 'contextTokens');
  }
  return cap;
}

export interface ContextualizerOptions extends ContextSettings, FitOptions {
  cache: AnswerCache;
  /** The provider's id (`kind:model`) the sentences were generated with. */
  model: string;
  /** When given, missing sentences are generated; otherwise a missing one is an InputError. */
  provider?: TextGenerator;
  signal?: AbortSignal;
  onProgress?: (p: ContextProgress) => void;
  concurrency?: number;
  onReport?: (report: ContextReport) => void;
}

/**
 * The hook an experiment calls after chunking: the same chunks with their sentences placed, in order.
 * With no provider it only reads the cache, so an experiment never calls a model by surprise.
 */
export function createContextualizer(opts: ContextualizerOptions) {
  return async (docs: ReadonlyMap<string, Doc>, chunks: readonly Chunk[]): Promise<Chunk[]> => {
    const jobs = chunks.map((chunk) => {
      const doc = docs.get(chunk.docId);
      if (!doc) throw new InputError(`unknown document "${chunk.docId}"`, `chunk ${chunk.id}`);
      return { doc, chunk };
    });
    let sentences: Map<string, string>;
    let stats: ContextRunStats = { chunks: jobs.length, cached: 0, calls: 0, inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 };
    if (opts.provider) {
      if (opts.provider.id !== opts.model) throw new InputError(`the provider is "${opts.provider.id}" but the sentences asked for are "${opts.model}"`, 'context model');
      ({ sentences, stats } = await generateContexts(jobs, { ...opts, provider: opts.provider }));
    } else {
      sentences = await lookupContexts(jobs, opts.cache, opts.model, opts);
      stats.cached = sentences.size;
      const lacking = jobs.length - sentences.size;
      if (lacking) {
        throw contextMissing(lacking, jobs.length, opts.model, 'generate them first (the run resumes where it stopped)');
      }
    }
    // Place per document, keeping the input order.
    const byDoc = new Map<string, Chunk[]>();
    for (const c of chunks) {
      const list = byDoc.get(c.docId);
      if (list) list.push(c);
      else byDoc.set(c.docId, [c]);
    }
    const placed = new Map<string, Chunk>();
    const notes: FitNote[] = [];
    for (const [docId, list] of byDoc) {
      const r = applyContext(docs.get(docId)!, list, sentences, opts);
      for (const c of r.chunks) placed.set(c.id, c);
      notes.push(...r.notes);
    }
    opts.onReport?.({ ...stats, notes });
    return chunks.map((c) => placed.get(c.id) ?? c);
  };
}

/**
 * The error of a run that needs generated context the cache does not hold: code 'context-missing',
 * with the counts and the model as details (the page shows them translated, never parses the text).
 */
export function contextMissing(missing: number, total: number, model: string, hint: string): InputError {
  return new InputError(`${missing} of ${total} chunks have no generated context for ${model} yet: ${hint}`, 'context', {
    code: 'context-missing',
    details: { missing, total, model },
  });
}

/**
 * ExperimentDeps.contextualize over sentences fetched elsewhere (the page's cache, through the engine
 * worker's hooks): each document's chunks get their sentence placed by applyContext (prefix + text
 * within maxTokens). Nothing is generated: chunks without a sentence are a 'context-missing' error.
 */
export function contextualizerFromSentences(
  sentencesOf: (docs: Map<string, Doc>, chunks: Chunk[]) => Promise<Record<string, string>>,
  opts: { tokenizer: TextTokenizer; maxTokens: number; contextTokens: number; model: string },
) {
  return async (docs: ReadonlyMap<string, Doc>, chunks: readonly Chunk[]): Promise<Chunk[]> => {
    const sentences = new Map(Object.entries(await sentencesOf(new Map(docs), [...chunks])));
    const byDoc = new Map<string, Chunk[]>();
    for (const c of chunks) (byDoc.get(c.docId) ?? byDoc.set(c.docId, []).get(c.docId)!).push(c);
    const placed = new Map<string, Chunk>();
    let missing = 0;
    for (const [docId, list] of byDoc) {
      const doc = docs.get(docId);
      if (!doc) throw new InputError(`unknown document "${docId}"`, `chunk ${list[0].id}`);
      const r = applyContext(doc, list, sentences, { tokenizer: opts.tokenizer, maxTokens: opts.maxTokens, contextTokens: opts.contextTokens });
      missing += r.missing.length;
      for (const c of r.chunks) placed.set(c.id, c);
    }
    if (missing) throw contextMissing(missing, chunks.length, opts.model, 'generate them in the context panel first, with the same strategy and size');
    return chunks.map((c) => placed.get(c.id)!);
  };
}
