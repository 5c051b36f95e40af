// Normalization that remembers where every normalized character came from.
// The text is cut into clusters (a code point plus the combining marks after it); each cluster is
// normalized on its own and the normalized characters point back to the cluster's [start, end).

/** Normalized text plus the way back to original offsets. */
export interface MappedText {
  text: string;
  /** startMap[j]: original offset for a token that starts at normalized index j (length text.length + 1). */
  startMap: Int32Array | null;
  /** endMap[j]: original offset for a token that ends at normalized index j (length text.length + 1). */
  endMap: Int32Array | null;
  /** Original offset of normalized index 0 when the maps are null (identity). */
  base: number;
}

export function startOf(m: MappedText, j: number): number {
  return m.startMap ? m.startMap[j] : m.base + j;
}

export function endOf(m: MappedText, j: number): number {
  return m.endMap ? m.endMap[j] : m.base + j;
}

/** Identity mapping: the normalized text is the original slice. */
export function identity(text: string, base: number): MappedText {
  return { text, startMap: null, endMap: null, base };
}

const MARK = /\p{M}/u;

/** True when the UTF-16 unit at `i` starts a combining mark (cheap test first: every mark is ≥ U+0300). */
export function isMarkAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x300) return false;
  const cp = text.codePointAt(i)!;
  return MARK.test(String.fromCodePoint(cp));
}

/** End (exclusive) of the cluster that starts at `i`: the code point and the combining marks after it. */
export function clusterEnd(text: string, i: number, end: number): number {
  const c = text.charCodeAt(i);
  let j = i + (c >= 0xd800 && c <= 0xdbff && i + 1 < end && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1);
  while (j < end && isMarkAt(text, j)) {
    const d = text.charCodeAt(j);
    j += d >= 0xd800 && d <= 0xdbff && j + 1 < end ? 2 : 1;
  }
  return j;
}

/** Accumulates normalized pieces with their original cluster ranges (growable typed arrays). */
export class MapBuilder {
  private parts: string[] = [];
  private sm: Int32Array;
  private em: Int32Array;
  private len = 0;

  constructor(base: number, capacity = 64) {
    this.sm = new Int32Array(capacity + 1);
    this.em = new Int32Array(capacity + 1);
    this.em[0] = base;
  }

  private reserve(n: number): void {
    if (this.len + n + 1 <= this.sm.length) return;
    const cap = Math.max(this.sm.length * 2, this.len + n + 1);
    const sm = new Int32Array(cap);
    sm.set(this.sm);
    const em = new Int32Array(cap);
    em.set(this.em);
    this.sm = sm;
    this.em = em;
  }

  /** Normalized text that stands for no original character (a prepended symbol): maps to `at`. */
  virtual(piece: string, at: number): void {
    this.reserve(piece.length);
    this.parts.push(piece);
    for (let k = 0; k < piece.length; k++) {
      this.sm[this.len] = at;
      this.em[++this.len] = at;
    }
  }

  /** `piece` has one normalized character per original UTF-16 unit, starting at original `at`. */
  oneToOne(piece: string, at: number): void {
    const n = piece.length;
    if (n === 0) return;
    this.reserve(n);
    this.parts.push(piece);
    const sm = this.sm;
    const em = this.em;
    let j = this.len;
    for (let k = 0; k < n; k++) {
      sm[j] = at + k;
      em[++j] = at + k + 1;
    }
    this.len = j;
  }

  /**
   * Normalized `piece` for original [cs, ce). A cluster split between tokens belongs to the token
   * holding its last normalized character: a token ending inside the piece ends at cs, one starting
   * inside starts at cs. Spaces the normalizer put around the content (CJK spacing) stand for
   * nothing and map to the cluster's edges.
   */
  push(piece: string, cs: number, ce: number): void {
    const n = piece.length;
    if (n === 0) return;
    this.reserve(n);
    this.parts.push(piece);
    let lead = 0;
    let coreEnd = n;
    if (n > 1 && (piece.charCodeAt(0) === 32 || piece.charCodeAt(n - 1) === 32)) {
      while (lead < n && piece.charCodeAt(lead) === 32) lead++;
      if (lead === n) lead = 0;
      else while (piece.charCodeAt(coreEnd - 1) === 32) coreEnd--;
    }
    const sm = this.sm;
    const em = this.em;
    let j = this.len;
    for (let k = 0; k < n; k++) {
      if (k < coreEnd) {
        sm[j] = cs;
        em[++j] = k + 1 >= coreEnd ? ce : cs;
      } else {
        sm[j] = ce;
        em[++j] = ce;
      }
    }
    this.len = j;
  }

  finish(end: number): MappedText {
    this.sm[this.len] = end;
    const text = this.parts.length === 1 ? this.parts[0] : this.parts.join('');
    return { text, startMap: this.sm, endMap: this.em, base: 0 };
  }
}

/**
 * A fast transform for runs of plain ASCII that agrees with the per-character table, when one of a
 * few native candidates does (identity, lowercase, whitespace → space, space → ▁); else null.
 */
export function asciiRunTransform(ascii: string[]): ((run: string) => string) | null {
  const candidates: ((s: string) => string)[] = [
    (s) => s,
    (s) => s.toLowerCase(),
    (s) => s.replace(/[\t\n\r]/g, ' '),
    (s) => s.toLowerCase().replace(/[\t\n\r]/g, ' '),
    (s) => s.replaceAll(' ', '\u2581'),
  ];
  const plain = [9, 10, 13];
  for (let c = 0x20; c < 0x7f; c++) plain.push(c);
  return candidates.find((f) => plain.every((c) => f(String.fromCharCode(c)) === ascii[c])) ?? null;
}

/** Normalizes text[start, end) cluster by cluster with `norm`, using an ASCII table and a cache. */
export function normalizeClusters(
  text: string,
  start: number,
  end: number,
  norm: (cluster: string) => string,
  ascii: string[],
  cache: Map<string, string>,
  builder: MapBuilder = new MapBuilder(start, end - start + 16),
  asciiRun: ((run: string) => string) | null = null,
): MappedText {
  let i = start;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (asciiRun && c < 0x7f && (c >= 0x20 || c === 9 || c === 10 || c === 13)) {
      // a run of plain ASCII, minus a last character that a combining mark follows
      let j = i + 1;
      let d = 0;
      while (j < end && (d = text.charCodeAt(j)) < 0x7f && (d >= 0x20 || d === 9 || d === 10 || d === 13)) j++;
      if (j < end && d >= 0x300 && j - 1 > i) j--;
      if (j < end && d >= 0x300 && j - 1 === i) {
        // single ASCII base with marks: fall through to the cluster path
      } else {
        builder.oneToOne(asciiRun(text.slice(i, j)), i);
        i = j;
        continue;
      }
    }
    if (c < 0x80 && (i + 1 >= end || text.charCodeAt(i + 1) < 0x300)) {
      builder.push(ascii[c], i, i + 1);
      i++;
      continue;
    }
    const j = clusterEnd(text, i, end);
    const cl = text.slice(i, j);
    let out = cache.get(cl);
    if (out === undefined) {
      out = norm(cl);
      if (cache.size > 20000) cache.clear();
      cache.set(cl, out);
    }
    builder.push(out, i, j);
    i = j;
  }
  return builder.finish(end);
}

// ---------------------------------------------------------------- BertNormalizer, mirrored

export interface BertNormalizerConfig {
  clean_text?: boolean;
  handle_chinese_chars?: boolean;
  lowercase?: boolean;
  strip_accents?: boolean | null;
}

const CONTROL = /^\p{Cc}|\p{Cf}|\p{Co}|\p{Cs}$/u; // the library's expression, precedence included
const WHITE = /^\s$/;

function isChineseUnit(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0xf900 && cp <= 0xfaff)
  );
}

/**
 * BertNormalizer of @huggingface/tokenizers, one cluster at a time. Every step of it is local to a
 * character except lowercasing of a capital sigma (final form depends on its neighbours), which
 * `normalizeBert` handles by lowercasing the whole section when one is present.
 */
export class BertNorm {
  private readonly ascii: string[] = [];
  private readonly cache = new Map<string, string>();
  private readonly stripAccents: boolean;
  private readonly asciiRun: ((run: string) => string) | null;

  constructor(private readonly cfg: BertNormalizerConfig) {
    this.stripAccents = cfg.lowercase ? cfg.strip_accents !== false : !!cfg.strip_accents;
    for (let c = 0; c < 128; c++) this.ascii.push(this.cluster(String.fromCharCode(c)));
    this.asciiRun = asciiRunTransform(this.ascii);
  }

  /** clean_text and CJK spacing. */
  stage1(cl: string): string {
    let out = '';
    if (this.cfg.clean_text) {
      for (const ch of cl) {
        const cp = ch.charCodeAt(0);
        if (cp === 0 || cp === 0xfffd || (ch !== '\t' && ch !== '\n' && ch !== '\r' && CONTROL.test(ch))) continue;
        out += WHITE.test(ch) ? ' ' : ch;
      }
    } else out = cl;
    if (this.cfg.handle_chinese_chars) {
      let spaced = '';
      for (let i = 0; i < out.length; i++) {
        const ch = out[i];
        spaced += isChineseUnit(ch.charCodeAt(0)) ? ` ${ch} ` : ch;
      }
      out = spaced;
    }
    return out;
  }

  /** Accent stripping after lowercasing. */
  stage3(s: string): string {
    return this.stripAccents ? s.normalize('NFD').replace(/\p{Mn}/gu, '') : s;
  }

  /** The normalized form of each ASCII character (as one cluster). */
  get asciiTable(): readonly string[] {
    return this.ascii;
  }

  /** cluster(cl), cached (the same cache the section normalizer uses). */
  clusterCached(cl: string): string {
    let out = this.cache.get(cl);
    if (out === undefined) {
      out = this.cluster(cl);
      if (this.cache.size > 20000) this.cache.clear();
      this.cache.set(cl, out);
    }
    return out;
  }

  cluster(cl: string): string {
    let s = this.stage1(cl);
    if (this.cfg.lowercase) s = s.toLowerCase();
    return this.stage3(s);
  }

  normalize(text: string, start: number, end: number): MappedText {
    if (!(this.cfg.lowercase && text.slice(start, end).includes('Σ'))) {
      const b = new MapBuilder(start, end - start + 16);
      return normalizeClusters(text, start, end, (c) => this.cluster(c), this.ascii, this.cache, b, this.asciiRun);
    }
    // Capital sigma present: lowercase the cleaned section as a whole (as the library does) and
    // cut the result back into clusters; per-cluster lowercase lengths do not depend on context.
    const clusters: [number, number, string][] = [];
    for (let i = start; i < end; ) {
      const j = clusterEnd(text, i, end);
      clusters.push([i, j, this.stage1(text.slice(i, j))]);
      i = j;
    }
    const lower = clusters.map((c) => c[2]).join('').toLowerCase();
    const b = new MapBuilder(start, end - start + 16);
    let pos = 0;
    for (const [i, j, s1] of clusters) {
      const n = s1.toLowerCase().length;
      b.push(this.stage3(lower.slice(pos, pos + n)), i, j);
      pos += n;
    }
    return b.finish(end);
  }
}
