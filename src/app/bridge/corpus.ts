// The engine worker's calls about one corpus (search, gold spans resolved and placed, a parsed
// document), for the search view, the question editor and the grid's llm note. The worker caches
// parsed corpora under a key derived here from a corpus's contents; a call first goes without the
// documents and is repeated with them only when the worker does not hold the key yet. What a chunking
// borrows from the page (the embedding model, the in-page language model) is the caller's to lend
// (src/app/chunking/hooks.ts lentFor): the bridge knows no feature.
import type { ParseInput } from '../../engine/documents/index.ts';
import type { GoldRef } from '../../engine/evaluation/index.ts';
import type { GoldSpan } from '../../engine/types.ts';
import { fnv1a32 } from '../../engine/util/index.ts';
import type { Engine } from './engine.svelte.ts';
import { engine, progress } from './engine.svelte.ts';
import type { Corpus } from '../state/types.ts';
import type { ChunkHooks, NeedDocs, Placement, ResolvedRef, SearchAnswer, SearchChunking, SearchHooks, SearchRequest } from '../../../workers/engine-api.ts';

export type { FoundUnit, Placement, ResolvedRef, SearchAnswer, SearchChunking } from '../../../workers/engine-api.ts';

const keys = new WeakMap<object, { stamp: string; key: string }>();

/** A key that changes whenever a document of the corpus (id, format, meta, text) changes. */
export function corpusKey(c: Corpus): string {
  const stamp = `${c.id}|${c.updatedAt}|${c.documents.length}`;
  const known = keys.get(c);
  if (known && known.stamp === stamp) return known.key;
  let h = fnv1a32(''); // the FNV offset basis
  for (const d of c.documents) {
    h = fnv1a32(d.id, h);
    h = fnv1a32(d.format, h);
    h = fnv1a32(JSON.stringify(d.meta), h);
    h = fnv1a32(String(d.text.length), h);
    h = fnv1a32(d.text, h);
  }
  const key = `${c.id}:${h.toString(16)}`;
  keys.set(c, { stamp, key });
  return key;
}

/** The corpus documents as the engine's parser takes them (plain data, no proxies). */
export function docInputs(c: Corpus): ParseInput[] {
  return c.documents.map((d) => ({ id: d.id, text: d.text, format: d.format, name: d.name, meta: { ...d.meta } }));
}

type Answer<T> = T | NeedDocs;

function isNeedDocs(a: unknown): a is NeedDocs {
  return !!a && typeof a === 'object' && (a as NeedDocs).status === 'need-docs';
}

/** Calls `fn` without the documents, then with them when the worker asks. */
async function withDocs<T>(c: Corpus, label: string, fn: (api: Engine, key: string, docs: ParseInput[] | undefined) => Promise<Answer<T>>): Promise<T> {
  const key = corpusKey(c);
  const first = await engine((api) => fn(api, key, undefined), label);
  if (!isNeedDocs(first)) return first as T;
  const inputs = docInputs(c);
  const second = await engine((api) => fn(api, key, inputs), label);
  if (isNeedDocs(second)) throw new Error('the engine did not keep the corpus');
  return second as T;
}

/** What a call lends the engine worker: the embedder's id (part of the index key) and the hooks that serve it. */
export interface Lent<H = ChunkHooks> {
  embedder?: string;
  hooks?: H;
}

/**
 * `lent`: what the search borrows (src/app/search/retrieval.ts: the embedding for dense/hybrid, the
 * reranker, the semantic chunker's model).
 */
export function searchCorpus(
  c: Corpus,
  req: Omit<SearchRequest, 'corpusKey' | 'docs'>,
  onProgress: ((f: number) => void) | undefined,
  lent: Lent<SearchHooks>,
): Promise<SearchAnswer> {
  return withDocs<SearchAnswer>(c, 'search', (api, corpusKey, docs) =>
    api.search({ ...req, embedder: lent.embedder, corpusKey, docs }, onProgress ? progress(onProgress) : undefined, lent.hooks),
  );
}

export async function resolveGold(c: Corpus, refs: GoldRef[]): Promise<ResolvedRef[]> {
  const r = await withDocs<{ status: 'ok'; resolved: ResolvedRef[] }>(c, 'resolve-gold', (api, key, docs) => api.resolveGold(key, docs, refs));
  return r.resolved;
}

/** Where gold spans fall in the chunks of `cfg`; `lent`: what its chunker borrows (the semantic chunker's model). */
export async function placeGold(c: Corpus, cfg: SearchChunking, spans: GoldSpan[], lent: Lent, onProgress?: (f: number) => void): Promise<Placement[]> {
  const r = await withDocs<{ status: 'ok'; placements: Placement[] }>(c, 'place-gold', (api, key, docs) =>
    api.placeGold(key, docs, { ...cfg, embedder: lent.embedder }, spans, onProgress ? progress(onProgress) : undefined, lent.hooks),
  );
  return r.placements;
}

export interface ParsedDoc {
  id: string;
  text: string;
  meta: Record<string, string | undefined>;
}

export async function corpusDoc(c: Corpus, docId: string): Promise<ParsedDoc | null> {
  const r = await withDocs<{ status: 'ok'; doc: ParsedDoc | null }>(c, 'corpus-doc', (api, key, docs) => api.corpusDoc(key, docs, docId));
  return r.doc;
}
