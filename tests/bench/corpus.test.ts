// The bench corpus generator: deterministic, at least the requested size, made of the samples, and
// varied copy to copy (so a per-word cache cannot simply replay the first copy).
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusBytes, makeCorpus, nonLatinShare, rng } from '../../bench/corpus.ts';

const samples = ['pt-BR', 'en'].flatMap((lang) => {
  const dir = join(import.meta.dirname, '..', '..', 'public', 'samples', lang, 'docs');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'));
});

describe('makeCorpus', () => {
  it('reaches the requested size and stops within one document of it', () => {
    const want = 200_000;
    const docs = makeCorpus(want);
    const bytes = corpusBytes(docs);
    expect(bytes).toBeGreaterThanOrEqual(want);
    const last = Buffer.byteLength(docs[docs.length - 1].text, 'utf8');
    expect(bytes - last).toBeLessThan(want);
    expect(bytes).toBe(docs.reduce((n, d) => n + new TextEncoder().encode(d.text).length, 0));
  });

  it('is deterministic for a seed and changes with the seed', () => {
    const a = makeCorpus(100_000);
    const b = makeCorpus(100_000);
    expect(b).toEqual(a);
    expect(makeCorpus(100_000, 43).map((d) => d.text).join('')).not.toBe(a.map((d) => d.text).join(''));
  });

  it('varies each copy of a sample but keeps its structure (same lines, headings, fences)', () => {
    const docs = makeCorpus(samples.reduce((n, s) => n + Buffer.byteLength(s, 'utf8'), 0) * 2 + 1);
    const n = samples.length;
    expect(docs.length).toBeGreaterThanOrEqual(2 * n);
    for (let i = 0; i < n; i++) {
      const first = docs[i].text;
      const second = docs[i + n].text;
      expect(second).not.toBe(first);
      expect(first).not.toBe(samples[i]);
      const lines = (t: string) => t.split('\n');
      expect(lines(first).length).toBe(lines(samples[i]).length);
      const shape = (t: string) => lines(t).map((l) => (/^#{1,6} /.test(l) ? 'h' : l.startsWith('```') ? 'f' : l.startsWith('|') ? 't' : ''));
      expect(shape(first)).toEqual(shape(samples[i]));
    }
  });
});

describe('the mixed and non-Latin corpora', () => {
  /** Counted here independently of nonLatinShare: code points above U+00FF over all code points. */
  const share = (texts: string[]) => {
    const cps = texts.flatMap((t) => Array.from(t, (c) => c.codePointAt(0)!));
    return cps.filter((c) => c > 0xff).length / cps.length;
  };

  it('mixed: the samples with a small share of Greek, math, CJK and emoji, same size and determinism', () => {
    const docs = makeCorpus(300_000, 42, 'mixed');
    expect(corpusBytes(docs)).toBeGreaterThanOrEqual(300_000);
    expect(makeCorpus(300_000, 42, 'mixed')).toEqual(docs);
    const all = docs.map((d) => d.text);
    const s = share(all);
    expect(nonLatinShare(docs)).toBeCloseTo(s, 10);
    expect(s).toBeGreaterThan(0.003);
    expect(s).toBeLessThan(0.03);
    expect(s).toBeGreaterThan(share(makeCorpus(300_000, 42, 'samples').map((d) => d.text)) * 5);
    const joined = all.join('\n');
    for (const re of [/\p{Script=Greek}/u, /\p{Script=Han}/u, /\p{Extended_Pictographic}/u, /[≤±√∞→]/u, /\u200d/u]) expect(joined).toMatch(re);
  });

  it('non-latin: Greek and Japanese Markdown documents, nearly all characters outside Latin-1', () => {
    const docs = makeCorpus(200_000, 42, 'non-latin');
    expect(makeCorpus(200_000, 42, 'non-latin')).toEqual(docs);
    expect(corpusBytes(docs)).toBeGreaterThanOrEqual(200_000);
    const letters = (t: string) => t.match(/\p{L}/gu) ?? [];
    for (const [i, d] of docs.entries()) {
      expect(d.text).toMatch(/^# \S/);
      expect(d.text).toMatch(/^## \S/m);
      const ls = letters(d.text);
      const script = i % 2 === 0 ? /\p{Script=Greek}/u : /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
      expect(ls.filter((c) => script.test(c)).length / ls.length).toBeGreaterThan(0.95); // the rest: ー (Script=Common), digits
    }
    expect(share(docs.map((d) => d.text))).toBeGreaterThan(0.8);
  });
});

describe('rng', () => {
  it('gives the same sequence for a seed, in [0, 1)', () => {
    const a = rng(1);
    const b = rng(1);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    // roughly uniform: each tenth holds 100 ± 40 of 1000 draws
    const bins = new Array(10).fill(0);
    for (const x of xs) bins[Math.floor(x * 10)]++;
    expect(Math.min(...bins)).toBeGreaterThan(60);
    expect(Math.max(...bins)).toBeLessThan(140);
  });
});
