// Gold resolution: turns question specs (explicit spans or key phrases) into questions with
// gold spans. A key phrase becomes the whole sentence, table row or code line that contains it,
// so gold does not depend on how a question's author happened to cut the answer. Also: metadata
// filters (run-level and per question) as a predicate over documents.
import { InputError } from '../types.ts';
import type { Doc, DocMeta, GoldSpan, Question, Unit } from '../types.ts';
import type { GoldRef, QuestionSpec } from './dataset.ts';
import { isPhraseRef } from './dataset.ts';

/** Units that are cut to the line holding the phrase rather than taken whole. */
const LINE_KINDS = new Set<Unit['kind']>(['code', 'front-matter']);

function short(s: string): string {
  const one = s.replace(/\s+/g, ' ');
  return one.length > 60 ? `${one.slice(0, 57)}…` : one;
}

/** All start offsets of `needle` in `hay` (non-overlapping scan is not enough: count every start). */
export function occurrences(hay: string, needle: string, limit = Infinity): number[] {
  const out: number[] = [];
  if (!needle) return out;
  for (let i = hay.indexOf(needle); i >= 0 && out.length < limit; i = hay.indexOf(needle, i + 1)) out.push(i);
  return out;
}

/**
 * The span a key phrase stands for: the unit(s) it overlaps (a sentence, heading, table row…),
 * or for code and front matter the line(s) it sits on. The phrase must occur exactly once.
 */
export function resolvePhrase(doc: Doc, units: readonly Unit[], phrase: string, where: string): GoldSpan {
  if (!phrase.trim()) throw new InputError(`empty key phrase for document "${doc.id}"`, where);
  const found = occurrences(doc.text, phrase, 3);
  if (found.length === 0) throw new InputError(`key phrase "${short(phrase)}" does not occur in document "${doc.id}" (exact, case-sensitive match)`, where, { code: 'phrase-not-found' });
  if (found.length > 1) throw new InputError(`key phrase "${short(phrase)}" occurs more than once in document "${doc.id}"; lengthen it until it is unique`, where, { code: 'phrase-ambiguous' });
  const p = found[0];
  const q = p + phrase.length;
  let start = Infinity;
  let end = -Infinity;
  for (const u of units) {
    if (u.end <= p || u.start >= q) continue;
    if (LINE_KINDS.has(u.kind)) {
      const ls = Math.max(u.start, doc.text.lastIndexOf('\n', p - 1) + 1);
      const nl = doc.text.indexOf('\n', q);
      const le = Math.min(u.end, nl < 0 ? doc.text.length : nl);
      start = Math.min(start, ls);
      end = Math.max(end, le);
    } else {
      start = Math.min(start, u.start);
      end = Math.max(end, u.end);
    }
  }
  if (start === Infinity) return { docId: doc.id, start: p, end: q };
  return { docId: doc.id, start: Math.min(start, p), end: Math.max(end, q) };
}

/** Checks an explicit span against its document. */
export function checkSpan(doc: Doc | undefined, span: GoldSpan, where: string): GoldSpan {
  if (!doc) throw new InputError(`unknown document "${span.docId}"`, where, { code: 'unknown-document' });
  const { start, end } = span;
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > doc.text.length || start >= end)
    throw new InputError(`span [${start}, ${end}) is outside document "${doc.id}" (length ${doc.text.length}) or empty`, where, { code: 'bad-span' });
  return { docId: doc.id, start, end };
}

/** Whether a document's metadata satisfies a filter (every key equal). No filter accepts all. */
export function matchesFilter(meta: DocMeta | undefined, filter: Record<string, string> | undefined): boolean {
  if (!filter) return true;
  for (const [k, v] of Object.entries(filter)) if ((meta?.[k] ?? undefined) !== v) return false;
  return true;
}

/** Whether a document passes every given filter (run-level and the question's own). */
export function matchesAll(meta: DocMeta | undefined, ...filters: Array<Record<string, string> | undefined>): boolean {
  return filters.every((f) => matchesFilter(meta, f));
}

/**
 * The first gold document a question's own metadata filter excludes (such a question can never be
 * answered: every run fails on it), or undefined. Needs only the documents' metadata, so readers
 * check it at import, before any parsing.
 */
export function goldExcludedByFilter(spec: Pick<QuestionSpec, 'gold' | 'filter'>, metaOf: (docId: string) => DocMeta | undefined): string | undefined {
  if (!spec.filter || !Object.keys(spec.filter).length) return undefined;
  return spec.gold.find((g) => !matchesFilter(metaOf(g.docId), spec.filter))?.docId;
}

/** The reason given for a question left out by goldExcludedByFilter (names the document and the filter). */
export function filterExcludesGoldReason(docId: string, filter: Record<string, string>): string {
  const pairs = Object.entries(filter)
    .slice(0, 4)
    .map(([k, v]) => `${short(k)}=${short(v)}`)
    .join(', ');
  return `its metadata filter (${pairs}) excludes its own gold document "${short(docId)}"`;
}

/** A question left out because its filter excludes its own gold document. */
export interface FilterExcluded {
  id: string;
  docId: string;
  reason: string;
}

/** Splits questions into those that can be evaluated and those whose filter excludes their gold. */
export function dropFilterExcludedGold(
  questions: readonly QuestionSpec[],
  metaOf: (docId: string) => DocMeta | undefined,
): { kept: QuestionSpec[]; excluded: FilterExcluded[] } {
  const kept: QuestionSpec[] = [];
  const excluded: FilterExcluded[] = [];
  for (const q of questions) {
    const docId = goldExcludedByFilter(q, metaOf);
    if (docId === undefined) kept.push(q);
    else excluded.push({ id: q.id, docId, reason: filterExcludesGoldReason(docId, q.filter!) });
  }
  return { kept, excluded };
}

/**
 * Resolves every question spec against parsed documents. Throws InputError naming the question
 * for an unknown document, a bad span, a missing or repeated key phrase, a duplicate id, no gold,
 * or gold in a document the question's own filter excludes.
 */
export function resolveQuestions(
  specs: readonly QuestionSpec[],
  docs: ReadonlyMap<string, Doc>,
  unitsOf: (doc: Doc) => readonly Unit[],
): Question[] {
  const seen = new Set<string>();
  const unitCache = new Map<string, readonly Unit[]>();
  const units = (doc: Doc) => {
    let u = unitCache.get(doc.id);
    if (!u) unitCache.set(doc.id, (u = unitsOf(doc)));
    return u;
  };
  const resolve = (ref: GoldRef, where: string): GoldSpan => {
    const doc = docs.get(ref.docId);
    if (!doc) throw new InputError(`unknown document "${ref.docId}"`, where, { code: 'unknown-document' });
    return isPhraseRef(ref) ? resolvePhrase(doc, units(doc), ref.phrase, where) : checkSpan(doc, ref, where);
  };
  return specs.map((spec) => {
    const where = `question ${spec.id}`;
    if (seen.has(spec.id)) throw new InputError('duplicate question id', where);
    seen.add(spec.id);
    if (!spec.text.trim()) throw new InputError('question text is empty', where);
    if (!spec.gold.length) throw new InputError('question has no gold span or key phrase', where);
    const gold = spec.gold.map((g) => resolve(g, where));
    for (const g of gold)
      if (!matchesFilter(docs.get(g.docId)?.meta, spec.filter))
        throw new InputError(`the question's ${filterExcludesGoldReason(g.docId, spec.filter!)}`, where, { code: 'filter-excludes-gold' });
    const q: Question = { id: spec.id, text: spec.text, gold };
    if (spec.notRelevant?.length) q.notRelevant = spec.notRelevant.map((g) => resolve(g, `${where} (notRelevant)`));
    if (spec.filter && Object.keys(spec.filter).length) q.filter = { ...spec.filter };
    return q;
  });
}
