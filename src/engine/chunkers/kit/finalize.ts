// Drafts → chunks: every strategy produces draft ranges and hands them to `finalize`, which trims them,
// adds the prefix (context header + any extra prefix), counts prefix + text exactly and re-cuts
// (`refit`) whatever came out over the cap. `chunkEnv` sets up what finalize needs for one document.

import type { Chunk, ChunkerContext, CommonParams, Doc, LintFlag, TextTokenizer } from '../../types.ts';
import type { TokenIndex } from '../../tokens/index.ts';
import { isBlank, pathAt, trimRange } from '../../documents/ranges.ts';
import { createPrefixer, type Prefixer } from './prefix.ts';
import { hardCut, tokenIndexOf } from './tokens.ts';

/**
 * Characters a chunk may hold per token of the cap. The token cap cannot cut a piece the tokenizer
 * does not split: WordPiece turns any word over max_input_chars_per_word (100) into one [UNK], so
 * 1 MB without whitespace is one token, and a chunk of it would be 1 MB that embeds as "[UNK]". No
 * real vocabulary token is longer than 100 characters, so ordinary text never comes near this bound;
 * a chunk over maxTokens × MAX_CHARS_PER_TOKEN characters is cut again (by tokens, then by halves,
 * as any chunk over the cap) and keeps the tokenizer's real count.
 */
export const MAX_CHARS_PER_TOKEN = 100;

/** A chunk before it gets its id, prefix and exact token count. */
export interface Draft {
  start: number;
  end: number;
  /** Text repeated before this chunk besides the context header (a table's header row). */
  extraPrefix?: string;
  /** Forms of the context header skipped (see Prefixer.header); 0 when absent. */
  leanHeader?: number;
  /** Heading path; default: the path at the (trimmed) start. */
  path?: string[];
  flags?: LintFlag[];
  returnStart?: number;
  returnEnd?: number;
  parentId?: string;
  /** Tokens of prefix + text when the chunker already counted them exactly for this very range. */
  tokens?: number;
  /**
   * Kept whole over the cap (flag 'over-cap'): only a table's header row with the first word of its
   * first row, when even that exceeds the cap (pack.ts headerWithFirstCells). Counted honestly.
   */
  overCap?: boolean;
}

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
    const prefix = prefixer.header(path, d.leanHeader) + (d.extraPrefix ?? '');
    const n =
      d.tokens !== undefined && s === d.start && e === d.end ? d.tokens : countChunk(env, prefix, s, e);
    if ((n <= maxTokens || d.overCap) && e - s <= maxTokens * MAX_CHARS_PER_TOKEN) {
      push(d, s, e, prefix, n, path);
      continue;
    }
    // Over the cap (a tokenizer whose slices do not add up, a budget estimate that was off, or more
    // characters than the cap allows, see MAX_CHARS_PER_TOKEN):
    // cut again at token boundaries, with the path of each piece, until every piece verifies.
    // Every piece fits the cap, so an 'over-cap' draft's flag does not carry over to them.
    const pieceDraft = d.flags?.includes('over-cap') ? { ...d, flags: d.flags.filter((f) => f !== 'over-cap') } : d;
    for (const [ps, pe] of refit(env, s, e, d.extraPrefix ?? '', d.path, d.leanHeader)) {
      const piecePath = d.path ?? pathAt(doc, ps);
      const piecePrefix = prefixer.header(piecePath, d.leanHeader) + (d.extraPrefix ?? '');
      push(pieceDraft, ps, pe, piecePrefix, tokenizer.count(piecePrefix + text.slice(ps, pe)), piecePath);
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
function refit(env: FinalizeEnv, s: number, e: number, extra: string, fixedPath?: string[], lean?: number): [number, number][] {
  const { doc, tokenizer, index, maxTokens, prefixer } = env;
  const text = doc.text;
  const prefixOf = (at: number) => prefixer.header(fixedPath ?? pathAt(doc, at), lean) + extra;
  const fits = (a: number, b: number) =>
    b - a <= maxTokens * MAX_CHARS_PER_TOKEN && tokenizer.count(prefixOf(a) + text.slice(a, b)) <= maxTokens;
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

/**
 * What a strategy needs to chunk one document (token index, prefixer, cap), or null when the document
 * is blank (no chunks).
 */
export function chunkEnv(doc: Doc, params: CommonParams, ctx: ChunkerContext): FinalizeEnv | null {
  if (isBlank(doc.text)) return null;
  return {
    doc,
    tokenizer: ctx.tokenizer,
    index: tokenIndexOf(doc, ctx.tokenizer),
    maxTokens: params.maxTokens,
    prefixer: createPrefixer(doc, ctx.tokenizer, params.maxTokens, params.header),
  };
}
