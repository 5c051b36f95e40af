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
  /**
   * Per ASCII code: 1 when it is a word character the normalizer keeps as is, 2 when it is an
   * uppercase letter the normalizer lowercases, 0 otherwise. Runs of such characters are whole words
   * whose normalized form is the slice itself (lowercased when a 2 occurs).
   */
  private readonly asciiFast = new Uint8Array(128);
  /** Longest vocabulary piece in code points (no longer piece can match). */
  private readonly maxPieceChars: number;
  /** Vocabulary pieces probed by hash straight from the word (no candidate slices): word-initial ones… */
  private readonly startTable: PieceTable;
  /** …and continuation ones, keyed without their prefix ("##ing" → "ing") so probes need no concatenation. */
  private readonly contTable: PieceTable;
  /** Scratch: hashes of word[a, a + k) for the current probe start. */
  private probeHash = new Int32Array(64);
  /** Normalized form of a lone BMP code unit (no combining mark after it, not a capital sigma). */
  private readonly singleNorm = new Map<number, string>();
  /** Entries of single normalized ASCII characters (punctuation mostly), by code. */
  private readonly asciiEntry: (WordEntry | undefined)[] = new Array(128).fill(undefined);

  // A hash table in front of the shared cache for fast-path words, probed with the text itself
  // (no slice, no lowercased copy): slots hold indexes into keys/hashes/entries, -1 when empty.
  private slots = new Int32Array(1 << 12).fill(-1);
  private keys: string[] = [];
  private hashes: number[] = [];
  private entries: WordEntry[] = [];

  // the word being collected: normalized units and, per unit, original start/end offsets
  private wbuf = new Uint16Array(128);
  private wsm = new Int32Array(128);
  private wem = new Int32Array(128);
  private wlen = 0;
  /** Original offset of the word's first unit, and whether the word is text[wa, wa + wlen) verbatim. */
  private wa = 0;
  private contig = true;

  // per section
  private secStart = 0;
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
      if (this.asciiClass[c] === WORD) {
        const u = this.asciiNorm[c];
        if (u === c) this.asciiFast[c] = 1;
        else if (c >= 65 && c <= 90 && u === c + 32) this.asciiFast[c] = 2;
      }
    }
    const tables = pieceTables(model.vocab.keys(), model.vocab.size, model.prefix);
    this.maxPieceChars = tables.maxChars;
    this.startTable = tables.start;
    this.contTable = tables.cont;
  }

  /** Tokens of text[start, end) (a section without added tokens) into `out`; returns their number. */
  encodeSection(text: string, start: number, end: number, out: TokenBuffer | null): number {
    this.out = out;
    this.secStart = start;
    this.total = 0;
    this.prevUnk = false;
    this.wlen = 0;
    const asciiNorm = this.asciiNorm;
    const asciiClass = this.asciiClass;
    const asciiFast = this.asciiFast;
    let i = start;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c < 0x80) {
        // Fast path: a whole word of plain ASCII word characters, ended by ASCII whitespace or
        // punctuation (not followed by a combining mark) or by the section's end, at a word start.
        let f = asciiFast[c];
        if (f !== 0 && this.wlen === 0) {
          let h = asciiNorm[c];
          let j = i + 1;
          while (j < end) {
            const d = text.charCodeAt(j);
            if (d >= 0x80) break;
            const g = asciiFast[d];
            if (g === 0) break;
            f |= g;
            h = Math.imul(h ^ asciiNorm[d], 0x01000193);
            j++;
          }
          if (j === end) {
            this.emit(this.asciiWord(text, i, j, h, f >= 2), i);
            i = j;
            continue;
          }
          const d = text.charCodeAt(j);
          if (d < 0x80 && asciiClass[d] !== DROP && asciiClass[d] !== WORD && !(j + 1 < end && text.charCodeAt(j + 1) >= 0x300 && isMarkAt(text, j + 1))) {
            this.emit(this.asciiWord(text, i, j, h, f >= 2), i);
            i = j;
            continue;
          }
          // anything else (non-ASCII, a dropped character, a mark): the general loop from here
        } else if (asciiClass[c] === PUNCT && this.wlen === 0 && !(i + 1 < end && text.charCodeAt(i + 1) >= 0x300 && isMarkAt(text, i + 1))) {
          // an ASCII punctuation character is a word of its own
          this.emit((this.asciiEntry[c] ??= this.entry(String.fromCharCode(asciiNorm[c]))), i);
          i++;
          continue;
        }
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
    // (a capital sigma's lowercase depends on its neighbours within the section; any other lone
    // BMP character normalizes the same wherever it stands, so its piece is kept by code unit)
    const c = text.charCodeAt(i);
    let piece: string;
    if (j === i + 1 && c !== 0x3a3 && (c < 0xd800 || c > 0xdfff)) {
      const hit = this.singleNorm.get(c);
      if (hit === undefined) this.singleNorm.set(c, (piece = this.norm.clusterIn(text, i, j, this.secStart, end)));
      else piece = hit;
    } else piece = this.norm.clusterIn(text, i, j, this.secStart, end);
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

  /** The cache entry of a normalized word, computed on first sight. */
  private entry(key: string): WordEntry {
    const host = this.host;
    const cache = host.cache;
    let e = cache.get(key);
    if (e === undefined) {
      e = this.compute(key);
      if (cache.size >= host.cacheCapacity) cache.delete(cache.keys().next().value!);
      cache.set(key, e);
    }
    return e;
  }

  /**
   * The entry of the fast-path word text[a, b) (its normalized form is the slice, lowercased when
   * `lower`; `h` hashes its normalized units), from the local table or else the shared cache.
   */
  private asciiWord(text: string, a: number, b: number, h: number, lower: boolean): WordEntry {
    const asciiNorm = this.asciiNorm;
    const slots = this.slots;
    const mask = slots.length - 1;
    const len = b - a;
    let slot = (h ^ (h >>> 16)) & mask;
    for (;;) {
      const x = slots[slot];
      if (x < 0) break;
      if (this.hashes[x] === h) {
        const k = this.keys[x];
        if (k.length === len) {
          let q = 0;
          while (q < len && asciiNorm[text.charCodeAt(a + q)] === k.charCodeAt(q)) q++;
          if (q === len) return this.entries[x];
        }
      }
      slot = (slot + 1) & mask;
    }
    const slice = text.slice(a, b);
    const key = lower ? slice.toLowerCase() : slice;
    const e = this.entry(key);
    this.remember(key, h, e);
    return e;
  }

  /**
   * The entry of the collected word wbuf[0, n) (normalized units, not a verbatim slice of the text:
   * accents stripped, letters lowercased), from the local table when it was seen before, so that a
   * repeated word such as "ação" costs no string; else from the shared cache. Keys and hashes are
   * those asciiWord uses (the hash starts from the first unit), so both find each other's words.
   */
  private bufferedWord(n: number): WordEntry {
    const wbuf = this.wbuf;
    let h = wbuf[0];
    for (let q = 1; q < n; q++) h = Math.imul(h ^ wbuf[q], 0x01000193);
    const slots = this.slots;
    const mask = slots.length - 1;
    let slot = (h ^ (h >>> 16)) & mask;
    for (;;) {
      const x = slots[slot];
      if (x < 0) break;
      if (this.hashes[x] === h) {
        const k = this.keys[x];
        if (k.length === n) {
          let q = 0;
          while (q < n && wbuf[q] === k.charCodeAt(q)) q++;
          if (q === n) return this.entries[x];
        }
      }
      slot = (slot + 1) & mask;
    }
    const key = unitsToString(wbuf, n);
    const e = this.entry(key);
    this.remember(key, h, e);
    return e;
  }

  /** Adds a word to the local table, bounded like the shared cache (full: start over). */
  private remember(key: string, h: number, e: WordEntry): void {
    if (this.keys.length >= this.host.cacheCapacity) {
      this.slots.fill(-1);
      this.keys = [];
      this.hashes = [];
      this.entries = [];
    } else if ((this.keys.length + 1) * 2 > this.slots.length) {
      this.rehash(this.slots.length * 2);
    }
    this.insert(key, h, e);
  }

  private insert(key: string, h: number, e: WordEntry): void {
    const slots = this.slots;
    const mask = slots.length - 1;
    let slot = (h ^ (h >>> 16)) & mask;
    while (slots[slot] >= 0) slot = (slot + 1) & mask;
    slots[slot] = this.keys.length;
    this.keys.push(key);
    this.hashes.push(h);
    this.entries.push(e);
  }

  /** A larger slot array; the words stay where they are (only their slots move, in the order they came). */
  private rehash(size: number): void {
    const hashes = this.hashes;
    const slots = new Int32Array(size).fill(-1);
    const mask = size - 1;
    for (let x = 0; x < hashes.length; x++) {
      const h = hashes[x];
      let slot = (h ^ (h >>> 16)) & mask;
      while (slots[slot] >= 0) slot = (slot + 1) & mask;
      slots[slot] = x;
    }
    this.slots = slots;
  }

  /**
   * Writes the tokens of a word whose unit k maps to [a + k, a + k + 1) (what flush() does with
   * per-unit buffers, without them).
   */
  private emit(e: WordEntry, a: number): void {
    const ids = e.ids;
    const k = ids.length;
    if (k === 0) return;
    const unkId = this.model.unkId;
    const out = this.out;
    let first = 0;
    if (this.model.fuseUnk && unkId !== undefined && this.prevUnk && ids[0] === unkId) {
      first = 1;
      if (out) out.setLastEnd(a + e.en[0]);
    }
    this.total += k - first;
    this.prevUnk = unkId !== undefined && ids[k - 1] === unkId;
    if (!out) return;
    const st = e.st;
    const en = e.en;
    for (let t = first; t < k; t++) {
      const ts = st[t];
      const te = en[t];
      out.push(ids[t], a + ts, te > ts ? a + te : a + ts);
    }
  }

  /** Looks up (or computes) the collected word and writes its tokens. */
  private flush(text: string): void {
    const n = this.wlen;
    this.wlen = 0;
    const e = this.contig ? this.entry(text.slice(this.wa, this.wa + n)) : this.bufferedWord(n);
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
    const len = word.length;
    // Code point boundaries in UTF-16 units; null when every unit is a code point (no pair).
    let bounds: number[] | null = null;
    for (let i = 0; i + 1 < len; i++) {
      const c = word.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && (word.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        bounds = codePointBounds(word);
        break;
      }
    }
    const n = bounds === null ? len : bounds.length - 1;
    if (n > m.maxInputChars) return this.unknown(word);
    const ids: number[] = [];
    const st: number[] = [];
    const en: number[] = [];
    let s = 0;
    while (s < n) {
      let e = Math.min(n, s + this.maxPieceChars);
      const a = bounds === null ? s : bounds[s];
      const bMax = bounds === null ? e : bounds[e];
      // hashes of word[a, a + k) for every k up to the longest candidate
      if (this.probeHash.length <= bMax - a) this.probeHash = new Int32Array((bMax - a) * 2 + 1);
      const hs = this.probeHash;
      let h = HASH_SEED;
      hs[0] = h;
      for (let q = a; q < bMax; q++) hs[q - a + 1] = h = Math.imul(h ^ word.charCodeAt(q), 0x01000193);
      const table = s > 0 ? this.contTable : this.startTable;
      let b = 0;
      let full = -1;
      while (e > s) {
        b = bounds === null ? e : bounds[e];
        full = table.find(hs[b - a], word, a, b);
        if (full >= 0) break;
        e--;
      }
      if (full < 0) return this.unknown(word);
      let id = table.ids[full];
      if (id === undefined) table.ids[full] = id = this.host.idOf(table.full[full]);
      ids.push(id);
      st.push(a);
      en.push(b);
      s = e;
    }
    return { ids, st, en, unk: m.unkId !== undefined && ids.includes(m.unkId) };
  }

  /** The whole word as the unknown token. */
  private unknown(word: string): WordEntry {
    const m = this.model;
    const id = this.host.idOf(m.unkToken);
    return { ids: [id], st: [0], en: [word.length], unk: id === m.unkId };
  }
}

const HASH_SEED = 0x811c9dc5 | 0;

/**
 * Open-addressing hash table of vocabulary pieces keyed by an FNV-style hash of their UTF-16 units,
 * so that a candidate word[a, b) is looked up without slicing it. The continuation table holds the
 * keys starting with the prefix, probed without it (`full` keeps the whole vocabulary key).
 */
class PieceTable {
  /** The host's id of each piece's full key, looked up on first use. */
  readonly ids: (number | undefined)[];
  private readonly slots: Int32Array;

  constructor(
    readonly keys: string[],
    readonly full: string[],
    private readonly hashes: Int32Array,
  ) {
    const n = keys.length;
    let size = 16;
    while (size < n * 2) size *= 2;
    this.slots = new Int32Array(size).fill(-1);
    this.ids = new Array<number | undefined>(n).fill(undefined);
    const mask = size - 1;
    for (let x = 0; x < n; x++) {
      const h = hashes[x];
      let slot = (h ^ (h >>> 16)) & mask;
      while (this.slots[slot] >= 0) slot = (slot + 1) & mask;
      this.slots[slot] = x;
    }
  }

  /** Index of the piece equal to word[a, b) (whose hash is h), or -1. */
  find(h: number, word: string, a: number, b: number): number {
    const slots = this.slots;
    const mask = slots.length - 1;
    const len = b - a;
    let slot = (h ^ (h >>> 16)) & mask;
    for (;;) {
      const x = slots[slot];
      if (x < 0) return -1;
      if (this.hashes[x] === h) {
        const k = this.keys[x];
        if (k.length === len) {
          let q = 0;
          while (q < len && word.charCodeAt(a + q) === k.charCodeAt(q)) q++;
          if (q === len) return x;
        }
      }
      slot = (slot + 1) & mask;
    }
  }
}

/**
 * Both piece tables and the longest piece in code points, in one pass over the vocabulary (a cold
 * start spends more on this than on a short document's tokens): every non-empty key for word starts,
 * and the keys starting with `prefix`, without it, for continuations (all keys when it is empty).
 */
function pieceTables(vocab: Iterable<string>, size: number, prefix: string): { start: PieceTable; cont: PieceTable; maxChars: number } {
  const keys: string[] = [];
  const hashes = new Int32Array(size);
  const contKeys: string[] = [];
  const contFull: string[] = [];
  const contHashes = new Int32Array(size);
  const p = prefix.length;
  let max = 1;
  for (const k of vocab) {
    const cont = p > 0 && k.length > p && k.startsWith(prefix);
    let n = 0;
    let h = HASH_SEED;
    let hc = HASH_SEED;
    for (let i = 0; i < k.length; i++) {
      const c = k.charCodeAt(i);
      if (!(c >= 0xdc00 && c <= 0xdfff && i > 0 && k.charCodeAt(i - 1) >= 0xd800 && k.charCodeAt(i - 1) <= 0xdbff)) n++;
      h = Math.imul(h ^ c, 0x01000193);
      if (cont && i >= p) hc = Math.imul(hc ^ c, 0x01000193);
    }
    if (n > max) max = n;
    if (k === '') continue; // an empty candidate is never probed
    hashes[keys.length] = h;
    keys.push(k);
    if (cont) {
      contHashes[contKeys.length] = hc;
      contKeys.push(k.slice(p));
      contFull.push(k);
    }
  }
  const start = new PieceTable(keys, keys, hashes.subarray(0, keys.length));
  const contTable = p > 0 ? new PieceTable(contKeys, contFull, contHashes.subarray(0, contKeys.length)) : start;
  return { start, cont: contTable, maxChars: max };
}

/** Offsets where each code point of `word` starts, plus its length. */
function codePointBounds(word: string): number[] {
  const bounds: number[] = [0];
  for (let i = 0; i < word.length; ) {
    const c = word.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < word.length && (word.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
    bounds.push(i);
  }
  return bounds;
}
