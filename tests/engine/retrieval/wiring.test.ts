// The one retriever wiring (src/engine/retrieval/wiring.ts) the experiment, the CLI and the page use.
import { describe, expect, test } from 'vitest';
import { bm25Settings, corpusLanguage, createRetriever, stopwordsFor, type EmbeddingSource, type RetrieverConfig } from '../../../src/engine/retrieval/wiring.ts';
import { Bm25Retriever } from '../../../src/engine/retrieval/bm25.ts';
import { HybridRetriever } from '../../../src/engine/retrieval/hybrid.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import type { Doc } from '../../../src/engine/types.ts';

const docs = new Map<string, Doc>(
  [
    { id: 'a', text: 'O prazo de entrega é de cinco dias úteis para todas as regiões do país.' },
    { id: 'b', text: 'A troca pode ser feita em até sete dias depois da entrega do produto.' },
  ].map((d) => [d.id, parseDocument({ ...d, format: 'text' })]),
);
const chunks = [...docs.values()].map((d) => ({ id: `${d.id}#0`, docId: d.id, start: 0, end: d.text.length }));

/** Vectors from letter counts: deterministic, unit length. */
function letters(text: string): Float32Array {
  const v = new Float32Array(26);
  for (const ch of text.toLowerCase()) {
    const i = ch.charCodeAt(0) - 97;
    if (i >= 0 && i < 26) v[i]++;
  }
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
}

describe('retriever wiring', () => {
  test('language guess and stop words', () => {
    expect(corpusLanguage([...docs.values()])).toBe('pt');
    expect(stopwordsFor({}, 'pt-BR')).toBe('pt');
    expect(stopwordsFor({}, 'en')).toBe('en');
    expect(stopwordsFor({}, 'de')).toBe('none');
    expect(stopwordsFor({ stopwords: 'pt+en' }, 'en')).toBe('pt+en');
  });

  test('BM25 records its settings in the configuration', () => {
    const cfg: RetrieverConfig = { kind: 'bm25', k1: 0.9 };
    expect(bm25Settings(cfg, 'en')).toEqual({ k1: 0.9, b: 0.75, stopwords: 'en' });
    expect(cfg).toEqual({ kind: 'bm25', k1: 0.9, b: 0.75, stopwords: 'en' });
    const r = createRetriever({ kind: 'bm25' }, { docs, chunks });
    expect(r).toBeInstanceOf(Bm25Retriever);
  });

  test('dense and hybrid need a model; hybrid records BM25 and fusion settings', async () => {
    expect(() => createRetriever({ kind: 'dense' }, { docs, chunks })).toThrow(/needs an embedding model/);
    expect(() => createRetriever({ kind: 'nope' as 'bm25' }, { docs, chunks })).toThrow(/unknown retriever "nope"/);
    const source: EmbeddingSource = { embed: async (texts) => texts.map(letters) };
    const cfg: RetrieverConfig = { kind: 'hybrid' };
    const r = createRetriever(cfg, { docs, chunks, language: 'pt' }, source);
    expect(r).toBeInstanceOf(HybridRetriever);
    expect(cfg).toEqual({ kind: 'hybrid', k1: 1.2, b: 0.75, stopwords: 'pt', fusion: 'rrf', rrfK: 60 });
    await r.index(chunks.map((c) => ({ id: c.id, docId: c.docId, text: docs.get(c.docId)!.text })));
    const hits = await r.search('troca em sete dias', 2);
    expect(hits[0].id).toBe('b#0');
  });

  test('late chunking pools from the documents that have chunks, one vector per chunk', async () => {
    const asked: { docs: string[]; spans: string[] }[] = [];
    const source: EmbeddingSource = {
      embed: async (texts) => texts.map(letters),
      lateChunkCorpus: async (d, spans) => {
        asked.push({ docs: [...d.keys()], spans: spans.map((s) => s.id) });
        return spans.map((s) => letters(d.get(s.docId)!.slice(s.start, s.end)));
      },
    };
    const r = createRetriever({ kind: 'dense', late: true }, { docs, chunks: [chunks[1]] }, source);
    await r.index([{ id: 'b#0', docId: 'b', text: 'ignored for late' }]);
    expect(asked).toEqual([{ docs: ['b'], spans: ['b#0'] }]);
    await expect(r.index([{ id: 'zzz', docId: 'b', text: '' }])).rejects.toThrow(/entry "zzz" is not one of the chunks/);
    expect(() => createRetriever({ kind: 'dense', late: true }, { docs, chunks }, { embed: source.embed })).toThrow(/late chunking needs/);
  });
});
