// tiktoken encodings against js-tiktoken's own encoder (the package that ships the ranks): same ids
// on Portuguese, English, code, emoji, script-rich and random text for cl100k_base and o200k_base;
// spans recomputed independently from the reference tokens' bytes with the documented rule (a
// character split across tokens belongs to the token holding its last byte); long pieces (the heap
// merge); loading by name and by OpenAI model.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import o200k from 'js-tiktoken/ranks/o200k_base';
import {
  TokenIndex,
  createOpenAITokenizer,
  createTiktokenTokenizer,
  encodingForOpenAIModel,
  openAIEmbeddingModel,
  type TiktokenTokenizer,
} from '../../../src/engine/tokens/index.ts';
import { InputError } from '../../../src/engine/types.ts';
import { CORPUS, ROOT, randomText, rng, scriptText, spansValid } from './helpers.ts';

const PORTUGUESE = [
  'A política de reembolso da empresa estabelece prazos claros: o cliente pode solicitar a devolução em até trinta dias.',
  'Ação, atenção, coração, pão, mãe, útil, açúcar, CAFÉ, Ângela, JOÃO — “aspas” e ‘simples’… não é?',
  'Informações sobre segurança, configuração e instalação estão no manual; ligue para o suporte técnico.',
];
const ENGLISH = [
  "The refund policy sets clear deadlines. Customers can't request a return after thirty days; we've said it's final.",
  'In 2024, revenue grew 12.5% to $3,141,592 (Q4: +7%), per the 10-K filed on 2025-02-14.',
];
const CODE = [
  'function soma(a, b) {\n\treturn a + b; // comentário\n}\n\nconst x = soma(1, 2) * 3 ?? null;',
  '```python\ndef f(x):\n    if x >= 10:\n        return {"k": [1, 2, 3]}\n```\n',
  '    \n\n\t\t  if (a&&b||!c) { arr[i++] = `${x}`; }\r\n',
];
const EMOJI = [
  'Emoji: 👍🏽 👩🏾‍💻 👨‍👩‍👧‍👦 🏳️‍🌈 🇧🇷 ❤️ 1️⃣ 😀😀😀',
  'Mixed: café ☕, Σ ΟΔΟΣ, Привет мир, 日本語のテキスト, مرحبا, हिन्दी, ∑∫≤≈ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'Lone surrogates \uD800 and \uDC00x, BOM \uFEFF, NUL \u0000, <|endoftext|> and <|fim_prefix|> as text',
];

/** Character spans from reference ids, by the rule in utf8.ts, computed with no code of ours. */
function referenceSpans(ref: Tiktoken, text: string, ids: number[]): { id: number; start: number; end: number }[] {
  // byte offset → UTF-16 offset of the start of the character that byte belongs to (or the end)
  const charStartOfByte: number[] = [];
  const enc = new TextEncoder();
  let u = 0;
  for (const ch of text) {
    const n = enc.encode(ch).length;
    for (let k = 0; k < n; k++) charStartOfByte.push(k === 0 ? u : -u - 1);
    u += ch.length;
  }
  charStartOfByte.push(u);
  const at = (b: number) => (charStartOfByte[b] >= 0 ? charStartOfByte[b] : -charStartOfByte[b] - 1);
  const out: { id: number; start: number; end: number }[] = [];
  let b = 0;
  const textMap = (ref as unknown as { textMap: Map<number, Uint8Array> }).textMap;
  for (const id of ids) {
    const len = textMap.get(id)!.length;
    out.push({ id, start: at(b), end: at(b + len) });
    b += len;
  }
  expect(b).toBe(charStartOfByte.length - 1); // the tokens' bytes are the text's bytes
  return out;
}

describe.each([
  ['cl100k_base', cl100k],
  ['o200k_base', o200k],
] as const)('%s', (name, data) => {
  const ref = new Tiktoken(data);
  const refIds = (t: string) => ref.encode(t, [], []); // encode_ordinary: special tokens as text
  let tok: TiktokenTokenizer;

  const check = (text: string) => {
    const spans = tok.encode(text);
    const ids = refIds(text);
    expect(spans.map((t) => t.id), JSON.stringify(text)).toEqual(ids);
    expect(tok.count(text)).toBe(ids.length);
    expect(spans, JSON.stringify(text)).toEqual(referenceSpans(ref, text, ids));
    expect(spansValid(text, spans)).toBeNull();
    // every character lies in a token (byte-level: nothing is dropped)
    let covered = 0;
    for (const t of spans) covered += t.end - t.start;
    expect(covered).toBe(text.length);
  };

  it('loads by name, lazily, with the encoding as its name', async () => {
    tok = await createTiktokenTokenizer(name);
    expect(tok.name).toBe(name);
    expect(tok.family).toBe('tiktoken');
    expect(await createTiktokenTokenizer(name)).not.toBe(tok); // a new tokenizer over the shared data
  });

  it('matches the package on Portuguese, English, code and emoji, ids and spans', () => {
    for (const text of [...PORTUGUESE, ...ENGLISH, ...CODE, ...EMOJI, ...CORPUS]) check(text);
  });

  it('matches the package on 400 random strings', () => {
    const r = rng(name.length * 31);
    for (let k = 0; k < 400; k++) check(randomText(r, k % 40 === 0 ? 300 : 60));
  });

  it('matches the package on 300 script-rich strings (Greek, Cyrillic, CJK, Arabic, emoji sequences, marks, math)', () => {
    const r = rng(name.length * 17);
    for (let k = 0; k < 300; k++) check(scriptText(r, k % 20 === 0 ? 120 : 25));
  });

  // (the package's merge is quadratic in a piece's length: hundreds of bytes keep the test short)
  it('matches on long pieces (words, whitespace and symbol runs of hundreds of bytes)', () => {
    for (const text of ['a'.repeat(700), 'ab'.repeat(300) + ' end', ' '.repeat(600) + 'x', '!?'.repeat(250), 'é'.repeat(300), '👍🏽'.repeat(60), 'Ω'.repeat(250) + 'ΣΣ']) {
      check(text);
    }
  });

  it('counts one long document like the package and indexes it', () => {
    const text = [...PORTUGUESE, ...ENGLISH, ...CODE, ...EMOJI].join('\n\n').repeat(20);
    expect(tok.count(text)).toBe(refIds(text).length);
    const ix = new TokenIndex(text, tok);
    expect(ix.length).toBe(refIds(text).length);
    expect(ix.count(0, text.length)).toBe(ix.length);
    expect(ix.exactCount(0, 10)).toBeNull(); // a slice may differ by its leading-space token
  });
});

describe('OpenAI models', () => {
  it('name the encoding and the input limit of the embedding models', () => {
    for (const id of ['text-embedding-3-small', 'text-embedding-3-large', 'text-embedding-ada-002']) {
      expect(encodingForOpenAIModel(id)).toBe('cl100k_base');
      expect(openAIEmbeddingModel(id)?.maxInputTokens).toBe(8191);
    }
    expect(openAIEmbeddingModel('openai/text-embedding-3-large')?.dimensions).toBe(3072);
    expect(encodingForOpenAIModel('gpt-4o-mini')).toBe('o200k_base');
    expect(encodingForOpenAIModel('gpt-4.1')).toBe('o200k_base');
    expect(encodingForOpenAIModel('o3-mini')).toBe('o200k_base');
    expect(encodingForOpenAIModel('gpt-4-turbo')).toBe('cl100k_base');
    expect(encodingForOpenAIModel('gpt-4oops')).toBeUndefined();
    expect(encodingForOpenAIModel('nomic-embed-text')).toBeUndefined();
  });

  it('give a tokenizer with the model limit, and clear errors for unknown names', async () => {
    const t = await createOpenAITokenizer('text-embedding-3-small');
    expect(t.name).toBe('cl100k_base');
    expect(t.modelMaxLength).toBe(8191);
    await expect(createOpenAITokenizer('my-model')).rejects.toThrow(InputError);
    await expect(createOpenAITokenizer('my-model')).rejects.toThrow(/my-model: not a known OpenAI model/);
    await expect(createTiktokenTokenizer('p99k')).rejects.toThrow(/p99k: unknown tiktoken encoding \(known: cl100k_base, o200k_base\)/);
  });
});

describe('lazy loading', () => {
  it('no engine module imports js-tiktoken statically (the ranks stay out of the page until asked for)', () => {
    const dir = `${ROOT}src/engine/tokens/`;
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    let dynamic = 0;
    for (const f of files) {
      const src = readFileSync(dir + f, 'utf8');
      expect(src, f).not.toMatch(/^\s*import[^(]*['"]js-tiktoken/m);
      dynamic += (src.match(/import\('js-tiktoken\/ranks\//g) ?? []).length;
    }
    expect(dynamic).toBe(2); // cl100k_base and o200k_base
  });
});
