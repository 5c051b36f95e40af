// The search session the page's search view and question editor use (src/engine/search), in Node:
// the need-docs protocol, the cache, BM25 ranking with term hits, filters, gold resolution and
// placement, checked against independent computations over the sample corpus.
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../../src/node/files.ts';
import { loadDefaultTokenizer } from '../../../src/node/tokenizer-folder.ts';
import { SearchSession, LruMap } from '../../../src/engine/search/index.ts';
import { parseDocument } from '../../../src/engine/documents/index.ts';
import { chunkCorpus } from '../../../src/engine/chunkers/index.ts';
import { foldTerm } from '../../../src/engine/documents/terms.ts';
import type { ParseInput } from '../../../src/engine/documents/index.ts';

const ds = await loadDataset('public/samples/en');
const docs: ParseInput[] = ds.documents.map((d) => ({ id: d.id, text: d.text, format: d.format, name: d.name, meta: d.meta }));
const tok = await loadDefaultTokenizer();
let tokenizerCalls = 0;
const session = () =>
  new SearchSession(async () => {
    tokenizerCalls++;
    return tok;
  });
const cfg = { chunker: 'recursive' as const, params: { maxTokens: 128 } };

describe('SearchSession', () => {
  test('asks for the documents once per corpus key, then answers from its cache', async () => {
    const s = session();
    const q = { corpusKey: 'en', query: 'refund window', k: 5, ...cfg };
    expect(await s.search(q)).toEqual({ status: 'need-docs' });
    const first = await s.search({ ...q, docs });
    expect(first.status).toBe('ok');
    const before = tokenizerCalls;
    const again = await s.search(q);
    expect(again).toEqual(first);
    // Same chunking: the cached index is used (no new chunking, so the tokenizer is not asked again).
    expect(tokenizerCalls).toBe(before);
    s.clearIndexes();
    await s.search(q);
    expect(tokenizerCalls).toBe(before + 1);
  });

  test('ranks units best first; every highlighted word is a query term, at the right offsets', async () => {
    const s = session();
    const r = await s.search({ corpusKey: 'en', docs, query: 'How many days of annual leave do employees get?', k: 5, ...cfg });
    if (r.status !== 'ok') throw new Error('need-docs');
    expect(r.units.length).toBe(5);
    expect(r.units.map((u) => u.rank)).toEqual([1, 2, 3, 4, 5]);
    for (let i = 1; i < r.units.length; i++) expect(r.units[i - 1].score).toBeGreaterThanOrEqual(r.units[i].score);
    expect(r.language).toBe('en');
    expect(r.terms).not.toContain('how'); // an English stop word
    const texts = new Map(docs.map((d) => [d.id, parseDocument(d).text]));
    let hits = 0;
    for (const u of r.units) {
      expect(u.text).toBe(texts.get(u.docId)!.slice(u.start, u.end));
      for (const h of u.hits) {
        hits++;
        expect(h.start).toBeGreaterThanOrEqual(u.start);
        expect(h.end).toBeLessThanOrEqual(u.end);
        expect(r.terms).toContain(foldTerm(texts.get(u.docId)!.slice(h.start, h.end)));
      }
    }
    expect(hits).toBeGreaterThan(0);
    // The number of indexed chunks is the chunker's own count.
    const chunks = await chunkCorpus(docs.map((d) => parseDocument(d)), 'recursive', { maxTokens: 128 }, { tokenizer: tok });
    expect(r.chunks).toBe(chunks.length);
    expect(r.accepted).toBe(chunks.length);
  });

  test('a filter lets only matching documents compete; bad k is refused', async () => {
    const s = session();
    const withMeta = docs.map((d, i) => ({ ...d, meta: { ...(d.meta ?? {}), half: i % 2 ? 'odd' : 'even' } }));
    const r = await s.search({ corpusKey: 'meta', docs: withMeta, query: 'policy', k: 10, filter: { half: 'odd' }, ...cfg });
    if (r.status !== 'ok') throw new Error('need-docs');
    const odd = new Set(withMeta.filter((d) => d.meta.half === 'odd').map((d) => d.id));
    expect(r.units.length).toBeGreaterThan(0);
    for (const u of r.units) expect(odd.has(u.docId)).toBe(true);
    expect(r.accepted).toBeLessThan(r.chunks);
    await expect(s.search({ corpusKey: 'meta', query: 'x', k: 0, ...cfg })).rejects.toThrow(/k must be a whole number from 1 to 100/);
  });

  test('resolves gold references: spans checked, phrases found once, errors named', async () => {
    const s = session();
    const doc = parseDocument(docs[0]);
    const word = doc.text.match(/[A-Za-z]{6,}/)![0];
    const unique = (() => {
      for (let i = 0; i + 30 < doc.text.length; i += 7) {
        const p = doc.text.slice(i, i + 30);
        if (doc.text.indexOf(p) === doc.text.lastIndexOf(p) && p.trim().length === 30) return p;
      }
      throw new Error('no unique phrase');
    })();
    const r = s.resolveGold('en', docs, [
      { docId: doc.id, start: 0, end: 5 },
      { docId: doc.id, start: 5, end: 5 },
      { docId: 'nope', start: 0, end: 1 },
      { docId: doc.id, phrase: unique },
      { docId: doc.id, phrase: '   ' },
      { docId: doc.id, phrase: 'zzzz-not-there' },
    ]);
    if (r.status !== 'ok') throw new Error('need-docs');
    const [span, empty, unknown, phrase, blank, missing] = r.resolved;
    expect(span).toEqual({ ok: true, span: { docId: doc.id, start: 0, end: 5 } });
    expect(empty).toMatchObject({ ok: false, error: 'bad-span' });
    expect(unknown).toMatchObject({ ok: false, error: 'unknown-doc' });
    expect(phrase.ok).toBe(true);
    if (phrase.ok) {
      const at = doc.text.indexOf(unique);
      expect(phrase.span.start).toBeLessThanOrEqual(at);
      expect(phrase.span.end).toBeGreaterThanOrEqual(at + unique.length);
    }
    expect(blank).toMatchObject({ ok: false, error: 'empty' });
    expect(missing).toMatchObject({ ok: false, error: 'missing', count: 0 });
    const count = doc.text.split(word).length - 1;
    if (count > 1) expect(s.resolveGold('en', undefined, [{ docId: doc.id, phrase: word }])).toMatchObject({ status: 'ok', resolved: [{ ok: false, error: 'ambiguous' }] });
  });

  test('places a gold span in the units that contain it, or those it is split over', async () => {
    const s = session();
    const doc = parseDocument(docs[0]);
    const chunks = (await chunkCorpus([doc], 'fixed', { maxTokens: 32 }, { tokenizer: tok })).filter((c) => c.docId === doc.id);
    const inside = { docId: doc.id, start: chunks[1].start + 1, end: chunks[1].start + 3 };
    const across = { docId: doc.id, start: chunks[1].end - 2, end: chunks[2].start + 2 };
    const r = await s.placeGold('one', [docs[0]], { chunker: 'fixed', params: { maxTokens: 32 } }, [inside, across]);
    if (r.status !== 'ok') throw new Error('need-docs');
    expect(r.units).toBe(chunks.length);
    // Independent: which chunks contain / overlap each span.
    const containing = (sp: { start: number; end: number }) => chunks.filter((c) => c.start <= sp.start && sp.end <= c.end).map((c) => c.id);
    const overlapping = (sp: { start: number; end: number }) => chunks.filter((c) => c.start < sp.end && sp.start < c.end).map((c) => c.id);
    expect(r.placements[0].containedIn.map((u) => u.id)).toEqual(containing(inside));
    expect(r.placements[0].overlapping).toEqual([]);
    expect(r.placements[1].containedIn.map((u) => u.id)).toEqual(containing(across));
    if (!containing(across).length) expect(r.placements[1].overlapping.map((u) => u.id)).toEqual(overlapping(across));
  });

  test('corpusDoc returns the parsed text, or null for an unknown id', () => {
    const s = session();
    expect(s.corpusDoc('k', undefined, docs[0].id)).toEqual({ status: 'need-docs' });
    const r = s.corpusDoc('k', docs, docs[0].id);
    expect(r).toMatchObject({ status: 'ok', doc: { id: docs[0].id, text: parseDocument(docs[0]).text } });
    expect(s.corpusDoc('k', undefined, 'nope')).toEqual({ status: 'ok', doc: null });
    expect(() => s.corpusDoc('dup', [docs[0], docs[0]], docs[0].id)).toThrow(/duplicate document id/);
  });
});

test('LruMap keeps the most recently used entries', () => {
  const m = new LruMap<number>(2);
  m.set('a', 1);
  m.set('b', 2);
  expect(m.get('a')).toBe(1); // a is now the most recent
  m.set('c', 3);
  expect(m.has('b')).toBe(false);
  expect(m.has('a')).toBe(true);
  expect(m.has('c')).toBe(true);
});
