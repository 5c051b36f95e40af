// Shared material for the token tests: the tokenizers under test, a varied corpus and a seeded
// random text generator.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { Tokenizer } from '@huggingface/tokenizers';
import { createTokenizer, type AlignedTokenizer, type CreateOptions } from '../../../src/engine/tokens/index.ts';
import { rng } from '../../../src/engine/util/random.ts';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const MINILM_DIR = `${ROOT}public/tokenizers/all-MiniLM-L6-v2/`;
export const FIXTURES = `${ROOT}tests/fixtures/tokenizers/`;

export interface Loaded {
  json: Record<string, unknown>;
  config: Record<string, unknown>;
}

export function readDir(dir: string): Loaded {
  return {
    json: JSON.parse(readFileSync(`${dir}tokenizer.json`, 'utf8')),
    config: JSON.parse(readFileSync(`${dir}tokenizer_config.json`, 'utf8')),
  };
}

export interface Pair {
  ours: AlignedTokenizer;
  lib: Tokenizer;
  json: Record<string, unknown>;
}

/** Our tokenizer and the library's, from the same files (json optionally edited first). */
export function pair(dir: string, name: string, edit?: (j: Record<string, unknown>) => void, opts?: CreateOptions): Pair {
  const { json, config } = readDir(dir);
  edit?.(json);
  return { ours: createTokenizer(json, config, name, opts), lib: new Tokenizer(json, config), json };
}

export const CORPUS: string[] = [
  'A política de reembolso é clara: o cliente tem até 30 dias. Não há cobrança!',
  'Ação, atenção, coração, pão, mãe, útil, açúcar, CAFÉ, Ângela, JOÃO, Über, naïve, façade.',
  'Valores: R$ 10.000,00 em 2024; π ≈ 3,14 e 3.14159; 1/2 + ¼ = 0,75 (75%).',
  'Visite https://exemplo.com.br/docs?id=42&lang=pt-BR#secao-3 ou http://localhost:8080/api/v1.',
  'Escreva para suporte@empresa.com.br ou joão.silva+filtro@exemplo.org.',
  'function soma(a, b) {\n\treturn a + b; // comentário\n}\n\nconst x = soma(1, 2) * 3 ?? null;',
  '```python\ndef f(x):\n    if x >= 10:\n        return {"k": [1, 2, 3]}\n```',
  'tabs\there\tand\nnewlines\r\nand   multiple    spaces   here  ',
  'Emoji: 👍🏽 👩‍💻 🇧🇷 ❤️ and CJK: 日本語のテキスト 中文测试 한국어',
  'Control\u0000chars\u0007and\u001Fzero\u200Bwidth\u00ADsoft\uFEFFbom and \u00A0nbsp',
  'Decomposed: cafe\u0301, nao\u0303, Ange\u0302la; Greek: ΟΔΟΣ ΣΟΦΟΣ. İstanbul ß ﬁ',
  'Pneumonoultramicroscopicsilicovolcanoconiosis' + 'x'.repeat(120) + ' e fim.',
  'Unknown chars: ∮ ⅋ ⌘ ⟨x⟩ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ꙮ and private \uE000\uE001 use.',
  '  leading and trailing spaces  ',
  '',
  ' ',
  '\n\n',
  '— “Aspas curvas”, ‘simples’ e travessões – também… ¿Qué? ¡Sí!',
  "Don't stop: it's what we've said, I'm sure they'll agree, he'd go.",
  'Tabela | Coluna A | Coluna B |\n|---|---|---|\n| 1 | 2,5 | três |',
];

/** Texts with added/special tokens written literally. */
export const WITH_ADDED = [
  '[CLS] início [SEP] fim [MASK] e [UNK] ou [cls] e [PAD]',
  'texto </s> com <s> marcas <unk> e <pad>',
  'gpt <|endoftext|> separa <|endoftext|><|endoftext|> documentos',
];

/** Mulberry32, shared with the engine (src/engine/util/random.ts). */
export { rng };

const ALPHABET = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'áàâãçéêíóôõúüÁÇÉÕÚñßø',
  ...'.,;:!?-_()[]{}<>/@#$%&*+="\'`~^|\\',
  ' ', ' ', ' ', ' ', '  ', '\t', '\n', '\r\n', '\u00A0', '\u3000',
  '\u0301', '\u0303', '\u0327', // combining marks
  '日', '本', '中', '文', '한', '글', 'ア', 'ー',
  '👍', '🏽', '👩', '\u200D', '💻', '🇧', '🇷', '❤', '\uFE0F',
  'Σ', 'İ', 'ﬁ', '²', '½', 'Ⅻ', '∮', '𝔘',
  '\u0000', '\u0007', '\u001F', '\u007F', '\u0085', '\u200B', '\u00AD', '\uFEFF', '\uE000', '\uFFFD',
  '\u2581',
  '[CLS]', '[SEP]', '[MASK]', '</s>', '<s>', '<unk>', '<|endoftext|>',
];

export function randomText(r: () => number, maxLen = 60): string {
  const n = Math.floor(r() * maxLen);
  let s = '';
  for (let i = 0; i < n; i++) {
    // words of letters are common, the rest rarer
    if (r() < 0.5) {
      const w = 1 + Math.floor(r() * 9);
      for (let k = 0; k < w; k++) s += ALPHABET[Math.floor(r() * 26)];
    } else s += ALPHABET[Math.floor(r() * ALPHABET.length)];
  }
  return s;
}

/** Span sanity shared by every family: sorted, non-overlapping, inside the text. */
export function spansValid(text: string, spans: { start: number; end: number }[]): string | null {
  let prevEnd = 0;
  let prevStart = 0;
  for (const [i, t] of spans.entries()) {
    if (!(Number.isInteger(t.start) && Number.isInteger(t.end))) return `token ${i}: non-integer span`;
    if (t.start < 0 || t.end > text.length || t.start > t.end) return `token ${i}: bad span ${t.start}-${t.end}`;
    if (t.start < prevEnd || t.start < prevStart) return `token ${i}: overlaps or goes back (${t.start} < ${prevEnd})`;
    prevEnd = t.end;
    prevStart = t.start;
  }
  return null;
}

export type Family = 'wordpiece' | 'metaspace' | 'byte-level';

export interface Case {
  label: string;
  family: Family;
  make: () => Pair;
}

const GPT4ISH = "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";

/** One configuration per family and variant, each built with our tokenizer and the library's. */
export const CASES: Case[] = [
  { label: 'MiniLM WordPiece', family: 'wordpiece', make: () => pair(MINILM_DIR, 'minilm') },
  {
    label: 'WordPiece, cased, no accent stripping, normalized added token',
    family: 'wordpiece',
    make: () =>
      pair(MINILM_DIR, 'minilm-cased', (j) => {
        (j.normalizer as Record<string, unknown>).lowercase = false;
        (j.normalizer as Record<string, unknown>).strip_accents = false;
        (j.added_tokens as unknown[]).push({ id: 1999, content: 'ação', single_word: false, lstrip: false, rstrip: false, normalized: true, special: false });
      }),
  },
  { label: 'Unigram + Metaspace (always)', family: 'metaspace', make: () => pair(`${FIXTURES}sp-unigram/`, 'sp-unigram') },
  {
    label: 'Unigram + Metaspace (first)',
    family: 'metaspace',
    make: () => pair(`${FIXTURES}sp-unigram/`, 'sp-unigram-first', (j) => ((j.pre_tokenizer as Record<string, unknown>).prepend_scheme = 'first')),
  },
  {
    label: 'Unigram + Metaspace (never), lstrip/rstrip added token',
    family: 'metaspace',
    make: () =>
      pair(`${FIXTURES}sp-unigram/`, 'sp-unigram-never', (j) => {
        (j.pre_tokenizer as Record<string, unknown>).prepend_scheme = 'never';
        (j.added_tokens as Record<string, unknown>[])[1].lstrip = true;
        (j.added_tokens as Record<string, unknown>[])[1].rstrip = true;
      }),
  },
  { label: 'BPE, Llama style (Prepend ▁ + byte fallback)', family: 'metaspace', make: () => pair(`${FIXTURES}sp-bpe/`, 'sp-bpe') },
  {
    label: 'BPE + Metaspace pre-tokenizer (first)',
    family: 'metaspace',
    make: () =>
      pair(`${FIXTURES}sp-bpe/`, 'sp-bpe-metaspace', (j) => {
        j.normalizer = null;
        j.pre_tokenizer = { type: 'Metaspace', replacement: '\u2581', prepend_scheme: 'first', split: false };
      }),
  },
  { label: 'byte-level BPE (GPT-2)', family: 'byte-level', make: () => pair(`${FIXTURES}byte-bpe/`, 'byte-bpe') },
  {
    label: 'byte-level BPE, add_prefix_space',
    family: 'byte-level',
    make: () => pair(`${FIXTURES}byte-bpe/`, 'byte-bpe-prefix', (j) => ((j.pre_tokenizer as Record<string, unknown>).add_prefix_space = true)),
  },
  {
    label: 'byte-level BPE, Split regex + ByteLevel (GPT-4 style) + NFC',
    family: 'byte-level',
    make: () =>
      pair(`${FIXTURES}byte-bpe/`, 'byte-bpe-split', (j) => {
        j.normalizer = { type: 'NFC' };
        j.pre_tokenizer = {
          type: 'Sequence',
          pretokenizers: [
            { type: 'Split', pattern: { Regex: GPT4ISH }, behavior: 'Isolated', invert: false },
            { type: 'ByteLevel', add_prefix_space: false, trim_offsets: true, use_regex: false },
          ],
        };
      }),
  },
];

export function libIds(p: Pair, text: string): number[] {
  return p.lib.encode(text, { add_special_tokens: false }).ids;
}

/** Characters the model sees (so they must lie in some token). */
function mustBeCovered(p: Pair, family: Family, cp: string): boolean {
  if (family === 'byte-level') return true;
  const norm = (p.lib as unknown as { normalizer: ((s: string) => string) | null }).normalizer;
  const n = norm ? norm(cp) : cp;
  return n.replace(/[\s\u2581]/gu, '').length > 0;
}

/** Library ids, an exact count, and valid spans covering every character the model sees. */
export function checkText(p: Pair, family: Family, text: string): void {
  const spans = p.ours.encode(text);
  expect(spans.map((t) => t.id), JSON.stringify(text)).toEqual(libIds(p, text));
  expect(p.ours.count(text)).toBe(spans.length);
  expect(spansValid(text, spans), JSON.stringify(text)).toBeNull();
  for (let i = 0; i < text.length; ) {
    const cp = String.fromCodePoint(text.codePointAt(i)!);
    if (mustBeCovered(p, family, cp)) {
      const hit = spans.some((t) => t.start <= i && i < t.end);
      if (!hit) expect.fail(`${JSON.stringify(cp)} at ${i} of ${JSON.stringify(text)} lies in no token`);
    }
    i += cp.length;
  }
}

/** Pieces of text in many scripts (see scripts.test.ts), and strings made of them. */
export const SCRIPT_PIECES = [
  // Greek, capital sigma first, last, alone, next to case-ignorable characters
  'ΟΔΟΣ', 'ΣΟΦΟΣ', 'Σοφία', 'οδός', 'ΑΣ', 'Σ', 'Σ.', "Σ'", 'Σ’', 'Σ\u0301', 'Σ\u0345', '\u0345', 'ʰ', 'β-catenin', 'μm', 'Δ', 'λόγος', 'ΐ', 'ς',
  // Cyrillic
  'Привет', 'мир', 'ЖУРНАЛ', 'ёлка', 'Ѣ',
  // CJK, kana, Hangul
  '中文', '日本語', 'ひらがな', 'カタカナ', '한국어', '𠀀', '㐀',
  // Arabic (with harakat), Hebrew, Devanagari, Thai
  'مرحبا', 'العربية', 'كَتَبَ', 'שָׁלוֹם', 'हिन्दी', 'ภาษาไทย',
  // emoji: modifiers, ZWJ sequences, flags, keycaps, variation selectors
  '👍🏽', '👩🏾‍💻', '👨‍👩‍👧‍👦', '🏳️‍🌈', '🇧🇷', '❤️', '1️⃣', '😀',
  // combining marks on Latin letters, stacked
  'e\u0301', 'a\u0308\u0304', 'Z\u0324\u0342', 'n\u0303o', 'A\u20DD',
  // math and typographic symbols
  '∑', '∫', '≤', '≈', '∀x∈ℝ', '𝔘𝔫𝔦', '𝑥²', '√2', '→', '⇒', 'ℏ', '±', '×', '“', '”', '—', '…',
  // English and separators (some case-ignorable, some removed by clean_text)
  'the', 'Protein', 'ANALYSIS', 'of', 'x', '42', '3.14',
  ' ', ' ', ' ', ' ', '\n', '\n\n', '\t', '.', ',', "'", '’', ':', '(', ')', '-', '\u00AD', '\u200B', '\u200D', '\u0007', '\u00A0', '\uFEFF',
];

export function scriptText(r: () => number, maxPieces: number): string {
  const n = 1 + Math.floor(r() * maxPieces);
  let s = '';
  for (let i = 0; i < n; i++) s += SCRIPT_PIECES[Math.floor(r() * SCRIPT_PIECES.length)];
  return s;
}
