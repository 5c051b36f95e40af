// Text in many scripts, for every tokenizer family: Greek (capital sigma in every context),
// Cyrillic, CJK, Arabic with harakat, Devanagari, emoji with skin-tone modifiers and ZWJ sequences,
// flags and keycaps, combining marks and math symbols, mixed into English. Ids equal the library's,
// spans are valid and cover what the model sees, the WordPiece fast path equals the general path,
// and capital sigma is lowercased from its neighbours only (checked against V8's own toLowerCase on
// every BMP code point).
import { describe, expect, it } from 'vitest';
import { Tokenizer } from '@huggingface/tokenizers';
import { createTokenizer, TokenIndex, type AlignedTokenizer } from '../../../src/engine/tokens/index.ts';
import { sigmaContext } from '../../../src/engine/tokens/normalize.ts';
import { CASES, MINILM_DIR, checkText, readDir, rng, scriptText } from './helpers.ts';

describe.each(CASES)('scripts: $label', ({ family, make }) => {
  const p = make();

  it('matches the library on 300 script-rich strings and on one long one', () => {
    const r = rng(4242 + p.ours.name.length);
    for (let k = 0; k < 300; k++) checkText(p, family, scriptText(r, k % 20 === 0 ? 120 : 25));
    let long = '';
    for (let k = 0; k < 60; k++) long += scriptText(r, 40) + ' ';
    checkText(p, family, long);
  });
});

describe('WordPiece fast path on script-rich text', () => {
  const { json, config } = readDir(MINILM_DIR);
  const fast = createTokenizer(structuredClone(json), config, 'fast', { fastPath: true }) as AlignedTokenizer & { fastPath: boolean };
  const slow = createTokenizer(structuredClone(json), config, 'slow', { fastPath: false });
  const lib = new Tokenizer(json, config);
  const libCount = (s: string) => lib.encode(s, { add_special_tokens: false }).ids.length;

  it('gives the same spans as the general path (which the library checks above)', () => {
    expect(fast.fastPath).toBe(true);
    const r = rng(31);
    for (let k = 0; k < 600; k++) {
      const text = scriptText(r, 30);
      expect(fast.encode(text), JSON.stringify(text)).toEqual(slow.encode(text));
    }
  });

  it('keeps range counts exact around capital sigma, and refuses only cuts in its context', () => {
    const r = rng(77);
    let answered = 0;
    for (let d = 0; d < 20; d++) {
      let doc = '';
      for (let k = 0; k < 12; k++) doc += scriptText(r, 12) + (r() < 0.3 ? '\n\n' : ' ');
      const ix = new TokenIndex(doc, fast);
      // random cuts, and cuts next to whitespace (where chunks start and end)
      const spaces: number[] = [];
      for (let i = 1; i < doc.length; i++) if (/\s/.test(doc[i - 1]) !== /\s/.test(doc[i])) spaces.push(i);
      const cut = () => (r() < 0.3 || !spaces.length ? Math.floor(r() * (doc.length + 1)) : spaces[Math.floor(r() * spaces.length)]);
      for (let k = 0; k < 40; k++) {
        let a = cut();
        let b = cut();
        if (a > b) [a, b] = [b, a];
        const got = ix.exactCount(a, b);
        if (got === null) continue;
        answered++;
        expect(got, `${JSON.stringify(doc)} [${a}, ${b})`).toBe(libCount(doc.slice(a, b)));
      }
    }
    expect(answered).toBeGreaterThan(50);
    // a sigma far away no longer makes the whole text unsafe
    const doc = 'ΟΔΟΣ and then a long english tail of words';
    const ix = new TokenIndex(doc, fast);
    const cut = doc.indexOf(' long');
    expect(ix.exactCount(0, cut)).toBe(libCount(doc.slice(0, cut)));
    expect(ix.exactCount(cut, doc.length)).toBe(libCount(doc.slice(cut)));
    expect(ix.exactCount(0, 2)).toBeNull(); // inside the word, before the sigma
  });
});

describe('capital sigma context', () => {
  /** V8's answer: is the Σ of `left + 'Σ' + right` lowercased to final ς? */
  const v8Final = (left: string, right: string) => (left + 'Σ' + right).toLowerCase().charAt(left.toLowerCase().length) === 'ς';
  const ours = (left: string, right: string) => sigmaContext(left + 'Σ' + right, left.length, 0, left.length + 1 + right.length, null).final;

  it('agrees with toLowerCase for every BMP code point before and after it', () => {
    let finals = 0;
    for (let cp = 0; cp < 0x10000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCharCode(cp);
      // c between a cased letter and the sigma, c after it, and c as the only context
      for (const [l, rt] of [['A' + c, ''], ['A', c], ['A', c + 'b'], [c, ''], ['A' + c, '.b']]) {
        const want = v8Final(l, rt);
        if (ours(l, rt) !== want) expect.fail(`U+${cp.toString(16)}: ${JSON.stringify(l)}Σ${JSON.stringify(rt)} gives ${want ? 'ς' : 'σ'}`);
        if (want) finals++;
      }
    }
    expect(finals).toBeGreaterThan(1000);
    // astral letters and marks (mathematical letters are cased, emoji are not)
    for (const c of ['𝔘', '𝑥', '😀', '𐐀', '\u{1D167}', '\u{E0001}']) {
      expect(ours('A' + c, ''), c).toBe(v8Final('A' + c, ''));
      expect(ours('A', c + 'b'), c).toBe(v8Final('A', c + 'b'));
      expect(ours(c, ''), c).toBe(v8Final(c, ''));
    }
  });

  it('looks only as far as the nearest characters that decide it', () => {
    const text = 'word ' + 'x'.repeat(1000) + "ΑΣ'. tail";
    const at = text.indexOf('Σ');
    const c = sigmaContext(text, at, 0, text.length, null);
    expect(c.final).toBe(true);
    expect(c.from).toBe(at - 1); // Α
    expect(c.to).toBe(at + 4); // "'." are case-ignorable, the space decides
  });
});
