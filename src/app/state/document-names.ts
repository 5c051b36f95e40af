// What the page calls a document when it names one for people: its stored name (the title, else the
// file name), never the id the engine keys it by; the id only when the corpus is gone or lacks it.
import type { Corpus } from './types.ts';

/** A lookup from document id to the name shown, for the documents of `corpus`. */
export function documentNames(corpus: Corpus | undefined): (docId: string) => string {
  const names = new Map((corpus?.documents ?? []).map((d) => [d.id, d.name || d.id]));
  return (docId) => names.get(docId) ?? docId;
}
