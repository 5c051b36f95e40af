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
  special: ((text: string, i: number, j: number) => string | null) | null = null,
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
    const own = special === null ? null : special(text, i, j);
    if (own !== null) {
      builder.push(own, i, j);
      i = j;
      continue;
    }
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

// ---------------------------------------------------------------- capital sigma in context

const CASE_IGNORABLE = /\p{Case_Ignorable}/u;
const CASED = /\p{Cased}/u;
const IGNORABLE = 1;
const CASED_CHAR = 2;
const OTHER = 3;
/** Case class of BMP code points for the Final_Sigma rule (0: not computed yet). */
const bmpCase = new Uint8Array(65536);

function caseClass(cp: number): number {
  if (cp < 0x10000 && bmpCase[cp] !== 0) return bmpCase[cp];
  const ch = String.fromCodePoint(cp);
  // ICU tests "ignorable" first: a character both cased and case-ignorable (U+0345) is skipped
  const k = CASE_IGNORABLE.test(ch) ? IGNORABLE : CASED.test(ch) ? CASED_CHAR : OTHER;
  if (cp < 0x10000) bmpCase[cp] = k;
  return k;
}

/** Where lowercasing the capital sigma at `at` looked, and what it gave. */
export interface SigmaContext {
  /** True when toLowerCase turns it into final ς (else σ). */
  final: boolean;
  /** A cut strictly inside (from, to) can change the result; cuts at from or to cannot. */
  from: number;
  to: number;
}

export const CAPITAL_SIGMA = 0x3a3;

/**
 * Unicode's Final_Sigma condition for the capital sigma at text[at], as String.prototype.toLowerCase
 * applies it to text[start, end) once the characters for which `removed(cp)` is true are deleted:
 * final (ς) when the nearest character before it that is not case-ignorable is cased and the nearest
 * one after it is not cased (or absent). Only those two characters matter, so the cost is the run
 * of case-ignorable characters around the sigma, not the section.
 */
export function sigmaContext(text: string, at: number, start: number, end: number, removed: ((cp: number) => boolean) | null): SigmaContext {
  let before = false;
  let from = start;
  for (let i = at; i > start; ) {
    let k = i - 1;
    const lo = text.charCodeAt(k);
    if (lo >= 0xdc00 && lo <= 0xdfff && k > start && (text.charCodeAt(k - 1) & 0xfc00) === 0xd800) k--;
    const cp = text.codePointAt(k)!;
    i = k;
    if (removed !== null && removed(cp)) continue;
    const c = caseClass(cp);
    if (c === IGNORABLE) continue;
    before = c === CASED_CHAR;
    from = k;
    break;
  }
  let after = false;
  let to = end;
  for (let i = at + 1; i < end; ) {
    const u = text.charCodeAt(i);
    const w = u >= 0xd800 && u <= 0xdbff && i + 1 < end && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
    const cp = w === 2 ? text.codePointAt(i)! : u;
    i += w;
    if (removed !== null && removed(cp)) continue;
    const c = caseClass(cp);
    if (c === IGNORABLE) continue;
    after = c === CASED_CHAR;
    to = i;
    break;
  }
  return { final: before && !after, from, to };
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
 * character except lowercasing of a capital sigma (final form ς depends on its neighbours), which
 * `sigmaCluster` settles by looking only at the nearest characters that decide it (sigmaContext).
 */
export class BertNorm {
  private readonly ascii: string[] = [];
  private readonly cache = new Map<string, string>();
  private readonly stripAccents: boolean;
  private readonly asciiRun: ((run: string) => string) | null;
  /** Per BMP code point: 1 when clean_text deletes it, 2 when it keeps it (0: not computed yet). */
  private readonly removedBmp = new Uint8Array(65536);
  /** What clean_text deletes before lowercasing (null: nothing). */
  readonly removed: ((cp: number) => boolean) | null;
  /** Whether this normalizer lowercases (capital sigma then needs its context). */
  readonly lowercase: boolean;

  constructor(private readonly cfg: BertNormalizerConfig) {
    this.stripAccents = cfg.lowercase ? cfg.strip_accents !== false : !!cfg.strip_accents;
    this.lowercase = !!cfg.lowercase;
    for (let c = 0; c < 128; c++) this.ascii.push(this.cluster(String.fromCharCode(c)));
    this.asciiRun = asciiRunTransform(this.ascii);
    this.removed = cfg.clean_text ? (cp) => this.isRemoved(cp) : null;
  }

  private isRemoved(cp: number): boolean {
    if (cp < 0x10000) {
      let k = this.removedBmp[cp];
      if (k === 0) this.removedBmp[cp] = k = this.stage1(String.fromCharCode(cp)) === '' ? 1 : 2;
      return k === 1;
    }
    return this.stage1(String.fromCodePoint(cp)) === '';
  }

  /** The context of the capital sigma at text[at] in the section [start, end) (see sigmaContext). */
  sigmaAt(text: string, at: number, start: number, end: number): SigmaContext {
    return sigmaContext(text, at, start, end, this.removed);
  }

  /**
   * The normalized cluster text[i, j) of the section [start, end): clusterCached, except that a
   * capital sigma is lowercased as its context in the section requires (ς or σ).
   */
  clusterIn(text: string, i: number, j: number, start: number, end: number): string {
    const piece = this.clusterCached(text.slice(i, j));
    if (!this.lowercase || text.charCodeAt(i) !== CAPITAL_SIGMA || !this.sigmaAt(text, i, start, end).final) return piece;
    // alone, the cluster's Σ lowercases to σ (nothing cased before it), which stays its first unit
    return piece.charCodeAt(0) === 0x3c3 ? '\u03c2' + piece.slice(1) : piece;
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
    const b = new MapBuilder(start, end - start + 16);
    const sigma = this.lowercase
      ? (t: string, i: number, j: number) => (t.charCodeAt(i) === CAPITAL_SIGMA ? this.clusterIn(t, i, j, start, end) : null)
      : null;
    return normalizeClusters(text, start, end, (c) => this.cluster(c), this.ascii, this.cache, b, this.asciiRun, sigma);
  }
}
