// The words BM25 and the lexical embedder count: Unicode word tokens, folded (lower case, no
// accents), with their offsets in the original text, and optional Portuguese/English stop words.
// Kept apart from retrieval/bm25.ts so that embedding/lexical.ts, question filters and search share
// one definition of a term without leaning on the retriever.

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

const WORD_SCAN = new RegExp(WORD.source, 'gu');

/**
 * The folded terms of `text` without offsets (what indexing needs): the same terms as
 * bm25Terms(text, stop), each distinct word folded once through `folded`, a cache the caller keeps.
 */
export function indexTerms(text: string, stop: ReadonlySet<string> | undefined, folded: Map<string, string>): string[] {
  const out: string[] = [];
  WORD_SCAN.lastIndex = 0;
  for (let m = WORD_SCAN.exec(text); m; m = WORD_SCAN.exec(text)) {
    let term = folded.get(m[0]);
    if (term === undefined) folded.set(m[0], (term = foldTerm(m[0])));
    if (stop && stop.has(term)) continue;
    out.push(term);
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
