// The lexical TF-IDF embedder: vectors equal a hand computation on a tiny corpus (folding, idf, L2),
// unknown words and empty texts, bounded dimensions; and the semantic chunker driven by it cuts a
// two-topic paragraph exactly where the topic changes (word overlap is real signal, no model).
import { describe, expect, test } from 'vitest';
import { createLexicalEmbedder, lexicalEmbedderFor, lexicalTerms, LEXICAL_EMBEDDER_ID } from '../../../src/engine/embedding/lexical.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { chunkDocument } from '../../../src/engine/chunkers/index.ts';
import type { TextTokenizer } from '../../../src/engine/types.ts';

const close = (a: ArrayLike<number>, b: number[]) => {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < b.length; i++) expect(a[i]).toBeCloseTo(b[i], 6);
};

describe('createLexicalEmbedder', () => {
  // Terms: [the, cat, sat] [the, cat, ran] [dogs, ran, fast]; N = 3.
  // df: the 2, cat 2, sat 1, ran 2, dogs 1, fast 1 → idf = 1 + ln(4/3) for df 2, 1 + ln(4/2) for df 1.
  const corpus = ['The cat sat.', 'The CAT ran!', 'Dogs ran fast.'];
  const e = createLexicalEmbedder(corpus);
  const two = 1 + Math.log(4 / 3); // 1.2876820724517808
  const one = 1 + Math.log(2); // 1.6931471805599454

  test('vocabulary in order of first appearance, idf by hand', () => {
    expect(e.id).toBe(LEXICAL_EMBEDDER_ID);
    expect(e.vocabulary).toEqual(['the', 'cat', 'sat', 'ran', 'dogs', 'fast']);
    expect(e.documents).toBe(3);
    expect(e.dimensions).toBe(6);
    close(e.idf, [two, two, one, two, one, one]);
    expect(two).toBeCloseTo(1.2876820724517808, 12);
  });

  test('vectors are tf × idf, L2-normalised', async () => {
    const [v0, v2] = ['The cat sat.', 'Dogs ran fast.'].map((t) => e.vector(t));
    // embed gives the same vectors sparse: only the text's own dimensions, ascending.
    const [s0, s2] = await e.embed(['The cat sat.', 'Dogs ran fast.']);
    expect([...s0.indices]).toEqual([0, 1, 2]);
    expect([...s2.indices]).toEqual([3, 4, 5]);
    close(s0.values, [...v0].slice(0, 3));
    close(s2.values, [...v2].slice(3));
    const n0 = Math.sqrt(two * two + two * two + one * one);
    close(v0, [two / n0, two / n0, one / n0, 0, 0, 0]);
    const n2 = Math.sqrt(two * two + one * one + one * one);
    close(v2, [0, 0, 0, two / n2, one / n2, one / n2]);
    // term frequency counts: "cat cat ran" → [0, 2·two, 0, two, 0, 0] / norm
    const v = e.vector('cat cat ran');
    const n = Math.sqrt(4 * two * two + two * two);
    close(v, [0, (2 * two) / n, 0, two / n, 0, 0]);
  });

  test('case and accents fold; unknown words carry nothing; no known word → zero vector', () => {
    const pt = createLexicalEmbedder(['A ação começou.', 'Acao e CAFÉ.']);
    expect(pt.vocabulary).toEqual(['a', 'acao', 'comecou', 'e', 'cafe']);
    // "AÇÃO" is the same word as "acao": its vector is the unit vector of that dimension
    close(pt.vector('AÇÃO zebra'), [0, 1, 0, 0, 0]);
    expect([...pt.vector('zebra giraffe!')]).toEqual([0, 0, 0, 0, 0]);
    expect([...pt.vector('')]).toEqual([0, 0, 0, 0, 0]);
    expect(lexicalTerms('Über-Café, 2024')).toEqual(['uber', 'cafe', '2024']);
  });

  test('stop words are left out of the vocabulary', () => {
    const en = createLexicalEmbedder(corpus, { stopwords: 'en' });
    expect(en.vocabulary).toEqual(['cat', 'sat', 'ran', 'dogs', 'fast']);
  });

  test('above maxDimensions, word i goes to dimension i mod max (sums, then normalised)', () => {
    const small = createLexicalEmbedder(corpus, { maxDimensions: 4 });
    expect(small.dimensions).toBe(4);
    // "The cat sat. Dogs ran fast." → the(0) cat(1) sat(2) dogs(4→0) ran(3) fast(5→1)
    const v = small.vector('The cat sat. Dogs ran fast.');
    const raw = [two + one, two + one, one, two];
    const n = Math.hypot(...raw);
    close(v, raw.map((x) => x / n));
  });

  test('a document\'s embedder: its units are the corpus, its language\'s stop words are dropped', () => {
    const doc = parseDocument({ id: 'd', text: '# Fruit\n\nThe apple is red. The pear is green.', format: 'markdown', meta: { language: 'en' } });
    const e2 = lexicalEmbedderFor(doc);
    expect(e2.documents).toBe(3); // heading + two sentences
    expect(e2.vocabulary).toEqual(['fruit', 'apple', 'red', 'pear', 'green']);
  });
});

/** Counts whitespace-separated words: enough for caps in these tests. */
const words: TextTokenizer = {
  name: 'words',
  count: (t) => t.split(/\s+/).filter(Boolean).length,
  encode: (t) => [...t.matchAll(/\S+/g)].map((m, i) => ({ id: i, start: m.index!, end: m.index! + m[0].length })),
};

describe('semantic chunking with the lexical embedder', () => {
  const volcano = [
    'The volcano woke after a century of silence.',
    'Hot lava poured from the volcano crater.',
    'Ash from the volcano darkened the crater rim and the valley.',
    'Geologists measured the volcano gases near the crater.',
    'The lava reached the valley below the volcano.',
    'Villagers left the valley when the volcano roared.',
    'By night the volcano glowed red above the valley.',
  ];
  const bread = [
    'Baking bread starts with flour, water and yeast.',
    'The bread dough rises while the yeast works.',
    'A hot oven gives the bread its crust.',
    'Fresh bread cools on a rack before slicing.',
  ];

  for (const [name, first, second] of [
    ['volcano then bread', volcano, bread],
    ['bread then volcano', bread, volcano],
  ] as const) {
    test(`one paragraph, ${name}: the only cut is where the topic changes`, async () => {
      const text = [...first, ...second].join(' ');
      const doc = parseDocument({ id: 'two-topics', text, format: 'text', meta: { language: 'en' } });
      const e = lexicalEmbedderFor(doc);
      const chunks = await chunkDocument(doc, 'semantic', { maxTokens: 400, minTokens: 10 }, { tokenizer: words, embed: e.embed });
      const boundary = text.indexOf(second[0]);
      expect(chunks.map((c) => [c.start, c.end])).toEqual([
        [0, first.join(' ').length],
        [boundary, text.length],
      ]);
    });
  }

  test('the similarity across the topic change is 0 and inside each topic above 0', async () => {
    const text = [...volcano, ...bread].join(' ');
    const doc = parseDocument({ id: 't', text, format: 'text', meta: { language: 'en' } });
    const e = lexicalEmbedderFor(doc);
    const vs = [...volcano, ...bread].map((t) => e.vector(t));
    const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);
    const sims = vs.slice(1).map((v, i) => cos(vs[i], v));
    expect(sims[volcano.length - 1]).toBe(0);
    sims.forEach((s, i) => {
      if (i !== volcano.length - 1) expect(s).toBeGreaterThan(0);
    });
  });
});
