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
// Chunkers should confirm final sizes with tokenizer.count when the cap is hard.
import type { TextTokenizer, TokenSpan } from '../types.ts';

export class TokenIndex {
  readonly tokens: TokenSpan[];
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;

  constructor(
    readonly text: string,
    tokenizer: TextTokenizer,
  ) {
    this.tokens = tokenizer.encode(text);
    const n = this.tokens.length;
    this.starts = new Int32Array(n);
    this.ends = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      this.starts[i] = this.tokens[i].start;
      this.ends[i] = this.tokens[i].end;
    }
  }

  get length(): number {
    return this.tokens.length;
  }

  /** First index whose start is ≥ x (starts are non-decreasing). */
  private firstStartAtOrAfter(x: number): number {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.starts[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index whose end is > x (ends are non-decreasing). */
  private firstEndAfter(x: number): number {
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
   * Index of the token containing charOffset (start ≤ charOffset < end), or, when the offset is in
   * no token (whitespace), of the first token after it; tokens.length past the last token.
   */
  tokenAt(charOffset: number): number {
    return this.firstEndAfter(charOffset);
  }

  charStart(tokenIndex: number): number {
    return this.at(tokenIndex).start;
  }

  charEnd(tokenIndex: number): number {
    return this.at(tokenIndex).end;
  }

  /**
   * The largest end offset e ≥ start such that count(start, e) ≤ maxTokens, taken among token ends
   * (or `start` itself when not even one token fits).
   */
  fit(start: number, maxTokens: number): number {
    const lo = this.firstStartAtOrAfter(start);
    const last = lo + Math.max(0, Math.floor(maxTokens)) - 1;
    if (last < lo) return start;
    if (last >= this.ends.length) return this.text.length;
    return Math.max(start, this.ends[last]);
  }

  private at(i: number): TokenSpan {
    if (!Number.isInteger(i) || i < 0 || i >= this.tokens.length) {
      throw new RangeError(`token index ${i} is outside 0..${this.tokens.length - 1}`);
    }
    return this.tokens[i];
  }
}
