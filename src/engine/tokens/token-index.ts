// A document encoded once, so that chunkers can count the tokens of any character range in
// O(log n) with two binary searches instead of re-tokenizing the range.
//
// Exactness of count(a, b) against tokenizer.count(text.slice(a, b)):
// - WordPiece (BERT): equal whenever a and b fall on whitespace/punctuation boundaries (the
//   characters on both sides of each cut are not both inside one word).
// - SentencePiece/Metaspace: a token's span leaves out the ▁ (the space before its word) and a bare
//   "▁" token sits, empty, where its word starts; so equal whenever a is 0 or the first character
//   of a word preceded by one space (whitespace the normalizer turns into ▁), and b is the end or a
//   position where such whitespace begins. After several spaces in a row, or with prepend_scheme
//   "never", the word's first token can differ by that ▁.
// - Byte-level BPE (GPT-2 style): the space before a word belongs to the word's first token
//   ("Ġword"), so a slice starting right after a space can differ by that leading-space token;
//   equal whenever a and b are 0/the end or where a run of whitespace begins.
// - Everywhere: added tokens written in the text ("[CLS]", "</s>") count as one token, so a cut
//   inside one differs; a character split across byte tokens belongs to the token with its last
//   byte (the earlier ones are empty spans at its start).
// Chunkers should confirm final sizes with tokenizer.count when the cap is hard, or use exactCount(),
// which answers only where the tokenizer guarantees equality (null elsewhere).
import type { TextTokenizer, TokenSpan } from '../types.ts';
import type { TokenArrays } from './buffer.ts';

/** What TokenIndex uses of an AlignedTokenizer when it has it (any TextTokenizer works without). */
interface ArrayTokenizer extends TextTokenizer {
  encodeArrays?(text: string): TokenArrays;
  exactRangeCounts?: boolean;
  safeCut?(text: string, x: number): boolean;
}

export class TokenIndex {
  private readonly ids: Int32Array;
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  private readonly unsafe: Int32Array;
  private spans: TokenSpan[] | null = null;
  private readonly tokenizer: ArrayTokenizer;

  constructor(
    readonly text: string,
    tokenizer: TextTokenizer,
  ) {
    this.tokenizer = tokenizer as ArrayTokenizer;
    const t = this.tokenizer;
    if (typeof t.encodeArrays === 'function') {
      const a = t.encodeArrays(text);
      this.ids = a.ids.length === a.length ? a.ids : a.ids.slice(0, a.length);
      this.starts = a.starts.length === a.length ? a.starts : a.starts.slice(0, a.length);
      this.ends = a.ends.length === a.length ? a.ends : a.ends.slice(0, a.length);
      this.unsafe = a.unsafe;
    } else {
      const spans = tokenizer.encode(text);
      const n = spans.length;
      this.ids = new Int32Array(n);
      this.starts = new Int32Array(n);
      this.ends = new Int32Array(n);
      for (let i = 0; i < n; i++) {
        this.ids[i] = spans[i].id;
        this.starts[i] = spans[i].start;
        this.ends[i] = spans[i].end;
      }
      this.spans = spans;
      this.unsafe = new Int32Array([0, text.length]);
    }
  }

  /** The tokens as objects (built on first use; chunkers should prefer the methods below). */
  get tokens(): TokenSpan[] {
    if (this.spans === null) {
      const n = this.ids.length;
      const out = new Array<TokenSpan>(n);
      for (let i = 0; i < n; i++) out[i] = { id: this.ids[i], start: this.starts[i], end: this.ends[i] };
      this.spans = out;
    }
    return this.spans;
  }

  get length(): number {
    return this.ids.length;
  }

  /** Token id at index i. */
  idAt(i: number): number {
    this.check(i);
    return this.ids[i];
  }

  /** First index whose start is ≥ x (starts are non-decreasing); length when none. */
  firstStartAtOrAfter(x: number): number {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.starts[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index whose end is > x (ends are non-decreasing); length when none. */
  firstEndAfter(x: number): number {
    let lo = 0;
    let hi = this.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ends[mid] <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Tokens lying fully inside [start, end): start ≤ token.start, token.end ≤ end, and (for an empty
   * token: a leading ▁ or a byte that does not finish its character) token.start < end. So
   * count(a,b) + count(b,c) === count(a,c) whenever no token straddles b.
   */
  count(start: number, end: number): number {
    if (end <= start) return 0;
    const lo = this.firstStartAtOrAfter(start);
    const hi = Math.min(this.firstEndAfter(end), this.firstStartAtOrAfter(end));
    return hi > lo ? hi - lo : 0;
  }

  /**
   * count(start, end) when it is guaranteed to equal tokenizer.count(text.slice(start, end)): the
   * tokenizer declares exact range counts, both cuts are safe for it and neither falls inside a range
   * the encoding marked unsafe (an added token written in the text, a section normalized as a whole).
   * Otherwise null: count the slice with the tokenizer.
   */
  exactCount(start: number, end: number): number | null {
    const t = this.tokenizer;
    if (!t.exactRangeCounts || typeof t.safeCut !== 'function') return null;
    if (end < start || start < 0 || end > this.text.length) return null;
    if (!t.safeCut(this.text, start) || !t.safeCut(this.text, end)) return null;
    if (this.inUnsafe(start) || this.inUnsafe(end)) return null;
    return this.count(start, end);
  }

  /** True when x lies in an unsafe range [a, b) (a cut at a itself is fine: it ends what precedes). */
  private inUnsafe(x: number): boolean {
    const u = this.unsafe;
    // ranges are sorted and disjoint: binary search over pairs
    let lo = 0;
    let hi = u.length >>> 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (u[2 * mid + 1] <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo < u.length >>> 1 && u[2 * lo] < x;
  }

  /**
   * Index of the token containing charOffset (start ≤ charOffset < end), or, when the offset is in
   * no token (whitespace), of the first token after it; tokens.length past the last token.
   */
  tokenAt(charOffset: number): number {
    return this.firstEndAfter(charOffset);
  }

  charStart(tokenIndex: number): number {
    this.check(tokenIndex);
    return this.starts[tokenIndex];
  }

  charEnd(tokenIndex: number): number {
    this.check(tokenIndex);
    return this.ends[tokenIndex];
  }

  /**
   * The largest end offset e ≥ start such that count(start, e) ≤ maxTokens, taken among token ends
   * (or `start` itself when not even one token fits).
   */
  furthestEnd(start: number, maxTokens: number): number {
    const lo = this.firstStartAtOrAfter(start);
    const last = lo + Math.max(0, Math.floor(maxTokens)) - 1;
    if (last < lo) return start;
    if (last >= this.ends.length) return this.text.length;
    return Math.max(start, this.ends[last]);
  }

  private check(i: number): void {
    if (!Number.isInteger(i) || i < 0 || i >= this.ids.length) {
      throw new RangeError(`token index ${i} is outside 0..${this.ids.length - 1}`);
    }
  }
}
