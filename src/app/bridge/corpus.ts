// The search view's and question editor's calls into the engine worker. The worker caches parsed
// corpora under a key derived here from a corpus's contents; a call first goes without the
// documents and is repeated with them only when the worker does not hold the key yet.
import type { ParseInput } from '../../engine/documents/index.ts';
import type { GoldRef } from '../../engine/evaluation/index.ts';
import type { GoldSpan } from '../../engine/types.ts';
import type { Engine } from './engine.svelte.ts';
import { engine, progress } from './engine.svelte.ts';
import type { Corpus } from '../state/types.ts';
import { chunkHooks, chunkModels } from '../chunking/hooks.ts';
import type { NeedDocs, Placement, ResolvedRef, SearchAnswer, SearchChunking, SearchHooks, SearchRequest } from '../../../workers/engine-api.ts';

export type { FoundUnit, Placement, ResolvedRef, SearchAnswer, SearchChunking } from '../../../workers/engine-api.ts';

/** FNV-1a over a string, as 8 hex digits. */
function fnv(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const keys = new WeakMap<object, { stamp: string; key: string }>();

/** A key that changes whenever a document of the corpus (id, format, meta, text) changes. */
export function corpusKey(c: Corpus): string {
  const stamp = `${c.id}|${c.updatedAt}|${c.documents.length}`;
  const known = keys.get(c);
  if (known && known.stamp === stamp) return known.key;
  let h = 0x811c9dc5;
  for (const d of c.documents) {
    h = fnv(h, d.id);
    h = fnv(h, d.format);
    h = fnv(h, JSON.stringify(d.meta));
    h = fnv(h, String(d.text.length));
    h = fnv(h, d.text);
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

/**
 * `lent`: what the search borrows (src/app/search/retrieval.ts: the embedding for dense/hybrid, the
 * reranker, the semantic chunker's model); without it, BM25 with the chunkers' usual models.
 */
export function searchCorpus(
  c: Corpus,
  req: Omit<SearchRequest, 'corpusKey' | 'docs'>,
  onProgress?: (f: number) => void,
  lent?: { embedder?: string; hooks?: SearchHooks },
): Promise<SearchAnswer> {
  // The semantic chunker embeds with the loaded model (named in the request: part of the index key).
  const embedder = lent ? lent.embedder : chunkModels(req.chunker).embedder;
  return withDocs<SearchAnswer>(c, 'search', (api, corpusKey, docs) =>
    api.search({ ...req, embedder, corpusKey, docs }, onProgress ? progress(onProgress) : undefined, lent ? lent.hooks : embedder ? chunkHooks(req.chunker) : undefined),
  );
}

export async function resolveGold(c: Corpus, refs: GoldRef[]): Promise<ResolvedRef[]> {
  const r = await withDocs<{ status: 'ok'; resolved: ResolvedRef[] }>(c, 'resolve-gold', (api, key, docs) => api.resolveGold(key, docs, refs));
  return r.resolved;
}

export async function placeGold(c: Corpus, cfg: SearchChunking, spans: GoldSpan[], onProgress?: (f: number) => void): Promise<Placement[]> {
  const embedder = chunkModels(cfg.chunker).embedder;
  const r = await withDocs<{ status: 'ok'; placements: Placement[] }>(c, 'place-gold', (api, key, docs) =>
    api.placeGold(key, docs, { ...cfg, embedder }, spans, onProgress ? progress(onProgress) : undefined, embedder ? chunkHooks(cfg.chunker) : undefined),
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
