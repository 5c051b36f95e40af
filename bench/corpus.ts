// Builds a Markdown benchmark corpus of a given size from the built-in samples (real Portuguese and
// English prose with headings, tables, lists and code), so the bench cuts text that looks like what
// users chunk. Deterministic: the same size always gives the same bytes.
//
// Plain repetition would flatter any per-word cache, so each copy is varied: numbers are redrawn and
// about one word in twelve is replaced by a pseudo-word drawn from a seeded generator, which keeps the
// vocabulary growing with the corpus as it does in real collections.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rng } from '../src/engine/util/random.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface BenchDoc {
  id: string;
  text: string;
}

function sampleTexts(langs: readonly string[] = ['pt-BR', 'en']): string[] {
  const out: string[] = [];
  for (const lang of langs) {
    const dir = join(ROOT, 'public', 'samples', lang, 'docs');
    for (const f of readdirSync(dir).sort()) {
      if (f.endsWith('.md')) out.push(readFileSync(join(dir, f), 'utf8'));
    }
  }
  if (out.length === 0) throw new Error('no sample documents found under public/samples');
  return out;
}

/** Mulberry32, shared with the engine (src/engine/util/random.ts). */
export { rng };

const SYLLABLES = ['ka', 'ru', 'lo', 'men', 'tis', 'ção', 'bra', 'ven', 'qui', 'do', 'sel', 'ar', 'po', 'nú', 'ter', 'xi'];

function pseudoWord(r: () => number): string {
  const n = 2 + Math.floor(r() * 3);
  let w = '';
  for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(r() * SYLLABLES.length)];
  return w;
}

function vary(text: string, r: () => number): string {
  // Inside code fences only numbers change; prose also gets pseudo-words.
  const parts = text.split(/(```[\s\S]*?```)/);
  return parts
    .map((part, i) => {
      const code = i % 2 === 1;
      let s = part.replace(/\d+/g, (d) => String(Math.floor(r() * 10 ** Math.min(d.length, 6))));
      if (!code) {
        s = s.replace(/\b[a-záéíóúâêôãõç]{5,}\b/g, (w) => (r() < 1 / 12 ? pseudoWord(r) : w));
      }
      return s;
    })
    .join('');
}

/**
 * The corpora of the bench:
 * - `samples`: the Portuguese and English samples, varied (above).
 * - `mixed`: the same prose where non-Latin characters are a small share, as in real documents:
 *   Greek letters and math symbols of scientific text, CJK and Hangul names, arrows, typographic
 *   symbols and emoji (with skin-tone modifiers and ZWJ sequences). About 1% of the characters.
 * - `non-latin`: prose entirely in non-Latin scripts, alternating Greek and Japanese documents
 *   made of seeded pseudo-sentences (no copyrighted text), with Markdown headings, lists and tables.
 * - `english`: the English samples only (the CLI's whole-process comparison).
 */
export const CORPORA = ['samples', 'mixed', 'non-latin'] as const;
export type CorpusKind = (typeof CORPORA)[number] | 'english';

/** Documents totalling at least `bytes` UTF-8 bytes. */
export function makeCorpus(bytes: number, seed = 42, kind: CorpusKind = 'samples'): BenchDoc[] {
  const base = kind === 'english' ? sampleTexts(['en']) : sampleTexts();
  const r = rng(seed);
  const docs: BenchDoc[] = [];
  let total = 0;
  for (let i = 0; total < bytes; i++) {
    let text: string;
    if (kind === 'non-latin') text = i % 2 === 0 ? greekDoc(r) : japaneseDoc(r);
    else {
      text = vary(base[i % base.length], r);
      if (kind === 'mixed') text = sprinkle(text, r);
    }
    docs.push({ id: `doc-${i}`, text });
    total += Buffer.byteLength(text, 'utf8');
  }
  return docs;
}

/** Share of the characters (code points) outside ASCII and Latin-1. */
export function nonLatinShare(docs: BenchDoc[]): number {
  let all = 0;
  let other = 0;
  for (const d of docs) {
    for (const ch of d.text) {
      all++;
      if (ch.codePointAt(0)! > 0xff) other++;
    }
  }
  return all ? other / all : 0;
}

const pick = <T>(xs: readonly T[], r: () => number): T => xs[Math.floor(r() * xs.length)];

// What scientific, business and chat text carries besides Latin letters.
const SPRINKLES = [
  (r: () => number) => `β = 0.${Math.floor(r() * 90) + 10}`,
  (r: () => number) => `μ = ${Math.floor(r() * 90) + 10} µm`,
  (r: () => number) => `Δt ≈ ${Math.floor(r() * 9) + 1} ms`,
  () => 'γ-ray',
  () => 'σ²',
  (r: () => number) => `p ≤ 0.0${Math.floor(r() * 9) + 1}`,
  (r: () => number) => `± ${Math.floor(r() * 9) + 1}%`,
  () => '∑ᵢ xᵢ',
  () => '√n',
  () => '→',
  () => '×',
  () => '∞',
  () => '—',
  () => '“ok”',
  () => '€',
  () => '™',
  () => '王伟',
  () => '李娜',
  () => '田中太郎',
  () => '김민준',
  () => '🚀',
  () => '👍🏽',
  () => '👨‍👩‍👧',
  () => '✅',
  () => '🇧🇷',
  () => 'Ω',
  () => 'λ',
  () => 'π',
] as const;

/** Inserts a non-Latin token after about one word in 20, outside code fences. */
function sprinkle(text: string, r: () => number): string {
  const parts = text.split(/(```[\s\S]*?```)/);
  return parts
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/(\p{L}{4,})([ ,.])/gu, (m, w, sep) => (r() < 1 / 20 ? `${w} ${pick(SPRINKLES, r)(r)}${sep}` : m))))
    .join('');
}

const GREEK_SYLLABLES = ['κα', 'λο', 'με', 'νη', 'πα', 'ρι', 'στο', 'θε', 'χω', 'ψυ', 'γε', 'δι', 'φι', 'λία', 'τέ', 'σης', 'ού', 'ται', 'άν', 'ος', 'ων', 'ει', 'μα'];
const GREEK_SMALL = ['και', 'το', 'της', 'των', 'στο', 'με', 'για', 'από', 'που', 'δεν', 'είναι', 'θα'];
const KANA = ['か', 'き', 'く', 'け', 'こ', 'さ', 'し', 'す', 'た', 'ち', 'つ', 'と', 'な', 'に', 'の', 'は', 'ま', 'み', 'も', 'ら', 'り', 'る', 'れ', 'を', 'ん', 'が', 'で', 'て', 'い', 'う'];
const KANJI = ['日', '本', '人', '年', '大', '学', '生', '時', '間', '国', '会', '社', '事', '業', '中', '出', '分', '行', '見', '文', '書', '語', '話', '電', '車', '新', '東', '京', '市', '場', '情', '報', '研', '究', '開', '発'];
const KATAKANA = ['データ', 'システム', 'サーバー', 'モデル', 'テスト', 'ネットワーク', 'ユーザー', 'プログラム'];
const JA_PARTICLES = ['は', 'が', 'を', 'に', 'で', 'と', 'の', 'も'];

function greekWord(r: () => number): string {
  if (r() < 0.3) return pick(GREEK_SMALL, r);
  const n = 2 + Math.floor(r() * 3);
  let w = '';
  for (let i = 0; i < n; i++) w += pick(GREEK_SYLLABLES, r);
  return w;
}

function greekSentence(r: () => number): string {
  const n = 6 + Math.floor(r() * 14);
  const words = Array.from({ length: n }, () => greekWord(r));
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  if (r() < 0.2) words.splice(1 + Math.floor(r() * (n - 1)), 0, `${Math.floor(r() * 2000)}`);
  return words.join(' ') + (r() < 0.1 ? ';' : '.');
}

function japaneseSentence(r: () => number): string {
  const n = 4 + Math.floor(r() * 8);
  let s = '';
  for (let i = 0; i < n; i++) {
    const k = r();
    if (k < 0.15) s += pick(KATAKANA, r);
    else {
      const nk = 1 + Math.floor(r() * 3);
      for (let j = 0; j < nk; j++) s += pick(KANJI, r);
    }
    const nh = Math.floor(r() * 3);
    for (let j = 0; j < nh; j++) s += pick(KANA, r);
    s += pick(JA_PARTICLES, r);
    if (r() < 0.15) s += '、';
  }
  return s + 'した。';
}

/** A Markdown document of `sentence`s: a title, sections with paragraphs, a list and a small table. */
function proseDoc(r: () => number, sentence: (r: () => number) => string, title: (r: () => number) => string, join: string): string {
  const out = [`# ${title(r)}`, ''];
  const sections = 4 + Math.floor(r() * 6);
  for (let s = 0; s < sections; s++) {
    out.push(`## ${title(r)}`, '');
    const paragraphs = 2 + Math.floor(r() * 5);
    for (let p = 0; p < paragraphs; p++) {
      out.push(Array.from({ length: 2 + Math.floor(r() * 7) }, () => sentence(r)).join(join), '');
    }
    if (r() < 0.4) {
      for (let i = 0; i < 3 + Math.floor(r() * 4); i++) out.push(`- ${sentence(r)}`);
      out.push('');
    }
    if (r() < 0.2) {
      out.push(`| ${title(r)} | ${title(r)} |`, '| --- | --- |');
      for (let i = 0; i < 3 + Math.floor(r() * 5); i++) out.push(`| ${title(r)} | ${Math.floor(r() * 10_000)} |`);
      out.push('');
    }
  }
  return out.join('\n');
}

function greekDoc(r: () => number): string {
  return proseDoc(r, greekSentence, (r) => greekSentence(r).slice(0, -1).split(' ').slice(0, 4).join(' '), ' ');
}

function japaneseDoc(r: () => number): string {
  return proseDoc(r, japaneseSentence, (r) => japaneseSentence(r).slice(0, 12), '');
}

export function corpusBytes(docs: BenchDoc[]): number {
  return docs.reduce((n, d) => n + Buffer.byteLength(d.text, 'utf8'), 0);
}
