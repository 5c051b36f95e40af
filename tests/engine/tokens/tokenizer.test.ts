// createTokenizer against @huggingface/tokenizers itself: same ids on a varied corpus and on random
// text, for WordPiece (the real MiniLM tokenizer), SentencePiece/Metaspace (Unigram, BPE) and
// byte-level BPE; spans sorted, inside the text, covering every character the model sees.
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/engine/types.ts';
import { createTokenizer } from '../../../src/engine/tokens/index.ts';
import { CASES, CORPUS, FIXTURES, MINILM_DIR, WITH_ADDED, checkText, libIds, pair, randomText, readDir, rng, spansValid } from './helpers.ts';

describe.each(CASES)('$label', ({ family, make }) => {
  const p = make();

  it('is recognised as its family, with exact alignment', () => {
    expect(p.ours.family).toBe(family);
    expect(p.ours.alignment).toBe('exact');
  });

  it('gives the library ids, exact counts and valid covering spans on the corpus', () => {
    for (const text of [...CORPUS, ...WITH_ADDED]) checkText(p, family, text);
  });

  it('matches the library on 200 random strings', () => {
    const r = rng(family.length * 7919 + p.ours.name.length);
    for (let k = 0; k < 200; k++) checkText(p, family, randomText(r));
  });

  it('returns identical results when counting again from the cache', () => {
    const text = CORPUS.join('\n');
    const first = p.ours.encode(text);
    expect(p.ours.cacheSize).toBeGreaterThan(0);
    expect(p.ours.encode(text)).toEqual(first);
    expect(p.ours.count(text)).toBe(first.length);
  });
});

describe('WordPiece alignment (MiniLM)', () => {
  const p = pair(MINILM_DIR, 'minilm');
  const norm = (s: string) => (p.lib as unknown as { normalizer: (s: string) => string }).normalizer(s);
  const preTok = (s: string) => (p.lib as unknown as { pre_tokenizer: (s: string) => string[] }).pre_tokenizer(s);
  const unk = p.lib.token_to_id('[UNK]');
  const special = new Set([0, 100, 101, 102, 103]);

  it("each token's normalized slice is the token text without ##, or [UNK] covers a whole word", () => {
    let checked = 0;
    for (const text of [...CORPUS, ...WITH_ADDED].filter((t) => !/[\u1100-\u11ff\uac00-\ud7af]/u.test(t))) {
      const spans = p.ours.encode(text);
      for (const t of spans) {
        const slice = text.slice(t.start, t.end);
        if (special.has(t.id) && slice === p.lib.id_to_token(t.id)) continue; // written literally
        if (t.id === unk) {
          const word = norm(slice).trim();
          const around = preTok(norm(text.slice(Math.max(0, t.start - 1), t.end + 1)));
          expect(around, `[UNK] ${JSON.stringify(slice)}`).toContain(word);
          continue;
        }
        expect(norm(slice).trim(), `${JSON.stringify(slice)} in ${JSON.stringify(text)}`).toBe(p.lib.id_to_token(t.id)!.replace(/^##/, ''));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('covers a decomposed accent with its letter and maps lowercasing, CJK and long words', () => {
    const text = 'CAFE\u0301 中文 ' + 'a'.repeat(101);
    const spans = p.ours.encode(text);
    expect(spans.map((t) => [p.lib.id_to_token(t.id), t.start, t.end])).toEqual([
      ['cafe', 0, 5], // the combining accent (index 4) belongs to the E before it
      ['中', 6, 7],
      ['文', 7, 8],
      ['[UNK]', 9, 110], // over max_input_chars_per_word: one [UNK] for the whole word
    ]);
    // 100 characters is still a word; 101 is [UNK]
    expect(p.ours.encode('a'.repeat(100)).some((t) => t.id === unk)).toBe(false);
  });

  it('lowercases capital sigma with its context like the library (final ς vs σ)', () => {
    for (const text of ['ΟΔΟΣ', 'ΟΔΟΣ.Α', 'ΣΟΦΟΣ ΣΟΦΟΣ', "ΑΣ'Β", 'Σ']) {
      expect(p.ours.encode(text).map((t) => t.id)).toEqual(libIds(p, text));
    }
  });
});

describe('Metaspace spans', () => {
  it('leave out the ▁ a token carries for the space before its word', () => {
    const p = pair(`${FIXTURES}sp-bpe/`, 'sp-bpe');
    const text = 'a ação';
    const spans = p.ours.encode(text);
    const firstOfWord = spans.find((t) => t.start >= 2)!;
    expect(p.lib.id_to_token(firstOfWord.id)!.startsWith('\u2581')).toBe(true);
    expect(firstOfWord.start).toBe(2);
  });
});

describe('cache', () => {
  it('is bounded and still exact once words are evicted', () => {
    const p = pair(MINILM_DIR, 'minilm-small-cache', undefined, { cacheCapacity: 8 });
    const text = CORPUS.join(' ');
    const a = p.ours.encode(text);
    expect(p.ours.cacheSize).toBeLessThanOrEqual(8);
    expect(p.ours.cacheCapacity).toBe(8);
    expect(a.map((t) => t.id)).toEqual(libIds(p, text));
    expect(p.ours.encode(text)).toEqual(a);
    expect(p.ours.count(text)).toBe(a.length);
  });
});

describe('unsupported configurations', () => {
  it('fall back to library ids with approximate spans', () => {
    const p = pair(MINILM_DIR, 'minilm-replace', (j) => {
      j.pre_tokenizer = { type: 'Sequence', pretokenizers: [{ type: 'Replace', pattern: { String: 'ç' }, content: 'c' }, { type: 'BertPreTokenizer' }] };
    });
    expect(p.ours.alignment).toBe('approximate');
    for (const text of CORPUS) {
      const spans = p.ours.encode(text);
      expect(spans.map((t) => t.id)).toEqual(libIds(p, text));
      expect(p.ours.count(text)).toBe(spans.length);
      expect(spansValid(text, spans)).toBeNull();
    }
    const text = 'Ação rápida, CAFÉ!';
    const spans = p.ours.encode(text);
    expect(spans.map((t) => text.slice(t.start, t.end))).toEqual(['Aç', 'ão', 'rápid', 'a', ',', 'CAFÉ', '!']);
  });

  it('a section whose normalization is not cluster-local falls back for that section only', () => {
    const p = pair(`${FIXTURES}sp-unigram/`, 'sp-unigram-regex', (j) => {
      j.normalizer = { type: 'Sequence', normalizers: [j.normalizer, { type: 'Replace', pattern: { Regex: ' {2,}' }, content: ' ' }] };
    });
    for (const text of CORPUS) {
      const spans = p.ours.encode(text);
      expect(spans.map((t) => t.id)).toEqual(libIds(p, text));
      expect(spansValid(text, spans)).toBeNull();
    }
  });
});

describe('createTokenizer input', () => {
  it('reads model_max_length when sane and ignores sentinels', () => {
    expect(pair(MINILM_DIR, 'm').ours.modelMaxLength).toBe(512);
    expect(pair(`${FIXTURES}sp-bpe/`, 'b').ours.modelMaxLength).toBeUndefined();
    expect(readDir(`${FIXTURES}sp-bpe/`).config.model_max_length).toBeGreaterThan(1e20);
  });

  it('rejects what is not a tokenizer with an InputError naming it', () => {
    expect(() => createTokenizer([] as unknown as object, {}, 'broken')).toThrow(InputError);
    expect(() => createTokenizer({ version: '1.0' }, {}, 'nomodel')).toThrow(/nomodel: .*model/);
    expect(() => createTokenizer({ model: { type: 'Nope' } }, {}, 'weird')).toThrow(/weird: cannot build/);
  });
});
