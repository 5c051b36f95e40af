// The WordPiece fast path (one char-code scan) against the general pipeline and the library: same
// ids and identical spans on thousands of random strings over a mixed alphabet, for MiniLM's
// configuration and for cased / no-CJK / no-cleaning variants; and TokenIndex.exactCount, which
// answers only where a range count provably equals tokenizing the slice.
import { describe, expect, it } from 'vitest';
import { Tokenizer } from '@huggingface/tokenizers';
import { createTokenizer, TokenIndex, type AlignedTokenizer } from '../../../src/engine/tokens/index.ts';
import { CORPUS, MINILM_DIR, WITH_ADDED, readDir, rng } from './helpers.ts';

interface Variant {
  label: string;
  edit?: (n: Record<string, unknown>) => void;
}

const VARIANTS: Variant[] = [
  { label: 'MiniLM (uncased, accents stripped, CJK spaced, cleaned)' },
  { label: 'cased, accents kept', edit: (n) => Object.assign(n, { lowercase: false, strip_accents: false }) },
  { label: 'cased, accents stripped', edit: (n) => Object.assign(n, { lowercase: false, strip_accents: true }) },
  { label: 'no CJK spacing, no cleaning', edit: (n) => Object.assign(n, { handle_chinese_chars: false, clean_text: false }) },
];

/** A mixed alphabet: ASCII words and symbols, Latin accents (composed and combining), CJK, emoji, controls. */
const PIECES = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'áàâãäçéèêëíìîïóòôõöúùûüýÿñÁÀÂÃÇÉÊÍÓÔÕÚÜÑßøØåÅæÆœŒłŁđĐħıĳŀšžčćęąőű',
  ...'.,;:!?-_()[]{}<>/@#$%&*+="\'`~^|\\',
  ...'¡¿«»“”‘’—–…·•§¶°±×÷',
  ' ', ' ', ' ', ' ', ' ', '  ', '\t', '\n', '\r\n', '\u000B', '\u000C', '\u00A0', '\u2003', '\u3000', '\u2028',
  '\u0300', '\u0301', '\u0302', '\u0303', '\u0308', '\u0327', '\u0903', '\u20DD', '\u0345',
  '日', '本', '語', '中', '文', '测', '한', '글', 'ア', 'ー', 'の', '㐀', '豈', '𠀀',
  '👍', '🏽', '👩', '\u200D', '💻', '🇧', '🇷', '❤', '\uFE0F', '😀',
  'Σ', 'ς', 'İ', 'ﬁ', 'ǅ', 'ẞ', '²', '½', 'Ⅻ', '∮', '𝔘', 'Ω', 'Å', 'K', 'ŉ', 'ΐ',
  '\u0000', '\u0007', '\u001F', '\u007F', '\u0085', '\u200B', '\u00AD', '\uFEFF', '\uE000', '\uFFFD', '\uD800', '\uDC00',
  '[CLS]', '[SEP]', '[MASK]', '[UNK]', '##', '##ing',
];

function randomMixed(r: () => number, maxLen: number): string {
  const n = Math.floor(r() * maxLen);
  let s = '';
  for (let i = 0; i < n; i++) {
    const x = r();
    if (x < 0.45) {
      const w = 1 + Math.floor(r() * 10);
      for (let k = 0; k < w; k++) s += PIECES[Math.floor(r() * 26 * (r() < 0.8 ? 1 : 2))];
    } else if (x < 0.6) s += ' ';
    else s += PIECES[Math.floor(r() * PIECES.length)];
  }
  return s;
}

function make(v: Variant, fastPath: boolean): AlignedTokenizer {
  const { json, config } = readDir(MINILM_DIR);
  v.edit?.(json.normalizer as Record<string, unknown>);
  return createTokenizer(json, config, `minilm-${v.label}-${fastPath}`, { fastPath });
}

function library(v: Variant): Tokenizer {
  const { json, config } = readDir(MINILM_DIR);
  v.edit?.(json.normalizer as Record<string, unknown>);
  return new Tokenizer(json, config);
}

describe.each(VARIANTS)('WordPiece fast path: $label', (v) => {
  const fast = make(v, true) as AlignedTokenizer & { fastPath: boolean };
  const slow = make(v, false) as AlignedTokenizer & { fastPath: boolean };
  const lib = library(v);

  it('is used for this configuration (and the reference is not)', () => {
    expect(fast.fastPath).toBe(true);
    expect(slow.fastPath).toBe(false);
    expect(fast.exactRangeCounts).toBe(true);
  });

  // several thousand strings for the bundled configuration, fewer for the variants (test time)
  const n = v === VARIANTS[0] ? 2500 : 800;
  it(`gives the same ids and spans as the general path and the library on ${n} random strings`, () => {
    const r = rng(20240 + v.label.length);
    const texts = [...CORPUS, ...WITH_ADDED];
    for (let k = 0; k < n; k++) texts.push(randomMixed(r, k % 25 === 0 ? 300 : 50));
    let tokens = 0;
    for (const text of texts) {
      const a = fast.encode(text);
      const b = slow.encode(text);
      expect(a, JSON.stringify(text)).toEqual(b);
      expect(a.map((t) => t.id), JSON.stringify(text)).toEqual(lib.encode(text, { add_special_tokens: false }).ids);
      expect(fast.count(text)).toBe(a.length);
      const arr = fast.encodeArrays(text);
      expect(arr.length).toBe(a.length);
      expect(Array.from(arr.starts)).toEqual(a.map((t) => t.start));
      expect(Array.from(arr.ends)).toEqual(a.map((t) => t.end));
      tokens += a.length;
    }
    expect(tokens).toBeGreaterThan(8 * n); // the strings were not trivially short
  }); // a heavy fuzz: the unit project's 300 s hang guard (vite.config.ts) gives it time on a loaded machine

  it('gives the same tokens whichever form of a word it met first (local word table, per-character forms)', () => {
    // Words that normalize alike (accents, case, combining marks) in many orders: two fast tokenizers
    // see the texts in opposite orders, so each word's table entry is first made from a different form.
    const words = ['Ação', 'acao', 'AÇÃO', 'ação', 'Über', 'uber', 'naïve', 'naive', 'σοφός', 'ΣΟΦΟΣ', 'e\u0301te', 'éte', 'Straße', 'strasse', '東京', 'Ωμέγα'];
    const r = rng(5);
    const texts: string[] = [];
    for (let k = 0; k < 60; k++) {
      let t = '';
      for (let w = 0; w < 12; w++) t += words[Math.floor(r() * words.length)] + (r() < 0.3 ? ', ' : ' ');
      texts.push(t);
    }
    const forward = make(v, true);
    const backward = make(v, true);
    const expected = texts.map((t) => slow.encode(t));
    texts.forEach((t, i) => expect(forward.encode(t), t).toEqual(expected[i]));
    for (let i = texts.length - 1; i >= 0; i--) expect(backward.encode(texts[i]), texts[i]).toEqual(expected[i]);
    // and once more, every word now a hit, counted and encoded
    texts.forEach((t, i) => {
      expect(forward.count(t)).toBe(expected[i].length);
      expect(forward.encode(t).map((x) => x.id)).toEqual(lib.encode(t, { add_special_tokens: false }).ids);
    });
  });

  it('stays exact on one long text (cache hits, buffer growth, a word longer than 100 chars)', () => {
    const r = rng(7);
    let text = '';
    for (let k = 0; k < 300; k++) text += randomMixed(r, 80) + '\n';
    text += 'x'.repeat(150) + ' ' + 'é'.repeat(300) + 'ab';
    const a = fast.encode(text);
    expect(a).toEqual(slow.encode(text));
    expect(a.map((t) => t.id)).toEqual(lib.encode(text, { add_special_tokens: false }).ids);
  });
});

describe('a plain BERT configuration on the fast path', () => {
  it('builds the library tokenizer only when asked, and agrees with it and with the general path, added tokens (lstrip/rstrip, outside the vocabulary) included', () => {
    const { json, config } = readDir(MINILM_DIR);
    (json.added_tokens as Record<string, unknown>[]).push(
      { id: 30522, content: '<doc>', single_word: false, lstrip: true, rstrip: true, normalized: false, special: true },
      { id: 30523, content: 'xq-term', single_word: false, lstrip: false, rstrip: false, normalized: false, special: false },
    );
    const fast = createTokenizer(structuredClone(json), config, 'plain-bert');
    const general = createTokenizer(structuredClone(json), config, 'plain-bert-general', { fastPath: false });
    expect((fast as unknown as { fastPath: boolean }).fastPath).toBe(true);
    expect((fast as unknown as { built: unknown }).built).toBeNull();
    const texts = ['Intro <doc>  body text [SEP] more', '  <doc>x xq-term-yq xq-termxq-term [CLS]', 'Ünïcode façade, naïve café <doc>', ''];
    for (const t of texts) {
      expect(fast.encode(t), t).toEqual(general.encode(t));
      expect(fast.count(t)).toBe(general.count(t));
    }
    // the library, built on first use, gives the same ids
    const lib = fast.library;
    expect((fast as unknown as { built: unknown }).built).not.toBeNull();
    for (const t of texts) expect(fast.encode(t).map((x) => x.id), t).toEqual(lib.encode(t, { add_special_tokens: false }).ids);
  });
});

describe('encode and encodeArrays reuse one token buffer between calls', () => {
  const v = VARIANTS[0];
  const reused = make(v, true);
  const r = rng(11);
  // long, short, empty, long again: the buffer grows on the first and is emptied for the others
  const texts = [Array.from({ length: 400 }, () => randomMixed(r, 60)).join(' '), 'Short one.', '', 'ab [SEP] cd', Array.from({ length: 50 }, () => randomMixed(r, 40)).join('\n')];

  it('gives every call the tokens a fresh tokenizer gives, and earlier results stay as they were', () => {
    const got = texts.map((t) => reused.encodeArrays(t));
    const spans = texts.map((t) => reused.encode(t));
    texts.forEach((t, i) => {
      const fresh = make(v, true).encodeArrays(t);
      expect(got[i].length, t.slice(0, 40)).toBe(fresh.length);
      expect([...got[i].ids]).toEqual([...fresh.ids]);
      expect([...got[i].starts]).toEqual([...fresh.starts]);
      expect([...got[i].ends]).toEqual([...fresh.ends]);
      expect([...got[i].unsafe]).toEqual([...fresh.unsafe]);
      expect(spans[i]).toEqual([...fresh.ids].map((id, k) => ({ id, start: fresh.starts[k], end: fresh.ends[k] })));
      // exactly sized copies, not views of the reused arrays
      expect(got[i].ids.length).toBe(got[i].length);
    });
  });

  it('is right again after a text longer than the buffer it keeps (about a million tokens)', () => {
    const big = 'word '.repeat(1_100_000);
    expect(reused.encodeArrays(big).length).toBe(1_100_000);
    expect([...reused.encodeArrays(texts[3]).ids]).toEqual([...make(v, true).encodeArrays(texts[3]).ids]);
  });
});

describe('TokenIndex.exactCount', () => {
  const fast = make(VARIANTS[0], true);
  const lib = library(VARIANTS[0]);
  const libCount = (s: string) => lib.encode(s, { add_special_tokens: false }).ids.length;

  it('equals the library count of the slice wherever it answers, and answers at most word cuts', () => {
    const r = rng(99);
    let answered = 0;
    let wordCuts = 0;
    for (let d = 0; d < 24; d++) {
      let doc = '';
      for (let k = 0; k < 16; k++) doc += randomMixed(r, 40) + (r() < 0.3 ? '\n\n' : ' ');
      if (d % 2 === 0) doc = doc.replace(/Σ|\[(CLS|SEP|MASK|UNK)\]/g, '');
      const ix = new TokenIndex(doc, fast);
      // random cuts, and cuts after whitespace (where chunks start and end)
      const spaces: number[] = [];
      for (let i = 1; i < doc.length; i++) if (/\s/.test(doc[i - 1])) spaces.push(i);
      const cut = () => (r() < 0.5 || !spaces.length ? Math.floor(r() * (doc.length + 1)) : spaces[Math.floor(r() * spaces.length)]);
      for (let k = 0; k < 30; k++) {
        let a = cut();
        let b = cut();
        if (a > b) [a, b] = [b, a];
        const got = ix.exactCount(a, b);
        if (got !== null) {
          answered++;
          expect(got, `${JSON.stringify(doc)} [${a}, ${b})`).toBe(libCount(doc.slice(a, b)));
        }
        // cuts after a space that starts a plain word: must be answered unless an unsafe range covers them
        const sp = doc.indexOf(' a', a);
        if (k % 10 === 0 && sp >= 0 && sp + 1 < doc.length && !doc.includes('Σ') && !/\[(CLS|SEP|MASK|UNK)\]/.test(doc)) {
          wordCuts++;
          expect(ix.exactCount(0, sp + 1)).toBe(libCount(doc.slice(0, sp + 1)));
        }
      }
    }
    expect(answered).toBeGreaterThan(100);
    expect(wordCuts).toBeGreaterThan(0);
  });

  it('refuses cuts inside an added token, inside a word, before a combining mark, and in a section with Σ', () => {
    const doc = 'alpha [CLS] beta gamma cafe\u0301 delta';
    const ix = new TokenIndex(doc, fast);
    const cls = doc.indexOf('[CLS]');
    expect(ix.exactCount(0, cls + 1)).toBeNull(); // "[" | "CLS]"
    expect(ix.exactCount(0, cls)).toBe(libCount(doc.slice(0, cls)));
    expect(ix.exactCount(0, doc.indexOf('eta'))).toBeNull(); // inside "beta"
    const mark = doc.indexOf('\u0301');
    expect(fast.safeCut(doc, mark)).toBe(false);
    expect(ix.exactCount(0, doc.length)).toBe(libCount(doc));
    const greek = 'ΟΔΟΣ. ΣΟΦΟΣ e mais';
    const gx = new TokenIndex(greek, fast);
    expect(gx.exactCount(0, 5)).toBeNull();
    expect(gx.exactCount(0, greek.length)).toBe(libCount(greek));
  });

  it('is never offered by byte-level BPE', async () => {
    const { FIXTURES } = await import('./helpers.ts');
    const { json, config } = readDir(`${FIXTURES}byte-bpe/`);
    const t = createTokenizer(json, config, 'byte-bpe');
    expect(t.exactRangeCounts).toBe(false);
    expect(new TokenIndex('hello world', t).exactCount(0, 5)).toBeNull();
  });
});
