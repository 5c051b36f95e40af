// Token output as a struct of arrays (ids, starts, ends in growable Int32Arrays) instead of one
// object per token, plus the ranges of the text where a range count may differ from re-tokenizing
// the slice (added tokens written in the text, sections normalized as a whole).
import type { TokenSpan } from '../types.ts';

/** Encoded tokens as parallel arrays; `length` entries are valid. */
export interface TokenArrays {
  ids: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  length: number;
  /**
   * Sorted, disjoint original ranges [a0, b0, a1, b1, …] where a cut inside (a < x < b, or anywhere
   * in the range for a whole-section effect) can make a range count differ from tokenizing the slice.
   */
  unsafe: Int32Array;
}

export class TokenBuffer implements TokenArrays {
  ids: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  length = 0;
  private unsafeList: number[] = [];

  constructor(capacity = 256) {
    this.ids = new Int32Array(capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
  }

  /** How many tokens fit before the arrays grow. */
  get capacity(): number {
    return this.ids.length;
  }

  /** Empties the buffer, keeping its arrays (for reuse). */
  reset(): void {
    this.length = 0;
    this.unsafeList = [];
  }

  get unsafe(): Int32Array {
    return Int32Array.from(this.unsafeList);
  }

  private grow(): void {
    const cap = this.ids.length * 2;
    const ids = new Int32Array(cap);
    ids.set(this.ids);
    const starts = new Int32Array(cap);
    starts.set(this.starts);
    const ends = new Int32Array(cap);
    ends.set(this.ends);
    this.ids = ids;
    this.starts = starts;
    this.ends = ends;
  }

  push(id: number, start: number, end: number): void {
    const n = this.length;
    if (n === this.ids.length) this.grow();
    this.ids[n] = id;
    this.starts[n] = start;
    this.ends[n] = end;
    this.length = n + 1;
  }

  setLastEnd(end: number): void {
    if (this.length > 0) this.ends[this.length - 1] = end;
  }

  truncate(n: number): void {
    if (n < this.length) this.length = n;
  }

  /** Marks original [a, b) as unsafe for range counts (merged with the previous range when touching). */
  markUnsafe(a: number, b: number): void {
    if (b <= a) return;
    const u = this.unsafeList;
    let s = a;
    let e = b;
    while (u.length > 0 && s <= u[u.length - 1]) {
      e = Math.max(e, u.pop()!);
      s = Math.min(s, u.pop()!);
    }
    u.push(s, e);
  }

  toSpans(): TokenSpan[] {
    const out = new Array<TokenSpan>(this.length);
    for (let i = 0; i < this.length; i++) out[i] = { id: this.ids[i], start: this.starts[i], end: this.ends[i] };
    return out;
  }

  /** Trimmed copies (the arrays may be much longer than `length`). */
  finish(): TokenArrays {
    const n = this.length;
    return {
      ids: this.ids.slice(0, n),
      starts: this.starts.slice(0, n),
      ends: this.ends.slice(0, n),
      length: n,
      unsafe: this.unsafe,
    };
  }

  static fromSpans(spans: TokenSpan[]): TokenBuffer {
    const b = new TokenBuffer(Math.max(16, spans.length));
    for (const t of spans) b.push(t.id, t.start, t.end);
    return b;
  }
}
