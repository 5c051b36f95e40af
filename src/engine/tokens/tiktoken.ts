// OpenAI's tiktoken encodings (cl100k_base, o200k_base) as a TextTokenizer with exact character
// spans. The encoding data (pattern and merge ranks) comes from the js-tiktoken package, imported
// only when an encoding is first asked for, so a page downloads the ranks (1-2 MB) only when an
// OpenAI model is chosen. The encoder is our own so that it keeps positions: the encoding's regex
// splits the text into pieces, each piece's UTF-8 bytes are merged by rank (lowest rank first,
// leftmost on ties, as tiktoken does), and byte boundaries map back to characters with the rule all
// byte-level families share (utf8.ts): a token holding part of a character ends at the character's
// start, the token holding its last byte covers it.
//
// Counting is what OpenAI's embeddings endpoint counts: ordinary text, so "<|endoftext|>" written
// in a document is plain text (tiktoken's encode_ordinary), never a special token.
import { InputError, type TextTokenizer, type TokenSpan } from '../types.ts';
import { TokenBuffer, type TokenArrays } from './buffer.ts';
import { byteToUtf16 } from './utf8.ts';

export type TiktokenEncoding = 'cl100k_base' | 'o200k_base';

/** The data js-tiktoken ships for an encoding (its ranks/<name> modules). */
export interface TiktokenData {
  pat_str: string;
  special_tokens: Record<string, number>;
  /** Lines "<name> <first rank> <base64 token> <base64 token> …", consecutive ranks per line. */
  bpe_ranks: string;
}

const LOADERS: Record<TiktokenEncoding, () => Promise<{ default: TiktokenData }>> = {
  cl100k_base: () => import('js-tiktoken/ranks/cl100k_base'),
  o200k_base: () => import('js-tiktoken/ranks/o200k_base'),
};

export const TIKTOKEN_ENCODINGS = Object.keys(LOADERS) as TiktokenEncoding[];

export function isTiktokenEncoding(name: string): name is TiktokenEncoding {
  return Object.prototype.hasOwnProperty.call(LOADERS, name);
}

export interface TiktokenOptions {
  /** Name used in cache keys and results (default: the encoding's name). */
  name?: string;
  /** Input limit of the model this tokenizer counts for, in tokens. */
  modelMaxLength?: number;
  /** Maximum number of distinct pieces kept in the per-piece cache (default 100 000). */
  cacheCapacity?: number;
}

/** Cached result for one piece: ids and token spans in UTF-16 units of the piece. */
interface Entry {
  ids: number[];
  st: number[];
  en: number[];
}

const loaded = new Map<TiktokenEncoding, Promise<TiktokenData>>();

/**
 * The tokenizer of a tiktoken encoding by name ('cl100k_base', 'o200k_base'), its data imported on
 * first use (and shared by later calls).
 */
export async function createTiktokenTokenizer(encoding: string, options: TiktokenOptions = {}): Promise<TiktokenTokenizer> {
  if (!isTiktokenEncoding(encoding)) {
    throw new InputError(`unknown tiktoken encoding (known: ${TIKTOKEN_ENCODINGS.join(', ')})`, encoding);
  }
  let p = loaded.get(encoding);
  if (p === undefined) {
    p = LOADERS[encoding]().then((m) => m.default);
    loaded.set(encoding, p);
    p.catch(() => loaded.delete(encoding));
  }
  return new TiktokenTokenizer(await p, { name: encoding, ...options });
}

/** Merge ranks keyed by the token's bytes as a binary string (one char per byte). */
function parseRanks(bpeRanks: string): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const line of bpeRanks.split('\n')) {
    if (!line) continue;
    const fields = line.split(' ');
    const first = Number.parseInt(fields[1], 10);
    for (let k = 2; k < fields.length; k++) ranks.set(atob(fields[k]), first + k - 2);
  }
  return ranks;
}

const utf8 = new TextEncoder();

/** The UTF-8 bytes of `s` as a binary string (lone surrogates as U+FFFD, like TextEncoder). */
function utf8Binary(s: string): string {
  let ascii = true;
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) return s;
  const bytes = utf8.encode(s);
  let out = '';
  for (let i = 0; i < bytes.length; i += 4096) {
    out += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(bytes.length, i + 4096)) as unknown as number[]);
  }
  return out;
}

/**
 * Byte-pair merge of `bytes` (a binary string) by rank: repeatedly merges the adjacent pair of parts
 * whose concatenation has the lowest rank, the leftmost one on ties, until no pair has a rank.
 * Returns the part boundaries (0, …, bytes.length). A heap of candidate pairs makes it O(n log n)
 * in the piece's length (tiktoken's own loop is quadratic, which a long word would feel).
 */
export function bytePairMerge(bytes: string, ranks: Map<string, number>): number[] {
  const n = bytes.length;
  if (n <= 1) return n === 0 ? [0] : [0, 1];
  const next = new Int32Array(n + 1);
  const prev = new Int32Array(n + 1);
  const alive = new Uint8Array(n + 1);
  /** Rank of the pair starting at part i, -1 when none. */
  const pairRank = new Float64Array(n + 1);
  for (let i = 0; i <= n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
    alive[i] = 1;
  }
  // min-heap of keys rank * (n + 1) + start: lowest rank first, then leftmost
  const heap: number[] = [];
  const w = n + 1;
  const push = (key: number): void => {
    let c = heap.length;
    heap.push(key);
    while (c > 0) {
      const p = (c - 1) >> 1;
      if (heap[p] <= key) break;
      heap[c] = heap[p];
      c = p;
    }
    heap[c] = key;
  };
  const pop = (): number => {
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      let c = 0;
      for (;;) {
        const l = 2 * c + 1;
        if (l >= heap.length) break;
        const r = l + 1;
        const m = r < heap.length && heap[r] < heap[l] ? r : l;
        if (heap[m] >= last) break;
        heap[c] = heap[m];
        c = m;
      }
      heap[c] = last;
    }
    return top;
  };
  const setPair = (i: number): void => {
    const j = next[i];
    if (i < 0 || j >= n) {
      if (i >= 0) pairRank[i] = -1;
      return;
    }
    const r = ranks.get(bytes.slice(i, next[j]));
    if (r === undefined) pairRank[i] = -1;
    else {
      pairRank[i] = r;
      push(r * w + i);
    }
  };
  for (let i = 0; i + 1 < n; i++) setPair(i);
  pairRank[n - 1] = -1;
  while (heap.length > 0) {
    const key = pop();
    const i = key % w;
    const r = (key - i) / w;
    if (!alive[i] || pairRank[i] !== r) continue; // a pair that has since changed
    const j = next[i];
    next[i] = next[j];
    alive[j] = 0;
    if (next[j] <= n) prev[next[j]] = i;
    setPair(i);
    if (prev[i] >= 0) setPair(prev[i]);
  }
  const bounds: number[] = [];
  for (let i = 0; i < n; i = next[i]) bounds.push(i);
  bounds.push(n);
  return bounds;
}

/** A tiktoken encoding as a TextTokenizer (see the top of this file). */
export class TiktokenTokenizer implements TextTokenizer {
  readonly name: string;
  readonly modelMaxLength?: number;
  readonly family = 'tiktoken' as const;
  readonly alignment = 'exact' as const;
  /**
   * Like byte-level BPE, the space before a word belongs to the word's first token, so a range
   * count can differ from counting the slice: TokenIndex.exactCount never answers.
   */
  readonly exactRangeCounts = false;
  readonly cacheCapacity: number;
  private readonly ranks: Map<string, number>;
  private readonly pattern: RegExp;
  private readonly cache = new Map<string, Entry>();

  constructor(data: TiktokenData, options: TiktokenOptions & { name: string }) {
    if (!data || typeof data.pat_str !== 'string' || typeof data.bpe_ranks !== 'string') {
      throw new InputError('not tiktoken encoding data (pat_str and bpe_ranks expected)', options.name);
    }
    this.name = options.name;
    this.modelMaxLength = options.modelMaxLength;
    this.cacheCapacity = Math.max(1, options.cacheCapacity ?? 100_000);
    this.ranks = parseRanks(data.bpe_ranks);
    this.pattern = new RegExp(data.pat_str, 'gu');
  }

  get cacheSize(): number {
    return this.cache.size;
  }

  safeCut(): boolean {
    return false;
  }

  count(text: string): number {
    if (typeof text !== 'string') throw new InputError('count() needs a string');
    return this.run(text, null);
  }

  encode(text: string): TokenSpan[] {
    if (typeof text !== 'string') throw new InputError('encode() needs a string');
    const out = new TokenBuffer(Math.max(64, text.length >>> 2));
    this.run(text, out);
    return out.toSpans();
  }

  encodeArrays(text: string): TokenArrays {
    if (typeof text !== 'string') throw new InputError('encodeArrays() needs a string');
    const out = new TokenBuffer(Math.max(64, text.length >>> 2));
    this.run(text, out);
    return out.finish();
  }

  private run(text: string, out: TokenBuffer | null): number {
    const re = this.pattern;
    re.lastIndex = 0;
    let total = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      const piece = m[0];
      if (piece.length === 0) {
        re.lastIndex++; // (no alternative of the encodings matches empty; a guard all the same)
        continue;
      }
      const e = this.entry(piece);
      const k = e.ids.length;
      total += k;
      if (out === null) continue;
      const at = m.index;
      for (let t = 0; t < k; t++) out.push(e.ids[t], at + e.st[t], at + e.en[t]);
    }
    return total;
  }

  private entry(piece: string): Entry {
    let e = this.cache.get(piece);
    if (e === undefined) {
      e = this.compute(piece);
      if (this.cache.size >= this.cacheCapacity) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(piece, e);
    }
    return e;
  }

  private compute(piece: string): Entry {
    const bytes = utf8Binary(piece);
    const whole = this.ranks.get(bytes);
    if (whole !== undefined) return { ids: [whole], st: [0], en: [piece.length] };
    const bounds = bytePairMerge(bytes, this.ranks);
    const conv = bytes === piece ? null : byteToUtf16(piece);
    const ids: number[] = [];
    const st: number[] = [];
    const en: number[] = [];
    for (let q = 0; q + 1 < bounds.length; q++) {
      const id = this.ranks.get(bytes.slice(bounds[q], bounds[q + 1]));
      if (id === undefined) continue; // every single byte has a rank in these encodings
      ids.push(id);
      st.push(conv ? conv[bounds[q]] : bounds[q]);
      en.push(conv ? conv[bounds[q + 1]] : bounds[q + 1]);
    }
    return { ids, st, en };
  }
}
