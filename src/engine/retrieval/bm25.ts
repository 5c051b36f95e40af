// BM25 (Okapi, Lucene-style non-negative idf) over Unicode word tokens with case and accent folding
// and optional Portuguese/English stop words.
//
// Why our own instead of minisearch (which stays the peer in the bench): we need (1) word offsets
// into the original text, for highlighting the terms a chunk matched; (2) metadata filters applied
// BEFORE ranking through SearchOptions.accept, not after a truncated top-k; (3) deterministic
// ranking, ties broken by indexing order, with a fixed summation order so scores are reproducible
// across browsers, Node and runs; (4) exact textbook scores a test can recompute by hand; and
// (5) a few dozen lines with no dependency in the worker bundle.
import type { Hit, IndexEntry, Retriever, SearchOptions } from '../types.ts';

export interface Bm25Options {
  /** Term-frequency saturation. Default 1.2. */
  k1?: number;
  /** Length normalisation in [0, 1]. Default 0.75. */
  b?: number;
  /** Stop words removed from documents and queries. Default: none. */
  stopwords?: StopwordSet;
}

export type StopwordSet = 'none' | 'pt' | 'en' | 'pt+en';

/** A folded term and where its word sits in the original text (UTF-16, end exclusive). */
export interface Term {
  term: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;
const MARKS = /\p{M}+/gu;

/** Lower case and strip accents: "Ação" → "acao". */
export function foldTerm(word: string): string {
  return word.normalize('NFD').replace(MARKS, '').toLowerCase();
}

/** The folded word tokens of `text`, with their offsets in `text`, stop words removed. */
export function bm25Terms(text: string, stop?: ReadonlySet<string>): Term[] {
  const out: Term[] = [];
  for (const m of text.matchAll(WORD)) {
    const term = foldTerm(m[0]);
    if (stop && stop.has(term)) continue;
    out.push({ term, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

// Frequent function words, already folded (no accents, lower case).
const PT_STOP =
  'a o as os um uma uns umas de do da dos das em no na nos nas por pelo pela pelos pelas para pra ' +
  'com sem sob sobre entre ate apos ante desde contra e ou mas nem que se como quando onde porque ' +
  'pois porem ja nao sim mais menos muito muita muitos muitas pouco ao aos a as este esta estes ' +
  'estas esse essa esses essas isto isso aquele aquela aqueles aquelas aquilo eu tu ele ela nos ' +
  'vos eles elas me te lhe lhes meu minha meus minhas seu sua seus suas nosso nossa nossos nossas ' +
  'ser e sao foi foram era eram sera seria estar esta estao estava ter tem tinha havia ha haver ' +
  'qual quais cujo cuja ou tambem so todo toda todos todas outro outra outros outras mesmo mesma ' +
  'num numa la aqui ali entao assim apenas cada qualquer'; 
const EN_STOP =
  'a an the and or but nor not no of in on at to for from by with without into onto over under ' +
  'about after before between through during up down out off than then so as if is are was were ' +
  'be been being am do does did doing have has had having it its this that these those there here ' +
  'what which who whom whose when where why how all any both each few more most other some such ' +
  'only own same too very can will just should would could may might must shall i me my we our ' +
  'you your he him his she her they them their us';

export function stopwordSet(set: StopwordSet | undefined): ReadonlySet<string> | undefined {
  if (!set || set === 'none') return undefined;
  const words: string[] = [];
  if (set === 'pt' || set === 'pt+en') words.push(...PT_STOP.split(/\s+/));
  if (set === 'en' || set === 'pt+en') words.push(...EN_STOP.split(/\s+/));
  return new Set(words.filter(Boolean));
}

interface Posting {
  entries: number[];
  tfs: number[];
}

function checkAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
}

export class Bm25Retriever implements Retriever {
  readonly kind = 'bm25' as const;
  readonly k1: number;
  readonly b: number;
  readonly stopwords: StopwordSet;
  private readonly stop?: ReadonlySet<string>;
  private ids: string[] = [];
  private lengths: number[] = [];
  private avgdl = 0;
  private postings = new Map<string, Posting>();

  constructor(opts: Bm25Options = {}) {
    this.k1 = opts.k1 ?? 1.2;
    this.b = opts.b ?? 0.75;
    this.stopwords = opts.stopwords ?? 'none';
    if (!(this.k1 >= 0) || !Number.isFinite(this.k1)) throw new RangeError(`BM25 k1 must be a number >= 0, got ${opts.k1}`);
    if (!(this.b >= 0 && this.b <= 1)) throw new RangeError(`BM25 b must be in [0, 1], got ${opts.b}`);
    this.stop = stopwordSet(this.stopwords);
  }

  get size(): number {
    return this.ids.length;
  }

  async index(entries: IndexEntry[], signal?: AbortSignal): Promise<void> {
    this.ids = [];
    this.lengths = [];
    this.postings = new Map();
    let total = 0;
    for (let i = 0; i < entries.length; i++) {
      if (i % 256 === 0) checkAborted(signal);
      const terms = bm25Terms(entries[i].text, this.stop);
      this.ids.push(entries[i].id);
      this.lengths.push(terms.length);
      total += terms.length;
      const tf = new Map<string, number>();
      for (const t of terms) tf.set(t.term, (tf.get(t.term) ?? 0) + 1);
      for (const [term, n] of tf) {
        let p = this.postings.get(term);
        if (!p) this.postings.set(term, (p = { entries: [], tfs: [] }));
        p.entries.push(i);
        p.tfs.push(n);
      }
    }
    this.avgdl = entries.length ? total / entries.length : 0;
  }

  /** idf of a folded term: ln(1 + (N - n + 0.5) / (n + 0.5)). 0 for unknown terms. */
  idf(term: string): number {
    const n = this.postings.get(term)?.entries.length ?? 0;
    if (!n) return 0;
    const N = this.ids.length;
    return Math.log(1 + (N - n + 0.5) / (n + 0.5));
  }

  /** The distinct folded query terms, in order of first appearance. */
  queryTerms(query: string): string[] {
    return [...new Set(bm25Terms(query, this.stop).map((t) => t.term))];
  }

  /**
   * Entries matching at least one query term, best first; ties keep indexing order. Each distinct
   * query term counts once. Collection statistics (N, avgdl, idf) are the whole index's, so a
   * filter changes which entries compete, never their scores.
   */
  async search(query: string, k: number, opts: SearchOptions = {}): Promise<Hit[]> {
    checkAborted(opts.signal);
    const scores = new Float64Array(this.ids.length);
    const touched: number[] = [];
    const { k1, b, avgdl } = this;
    for (const term of this.queryTerms(query)) {
      const p = this.postings.get(term);
      if (!p) continue;
      const idf = this.idf(term);
      for (let j = 0; j < p.entries.length; j++) {
        const i = p.entries[j];
        const tf = p.tfs[j];
        const norm = avgdl > 0 ? 1 - b + (b * this.lengths[i]) / avgdl : 1;
        if (scores[i] === 0) touched.push(i);
        scores[i] += (idf * tf * (k1 + 1)) / (tf + k1 * norm);
      }
    }
    const accept = opts.accept;
    const hits = touched.filter((i) => scores[i] > 0 && (!accept || accept(this.ids[i])));
    hits.sort((x, y) => scores[y] - scores[x] || x - y);
    return hits.slice(0, Math.max(0, k)).map((i) => ({ id: this.ids[i], score: scores[i] }));
  }
}
