// The WordPiece fast path (BertNormalizer + BertPreTokenizer + WordPiece, as in BERT, MiniLM, e5):
// one char-code scan of the original text that normalizes, pre-tokenizes and looks words up in the
// per-word cache, with no regex and no normalized copy of the text. ASCII is handled by tables; any
// other cluster (a code point plus its combining marks) goes through the same BertNorm the general
// path uses, so ids and offsets are identical to it (tests compare both with the library).
import type { TokenBuffer } from './buffer.ts';
import { clusterEnd, isMarkAt, type BertNorm } from './normalize.ts';

/** Cached model result for one normalized word: ids and token spans in UTF-16 units of the word. */
export interface WordEntry {
  ids: number[];
  st: number[];
  en: number[];
  unk: boolean;
}

/** What the fast path needs from its tokenizer. */
export interface WordPieceHost {
  /** The per-word cache, keyed by the normalized word (shared with the general path). */
  readonly cache: Map<string, WordEntry>;
  readonly cacheCapacity: number;
  /** Id of a token string as the general path maps it (added tokens first, then the vocabulary). */
  idOf(token: string): number;
}

export interface WordPieceModel {
  vocab: Map<string, number>;
  prefix: string;
  unkToken: string;
  unkId: number | undefined;
  maxInputChars: number;
  fuseUnk: boolean;
}

const DROP = 0;
const SPACE = 1;
const PUNCT = 2;
const WORD = 3;

const PUNCT_RE = /^[\p{P}\u0021-\u002F\u003A-\u0040\u005B-\u0060\u007B-\u007E]$/u;
const SPACE_RE = /^\s$/u;

/** Pre-tokenizer class of BMP code points (0: not computed yet), filled lazily. */
const bmpClass = new Uint8Array(65536);

/** BertPreTokenizer's view of a code point: whitespace, punctuation or part of a word. */
export function preTokenClass(cp: number): number {
  if (cp < 0x10000) {
    let k = bmpClass[cp];
    if (k === 0) {
      // lone surrogates are word characters for the library's /u regex
      const ch = cp >= 0xd800 && cp <= 0xdfff ? '' : String.fromCharCode(cp);
      k = ch && SPACE_RE.test(ch) ? SPACE : ch && PUNCT_RE.test(ch) ? PUNCT : WORD;
      bmpClass[cp] = k;
    }
    return k;
  }
  return PUNCT_RE.test(String.fromCodePoint(cp)) ? PUNCT : WORD;
}

function unitsToString(buf: Uint16Array, n: number): string {
  if (n <= 4096) return String.fromCharCode.apply(null, buf.subarray(0, n) as unknown as number[]);
  let s = '';
  for (let i = 0; i < n; i += 4096) {
    s += String.fromCharCode.apply(null, buf.subarray(i, Math.min(n, i + 4096)) as unknown as number[]);
  }
  return s;
}

export class WordPieceFast {
  /** Normalized ASCII: the code unit, or -1 when the normalizer drops the character. */
  private readonly asciiNorm = new Int16Array(128);
  /** Pre-tokenizer class of the normalized ASCII character (DROP when dropped). */
  private readonly asciiClass = new Uint8Array(128);
  /** Longest vocabulary piece in code points (no longer piece can match). */
  private readonly maxPieceChars: number;

  // the word being collected: normalized units and, per unit, original start/end offsets
  private wbuf = new Uint16Array(128);
  private wsm = new Int32Array(128);
  private wem = new Int32Array(128);
  private wlen = 0;
  /** Original offset of the word's first unit, and whether the word is text[wa, wa + wlen) verbatim. */
  private wa = 0;
  private contig = true;

  // per section
  private out: TokenBuffer | null = null;
  private total = 0;
  private prevUnk = false;

  constructor(
    private readonly norm: BertNorm,
    private readonly model: WordPieceModel,
    private readonly host: WordPieceHost,
  ) {
    const table = norm.asciiTable;
    for (let c = 0; c < 128; c++) {
      const s = table[c];
      if (s.length > 1) throw new Error('ASCII normalizes to more than one character');
      this.asciiNorm[c] = s.length ? s.charCodeAt(0) : -1;
      this.asciiClass[c] = s.length ? preTokenClass(s.charCodeAt(0)) : DROP;
    }
    let max = 1;
    for (const k of model.vocab.keys()) {
      let n = 0;
      for (let i = 0; i < k.length; i++) {
        const c = k.charCodeAt(i);
        if (!(c >= 0xdc00 && c <= 0xdfff && i > 0 && k.charCodeAt(i - 1) >= 0xd800 && k.charCodeAt(i - 1) <= 0xdbff)) n++;
      }
      if (n > max) max = n;
    }
    this.maxPieceChars = max;
  }

  /** Whether a cluster-level normalizer may be used for this section (capital sigma needs context). */
  static needsContext(text: string, start: number, end: number, lowercase: boolean): boolean {
    if (!lowercase) return false;
    const at = text.indexOf('\u03a3', start);
    return at >= 0 && at < end;
  }

  /** Tokens of text[start, end) (a section without added tokens) into `out`; returns their number. */
  encodeSection(text: string, start: number, end: number, out: TokenBuffer | null): number {
    this.out = out;
    this.total = 0;
    this.prevUnk = false;
    this.wlen = 0;
    const asciiNorm = this.asciiNorm;
    const asciiClass = this.asciiClass;
    let i = start;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c < 0x80) {
        if (i + 1 < end && text.charCodeAt(i + 1) >= 0x300 && isMarkAt(text, i + 1)) {
          i = this.cluster(text, i, end);
          continue;
        }
        const k = asciiClass[c];
        if (k === WORD) {
          const u = asciiNorm[c];
          const n = this.wlen;
          if (n === 0) {
            this.wa = i;
            this.contig = u === c;
          } else if (this.contig && (u !== c || this.wa + n !== i)) this.contig = false;
          if (n === this.wbuf.length) this.grow();
          this.wbuf[n] = u;
          this.wsm[n] = i;
          this.wem[n] = i + 1;
          this.wlen = n + 1;
        } else if (k === SPACE) {
          if (this.wlen > 0) this.flush(text);
        } else if (k === PUNCT) {
          if (this.wlen > 0) this.flush(text);
          const u = asciiNorm[c];
          this.wbuf[0] = u;
          this.wsm[0] = i;
          this.wem[0] = i + 1;
          this.wlen = 1;
          this.wa = i;
          this.contig = u === c;
          this.flush(text);
        }
        i++;
        continue;
      }
      i = this.cluster(text, i, end);
    }
    if (this.wlen > 0) this.flush(text);
    this.out = null;
    return this.total;
  }

  private grow(): void {
    const cap = this.wbuf.length * 2;
    const b = new Uint16Array(cap);
    b.set(this.wbuf);
    const sm = new Int32Array(cap);
    sm.set(this.wsm);
    const em = new Int32Array(cap);
    em.set(this.wem);
    this.wbuf = b;
    this.wsm = sm;
    this.wem = em;
  }

  private append(unit: number, sm: number, em: number): void {
    const n = this.wlen;
    if (n === this.wbuf.length) this.grow();
    this.wbuf[n] = unit;
    this.wsm[n] = sm;
    this.wem[n] = em;
    this.wlen = n + 1;
  }

  /**
   * The cluster at i, normalized by BertNorm and mapped like MapBuilder.push: characters map to the
   * cluster, spaces the normalizer put after the content map to its end. Returns the cluster's end.
   */
  private cluster(text: string, i: number, end: number): number {
    const j = clusterEnd(text, i, end);
    const piece = this.norm.clusterCached(text.slice(i, j));
    const n = piece.length;
    if (n === 0) return j;
    let coreEnd = n;
    if (n > 1 && (piece.charCodeAt(0) === 32 || piece.charCodeAt(n - 1) === 32)) {
      let lead = 0;
      while (lead < n && piece.charCodeAt(lead) === 32) lead++;
      if (lead < n) while (piece.charCodeAt(coreEnd - 1) === 32) coreEnd--;
    }
    for (let k = 0; k < n; ) {
      const u = piece.charCodeAt(k);
      const pair = u >= 0xd800 && u <= 0xdbff && k + 1 < n && (piece.charCodeAt(k + 1) & 0xfc00) === 0xdc00;
      const cp = pair ? ((u - 0xd800) << 10) + (piece.charCodeAt(k + 1) - 0xdc00) + 0x10000 : u;
      const w = pair ? 2 : 1;
      const cls = preTokenClass(cp);
      if (cls === SPACE) {
        if (this.wlen > 0) this.flush(text);
      } else {
        if (cls === PUNCT && this.wlen > 0) this.flush(text);
        if (this.wlen === 0) this.wa = i;
        this.contig = false;
        for (let q = k; q < k + w; q++) {
          const sm = q < coreEnd ? i : j;
          const em = q < coreEnd ? (q + 1 >= coreEnd ? j : i) : j;
          this.append(piece.charCodeAt(q), sm, em);
        }
        if (cls === PUNCT) this.flush(text);
      }
      k += w;
    }
    return j;
  }

  /** Looks up (or computes) the collected word and writes its tokens. */
  private flush(text: string): void {
    const n = this.wlen;
    this.wlen = 0;
    const key = this.contig ? text.slice(this.wa, this.wa + n) : unitsToString(this.wbuf, n);
    const host = this.host;
    const cache = host.cache;
    let e = cache.get(key);
    if (e === undefined) {
      e = this.compute(key);
      if (cache.size >= host.cacheCapacity) cache.delete(cache.keys().next().value!);
      cache.set(key, e);
    }
    const ids = e.ids;
    const k = ids.length;
    if (k === 0) return;
    const unkId = this.model.unkId;
    const out = this.out;
    const wsm = this.wsm;
    const wem = this.wem;
    let first = 0;
    if (this.model.fuseUnk && unkId !== undefined && this.prevUnk && ids[0] === unkId) {
      // the library fuses consecutive unknown tokens of one model call into one
      first = 1;
      if (out) out.setLastEnd(wem[e.en[0] - 1]);
    }
    this.total += k - first;
    this.prevUnk = unkId !== undefined && ids[k - 1] === unkId;
    if (!out) return;
    const st = e.st;
    const en = e.en;
    for (let t = first; t < k; t++) {
      const ts = st[t];
      const te = en[t];
      const start = wsm[ts];
      let stop = start;
      if (te > ts) {
        stop = wem[te - 1];
        if (stop < start) stop = start;
      }
      out.push(ids[t], start, stop);
    }
  }

  /** Greedy longest-match WordPiece over code points, as the library's WordPieceTokenizer.encode. */
  compute(word: string): WordEntry {
    const m = this.model;
    const bounds: number[] = [0];
    for (let i = 0; i < word.length; ) {
      const c = word.charCodeAt(i);
      i += c >= 0xd800 && c <= 0xdbff && i + 1 < word.length && (word.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
      bounds.push(i);
    }
    const n = bounds.length - 1;
    const unknown = (): WordEntry => {
      const id = this.host.idOf(m.unkToken);
      return { ids: [id], st: [0], en: [word.length], unk: id === m.unkId };
    };
    if (n > m.maxInputChars) return unknown();
    const ids: number[] = [];
    const st: number[] = [];
    const en: number[] = [];
    let s = 0;
    while (s < n) {
      let e = Math.min(n, s + this.maxPieceChars);
      let piece: string | null = null;
      while (e > s) {
        const sub = s === 0 && e === n ? word : word.slice(bounds[s], bounds[e]);
        const cand = s > 0 ? m.prefix + sub : sub;
        if (m.vocab.has(cand)) {
          piece = cand;
          break;
        }
        e--;
      }
      if (piece === null) return unknown();
      ids.push(this.host.idOf(piece));
      st.push(bounds[s]);
      en.push(bounds[e]);
      s = e;
    }
    return { ids, st, en, unk: m.unkId !== undefined && ids.includes(m.unkId) };
  }
}
