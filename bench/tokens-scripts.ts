// Counting speed on text with a few characters outside Latin-1 (issue 14): a ~500k-character
// English scientific-style text with and without ~0.3% Greek letters, and the growth of the Greek
// version from 125k to 500k characters, for every tokenizer family we ship or test with.
//   npx tsx bench/tokens-scripts.ts            (all families)
//   npx tsx bench/tokens-scripts.ts minilm     (one: minilm, byte-bpe, sp-bpe, sp-unigram, cl100k_base)
// Each figure is the median of 5 counts (9 for the growth), each with a fresh tokenizer (cold
// per-word cache): what a first count of a new document costs. Times are this process's CPU time,
// steadier than wall clock on a shared machine. Deterministic text: the same bytes every run.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTokenizer, TiktokenTokenizer, type AlignedTokenizer } from '../src/engine/tokens/index.ts';
import type { TextTokenizer } from '../src/engine/types.ts';
import { rng } from '../src/engine/util/random.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIRS: Record<string, string> = {
  minilm: `${ROOT}public/tokenizers/all-MiniLM-L6-v2/`,
  'byte-bpe': `${ROOT}tests/fixtures/tokenizers/byte-bpe/`,
  'sp-bpe': `${ROOT}tests/fixtures/tokenizers/sp-bpe/`,
  'sp-unigram': `${ROOT}tests/fixtures/tokenizers/sp-unigram/`,
};

const WORDS = (
  'the of and in to a is that for with as was on by were at from this are be we which these an ' +
  'protein expression cells receptor binding activity concentration sample analysis significant ' +
  'increase decrease measured observed response signal pathway inhibition kinase mutation model ' +
  'temperature pressure coefficient distribution variance estimate parameter function frequency ' +
  'membrane potential channel current voltage density energy field spectrum resonance wavelength ' +
  'results suggest indicate consistent previous studies reported compared control treatment group'
).split(' ');
const GREEK = ['α', 'β', 'γ', 'δ', 'Δ', 'μ', 'σ', 'λ', 'θ', 'ω', 'Ω', 'π', 'κ', 'Σ'];
const ASCII = 'abgdDmslqwWpkS';
const SYL = ['ka', 'ru', 'lo', 'men', 'tis', 'bra', 'ven', 'qui', 'do', 'sel', 'ar', 'po', 'ter', 'xi', 'phos', 'glu'];

/**
 * A scientific-style text of `size` characters with ~0.3% Greek letters ('greek'), the same without
 * capital sigma ('no-sigma': Σ, whose lowercase depends on its neighbours, written as ASCII), or
 * every Greek letter written as an ASCII letter ('ascii'). The three have the same word structure.
 */
function article(size: number, mode: 'ascii' | 'greek' | 'no-sigma'): string {
  const r = rng(42);
  const parts: string[] = [];
  let n = 0;
  while (n < size) {
    const len = 8 + Math.floor(r() * 18);
    const words: string[] = [];
    for (let i = 0; i < len; i++) {
      const x = r();
      if (x < 0.025) {
        // a Greek letter as a symbol: "β-catenin", "μm", "Δ = 0.3"
        const g = GREEK[Math.floor(r() * GREEK.length)];
        const sym = mode === 'ascii' ? ASCII[GREEK.indexOf(g)] : g;
        const form = Math.floor(r() * 3);
        words.push(form === 0 ? `${sym}-${WORDS[Math.floor(r() * WORDS.length)]}` : form === 1 ? `${(r() * 100).toFixed(1)} ${sym}m` : `${sym} = ${(r() * 10).toFixed(2)}`);
      } else if (x < 0.12) {
        let w = '';
        for (let k = 2 + Math.floor(r() * 3); k > 0; k--) w += SYL[Math.floor(r() * SYL.length)];
        words.push(w);
      } else if (x < 0.16) words.push(`${Math.floor(r() * 1000)}`);
      else words.push(WORDS[Math.floor(r() * WORDS.length)]);
    }
    const s = words.join(' ');
    const sentence = s[0].toUpperCase() + s.slice(1) + (r() < 0.2 ? ' (p < 0.05).' : '.');
    parts.push(sentence);
    n += sentence.length + 1;
    if (r() < 0.12) {
      parts.push('\n\n');
      n += 2;
    }
  }
  const out = parts.join(' ').slice(0, size);
  // (a sentence may also begin with σ, capitalised to Σ)
  return mode === 'no-sigma' ? out.replaceAll('Σ', 'S') : out;
}

async function load(name: string): Promise<() => TextTokenizer> {
  if (name === 'cl100k_base') {
    const data = (await import('js-tiktoken/ranks/cl100k_base')).default;
    return () => new TiktokenTokenizer(data, { name });
  }
  const dir = DIRS[name];
  const json = JSON.parse(readFileSync(`${dir}tokenizer.json`, 'utf8'));
  const config = JSON.parse(readFileSync(`${dir}tokenizer_config.json`, 'utf8'));
  return (): AlignedTokenizer => createTokenizer(structuredClone(json), config, name);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/** Median CPU ms of counting `text` with a fresh tokenizer, and the count. */
function time(make: () => TextTokenizer, text: string, runs = 5): { ms: number; count: number } {
  const ms: number[] = [];
  let count = 0;
  for (let i = 0; i < runs; i++) {
    const t = make();
    const c0 = process.cpuUsage();
    count = t.count(text);
    const c = process.cpuUsage(c0);
    ms.push((c.user + c.system) / 1000);
  }
  return { ms: median(ms), count };
}

const names = process.argv[2] ? [process.argv[2]] : [...Object.keys(DIRS), 'cl100k_base'];
const plain500 = article(500_000, 'ascii');
const greek = article(500_000, 'greek');
const noSigma = article(500_000, 'no-sigma');
const nonLatin1 = [...greek].filter((c) => c.codePointAt(0)! > 0xff).length;
console.log(`text: ${greek.length} chars, ${nonLatin1} outside Latin-1 (${((100 * nonLatin1) / greek.length).toFixed(2)}%)`);
for (const name of names) {
  const make = await load(name);
  time(make, plain500.slice(0, 50_000), 2); // warm the JIT
  const a = time(make, plain500);
  const b = time(make, greek);
  const c = time(make, noSigma);
  const g = [125_000, 250_000, 500_000].map((n) => time(make, greek.slice(0, n), 9).ms);
  console.log(
    `${name.padEnd(11)} 500k ASCII ${a.ms.toFixed(0).padStart(5)} ms  500k Greek ${b.ms.toFixed(0).padStart(5)} ms  ratio ${(b.ms / a.ms).toFixed(2)}×  ` +
      `(no Σ ${c.ms.toFixed(0)} ms, ${(c.ms / a.ms).toFixed(2)}×)  ` +
      `growth 125k/250k/500k ${g.map((x) => x.toFixed(0)).join('/')} ms (500k/125k ${(g[2] / g[0]).toFixed(2)}×)  tokens ${a.count}/${b.count}`,
  );
}
