// The bench corpus generator: deterministic, at least the requested size, made of the samples, and
// varied copy to copy (so a per-word cache cannot simply replay the first copy).
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusBytes, makeCorpus, rng } from '../../bench/corpus.ts';

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
