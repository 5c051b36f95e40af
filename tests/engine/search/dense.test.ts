// Dense, hybrid and reranked live search: the session's rankings equal a brute-force computation
// here (cosine over every chunk's indexed text; RRF k=60 of BM25's and the cosine ranking; the first
// N re-sorted by the scorer), the corpus's passages are embedded once per (corpus, chunking, model)
// and later queries embed only themselves, a document scope keeps every hit in that document, and a
// failing embedding leaves the session usable.
import { expect, test } from 'vitest';
import { loadDataset } from '../../../src/node/files.ts';
import { loadDefaultTokenizer } from '../../../src/node/tokenizer-folder.ts';
import { SearchSession, type SearchAnswer } from '../../../src/engine/search/index.ts';
import { parseDocument, type ParseInput } from '../../../src/engine/documents/index.ts';
import { chunkAll, indexText } from '../../../src/engine/evaluation/experiment.ts';
import { Bm25Retriever } from '../../../src/engine/retrieval/bm25.ts';
import type { Chunk } from '../../../src/engine/types.ts';

const ds = await loadDataset('public/samples/en');
const docs: ParseInput[] = ds.documents.map((d) => ({ id: d.id, text: d.text, format: d.format, name: d.name, meta: d.meta }));
const tok = await loadDefaultTokenizer();
const cfg = { chunker: 'recursive' as const, params: { maxTokens: 128, overlap: 0 } };
const parsed = new Map(docs.map((d) => [d.id, parseDocument(d)]));
const chunks: Chunk[] = await chunkAll([...parsed.values()], cfg.chunker, cfg.params, { tokenizer: tok }, () => {});
const texts = new Map(chunks.map((c) => [c.id, indexText(c, parsed.get(c.docId)!)]));

/** A deterministic toy embedder: hashed character trigrams, unit length. */
function vec(text: string): Float32Array {
  const v = new Float32Array(64);
  const s = ` ${text.toLowerCase()} `;
  for (let i = 0; i + 3 <= s.length; i++) {
    let h = 2166136261;
    for (let j = i; j < i + 3; j++) h = Math.imul(h ^ s.charCodeAt(j), 16777619);
    v[(h >>> 0) % 64] += 1;
  }
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
}
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);

function counter() {
  const calls = { passages: 0, queries: 0, passageCalls: 0 };
  const source = {
    embed: async (t: string[], kind: 'query' | 'passage') => {
      if (kind === 'passage') {
        calls.passageCalls++;
        calls.passages += t.length;
      } else calls.queries += t.length;
      return t.map(vec);
    },
  };
  return { calls, source };
}

/** Chunk ids by descending cosine with the query (ties: indexing order), among `keep`. */
function cosineRanking(query: string, keep: (c: Chunk) => boolean = () => true): { id: string; score: number }[] {
  const q = vec(query);
  return chunks
    .map((c, i) => ({ id: c.id, score: dot(q, vec(texts.get(c.id)!)), i }))
    .filter((x) => keep(chunks[x.i]))
    .sort((a, b) => b.score - a.score || a.i - b.i);
}

const ok = (a: Awaited<ReturnType<SearchSession['search']>>): SearchAnswer => {
  if (a.status !== 'ok') throw new Error('need-docs');
  return a;
};
const req = (query: string, extra: Record<string, unknown> = {}) => ({ ...cfg, corpusKey: 'en', docs, query, k: 5, model: 'toy', ...extra });
const QUERY = ds.questions[0].text;

test('dense: the top-k equals the brute-force cosine ranking; a second query embeds only itself', async () => {
  const s = new SearchSession(async () => tok);
  const { calls, source } = counter();
  const a = ok(await s.search(req(QUERY, { retriever: 'dense' }), undefined, undefined, { source }));
  // Recursive chunks without overlap are distinct ranges: each unit is one chunk.
  const want = cosineRanking(QUERY).slice(0, 5);
  expect(a.units.map((u) => u.via[0])).toEqual(want.map((w) => w.id));
  a.units.forEach((u, i) => expect(u.score).toBeCloseTo(want[i].score, 5));
  expect(a.retriever).toBe('dense');
  expect(calls.passages).toBe(new Set(texts.values()).size);
  expect(a.embedded?.passages).toBe(calls.passages);

  const seen = calls.passages;
  const q2 = ds.questions[1].text;
  const b = ok(await s.search(req(q2, { retriever: 'dense' }), undefined, undefined, { source }));
  expect(calls.passages).toBe(seen);
  expect(b.embedded).toEqual({ passages: 0, queries: 1 });
  expect(b.units.map((u) => u.via[0])).toEqual(cosineRanking(q2).slice(0, 5).map((w) => w.id));

  // Hybrid with the same model reuses the vectors too.
  const h = ok(await s.search(req(q2, { retriever: 'hybrid' }), undefined, undefined, { source }));
  expect(calls.passages).toBe(seen);
  expect(h.embedded?.passages).toBe(0);
  // Another tokenizer clears the indexes; the same texts' vectors stay.
  s.clearIndexes();
  const again = ok(await s.search(req(q2, { retriever: 'dense' }), undefined, undefined, { source }));
  expect(calls.passages).toBe(seen);
  expect(again.units.map((u) => u.via[0])).toEqual(b.units.map((u) => u.via[0]));
  // Another model id embeds the corpus again.
  await s.search(req(q2, { retriever: 'dense', model: 'other' }), undefined, undefined, { source });
  expect(calls.passages).toBe(2 * seen);
});

test('hybrid: RRF (k 60) of the first 100 of the BM25 ranking and of the cosine ranking, computed here', async () => {
  const s = new SearchSession(async () => tok);
  const { source } = counter();
  const a = ok(await s.search(req(QUERY, { retriever: 'hybrid', k: 8 }), undefined, undefined, { source }));
  const bm25 = new Bm25Retriever({ stopwords: 'en' });
  await bm25.index(chunks.map((c) => ({ id: c.id, docId: c.docId, text: texts.get(c.id)! })));
  // Each list is read 100 deep (the hybrid retriever's default depth for k ≤ 50).
  expect(chunks.length).toBeGreaterThan(100);
  const lexical = await bm25.search(QUERY, 100);
  const fused = new Map<string, number>();
  lexical.forEach((h, r) => fused.set(h.id, (fused.get(h.id) ?? 0) + 1 / (61 + r)));
  cosineRanking(QUERY).slice(0, 100).forEach((h, r) => fused.set(h.id, (fused.get(h.id) ?? 0) + 1 / (61 + r)));
  const order = new Map(chunks.map((c, i) => [c.id, i]));
  const want = [...fused].sort((x, y) => y[1] - x[1] || order.get(x[0])! - order.get(y[0])!).slice(0, 8);
  expect(a.units.map((u) => u.via[0])).toEqual(want.map((w) => w[0]));
  a.units.forEach((u, i) => expect(u.score).toBeCloseTo(want[i][1], 9));
});

test('a document scope ranks only that document; reranking re-sorts the first N by the scorer', async () => {
  const s = new SearchSession(async () => tok);
  const { source } = counter();
  const docId = docs[1].id;
  const a = ok(await s.search(req(QUERY, { retriever: 'dense', docId }), undefined, undefined, { source }));
  const want = cosineRanking(QUERY, (c) => c.docId === docId);
  expect(a.accepted).toBe(want.length);
  expect(a.units.map((u) => u.via[0])).toEqual(want.slice(0, 5).map((w) => w.id));
  expect(a.units.every((u) => u.docId === docId)).toBe(true);

  // A scorer that prefers shorter passages: the first 6 re-sorted by it, ties in cosine order.
  const scored: string[][] = [];
  const rerankScore = async (_q: string, passages: readonly string[]) => {
    scored.push([...passages]);
    return passages.map((p) => -p.length);
  };
  const r = ok(await s.search(req(QUERY, { retriever: 'dense', rerank: { model: 'toy-ce', top: 6 } }), undefined, undefined, { source, rerankScore }));
  const head = cosineRanking(QUERY).slice(0, 6);
  expect(scored[0]).toEqual(head.map((h) => texts.get(h.id)));
  const resorted = head.map((h, i) => ({ ...h, i, len: texts.get(h.id)!.length })).sort((x, y) => x.len - y.len || x.i - y.i);
  expect(r.units.map((u) => u.via[0])).toEqual(resorted.slice(0, 5).map((h) => h.id));
  expect(r.units[0].score).toBe(-resorted[0].len);
  expect(r.reranked).toEqual({ model: 'toy-ce', top: 6 });
});

test('bad requests and a failing model: clear errors, and the session stays usable', async () => {
  const s = new SearchSession(async () => tok);
  await expect(s.search(req(QUERY, { retriever: 'dense' }))).rejects.toThrow(/needs an embedding model/);
  await expect(s.search(req(QUERY, { docId: 'nope' }))).rejects.toThrow(/no document "nope"/);
  const failing = { embed: async () => Promise.reject(new Error('service said 401')) };
  await expect(s.search(req(QUERY, { retriever: 'dense' }), undefined, undefined, { source: failing })).rejects.toThrow(/401/);
  const { calls, source } = counter();
  const a = ok(await s.search(req(QUERY, { retriever: 'dense' }), undefined, undefined, { source }));
  expect(a.units.length).toBe(5);
  expect(calls.passages).toBeGreaterThan(0);
  // BM25 needs no model and is unchanged.
  expect(ok(await s.search(req(QUERY))).retriever).toBe('bm25');
});

test('a search that asks the retriever again for more hits (merged units short of k) embeds its query once', async () => {
  const s = new SearchSession(async () => tok);
  const { calls, source } = counter();
  // Small-to-big: many small children merge into few parents, so 4k children give fewer than k units.
  const a = ok(await s.search({ ...req(QUERY, { retriever: 'dense', k: 100 }), chunker: 'small-to-big', params: { maxTokens: 8 } }, undefined, undefined, { source }));
  expect(a.units.length).toBeGreaterThan(0);
  expect(calls.queries).toBe(1);
  expect(a.embedded?.queries).toBe(1);
});
