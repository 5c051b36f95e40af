// Entry point of the chunkers: chunkDocument fills defaults from the registry, validates parameters
// (InputError naming the bad one), runs the chunker and checks its caps; chunkCorpus does it for many
// documents with progress and cancellation.

import { InputError, type Block, type Chunk, type ChunkerContext, type ChunkerId, type Doc, type Span } from '../types.ts';
import { guessLanguage, sentenceSpans } from '../documents/index.ts';
import { blockAt } from '../documents/ranges.ts';
import { abortError, throwIfAborted, tokenIndexOf, type ChunkerInfo } from './kit/index.ts';
import { CHUNKERS } from './registry.ts';

export type ChunkParams = Record<string, unknown>;

function infoOf(id: string): ChunkerInfo {
  if (typeof id !== 'string' || !Object.prototype.hasOwnProperty.call(CHUNKERS, id)) {
    throw new InputError(`unknown chunker "${String(id)}" (expected one of: ${Object.keys(CHUNKERS).join(', ')})`, 'chunker');
  }
  return CHUNKERS[id as ChunkerId];
}

/**
 * Defaults filled in and every value checked against the registry. Throws InputError whose `where`
 * names the parameter. `header` also takes { title?, path?, version? }; `separators` of the recursive
 * chunker also takes a list of literal strings; `language` ('pt', 'en', …) is accepted everywhere.
 */
export function resolveParams(id: string, params: ChunkParams = {}): Record<string, unknown> & { maxTokens: number } {
  const info = infoOf(id);
  if (params === null || typeof params !== 'object' || Array.isArray(params)) {
    throw new InputError('parameters must be an object', `chunker ${id}`);
  }
  const out: Record<string, unknown> = {};
  const known = new Set(info.params.map((p) => p.name));
  for (const key of Object.keys(params)) {
    // "No header" asks nothing of a chunker that has none (the baselines): the grid sends it to every chunker.
    if (key === 'header' && !known.has(key) && (params.header === false || params.header === undefined)) continue;
    if (!known.has(key) && key !== 'language') {
      throw new InputError(
        `unknown parameter for chunker "${id}" (expected: ${[...known].join(', ')})`,
        `parameter ${key}`,
      );
    }
  }
  for (const spec of info.params) {
    const raw = params[spec.name];
    const where = `parameter ${spec.name}`;
    if (raw === undefined || raw === null) {
      out[spec.name] = spec.default;
      continue;
    }
    if (spec.name === 'header' && typeof raw === 'object' && !Array.isArray(raw)) {
      for (const [k, v] of Object.entries(raw as object)) {
        if (!['title', 'path', 'version'].includes(k)) throw new InputError(`unknown header field "${k}" (expected title, path, version)`, where);
        if (v !== undefined && typeof v !== 'boolean') throw new InputError(`header field "${k}" must be true or false`, where);
      }
      out.header = raw;
      continue;
    }
    if (spec.name === 'separators' && Array.isArray(raw)) {
      if (!raw.length || !raw.every((s) => typeof s === 'string' && s !== '')) {
        throw new InputError('separators must be "default", "markdown" or a non-empty list of non-empty strings', where);
      }
      out.separators = raw;
      continue;
    }
    switch (spec.type) {
      case 'boolean':
        if (typeof raw !== 'boolean') throw new InputError(`must be true or false, got ${JSON.stringify(raw)}`, where);
        break;
      case 'enum':
        if (typeof raw !== 'string' || !spec.options?.includes(raw)) {
          throw new InputError(`must be one of ${spec.options?.join(', ')}, got ${JSON.stringify(raw)}`, where);
        }
        break;
      case 'int':
      case 'number': {
        if (typeof raw !== 'number' || !Number.isFinite(raw)) throw new InputError(`must be a number, got ${JSON.stringify(raw)}`, where);
        if (spec.type === 'int' && !Number.isInteger(raw)) throw new InputError(`must be a whole number, got ${raw}`, where);
        if (spec.min !== undefined && raw < spec.min) throw new InputError(`must be at least ${spec.min}, got ${raw}`, where);
        if (spec.max !== undefined && raw > spec.max) throw new InputError(`must be at most ${spec.max}, got ${raw}`, where);
        break;
      }
    }
    out[spec.name] = raw;
  }
  if (params.language !== undefined) {
    if (typeof params.language !== 'string') throw new InputError('must be a language code such as "pt" or "en"', 'parameter language');
    out.language = params.language;
  }
  const max = out.maxTokens as number;
  if (typeof out.overlap === 'number' && out.overlap >= max) {
    throw new InputError(`must be smaller than maxTokens (${max}), got ${out.overlap}`, 'parameter overlap');
  }
  const resolved = out as Record<string, unknown> & { maxTokens: number };
  info.chunker.check?.(resolved, params);
  return resolved;
}

/** Chunks one document: defaults, validation, the chunker, a cap check and 'oversized-unit' flags. */
export async function chunkDocument(doc: Doc, id: ChunkerId | string, params: ChunkParams, ctx: ChunkerContext): Promise<Chunk[]> {
  const info = infoOf(id);
  const resolved = resolveParams(id, params);
  if (!ctx || !ctx.tokenizer) throw new InputError('a tokenizer is needed to count tokens', 'chunker context');
  throwIfAborted(ctx.signal);
  const chunks = await info.chunker.chunk(doc, resolved, ctx);
  throwIfAborted(ctx.signal);
  const cap = resolved.maxTokens;
  // A baseline's chunks are the library's own: its chunkSize is not a hard cap, and no chunk is re-cut.
  for (const c of info.baseline ? [] : chunks) {
    // The one exception, flagged and counted honestly: a table's column names with the first word of
    // its first row, when even that exceeds the cap (never a chunk of column names alone).
    if (c.tokens > cap && !c.flags.includes('over-cap')) {
      // A chunker bug, not bad input: never hand back a chunk over the hard cap.
      throw new Error(`chunker ${id} produced ${c.id} with ${c.tokens} tokens, over the cap of ${cap}`);
    }
  }
  markOversizedUnits(doc, chunks, cap, ctx, resolved.language as string | undefined);
  return chunks;
}

/**
 * Flags 'oversized-unit' on every chunk with a boundary strictly inside a unit that could not fit one
 * chunk by itself (its tokens above the cap less the chunk's prefix). Units are only computed for the
 * blocks that are themselves over the budget (a block that fits holds no oversized unit), so this costs
 * nothing on ordinary documents.
 */
function markOversizedUnits(doc: Doc, chunks: Chunk[], cap: number, ctx: ChunkerContext, language?: string): void {
  if (!chunks.length || !doc.blocks.length) return;
  const index = tokenIndexOf(doc, ctx.tokenizer);
  const prefixTokens = new Map<string, number>();
  const prefixCount = (p: string) => {
    let n = prefixTokens.get(p);
    if (n === undefined) prefixTokens.set(p, (n = p ? ctx.tokenizer.count(p) : 0));
    return n;
  };
  let lang: string | undefined;
  const unitsIn = (b: Block): Span[] => {
    if (b.kind === 'table') return [...(b.header ? [b.header] : []), ...(b.rows ?? [])];
    if (b.kind === 'heading' || b.kind === 'code' || b.kind === 'rule' || b.kind === 'front-matter') return [b];
    lang ??= language || doc.meta.language || guessLanguage(doc.text.slice(0, 20_000));
    return sentenceSpans(doc.text, b.start, b.end, lang);
  };
  const blockUnits = new Map<number, Span[]>();
  for (const c of chunks) {
    if (c.flags.includes('oversized-unit')) continue;
    const budget = cap - prefixCount(c.prefix);
    for (const at of [c.start, c.end]) {
      const bi = blockAt(doc, at);
      const b = doc.blocks[bi];
      if (!b || !(b.start < at && at < b.end) || index.count(b.start, b.end) <= budget) continue;
      let units = blockUnits.get(bi);
      if (!units) blockUnits.set(bi, (units = unitsIn(b)));
      if (units.some((u) => u.start < at && at < u.end && index.count(u.start, u.end) > budget)) {
        c.flags.push('oversized-unit');
        break;
      }
    }
  }
}

/**
 * Chunks many documents, reporting progress (fraction of characters done) and yielding to the event loop
 * between documents so an abort is seen promptly (it throws an AbortError). Returns every chunk, in
 * document order (each carries its docId).
 */
/** Longest stretch of chunking between two yields to the event loop in chunkCorpus. */
const YIELD_MS = 10;

export async function chunkCorpus(docs: Doc[], id: ChunkerId | string, params: ChunkParams, ctx: ChunkerContext): Promise<Chunk[]> {
  infoOf(id);
  resolveParams(id, params);
  const total = docs.reduce((n, d) => n + d.text.length, 0) || 1;
  let done = 0;
  const chunks: Chunk[] = [];
  ctx.onProgress?.(0);
  let lastYield = -Infinity;
  for (const doc of docs) {
    // Yield to the event loop (an abort or a message can come in) once per YIELD_MS of work, not per
    // document: a setTimeout(0) costs 1 ms in Node and 4 ms in a browser, 0.3 s over 221 small documents.
    if (performance.now() - lastYield >= YIELD_MS) {
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
      lastYield = performance.now();
    }
    if (ctx.signal?.aborted) throw abortError(ctx.signal);
    // Progress inside one document (semantic embeds in batches) is scaled into its share.
    const base = done;
    const inner: ChunkerContext = {
      ...ctx,
      onProgress: ctx.onProgress ? (f) => ctx.onProgress!(Math.min(1, (base + f * doc.text.length) / total)) : undefined,
    };
    const out = await chunkDocument(doc, id, params, inner);
    for (const c of out) chunks.push(c);
    done += doc.text.length;
    ctx.onProgress?.(Math.min(1, done / total));
  }
  return chunks;
}
