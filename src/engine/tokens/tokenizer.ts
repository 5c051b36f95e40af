// Exact token counts and character spans over @huggingface/tokenizers (the engine inside
// transformers.js). We split added tokens, normalize and pre-tokenize the original text ourselves,
// keeping offsets, then run the library's model once per distinct word (cached) and align each
// word's tokens back to characters. Families: WordPiece (BERT), SentencePiece/Metaspace (Unigram or
// BPE) and byte-level BPE (GPT-2 style). Anything else: library encode plus an approximate alignment.
// Beside it: added-tokens.ts (cutting out special tokens first), byte-level.ts (the GPT-2 byte table),
// token-bounds.ts (where token strings lie in a word, and the folded text of the approximate path).
import { Tokenizer } from '@huggingface/tokenizers';
import { InputError, type TextTokenizer, type TokenSpan } from '../types.ts';
import { TokenBuffer, type TokenArrays } from './buffer.ts';
import { byteToUtf16 } from './utf8.ts';
import { WordPieceFast, type WordEntry } from './wordpiece.ts';
import { CHAR_BYTES, byteEncode } from './byte-level.ts';
import { splitAdded, splitterRegex, type LibAddedToken } from './added-tokens.ts';
import { concatBounds, fold, foldWithMap, greedyBounds } from './token-bounds.ts';
import {
  BertNorm,
  MapBuilder,
  isMarkAt,
  asciiRunTransform,
  endOf,
  identity,
  normalizeClusters,
  startOf,
  type BertNormalizerConfig,
  type MappedText,
} from './normalize.ts';

export type TokenizerFamily = 'wordpiece' | 'metaspace' | 'byte-level' | 'generic';

/** A TextTokenizer with a few facts about how it was built. */
export interface AlignedTokenizer extends TextTokenizer {
  /** The family recognised from tokenizer.json. */
  readonly family: TokenizerFamily;
  /**
   * 'exact': spans come from our own offset-keeping pipeline (ids always equal the library's).
   * 'approximate': an unsupported configuration; ids and counts are exact, spans are found by a
   * greedy search of each token's text and may be empty or shifted.
   */
  readonly alignment: 'exact' | 'approximate';
  /** Words cached right now, and the bound. */
  readonly cacheSize: number;
  readonly cacheCapacity: number;
  /** The library tokenizer underneath. */
  readonly library: Tokenizer;
  /**
   * True when TokenIndex range counts equal tokenizer.count of the slice at every cut where
   * safeCut() holds (outside the unsafe ranges encodeArrays reports): WordPiece with the BERT
   * pre-tokenizer. False for byte-level BPE, Metaspace and anything approximate.
   */
  readonly exactRangeCounts: boolean;
  /**
   * Whether a cut at `x` in `text` falls between words in a way that never changes the tokens on
   * either side (only meaningful when exactRangeCounts): 0, the end, or next to ASCII whitespace or
   * punctuation that is not followed by a combining mark.
   */
  safeCut(text: string, x: number): boolean;
  /** encode() as parallel typed arrays, with the ranges where range counts are not exact. */
  encodeArrays(text: string): TokenArrays;
}

export interface CreateOptions {
  /** Maximum number of distinct words kept in the per-word cache (default 100 000). */
  cacheCapacity?: number;
  /** Use the WordPiece fast path when the configuration allows it (default true; false for tests). */
  fastPath?: boolean;
}

const SPACE_SYMBOL = '\u2581';
/** The largest reusable token buffer kept between calls (12 bytes a token: 12 MB). */
const SCRATCH_KEEP_TOKENS = 1 << 20;
const BYTE_TOKEN = /^<0x([0-9A-F]{2})>$/;

/** A word handed to the model, with where it sits in the normalized text. */
interface Piece {
  /** The text as the model sees it before byte mapping (may begin with a virtual prefix). */
  s: string;
  /** Normalized index of position `p` of `s`. */
  n: number;
  /** Length of the virtual prefix (a prepended ▁ or space that stands for no character). */
  p: number;
  /** True when the model input is the byte-level mapping of `s`. */
  bytes: boolean;
}

/** Cached result for one word: ids and token spans in units of `Piece.s`. */
type Entry = WordEntry;

type Stage =
  | { kind: 'regex'; pattern: RegExp }
  | { kind: 'substring'; run: (s: string, opts: { section_index: number }) => string[] }
  | { kind: 'bytelevel'; addPrefixSpace: boolean; pattern: RegExp | null }
  | { kind: 'metaspace'; rep: string; scheme: string };

class Unsupported extends Error {}

const utf8 = new TextEncoder();

// The library's runtime objects, typed just enough for what we read.
interface LibModel {
  (tokens: string[]): string[];
  tokens_to_ids: Map<string, number>;
  unk_token_id?: number;
  unk_token?: string;
  fuse_unk: boolean;
  config: Record<string, unknown>;
  vocab: string[];
  bpe?: (s: string) => string[];
  merges?: [string, string][];
  byte_fallback?: boolean;
  ignore_merges?: boolean;
  end_of_word_suffix?: string;
  continuing_subword_suffix?: string | null;
}
interface LibTokenizer {
  normalizer: ((s: string) => string) | null;
  model: LibModel;
  added_tokens_map: Map<string, LibAddedToken>;
  added_tokens: (LibAddedToken & { normalized: boolean })[];
  remove_space?: boolean;
  do_lowercase_and_remove_accent?: boolean;
}

function sane(n: unknown): number | undefined {
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 1_000_000 ? n : undefined;
}

/**
 * True for a tokenizer.json the WordPiece fast path reads without the library: a WordPiece model
 * with its vocabulary, unknown token and subword prefix, the BERT normalizer and pre-tokenizer, and
 * added tokens that are all matched before normalizing (what BERT, MiniLM and e5 ship). Anything
 * else, or anything malformed, builds the library first (and gets its checks and errors).
 */
function plainBert(json: Record<string, unknown>, config: Record<string, unknown>): boolean {
  const model = json.model as Record<string, unknown>;
  const isObject = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);
  if (!isObject(model) || model.type !== 'WordPiece' || !isObject(model.vocab)) return false;
  if (typeof model.unk_token !== 'string' || typeof model.continuing_subword_prefix !== 'string') return false;
  if (model.max_input_chars_per_word !== undefined && typeof model.max_input_chars_per_word !== 'number') return false;
  if (!isObject(json.normalizer) || json.normalizer.type !== 'BertNormalizer') return false;
  if (!isObject(json.pre_tokenizer) || json.pre_tokenizer.type !== 'BertPreTokenizer') return false;
  if (config.remove_space === true || config.do_lowercase_and_remove_accent) return false;
  if (!Array.isArray(json.added_tokens)) return false;
  // the library's rule: an added token is normalized unless it says not, or is special and says nothing
  return json.added_tokens.every(
    (a) => isObject(a) && typeof a.content === 'string' && Number.isInteger(a.id) && (a.normalized ?? !a.special) === false,
  );
}

class HfTextTokenizer implements AlignedTokenizer {
  readonly family: TokenizerFamily;
  readonly alignment: 'exact' | 'approximate';
  readonly modelMaxLength?: number;
  readonly cacheCapacity: number;

  /** The library tokenizer, built on first use when the fast path needs none of it (see plainBert). */
  private built: Tokenizer | null = null;
  /** Added tokens by content, and the vocabulary with them, as the library maps them. */
  private readonly addedMap: Map<string, LibAddedToken>;
  private readonly vocab: Map<string, number>;
  private readonly modelType: string;
  readonly unkTokenId: number | undefined;
  readonly fusesUnknown: boolean;
  private readonly rawSplitter: RegExp | null;
  private readonly normSplitter: RegExp | null;
  private readonly stages: Stage[] = [];
  private readonly normalizeSection: ((text: string, start: number, end: number) => MappedText | null) | null = null;
  private readonly splitSpaces: boolean;
  private readonly excludeLeadingSpaceSymbol: boolean;
  private readonly wpPrefix: string;
  readonly cache = new Map<string, Entry>();
  private bert: BertNorm | null = null;
  private readonly fast: WordPieceFast | null = null;
  private readonly lowercase: boolean = false;
  /** A token buffer kept between calls (see scratchBuffer); null while one is in use. */
  private scratch: TokenBuffer | null = null;
  readonly exactRangeCounts: boolean;
  /** Contents of the added tokens (a cut inside one of them is never safe). */
  private readonly addedContents: string[];

  constructor(
    private readonly json: Record<string, unknown>,
    private readonly config: Record<string, unknown>,
    readonly name: string,
    opts: CreateOptions,
  ) {
    // A plain BERT WordPiece configuration (MiniLM, the bundled default) runs on the fast path, which
    // needs only the vocabulary and the added tokens: the library tokenizer (tens of ms to build, a
    // sixth of a short `chunk` command) is then built only if something asks for it.
    const light = opts.fastPath !== false && plainBert(json, config);
    this.modelMaxLength = sane(config.model_max_length);
    this.cacheCapacity = Math.max(1, opts.cacheCapacity ?? 100_000);
    const modelCfg = (json.model ?? {}) as Record<string, unknown>;
    let added: readonly (LibAddedToken & { normalized: boolean })[];
    let unkToken: unknown;
    let maxInputChars: unknown;
    if (light) {
      // what the library's WordPiece model and Tokenizer constructors make of the same JSON
      const vocab = new Map<string, number>();
      const ids = modelCfg.vocab as Record<string, number>;
      for (const k in ids) vocab.set(k, ids[k]); // (Object.entries' order, without its 30k pairs)
      this.unkTokenId = vocab.get(modelCfg.unk_token as string);
      added = (json.added_tokens as Record<string, unknown>[]).map((a) => ({ id: a.id as number, content: a.content as string, lstrip: !!a.lstrip, rstrip: !!a.rstrip, normalized: false }));
      for (const t of added) vocab.set(t.content, t.id);
      this.vocab = vocab;
      this.addedMap = new Map(added.map((t) => [t.content, t]));
      this.modelType = 'WordPiece';
      this.fusesUnknown = !!modelCfg.fuse_unk;
      unkToken = modelCfg.unk_token;
      maxInputChars = modelCfg.max_input_chars_per_word;
    } else {
      const model = this.model;
      this.unkTokenId = model.unk_token_id;
      added = this.lib.added_tokens;
      this.vocab = model.tokens_to_ids;
      this.addedMap = this.lib.added_tokens_map;
      this.modelType = String(modelCfg.type ?? model.constructor.name);
      this.fusesUnknown = !!model.fuse_unk;
      unkToken = model.unk_token;
      maxInputChars = (model.config as { max_input_chars_per_word?: number }).max_input_chars_per_word;
    }
    this.wpPrefix = String(modelCfg.continuing_subword_prefix ?? '##');

    const raw: string[] = [];
    const norm: string[] = [];
    for (const t of added) {
      if (t.normalized && !light && this.lib.normalizer !== null) norm.push(this.lib.normalizer(t.content));
      else raw.push(t.content);
    }
    this.rawSplitter = splitterRegex(raw);
    this.normSplitter = splitterRegex(norm);

    let exact = true;
    try {
      if (config.remove_space === true || config.do_lowercase_and_remove_accent) throw new Unsupported();
      this.normalizeSection = this.buildNormalizer(json.normalizer as Record<string, unknown> | null);
      // (the BERT pre-tokenizer's pattern is the library's; the fast path does without it)
      if (!light) this.buildStages(json.pre_tokenizer as Record<string, unknown> | null);
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
      exact = false;
    }
    this.alignment = exact ? 'exact' : 'approximate';
    const pt = JSON.stringify(json.pre_tokenizer ?? null);
    this.family =
      this.modelType === 'WordPiece'
        ? 'wordpiece'
        : pt.includes('"ByteLevel"')
          ? 'byte-level'
          : pt.includes('"Metaspace"') || JSON.stringify(json.normalizer ?? null).includes(SPACE_SYMBOL)
            ? 'metaspace'
            : 'generic';
    this.excludeLeadingSpaceSymbol = this.family === 'metaspace';
    this.splitSpaces = exact && this.spaceSplitSafe();
    const bertPre = light || (this.stages.length === 1 && this.stages[0].kind === 'regex' && (json.pre_tokenizer as { type?: string })?.type === 'BertPreTokenizer');
    this.addedContents = [...new Set(added.map((t) => t.content).filter((c) => c.length > 1))];
    // (an added token with whitespace in it could span the junction of a prefix and a chunk)
    this.exactRangeCounts =
      exact &&
      this.modelType === 'WordPiece' &&
      bertPre &&
      !this.fusesUnknown &&
      this.bert !== null &&
      this.normSplitter === null &&
      !added.some((t) => /\s/u.test(t.content));
    this.lowercase = this.bert !== null && !!(json.normalizer as BertNormalizerConfig).lowercase;
    if (
      opts.fastPath !== false &&
      exact &&
      this.modelType === 'WordPiece' &&
      bertPre &&
      !this.splitSpaces &&
      this.bert !== null &&
      this.normSplitter === null &&
      typeof modelCfg.continuing_subword_prefix === 'string' &&
      typeof unkToken === 'string'
    ) {
      try {
        this.fast = new WordPieceFast(
          this.bert,
          {
            vocab: this.vocab,
            prefix: modelCfg.continuing_subword_prefix,
            unkToken,
            unkId: this.unkTokenId,
            maxInputChars: Number(maxInputChars ?? 100),
            fuseUnk: this.fusesUnknown,
          },
          this,
        );
      } catch {
        this.fast = null; // an ASCII table the fast path cannot express: the general path
      }
    }
    // the general path after all: it needs the library's pre-tokenizer
    if (light && this.fast === null) this.buildStages(json.pre_tokenizer as Record<string, unknown> | null);
  }

  /** The library tokenizer underneath (built on first use on the fast path). */
  get library(): Tokenizer {
    return (this.built ??= new Tokenizer(this.json, this.config));
  }

  private get lib(): LibTokenizer {
    return this.library as unknown as LibTokenizer;
  }

  private get model(): LibModel {
    return this.lib.model;
  }

  /** True when the fast WordPiece path is in use (for tests and benchmarks). */
  get fastPath(): boolean {
    return this.fast !== null;
  }

  safeCut(text: string, x: number): boolean {
    if (!this.exactRangeCounts) return false;
    if (x <= 0 || x >= text.length) return x === 0 || x === text.length;
    const a = text.charCodeAt(x - 1);
    const b = text.charCodeAt(x);
    if (b >= 0x300 && isMarkAt(text, x)) return false;
    if (b >= 0xdc00 && b <= 0xdfff && a >= 0xd800 && a <= 0xdbff) return false;
    if (!(isAsciiBreak(a) || isAsciiBreak(b))) return false;
    // a cut inside an added token written in the text
    for (const t of this.addedContents) {
      for (let p = Math.max(0, x - t.length + 1); p < x; p++) if (text.startsWith(t, p)) return false;
    }
    return true;
  }

  get cacheSize(): number {
    return this.cache.size;
  }

  // ------------------------------------------------------------ configuration

  private buildNormalizer(cfg: Record<string, unknown> | null): ((t: string, s: number, e: number) => MappedText | null) | null {
    if (!cfg) return null;
    if (cfg.type === 'BertNormalizer') {
      const bert = new BertNorm(cfg as BertNormalizerConfig);
      this.bert = bert;
      return (t, s, e) => bert.normalize(t, s, e);
    }
    // Any other normalizer: cluster by cluster with the library's own pieces, Prepend handled as a
    // section prefix, checked against the library on the whole section (null when they differ).
    const libNorm = this.lib.normalizer as unknown as {
      (s: string): string;
      normalizers?: { (s: string): string; config: Record<string, unknown> }[];
      config: Record<string, unknown>;
    };
    const list = cfg.type === 'Sequence' ? (libNorm.normalizers ?? []) : [libNorm];
    for (const n of list) {
      const type = n?.config?.type;
      if (type === 'Sequence') throw new Unsupported();
    }
    const prependAt = list.findIndex((n) => n?.config?.type === 'Prepend');
    if (list.filter((n) => n?.config?.type === 'Prepend').length > 1) throw new Unsupported();
    const rest = list.filter((n, i) => (n as unknown) != null && i !== prependAt);
    const prefix =
      prependAt >= 0
        ? list.slice(prependAt + 1).reduce((t, n) => ((n as unknown) != null ? n(t) : t), String(list[prependAt].config.prepend ?? ''))
        : '';
    const perCluster = (c: string) => rest.reduce((t, n) => n(t), c);
    const ascii: string[] = [];
    for (let c = 0; c < 128; c++) ascii.push(perCluster(String.fromCharCode(c)));
    const asciiRun = asciiRunTransform(ascii);
    const cache = new Map<string, string>();
    return (text, start, end) => {
      const b = new MapBuilder(start, end - start + 16);
      if (prefix) b.virtual(prefix, start);
      const mapped = normalizeClusters(text, start, end, perCluster, ascii, cache, b, asciiRun);
      return mapped.text === libNorm(text.slice(start, end)) ? mapped : null;
    };
  }

  private buildStages(cfg: Record<string, unknown> | null): void {
    if (!cfg) return;
    const lib = (this.library as unknown as { pre_tokenizer: unknown }).pre_tokenizer as {
      tokenizers?: unknown[];
    };
    const cfgs = cfg.type === 'Sequence' ? ((cfg.pretokenizers as Record<string, unknown>[]) ?? []) : [cfg];
    const objs = cfg.type === 'Sequence' ? (lib.tokenizers ?? []) : [lib];
    cfgs.forEach((c, i) => {
      const obj = objs[i] as {
        pre_tokenize_text: (s: string, o: unknown) => string[];
        pattern?: RegExp;
        add_prefix_space?: boolean;
        use_regex?: boolean;
        replacement?: string;
        str_rep?: string;
        prepend_scheme?: string;
      } | null;
      if (!obj) return;
      switch (c.type) {
        case 'BertPreTokenizer':
          // the library trims first, which cannot change what this pattern matches
          this.stages.push({ kind: 'regex', pattern: new RegExp(obj.pattern!.source, 'gu') });
          break;
        case 'Whitespace':
        case 'WhitespaceSplit':
        case 'Punctuation':
        case 'Digits':
        case 'Split':
        case 'FixedLength':
          this.stages.push({ kind: 'substring', run: (s, o) => obj.pre_tokenize_text(s, o) });
          break;
        case 'ByteLevel':
          this.stages.push({
            kind: 'bytelevel',
            addPrefixSpace: !!obj.add_prefix_space,
            pattern: obj.use_regex ? new RegExp(obj.pattern!.source, 'gu') : null,
          });
          break;
        case 'Metaspace': {
          const rep = obj.str_rep ?? SPACE_SYMBOL;
          if (rep.length !== 1 || obj.replacement !== rep) throw new Unsupported();
          this.stages.push({ kind: 'metaspace', rep, scheme: obj.prepend_scheme ?? 'always' });
          break;
        }
        default:
          throw new Unsupported();
      }
    });
    // Byte mapping must be the last transformation: nothing may split byte strings afterwards.
    const bl = this.stages.findIndex((s) => s.kind === 'bytelevel');
    if (bl >= 0 && bl !== this.stages.length - 1) throw new Unsupported();
    const ms = this.stages.findIndex((s) => s.kind === 'metaspace');
    if (ms >= 0 && ms !== this.stages.length - 1) throw new Unsupported();
  }

  /**
   * Whether words may be cut before each run of ▁ that follows another character without changing
   * the model's output: no vocabulary piece (Unigram) or merge result (BPE) has ▁ after another
   * character, and nothing depends on the whole word (suffixes, ignore_merges).
   */
  private spaceSplitSafe(): boolean {
    if (this.modelType !== 'Unigram' && this.modelType !== 'BPE') return false;
    const bad = /[^\u2581]\u2581/;
    const m = this.model;
    if (this.modelType === 'Unigram') {
      if (!m.tokens_to_ids.has(SPACE_SYMBOL)) return false;
      return !m.vocab.some((v) => typeof v === 'string' && bad.test(v));
    }
    if (this.modelType === 'BPE') {
      if (m.end_of_word_suffix || m.continuing_subword_suffix || m.ignore_merges) return false;
      return !(m.merges ?? []).some(([a, b]) => bad.test(a + b));
    }
    return false;
  }

  // ------------------------------------------------------------ public API

  count(text: string): number {
    if (typeof text !== 'string') throw new InputError('count() needs a string');
    if (this.alignment === 'approximate') return this.libraryIds(text).length;
    return this.run(text, null);
  }

  encode(text: string): TokenSpan[] {
    if (typeof text !== 'string') throw new InputError('encode() needs a string');
    if (this.alignment === 'approximate') return this.approximate(text, 0, text.length, this.libraryIds(text), null);
    const out = this.scratchBuffer();
    try {
      this.run(text, out);
      return out.toSpans();
    } finally {
      this.releaseScratch(out);
    }
  }

  encodeArrays(text: string): TokenArrays {
    if (typeof text !== 'string') throw new InputError('encodeArrays() needs a string');
    if (this.alignment === 'approximate') {
      const b = TokenBuffer.fromSpans(this.approximate(text, 0, text.length, this.libraryIds(text), null));
      b.markUnsafe(0, text.length);
      return b.finish();
    }
    const out = this.scratchBuffer();
    try {
      this.run(text, out);
      return out.finish();
    } finally {
      this.releaseScratch(out);
    }
  }

  /**
   * The token buffer encode() and encodeArrays() write into, reused from call to call: a fresh one
   * per call (three typed arrays, doubled and copied as the text outgrows them, then trimmed) was a
   * quarter of the fast path's time on a corpus of short documents, most of it zero-filling and
   * copying. Taken out while in use, so a call that throws leaves no half-filled buffer behind.
   */
  private scratchBuffer(): TokenBuffer {
    const b = this.scratch ?? new TokenBuffer(4096);
    this.scratch = null;
    b.reset();
    return b;
  }

  /** Keeps the buffer for the next call unless one long text made it large (its memory goes back). */
  private releaseScratch(b: TokenBuffer): void {
    if (b.capacity <= SCRATCH_KEEP_TOKENS) this.scratch = b;
  }

  // ------------------------------------------------------------ the pipeline

  /** Encodes `text` into `out` (or only counts when `out` is null). Returns the number of tokens. */
  private run(text: string, out: TokenBuffer | null): number {
    let total = 0;
    const sections = splitAdded(text, 0, text.length, this.rawSplitter, this.addedMap);
    for (let si = 0; si < sections.length; si++) {
      const { start, end } = sections[si];
      if (end <= start) continue;
      const added = this.addedMap.get(text.slice(start, end));
      if (added) {
        total++;
        if (out) {
          out.push(added.id, start, end);
          out.markUnsafe(start, end);
        }
        continue;
      }
      // lowercasing a capital sigma depends on its neighbours: a range count cut inside that
      // context may differ (only the sigma's few neighbours, see sigmaContext)
      if (out && this.lowercase) this.markSigmas(text, start, end, out);
      if (this.fast !== null) {
        total += this.fast.encodeSection(text, start, end, out);
        continue;
      }
      let mapped: MappedText | null;
      if (this.normalizeSection) {
        mapped = this.normalizeSection(text, start, end);
        if (mapped === null) {
          if (out) out.markUnsafe(start, end);
          total += this.sectionFallback(text, start, end, si, out);
          continue;
        }
      } else mapped = identity(end - start === text.length ? text : text.slice(start, end), start);
      const N = mapped.text;
      if (N.length === 0) continue;
      const subs = splitAdded(N, 0, N.length, this.normSplitter, this.addedMap);
      const outAtSection = out ? out.length : 0;
      const totalAtSection = total;
      for (const sub of subs) {
        if (sub.end <= sub.start) continue;
        const sText = sub.start === 0 && sub.end === N.length ? N : N.slice(sub.start, sub.end);
        const a = this.addedMap.get(sText);
        if (a) {
          total++;
          if (out) {
            out.push(a.id, startOf(mapped, sub.start), endOf(mapped, sub.end));
            out.markUnsafe(startOf(mapped, sub.start), endOf(mapped, sub.end));
          }
          continue;
        }
        const em = new Emitter(this, mapped, out);
        try {
          this.preTokenize(sText, sub.start, si, em);
        } catch (e) {
          if (!(e instanceof Unsupported)) throw e;
          // redo the whole section the slow way
          if (out) {
            out.truncate(outAtSection);
            out.markUnsafe(start, end);
          }
          total = totalAtSection + this.sectionFallback(text, start, end, si, out);
          break;
        }
        total += em.total;
      }
    }
    return total;
  }

  /** Marks unsafe the context of each capital sigma of the section [start, end). */
  private markSigmas(text: string, start: number, end: number, out: TokenBuffer): void {
    const bert = this.bert!;
    for (let at = text.indexOf('\u03a3', start); at >= 0 && at < end; at = text.indexOf('\u03a3', at + 1)) {
      const c = bert.sigmaAt(text, at, start, end);
      out.markUnsafe(c.from, c.to);
    }
  }

  /** Pre-tokenizes one normalized subsection and hands each word, with its position, to `sink`. */
  private preTokenize(s: string, n: number, sectionIndex: number, sink: Emitter): void {
    const stages = this.stages;
    const last = stages.length - 1;
    // Fast path: one regex stage (BertPreTokenizer) straight into the sink.
    if (last === 0 && stages[0].kind === 'regex' && !this.splitSpaces) {
      const re = stages[0].pattern;
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(s)) !== null) sink.word(m[0], n + m.index, 0, false);
      return;
    }
    let pieces: Piece[] = [{ s, n, p: 0, bytes: false }];
    const opts = { section_index: sectionIndex };
    for (const st of stages) {
      const next: Piece[] = [];
      for (const pc of pieces) {
        if (st.kind === 'regex') {
          st.pattern.lastIndex = 0;
          for (const m of pc.s.matchAll(st.pattern)) next.push(sub(pc, m.index, m[0]));
        } else if (st.kind === 'substring') {
          let cur = 0;
          for (const o of st.run(pc.s, opts)) {
            const q = pc.s.indexOf(o, cur);
            if (q < 0) throw new Unsupported();
            next.push(sub(pc, q, o));
            cur = q + o.length;
          }
        } else if (st.kind === 'bytelevel') {
          let s2 = pc.s;
          let p2 = pc.p;
          if (st.addPrefixSpace && !s2.startsWith(' ')) {
            s2 = ' ' + s2;
            p2++;
          }
          const base: Piece = { s: s2, n: pc.n, p: p2, bytes: false };
          if (st.pattern) {
            for (const m of s2.matchAll(st.pattern)) {
              const c = sub(base, m.index, m[0]);
              c.bytes = true;
              next.push(c);
            }
          } else next.push({ ...base, bytes: true });
        } else {
          let s2 = pc.s.replaceAll(' ', st.rep);
          let p2 = pc.p;
          if (!s2.startsWith(st.rep) && (st.scheme === 'always' || (st.scheme === 'first' && sectionIndex === 0))) {
            s2 = st.rep + s2;
            p2++;
          }
          next.push({ s: s2, n: pc.n, p: p2, bytes: false });
        }
      }
      pieces = next;
    }
    for (const pc of pieces) {
      const s = pc.s;
      if (!this.splitSpaces || pc.bytes || s.length < 2 || !s.includes(SPACE_SYMBOL)) {
        sink.word(s, pc.n, pc.p, pc.bytes);
        continue;
      }
      // cut before each run of ▁ that follows another character (see spaceSplitSafe)
      let from = 0;
      for (let i = 1; i < s.length; i++) {
        if (s.charCodeAt(i) === 0x2581 && s.charCodeAt(i - 1) !== 0x2581) {
          const c = sub(pc, from, s.slice(from, i));
          sink.word(c.s, c.n, c.p, false);
          from = i;
        }
      }
      const c = sub(pc, from, s.slice(from));
      sink.word(c.s, c.n, c.p, false);
    }
  }

  /** The cached model result for one word. */
  entry(s: string, n: number, p: number, bytes: boolean): Entry {
    let e = this.cache.get(s);
    if (e === undefined) {
      e = this.compute({ s, n, p, bytes });
      if (this.cache.size >= this.cacheCapacity) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(s, e);
    }
    return e;
  }

  idOf(t: string): number {
    return this.addedMap.get(t)?.id ?? this.vocab.get(t) ?? (this.unkTokenId as number);
  }

  /** Model output for one word and its alignment in units of pc.s. */
  private compute(pc: Piece): Entry {
    const input = pc.bytes ? byteEncode(pc.s) : pc.s;
    const toks = this.model([input]);
    const ids = toks.map((t) => this.idOf(t));
    // Boundaries in model-input units.
    let bounds: [number, number][] | null = null;
    if (this.modelType === 'WordPiece') bounds = this.alignWordPiece(toks, input);
    else if (this.modelType === 'BPE') bounds = this.alignBpe(input, ids);
    else bounds = concatBounds(toks, input);
    if (!bounds) bounds = greedyBounds(toks.map((t) => this.cleanToken(t)), input);
    const st: number[] = [];
    const en: number[] = [];
    const conv = pc.bytes ? byteToUtf16(pc.s) : null;
    for (const [a, b] of bounds) {
      let s = conv ? conv[a] : a;
      const e = conv ? conv[b] : b;
      if (this.excludeLeadingSpaceSymbol && !pc.bytes) {
        // "▁word": the span starts at the word, not at the space before it.
        let x = s;
        while (x < e && pc.s.charCodeAt(x) === 0x2581) x++;
        if (x < e) s = x;
      }
      st.push(s);
      en.push(e);
    }
    if (this.excludeLeadingSpaceSymbol && !pc.bytes) {
      // Tokens made only of the ▁ run before a word (a bare "▁") sit, empty, where the word starts,
      // so a range starting at the word counts them, as tokenizing the range alone would.
      let c = 0;
      while (c < pc.s.length && pc.s.charCodeAt(c) === 0x2581) c++;
      if (c > 0 && c < pc.s.length) {
        for (let i = 0; i < st.length; i++) {
          if (st[i] < c) st[i] = c;
          if (en[i] < c) en[i] = c;
        }
      }
    }
    return { ids, st, en, unk: ids.includes(this.unkTokenId as number) };
  }

  private alignWordPiece(toks: string[], input: string): [number, number][] | null {
    const b: [number, number][] = [];
    let cur = 0;
    for (let i = 0; i < toks.length; i++) {
      let t = toks[i];
      if (i > 0 && t.startsWith(this.wpPrefix)) t = t.slice(this.wpPrefix.length);
      if (input.startsWith(t, cur)) {
        b.push([cur, cur + t.length]);
        cur += t.length;
      } else if (toks.length === 1) return [[0, input.length]]; // unknown word: the whole word
      else return null;
    }
    return cur === input.length ? b : null;
  }

  /** Rebuilds the library's BPE encode with positions; null when it does not reproduce `ids`. */
  private alignBpe(input: string, ids: number[]): [number, number][] | null {
    const m = this.model;
    if (!m.bpe) return null;
    const pieces = m.ignore_merges && m.tokens_to_ids.has(input) ? [input] : m.bpe(input);
    const eow = m.end_of_word_suffix ?? '';
    const cont = m.continuing_subword_suffix ?? '';
    const b: [number, number][] = [];
    const got: number[] = [];
    let cur = 0;
    pieces.forEach((t, i) => {
      let src = t;
      if (cont && i < pieces.length - 1 && src.endsWith(cont)) src = src.slice(0, -cont.length);
      if (eow && i === pieces.length - 1 && src.endsWith(eow)) src = src.slice(0, -eow.length);
      const len = src.length;
      if (m.tokens_to_ids.has(t)) {
        b.push([cur, cur + len]);
        got.push(this.idOf(t));
      } else {
        const bytes = m.byte_fallback ? Array.from(utf8.encode(t)) : null;
        const names = bytes?.map((x) => `<0x${x.toString(16).toUpperCase().padStart(2, '0')}>`);
        if (names && names.every((x) => m.tokens_to_ids.has(x))) {
          const conv = byteToUtf16(t);
          names.forEach((x, k) => {
            b.push([cur + Math.min(len, conv[k]), cur + Math.min(len, conv[k + 1])]);
            got.push(this.idOf(x));
          });
        } else if (m.unk_token != null) {
          b.push([cur, cur + len]);
          got.push(this.idOf(m.unk_token));
        }
      }
      cur += len;
    });
    if (this.fusesUnknown) {
      for (let i = got.length - 1; i > 0; i--) {
        if (got[i] === this.unkTokenId && got[i - 1] === this.unkTokenId) {
          b[i - 1][1] = b[i][1];
          b.splice(i, 1);
          got.splice(i, 1);
        }
      }
    }
    if (got.length !== ids.length || got.some((x, i) => x !== ids[i])) return null;
    return b;
  }

  /** The characters a token stands for, as far as a token string tells (for greedy alignment). */
  private cleanToken(t: string): string {
    const bm = BYTE_TOKEN.exec(t);
    if (bm) return '';
    let s = t;
    if (this.modelType === 'WordPiece' && s.startsWith(this.wpPrefix)) s = s.slice(this.wpPrefix.length);
    if (this.family === 'byte-level') {
      const bytes: number[] = [];
      for (const ch of s) {
        const v = CHAR_BYTES.get(ch);
        if (v === undefined) return s;
        bytes.push(v);
      }
      return new TextDecoder('utf-8', { fatal: false }).decode(new Uint8Array(bytes)).replace(/\uFFFD/g, '');
    }
    return s.replaceAll(SPACE_SYMBOL, ' ');
  }

  // ------------------------------------------------------------ fallbacks

  private libraryIds(text: string): number[] {
    return this.library.encode(text, { add_special_tokens: false }).ids;
  }

  /** A section our pipeline cannot map exactly: the library's tokens for it, aligned greedily. */
  private sectionFallback(text: string, start: number, end: number, si: number, out: TokenBuffer | null): number {
    const lib = this.library as unknown as {
      normalizer: ((s: string) => string) | null;
      pre_tokenizer: ((s: string, o: unknown) => string[]) | null;
    };
    let N = text.slice(start, end);
    if (lib.normalizer) N = lib.normalizer(N);
    const ids: number[] = [];
    const toks: string[] = [];
    for (const sub of splitAdded(N, 0, N.length, this.normSplitter, this.addedMap)) {
      if (sub.end <= sub.start) continue;
      const s = N.slice(sub.start, sub.end);
      const a = this.addedMap.get(s);
      if (a) {
        ids.push(a.id);
        toks.push(s);
        continue;
      }
      const words = lib.pre_tokenizer ? lib.pre_tokenizer(s, { section_index: si }) : [s];
      for (const t of this.model(words)) {
        toks.push(t);
        ids.push(this.idOf(t));
      }
    }
    if (out) for (const t of this.approximate(text, start, end, ids, toks)) out.push(t.id, t.start, t.end);
    return ids.length;
  }

  /** Greedy alignment of token texts in text[start,end) (case- and accent-insensitive). */
  private approximate(text: string, start: number, end: number, ids: number[], toks: string[] | null): TokenSpan[] {
    const tokens = toks ?? ids.map((id) => this.library.id_to_token(id) ?? '');
    const folded = foldWithMap(text, start, end);
    const out: TokenSpan[] = [];
    let cur = 0; // index into folded.text
    for (let i = 0; i < ids.length; i++) {
      const added = this.addedMap.get(tokens[i]);
      const clean = fold(added ? tokens[i] : this.cleanToken(tokens[i])).trim();
      let at = -1;
      if (clean) {
        at = folded.text.indexOf(clean, cur);
        if (at >= 0 && at - cur > 64 + 4 * clean.length) at = -1;
      }
      if (at < 0) {
        const pos = folded.map[cur];
        out.push({ id: ids[i], start: pos, end: pos });
        continue;
      }
      const s = folded.map[at];
      cur = at + clean.length;
      out.push({ id: ids[i], start: s, end: Math.max(s, folded.map[cur]) });
    }
    return out;
  }
}

/** Writes the tokens of the words of one model call (a normalized subsection). */
class Emitter {
  total = 0;
  private prevUnk = false;
  private readonly fuse: boolean;
  private readonly unkId: number | undefined;

  constructor(
    private readonly tok: HfTextTokenizer,
    private readonly mapped: MappedText,
    private readonly out: TokenBuffer | null,
  ) {
    this.unkId = tok.unkTokenId;
    this.fuse = tok.fusesUnknown && this.unkId !== undefined;
  }

  word(s: string, n: number, p: number, bytes: boolean): void {
    if (s.length === 0) return;
    const e = this.tok.entry(s, n, p, bytes);
    const ids = e.ids;
    const k = ids.length;
    if (k === 0) return;
    const out = this.out;
    const mapped = this.mapped;
    let first = 0;
    if (this.fuse && this.prevUnk && ids[0] === this.unkId) {
      // The library fuses consecutive unknown tokens of one model call into one.
      first = 1;
      if (out) out.setLastEnd(endOf(mapped, n + Math.max(0, e.en[0] - p)));
    }
    this.total += k - first;
    this.prevUnk = ids[k - 1] === this.unkId;
    if (!out) return;
    for (let i = first; i < k; i++) {
      const ns = n + Math.max(0, e.st[i] - p);
      const ne = n + Math.max(0, e.en[i] - p);
      const start = startOf(mapped, ns);
      const end = ne > ns ? Math.max(start, endOf(mapped, ne)) : start;
      out.push(ids[i], start, end);
    }
  }
}

function isAsciiBreak(c: number): boolean {
  return (
    c === 32 || c === 9 || c === 10 || c === 13 || (c >= 0x21 && c <= 0x2f) || (c >= 0x3a && c <= 0x40) || (c >= 0x5b && c <= 0x60) || (c >= 0x7b && c <= 0x7e)
  );
}

function sub(pc: Piece, q: number, s: string): Piece {
  return q < pc.p ? { s, n: pc.n, p: pc.p - q, bytes: pc.bytes } : { s, n: pc.n + q - pc.p, p: 0, bytes: pc.bytes };
}

/**
 * A TextTokenizer over tokenizer.json + tokenizer_config.json (as found next to a model on the
 * Hugging Face Hub). Ids always equal @huggingface/tokenizers' encode(text, {add_special_tokens:
 * false}); spans are exact for the supported families (see `alignment`).
 */
export function createTokenizer(
  tokenizerJson: object,
  tokenizerConfig: object,
  name: string,
  options: CreateOptions = {},
): AlignedTokenizer {
  if (!tokenizerJson || typeof tokenizerJson !== 'object' || Array.isArray(tokenizerJson)) {
    throw new InputError('tokenizer.json must be a JSON object', name);
  }
  const json = tokenizerJson as Record<string, unknown>;
  if (!json.model || typeof json.model !== 'object') {
    throw new InputError('tokenizer.json has no "model" section', name);
  }
  // The library requires these keys to be present (null is fine).
  const filled: Record<string, unknown> = { normalizer: null, pre_tokenizer: null, post_processor: null, decoder: null, added_tokens: [], ...json };
  const config = (tokenizerConfig && typeof tokenizerConfig === 'object' ? tokenizerConfig : {}) as Record<string, unknown>;
  try {
    return new HfTextTokenizer(filled, config, name, options);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`cannot build the tokenizer: ${(e as Error).message}`, name);
  }
}
