// Bm25Retriever against BM25 computed the plain way, on the sample corpora (public/samples/en and
// pt-BR, split into paragraphs): for every entry and every distinct query term, idf and the
// saturated, length-normalised term frequency, from counts taken here by scanning the texts (no
// postings, no precomputation). The index precomputes per-term weights, keeps postings in typed
// arrays, reuses its score buffer across queries and keeps the top k in a heap: scores must be equal
// to the bit and rankings identical, ties (duplicated paragraphs) in indexing order.
//
// Okapi BM25 (Robertson, Spärck Jones et al.) with the non-negative idf Lucene uses:
//   idf(t) = ln(1 + (N - n(t) + 0.5) / (n(t) + 0.5))
//   score(D, Q) = Σ_{t in Q, distinct} idf(t) · tf · (k1 + 1) / (tf + k1 · (1 - b + b · |D| / avgdl))
// The reference evaluates the same products and quotients in the same order, and sums the query
// terms in their order of first appearance (the retriever's documented summation order), so equal
// inputs give equal doubles.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { Bm25Retriever, type Bm25Options } from '../../../src/engine/retrieval/bm25.ts';
import { bm25Terms, stopwordSet } from '../../../src/engine/documents/terms.ts';

const SAMPLES = fileURLToPath(new URL('../../../public/samples/', import.meta.url));

interface Entry {
  id: string;
  docId: string;
  text: string;
}

function sampleEntries(): Entry[] {
  const out: Entry[] = [];
  for (const lang of ['en', 'pt-BR']) {
    const manifest = JSON.parse(readFileSync(`${SAMPLES}${lang}/documents.json`, 'utf8')) as { documents: { id: string; file: string }[] };
    for (const d of manifest.documents) {
      const text = readFileSync(`${SAMPLES}${lang}/${d.file}`, 'utf8');
      text
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .forEach((p, i) => out.push({ id: `${d.id}#${i}`, docId: d.id, text: p }));
    }
  }
  // Exact copies of some paragraphs, far from their originals: equal scores, so ties to break.
  for (let i = 0; i < 40; i++) {
    const e = out[(i * 37) % out.length];
    out.push({ id: `copy${i}-${e.id}`, docId: e.docId, text: e.text });
  }
  return out;
}

function sampleQueries(): string[] {
  const qs: string[] = [];
  for (const lang of ['en', 'pt-BR']) {
    const file = JSON.parse(readFileSync(`${SAMPLES}${lang}/questions.json`, 'utf8')) as { questions: { text: string }[] };
    qs.push(...file.questions.map((q) => q.text));
  }
  return [
    ...qs,
    // Terms absent from the corpus, alone and mixed with present ones; repeated terms; nothing.
    'zzyzx quokkaflux',
    'quokkaflux expense report zzyzx',
    'report REPORT Report relatório relatorio',
    'the of and',
    '',
    '?!',
  ];
}

interface Scored {
  index: number;
  id: string;
  score: number;
}

/** BM25 the straightforward way: counts by scanning, then the formula per entry and query term. */
function reference(entries: Entry[], opts: Bm25Options): (query: string) => Scored[] {
  const k1 = opts.k1 ?? 1.2;
  const b = opts.b ?? 0.75;
  const stop = stopwordSet(opts.stopwords);
  const docs = entries.map((e) => bm25Terms(e.text, stop).map((t) => t.term));
  const N = docs.length;
  const avgdl = docs.reduce((s, d) => s + d.length, 0) / N;
  const df = new Map<string, number>(); // n(t), counted by scanning every entry, once per term
  const entriesWith = (term: string) => {
    if (!df.has(term)) df.set(term, docs.filter((d) => d.includes(term)).length);
    return df.get(term)!;
  };
  return (query) => {
    const terms: string[] = [];
    for (const t of bm25Terms(query, stop)) if (!terms.includes(t.term)) terms.push(t.term);
    const out: Scored[] = [];
    docs.forEach((doc, index) => {
      let score = 0;
      let matched = false;
      for (const term of terms) {
        const n = entriesWith(term);
        const tf = doc.filter((w) => w === term).length;
        if (!tf) continue;
        matched = true;
        const idf = Math.log(1 + (N - n + 0.5) / (n + 0.5));
        const norm = 1 - b + (b * doc.length) / avgdl;
        score += (idf * tf * (k1 + 1)) / (tf + k1 * norm);
      }
      if (matched) out.push({ index, id: entries[index].id, score });
    });
    return out.sort((x, y) => (x.score !== y.score ? y.score - x.score : x.index - y.index));
  };
}

const entries = sampleEntries();
const queries = sampleQueries();

describe('Bm25Retriever equals BM25 computed by hand on the sample corpora', () => {
  const configs: Bm25Options[] = [{}, { stopwords: 'pt+en' }, { k1: 0.9, b: 0.4, stopwords: 'en' }, { k1: 0, b: 0 }, { k1: 2, b: 1, stopwords: 'pt' }];
  for (const opts of configs) {
    test(`same scores and ranking, full and top-k (${JSON.stringify(opts)})`, async () => {
      const r = new Bm25Retriever(opts);
      await r.index(entries);
      const ref = reference(entries, opts);
      let tiesSeen = 0;
      for (const q of queries) {
        const want = ref(q);
        const all = await r.search(q, entries.length);
        expect(all.map((h) => h.id), q).toEqual(want.map((h) => h.id));
        all.forEach((h, i) => expect(Object.is(h.score, want[i].score), `${q}: ${h.id} ${h.score} vs ${want[i].score}`).toBe(true));
        for (let i = 1; i < want.length; i++) if (want[i].score === want[i - 1].score) tiesSeen++;
        // Top-k from the heap is the head of the full sort, for every k.
        for (const k of [1, 2, 3, 10, 25]) expect(await r.search(q, k), `${q} k=${k}`).toEqual(all.slice(0, k));
        // A filter applies before the cut: the top k of the accepted entries.
        const accept = (id: string) => id.length % 3 !== 0;
        expect(await r.search(q, 7, { accept }), `${q} filtered`).toEqual(all.filter((h) => accept(h.id)).slice(0, 7));
      }
      expect(tiesSeen).toBeGreaterThan(0);
    });
  }

  test('queries with no known term, an empty one and k ≤ 0 return nothing; idf matches the counts', async () => {
    const r = new Bm25Retriever();
    await r.index(entries);
    expect(await r.search('zzyzx quokkaflux', 10)).toEqual([]);
    expect(await r.search('', 10)).toEqual([]);
    expect(await r.search('expense', 0)).toEqual([]);
    expect(await r.search('expense', -3)).toEqual([]);
    expect(await r.search('expense', Number.NaN)).toEqual([]);
    expect(r.idf('zzyzx')).toBe(0);
    const docs = entries.map((e) => bm25Terms(e.text).map((t) => t.term));
    const n = docs.filter((d) => d.includes('expense')).length;
    expect(n).toBeGreaterThan(1);
    expect(r.idf('expense')).toBe(Math.log(1 + (docs.length - n + 0.5) / (n + 0.5)));
  });

  test('searches leave no trace: the same query gives the same answer before and after others, and after re-indexing', async () => {
    const r = new Bm25Retriever();
    await r.index(entries);
    const first = await Promise.all(queries.map((q) => r.search(q, 10)));
    const reversed = [];
    for (const q of [...queries].reverse()) reversed.unshift(await r.search(q, 10));
    expect(reversed).toEqual(first);
    // A smaller index after a larger one: buffers are resized, scores are the small index's.
    const few = entries.slice(0, 30);
    await r.index(few);
    const ref = reference(few, {});
    for (const q of queries) expect((await r.search(q, few.length)).map((h) => [h.id, h.score])).toEqual(ref(q).map((h) => [h.id, h.score]));
  });
});
