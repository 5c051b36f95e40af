// Shared plumbing of the chunkers: a cached token index per document, offset helpers (trim, heading
// path at an offset, token binary searches, hard token cuts) and `finalize`, which turns draft ranges
// into Chunk objects, adds the prefix, counts prefix + text exactly and re-cuts anything over the cap.

import type { Chunk, Doc, LintFlag, TextTokenizer, TokenSpan, Unit } from '../types.ts';
import { docUnits } from '../documents/index.ts';
import { TokenIndex } from '../tokens/index.ts';
import type { Prefixer } from './header.ts';

/** A chunk before it gets its id, prefix and exact token count. */
export interface Draft {
  start: number;
  end: number;
  /** Text repeated before this chunk besides the context header (a table's header row). */
  extraPrefix?: string;
  /** Heading path; default: the path at the (trimmed) start. */
  path?: string[];
  flags?: LintFlag[];
  returnStart?: number;
  returnEnd?: number;
  parentId?: string;
  /** Tokens of prefix + text when the chunker already counted them exactly for this very range. */
  tokens?: number;
}

/** A budget as a function of where a chunk starts (the context header depends on the heading path there). */
export type BudgetAt = (offset: number, extraPrefix?: string) => number;

// ---------------------------------------------------------------- token index cache

const indexCache = new WeakMap<Doc, Map<TextTokenizer, { text: string; index: TokenIndex }>>();

/** The document's token index for this tokenizer, built once and reused by every chunker and lint. */
export function tokenIndexOf(doc: Doc, tokenizer: TextTokenizer): TokenIndex {
  let perTokenizer = indexCache.get(doc);
  if (!perTokenizer) {
    perTokenizer = new Map();
    indexCache.set(doc, perTokenizer);
  }
  const hit = perTokenizer.get(tokenizer);
  if (hit && hit.text === doc.text) return hit.index;
  const index = new TokenIndex(doc.text, tokenizer);
  perTokenizer.set(tokenizer, { text: doc.text, index });
  return index;
}

/** Smallest i with tokens[i].start >= offset (tokens.length when none). */
export function firstTokenFrom(tokens: TokenSpan[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid].start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Largest i with tokens[i].end <= offset (-1 when none). */
export function lastTokenUntil(tokens: TokenSpan[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid].end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

// ---------------------------------------------------------------- text helpers

function isSpace(code: number): boolean {
  // ASCII whitespace, NBSP, the Unicode spaces, line/paragraph separators, BOM.
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** [start, end) without leading and trailing whitespace; start === end when blank. */
export function trimRange(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  while (s < e && isSpace(text.charCodeAt(s))) s++;
  while (e > s && isSpace(text.charCodeAt(e - 1))) e--;
  return [s, e];
}

export function isBlank(text: string): boolean {
  const [s, e] = trimRange(text, 0, text.length);
  return s === e;
}

/** Index of the block that contains `offset`, or else the first block after it, or -1. */
export function blockAt(doc: Doc, offset: number): number {
  const blocks = doc.blocks;
  let lo = 0;
  let hi = blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (blocks[mid].end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo < blocks.length ? lo : -1;
}

/**
 * Heading path at an offset: that of the block containing it (or the next block). Front matter takes
 * the path of the block after it (it describes the whole document).
 */
export function pathAt(doc: Doc, offset: number): string[] {
  let i = blockAt(doc, offset);
  while (i >= 0 && i + 1 < doc.blocks.length && doc.blocks[i].kind === 'front-matter') i++;
  if (i >= 0) return doc.blocks[i].headingPath;
  return doc.blocks.length ? doc.blocks[doc.blocks.length - 1].headingPath : [];
}

// ---------------------------------------------------------------- hard cuts

/**
 * Cuts [start, end) at token boundaries into pieces of at most budgetAt(pieceStart) tokens. The pieces
 * tile the range (the first starts at `start`, the last ends at `end`), so nothing is lost.
 */
export function hardCut(index: TokenIndex, start: number, end: number, budgetAt: (offset: number) => number): [number, number][] {
  const i0 = index.firstStartAtOrAfter(start);
  const i1 = index.firstEndAfter(end) - 1;
  const out: [number, number][] = [];
  let pieceStart = start;
  let i = i0;
  while (i <= i1) {
    const budget = Math.max(1, budgetAt(pieceStart));
    const last = i + budget - 1;
    if (last >= i1) break;
    const cut = index.charEnd(last);
    out.push([pieceStart, cut]);
    pieceStart = cut;
    i = last + 1;
  }
  if (pieceStart < end) out.push([pieceStart, end]);
  return out;
}

// ---------------------------------------------------------------- finalize

export interface FinalizeEnv {
  doc: Doc;
  tokenizer: TextTokenizer;
  index: TokenIndex;
  maxTokens: number;
  prefixer: Prefixer;
}

/**
 * Drafts → chunks: trims each range, computes heading path and prefix, counts prefix + text with the
 * tokenizer itself (the cap is a hard maximum) and re-cuts a draft that came out over the cap.
 * Ids are `${doc.id}#${index}` in order.
 */
export function finalize(env: FinalizeEnv, drafts: Draft[]): Chunk[] {
  const { doc, tokenizer, maxTokens, prefixer } = env;
  const text = doc.text;
  const out: Chunk[] = [];
  const push = (d: Draft, s: number, e: number, prefix: string, tokens: number, path: string[]) => {
    const chunk: Chunk = {
      id: `${doc.id}#${out.length}`,
      docId: doc.id,
      index: out.length,
      start: s,
      end: e,
      prefix,
      tokens,
      headingPath: path,
      flags: d.flags ? [...d.flags] : [],
    };
    if (d.returnStart !== undefined) chunk.returnStart = d.returnStart;
    if (d.returnEnd !== undefined) chunk.returnEnd = d.returnEnd;
    if (d.parentId !== undefined) chunk.parentId = d.parentId;
    out.push(chunk);
  };
  for (const d of drafts) {
    const [s, e] = trimRange(text, d.start, d.end);
    if (s >= e) continue;
    const path = d.path ?? pathAt(doc, s);
    const prefix = prefixer.header(path) + (d.extraPrefix ?? '');
    const n =
      d.tokens !== undefined && s === d.start && e === d.end ? d.tokens : countChunk(env, prefix, s, e);
    if (n <= maxTokens) {
      push(d, s, e, prefix, n, path);
      continue;
    }
    // Over the cap (a tokenizer whose slices do not add up, or a budget estimate that was off):
    // cut again at token boundaries, with the path of each piece, until every piece verifies.
    for (const [ps, pe] of refit(env, s, e, d.extraPrefix ?? '', d.path)) {
      const piecePath = d.path ?? pathAt(doc, ps);
      const piecePrefix = prefixer.header(piecePath) + (d.extraPrefix ?? '');
      push(d, ps, pe, piecePrefix, tokenizer.count(piecePrefix + text.slice(ps, pe)), piecePath);
    }
  }
  return out;
}

/**
 * Tokens of prefix + text[s, e). From the token index plus the prefix's cached count when the
 * tokenizer guarantees that this equals counting the joined string: the index answers exactly for
 * [s, e) (TokenIndex.exactCount) and the prefix ends in ASCII whitespace before a text that does not
 * start with a combining mark, so no word, character cluster or added token spans the junction.
 * Otherwise the tokenizer counts the joined string, as a user's pipeline would.
 */
function countChunk(env: FinalizeEnv, prefix: string, s: number, e: number): number {
  const text = env.doc.text;
  if (prefix === '' || (isAsciiSpace(prefix.charCodeAt(prefix.length - 1)) && text.charCodeAt(s) < 0x300)) {
    const n = env.index.exactCount(s, e);
    if (n !== null) return env.prefixer.tokens(prefix) + n;
  }
  return env.tokenizer.count(prefix + text.slice(s, e));
}

function isAsciiSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

/** Pieces of [s, e) that each fit the cap once prefixed; cuts by tokens, then by halves. */
function refit(env: FinalizeEnv, s: number, e: number, extra: string, fixedPath?: string[]): [number, number][] {
  const { doc, tokenizer, index, maxTokens, prefixer } = env;
  const text = doc.text;
  const prefixOf = (at: number) => prefixer.header(fixedPath ?? pathAt(doc, at)) + extra;
  const fits = (a: number, b: number) => tokenizer.count(prefixOf(a) + text.slice(a, b)) <= maxTokens;
  const out: [number, number][] = [];
  const place = (a: number, b: number, depth: number) => {
    const [ts, te] = trimRange(text, a, b);
    if (ts >= te) return;
    if (fits(ts, te) || depth > 60) {
      out.push([ts, te]);
      return;
    }
    // Cut at the token boundary nearest the middle, or at the middle character.
    const i0 = index.firstStartAtOrAfter(ts);
    const i1 = index.firstEndAfter(te) - 1;
    let cut = -1;
    if (i1 > i0) cut = index.charEnd((i0 + i1) >>> 1);
    if (cut <= ts || cut >= te) {
      cut = (ts + te) >>> 1;
      const code = text.charCodeAt(cut);
      if (code >= 0xdc00 && code <= 0xdfff && cut > ts + 1) cut--; // never split a surrogate pair
    }
    place(ts, cut, depth + 1);
    place(cut, te, depth + 1);
  };
  const first = hardCut(index, s, e, (at) => maxTokens - tokenizer.count(prefixOf(at)) - 1);
  for (const [a, b] of first) place(a, b, 0);
  return out;
}

// ---------------------------------------------------------------- abort

/** The error a cancelled run throws: a DOMException named AbortError (or the signal's own reason). */
export function abortError(signal?: AbortSignal): Error {
  const reason = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The chunking was cancelled.', 'AbortError');
}

export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw abortError(signal);
}

// ---------------------------------------------------------------- units cache

const unitCache = new WeakMap<Doc, Map<string, { text: string; units: Unit[] }>>();

/** docUnits(doc, language), computed once per document and language. */
export function unitsOf(doc: Doc, language?: string): Unit[] {
  let perLang = unitCache.get(doc);
  if (!perLang) {
    perLang = new Map();
    unitCache.set(doc, perLang);
  }
  const key = language ?? '';
  const hit = perLang.get(key);
  if (hit && hit.text === doc.text) return hit.units;
  const units = docUnits(doc, language);
  perLang.set(key, { text: doc.text, units });
  return units;
}
