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

function sampleTexts(): string[] {
  const out: string[] = [];
  for (const lang of ['pt-BR', 'en']) {
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

/** Documents totalling at least `bytes` UTF-8 bytes. */
export function makeCorpus(bytes: number, seed = 42): BenchDoc[] {
  const base = sampleTexts();
  const r = rng(seed);
  const docs: BenchDoc[] = [];
  let total = 0;
  for (let i = 0; total < bytes; i++) {
    const text = vary(base[i % base.length], r);
    docs.push({ id: `doc-${i}`, text });
    total += Buffer.byteLength(text, 'utf8');
  }
  return docs;
}

export function corpusBytes(docs: BenchDoc[]): number {
  return docs.reduce((n, d) => n + Buffer.byteLength(d.text, 'utf8'), 0);
}
